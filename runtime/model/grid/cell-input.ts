/**
 * What a grid cell accepts while the user types (spec 000 section 5, grid cells): a number input keeps
 * only a signed decimal, an empty value or a lone minus (anything else reverts to the last accepted
 * text) and becomes a float or empty on blur; a tags cell is cut into two-character pieces joined by
 * semicolons, typed semicolons removed.
 */

const NUMBER_TYPING = /^-?\d+\.?\d*$/;

/** Whether the text may stand in a number cell while typing. */
export function acceptsNumberInput(text: string): boolean {
  return text === '' || text === '-' || NUMBER_TYPING.test(text);
}

/** The text a number cell shows after an input event: the new text, or the previous one. */
export function filterNumberInput(previous: string, next: string): string {
  return acceptsNumberInput(next) ? next : previous;
}

/** The value a number cell stores on blur: a float, or null when empty or not a number. */
export function numberOnBlur(text: string): number | null {
  const value = Number.parseFloat(text);
  return Number.isFinite(value) ? value : null;
}

/** A tags cell's value: semicolons removed, then two-character pieces joined by ';'. */
export function tagsValue(text: string): string {
  const chars = Array.from(text.replace(/;/g, ''));
  const pieces: string[] = [];
  for (let i = 0; i < chars.length; i += 2) pieces.push(chars.slice(i, i + 2).join(''));
  return pieces.join(';');
}
