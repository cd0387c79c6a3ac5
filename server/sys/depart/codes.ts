/**
 * Department codes (JeecgBoot's YouBianCodeUtil scheme): each level adds a segment of a letter and
 * two digits, A01 for the first top department, A01A01 for its first child, and so on; the next
 * code under a parent follows the highest code its children ever took (A09 -> A10, A99 -> B01).
 * A code therefore starts with its parent's code, which is what "own department and below"
 * compares.
 */
export const SEGMENT_LENGTH = 3;
const SEGMENT = /^[A-Z][0-9]{2}$/;

/** The segment after `segment`, or null when Z99 is used up. */
export function nextSegment(segment: string | null): string | null {
  if (segment === null) return 'A01';
  if (!SEGMENT.test(segment)) return null;
  const letter = segment.charCodeAt(0);
  const number = Number(segment.slice(1));
  if (number < 99) return `${segment[0]}${String(number + 1).padStart(2, '0')}`;
  if (letter >= 'Z'.charCodeAt(0)) return null;
  return `${String.fromCharCode(letter + 1)}01`;
}

/** The next free code under `parentCode` ('' for the top level), given the codes already taken. */
export function nextCode(parentCode: string, taken: readonly string[]): string | null {
  let highest: string | null = null;
  for (const code of taken) {
    if (!code.startsWith(parentCode) || code.length !== parentCode.length + SEGMENT_LENGTH) continue;
    const segment = code.slice(parentCode.length);
    if (SEGMENT.test(segment) && (highest === null || segment > highest)) highest = segment;
  }
  const segment = nextSegment(highest);
  return segment === null ? null : `${parentCode}${segment}`;
}
