/**
 * Where a declaration file's JSON breaks, as a person looks for it: line and column. V8 says a
 * character position for some mistakes and nothing at all for an unexpected token (`Unexpected
 * token '}', "..." is not valid JSON`), so the place is found by a small scanner of the JSON grammar
 * that stops at the first character JSON.parse could not accept. It runs only after JSON.parse
 * failed; the reason is still V8's, without its position and its quote of the text.
 */

class Stop extends Error {
  constructor(readonly at: number) {
    super('invalid JSON');
  }
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

/** The offset of the first character that is not valid JSON; -1 when the text is valid. */
export function jsonErrorOffset(text: string): number {
  let i = 0;
  const ch = () => text.charAt(i);
  const space = () => {
    while (/[ \t\n\r]/.test(ch())) i++;
  };
  const expect = (c: string) => {
    space();
    if (ch() !== c) throw new Stop(i);
    i++;
  };
  const string = () => {
    if (ch() !== '"') throw new Stop(i);
    for (i++; ;) {
      const c = ch();
      if (c === '' || c < ' ') throw new Stop(i);
      if (c === '"') {
        i++;
        return;
      }
      if (c !== '\\') i++;
      else if (/["\\/bfnrt]/.test(text.charAt(i + 1))) i += 2;
      else if (text.charAt(i + 1) === 'u' && /^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) i += 6;
      else throw new Stop(i + 1);
    }
  };
  const items = (close: string, item: () => void) => {
    i++;
    space();
    if (ch() !== close)
      for (;;) {
        item();
        space();
        if (ch() === close) break;
        expect(',');
      }
    i++;
  };
  const value = (): void => {
    space();
    const c = ch();
    if (c === '{')
      return items('}', () => {
        space();
        string();
        expect(':');
        value();
      });
    if (c === '[') return items(']', value);
    if (c === '"') return string();
    const word = c ? ['true', 'false', 'null'].find((w) => w.startsWith(c)) : undefined;
    if (word) {
      // Stops where the literal goes wrong, as JSON.parse does (`tru}` at the brace).
      for (const letter of word) {
        if (ch() !== letter) throw new Stop(i);
        i++;
      }
      return;
    }
    NUMBER.lastIndex = i;
    const number = NUMBER.exec(text);
    if (!number) throw new Stop(i);
    i += number[0].length;
  };
  try {
    value();
    space();
    if (i < text.length) throw new Stop(i);
    return -1;
  } catch (error) {
    if (error instanceof Stop) return error.at;
    return -1; // nested too deep to scan: no place given
  }
}

export interface JsonErrorPlace {
  /** 1-based; absent when the text is nested too deep to scan. */
  line?: number;
  column?: number;
  /** JSON.parse's reason without its character position and its quote of the text. */
  reason: string;
}

/** Where and why JSON.parse refused `text` (`error` is what it threw). */
export function jsonErrorPlace(text: string, error: Error): JsonErrorPlace {
  const reason = error.message
    .replace(/ (?:in JSON )?at position \d+.*$/, '')
    .replace(/, ".*" is not valid JSON$/s, '')
    .trim();
  const offset = jsonErrorOffset(text);
  if (offset < 0) return { reason };
  const before = text.slice(0, offset);
  return { line: before.split('\n').length, column: offset - before.lastIndexOf('\n'), reason };
}
