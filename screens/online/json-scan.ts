/**
 * Reading JSON text for the JSON view's completion and markers (json-schema-editor.ts):
 * `contextAt` tells, for a cursor in text that is usually half-typed, whether a key or a value is
 * being written and at which path; `positions` maps each JSON pointer of valid text to the range
 * to mark (a property's key, an item's value). Tolerant, no exceptions, no code evaluation.
 */
import type { JsonPath } from './json-assist';

export type ScanContext =
  | { kind: 'key'; path: JsonPath; present: Set<string>; from: number; to: number; quoted: boolean }
  | { kind: 'value'; path: JsonPath; from: number; to: number };

interface Frame {
  object: boolean;
  path: JsonPath;
  key: string | null;
  index: number;
  /** key: a key may come; colon: after a key; value: a value may come; comma: after a value. */
  state: 'key' | 'colon' | 'value' | 'comma';
  keys: Set<string>;
}

const WORD = /[A-Za-z0-9_.+-]/;

/** The end of the string starting at `start` (index after the closing quote, or the line's end). */
function stringEnd(text: string, start: number): { end: number; closed: boolean } {
  for (let i = start + 1; i < text.length; i += 1) {
    const c = text[i];
    if (c === '\\') i += 1;
    else if (c === '"') return { end: i + 1, closed: true };
    else if (c === '\n') return { end: i, closed: false };
  }
  return { end: text.length, closed: false };
}

function valuePath(top: Frame | undefined): JsonPath {
  if (!top) return [];
  return top.object ? [...top.path, top.key ?? ''] : [...top.path, top.index];
}

/** What is being written at `pos`: a key of the object at `path`, or the value at `path`. */
export function contextAt(text: string, pos: number): ScanContext | null {
  const stack: Frame[] = [];
  let hit: ScanContext | null = null;
  const here = (from: number, to: number, quoted: boolean): void => {
    const top = stack.at(-1);
    if (!top) return;
    if (top.object && top.state === 'key') {
      hit = { kind: 'key', path: top.path, present: top.keys, from, to, quoted };
    } else if (top.state === 'value') hit = { kind: 'value', path: valuePath(top), from, to };
  };
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    const top = stack.at(-1);
    if (c === '"') {
      const { end, closed } = stringEnd(text, i);
      if (!hit && pos > i && pos <= end && !(closed && pos === end)) here(i, end, true);
      const value = text.slice(i + 1, closed ? end - 1 : end);
      // In an object any string not after a colon is a key (a missing comma or colon while typing).
      if (top?.object && top.state !== 'value') {
        top.key = value;
        top.keys.add(value);
        top.state = 'colon';
      } else if (top) top.state = 'comma';
      i = end;
      continue;
    }
    if (!hit && i >= pos) here(pos, pos, false);
    if (c === '{' || c === '[') {
      stack.push({
        object: c === '{',
        path: valuePath(top),
        key: null,
        index: 0,
        state: c === '{' ? 'key' : 'value',
        keys: new Set(),
      });
    } else if (c === '}' || c === ']') {
      stack.pop();
      const parent = stack.at(-1);
      if (parent) parent.state = 'comma';
    } else if (c === ':' && top) top.state = 'value';
    else if (c === ',' && top) {
      top.state = top.object ? 'key' : 'value';
      if (!top.object) top.index += 1;
    } else if (WORD.test(c)) {
      let end = i;
      while (end < text.length && WORD.test(text[end])) end += 1;
      if (!hit && pos >= i && pos <= end) here(i, end, false);
      if (top && top.state !== 'key') top.state = 'comma';
      i = end;
      continue;
    }
    i += 1;
  }
  if (!hit && pos >= text.length) here(pos, pos, false);
  // Keys after the cursor count too: `present` is the frame's set, filled on while the scan went on.
  return hit;
}

/** Where each JSON pointer of valid JSON text is: a property's key, an array item's value. */
export function positions(text: string): Map<string, { from: number; to: number }> {
  const out = new Map<string, { from: number; to: number }>();
  let i = 0;
  const space = () => {
    while (i < text.length && /\s/.test(text[i])) i += 1;
  };
  const value = (pointer: string, mark: boolean): void => {
    space();
    const start = i;
    const c = text[i];
    if (c === '{') {
      i += 1;
      for (space(); text[i] !== '}' && i < text.length; space()) {
        const keyStart = i;
        const { end } = stringEnd(text, i);
        const key = JSON.parse(text.slice(keyStart, end)) as string;
        const at = `${pointer === '/' ? '' : pointer}/${key}`;
        out.set(at, { from: keyStart, to: end });
        i = end;
        space();
        i += 1; // ':'
        value(at, false);
        space();
        if (text[i] === ',') i += 1;
      }
      i += 1;
    } else if (c === '[') {
      i += 1;
      for (let n = 0; space(), text[i] !== ']' && i < text.length; n += 1) {
        value(`${pointer === '/' ? '' : pointer}/${n}`, true);
        space();
        if (text[i] === ',') i += 1;
      }
      i += 1;
    } else if (c === '"') i = stringEnd(text, i).end;
    else while (i < text.length && WORD.test(text[i])) i += 1;
    if (mark || pointer === '/')
      out.set(pointer, pointer === '/' ? { from: start, to: start + 1 } : { from: start, to: i });
  };
  try {
    value('/', false);
  } catch {
    return out;
  }
  return out;
}
