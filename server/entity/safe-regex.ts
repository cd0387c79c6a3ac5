/**
 * Regular expressions that come from the database (check rules) are data an administrator typed,
 * so they are checked before they run: a length cap, no back-references or lookbehind, and no
 * quantified group that itself holds an unbounded quantifier or an alternation - the shapes that
 * backtrack catastrophically ((a+)+, (a|a)*). Values are capped too, so even a slow expression
 * only ever sees a short input.
 */

export const MAX_PATTERN_LENGTH = 200;
export const MAX_VALUE_LENGTH = 500;

export class UnsafePatternError extends Error {}

interface GroupState {
  risky: boolean;
}

/** Whether the character at `i` starts an unbounded quantifier (+, *, {n,}). */
function unboundedAt(source: string, i: number): boolean {
  const c = source[i];
  if (c === '+' || c === '*') return true;
  if (c !== '{') return false;
  return /^\{\d+,\}/.test(source.slice(i));
}

function quantifierAt(source: string, i: number): boolean {
  return unboundedAt(source, i) || source[i] === '?' || /^\{\d+(,\d*)?\}/.test(source.slice(i));
}

/** Throws UnsafePatternError when the expression could backtrack badly or does not compile. */
export function checkSafePattern(source: string): RegExp {
  if (source.length > MAX_PATTERN_LENGTH) throw new UnsafePatternError('正则表达式过长');
  if (/\\[1-9]|\\k<|\(\?<[=!]/.test(source)) throw new UnsafePatternError('正则表达式不允许使用反向引用');
  const stack: GroupState[] = [];
  let inClass = false;
  for (let i = 0; i < source.length; i += 1) {
    const c = source[i];
    if (c === '\\') {
      i += 1;
      continue;
    }
    if (inClass) {
      if (c === ']') inClass = false;
      continue;
    }
    if (c === '[') inClass = true;
    else if (c === '(') stack.push({ risky: false });
    else if (c === '|' && stack.length > 0) stack[stack.length - 1].risky = true;
    else if (c === ')') {
      const group = stack.pop();
      if (group?.risky && quantifierAt(source, i + 1) && source[i + 1] !== '?')
        throw new UnsafePatternError('正则表达式存在嵌套量词');
      // A quantified group makes its enclosing group risky as well.
      if (stack.length > 0 && (group?.risky || quantifierAt(source, i + 1)))
        stack[stack.length - 1].risky = true;
    } else if (unboundedAt(source, i) && stack.length > 0) stack[stack.length - 1].risky = true;
  }
  try {
    return new RegExp(source, 'u');
  } catch {
    throw new UnsafePatternError('正则表达式不正确');
  }
}
