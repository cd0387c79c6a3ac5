/**
 * Sorting: `column` names one or more declared sortable fields (camelCase, a `_dictText` suffix is
 * dropped, commas separate several); anything else is the contract's error. `order` containing
 * "asc" (any case) sorts ascending, anything else descending. Only field names leave this module,
 * never the client's text.
 */
import { QueryError, QueryMessages, type QueryField, type SortTerm } from './conditions.js';

export const MAX_SORT_FIELDS = 5;

export function compileSort(
  column: string | undefined,
  order: string | undefined,
  fieldOf: (name: string) => QueryField | undefined,
  defaultSort: SortTerm,
): SortTerm[] {
  const wanted = (column ?? '').trim();
  if (wanted === '') return [defaultSort];
  const direction = (order ?? '').toLowerCase().includes('asc') ? 'asc' : 'desc';
  const names = wanted
    .split(',')
    .map((c) => c.trim())
    .filter((c) => c !== '');
  if (names.length > MAX_SORT_FIELDS) throw new QueryError(QueryMessages.tooManySorts);
  const terms: SortTerm[] = [];
  for (const raw of names) {
    const name = raw.endsWith('_dictText') ? raw.slice(0, -'_dictText'.length) : raw;
    const field = fieldOf(name);
    if (!field || !field.sortable) throw new QueryError(QueryMessages.unknownSort(raw));
    if (!terms.some((t) => t.field === field.name)) terms.push({ field: field.name, order: direction });
  }
  return terms;
}
