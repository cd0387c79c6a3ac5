/**
 * Which field the admin is on, in either view of the designer (docs/modules/online-forms.md): the
 * JSON view's cursor names a field when it is inside `fields[n]`, and a field chosen in the table
 * puts the JSON cursor on that field's name. Reads the text with json-scan's positions (no eval).
 */
import { positions } from '../json-scan';

/** The index of the field whose object holds `pos`, or null outside `fields`. */
export function fieldAt(text: string, pos: number): number | null {
  const map = positions(text);
  for (let n = 0; ; n += 1) {
    const range = map.get(`/fields/${n}`);
    if (!range) return null;
    if (pos >= range.from && pos <= range.to) return n;
  }
}

/** Where the JSON cursor goes for field `n`: its "name" key, else the start of its object. */
export function fieldCursor(text: string, n: number): number | null {
  const map = positions(text);
  return map.get(`/fields/${n}/name`)?.from ?? map.get(`/fields/${n}`)?.from ?? null;
}
