import type { Db } from '../db/database.js';

/** A dictionary item as the contract sends it: title and label repeat text for older widgets. */
export interface DictModel {
  value: string;
  text: string;
  title: string;
  label: string;
}

export function dictModel(value: string, text: string): DictModel {
  return { value, text, title: text, label: text };
}

/** Every enabled item of every dictionary, keyed by dictionary code, in sort order (login and cache refresh). */
export async function loadAllDictItems(db: Db): Promise<Record<string, DictModel[]>> {
  const rows = await db
    .selectFrom('sysDictItem as i')
    .innerJoin('sysDict as d', 'd.id', 'i.dictId')
    .select(['d.dictCode', 'i.itemValue', 'i.itemText'])
    .where('d.delFlag', '=', 0)
    .where('i.status', '=', 1)
    .orderBy('d.dictCode')
    .orderBy('i.sortOrder')
    .execute();
  const all: Record<string, DictModel[]> = {};
  for (const row of rows) (all[row.dictCode] ??= []).push(dictModel(row.itemValue, row.itemText));
  return all;
}

/** Which items of a dictionary a call wants. */
export type DictFilter =
  | { kind: 'all' }
  /** Text or value contains the keyword (loadDict search). */
  | { kind: 'like'; keyword: string }
  /** Text or value equals one of the values (a comma-separated search keyword). */
  | { kind: 'exact'; values: string[] }
  /** Value equals one of the keys (loadDictItem). */
  | { kind: 'keys'; values: string[] };

/** Escapes LIKE wildcards (PostgreSQL's default escape is the backslash) so '%' or '_' match themselves. */
export function likePattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** One dictionary's enabled items in sort order; an unknown code simply has none. */
export async function queryDictItems(
  db: Db,
  dictCode: string,
  filter: DictFilter,
  limit: number,
): Promise<DictModel[]> {
  let query = db
    .selectFrom('sysDictItem as i')
    .innerJoin('sysDict as d', 'd.id', 'i.dictId')
    .select(['i.itemValue', 'i.itemText'])
    .where('d.dictCode', '=', dictCode)
    .where('d.delFlag', '=', 0)
    .where('i.status', '=', 1);
  if (filter.kind === 'like') {
    const pattern = likePattern(filter.keyword);
    query = query.where((eb) =>
      eb.or([eb('i.itemText', 'ilike', pattern), eb('i.itemValue', 'ilike', pattern)]),
    );
  } else if (filter.kind === 'exact') {
    if (filter.values.length === 0) return [];
    const values = filter.values;
    query = query.where((eb) => eb.or([eb('i.itemText', 'in', values), eb('i.itemValue', 'in', values)]));
  } else if (filter.kind === 'keys') {
    if (filter.values.length === 0) return [];
    query = query.where('i.itemValue', 'in', filter.values);
  }
  const rows = await query.orderBy('i.sortOrder').orderBy('i.itemValue').limit(limit).execute();
  return rows.map((r) => dictModel(r.itemValue, r.itemText));
}

/** The enabled items of several system dictionaries whose values are among `values` (one statement). */
export async function dictItemsOfCodes(
  db: Db,
  dictCodes: readonly string[],
  values: readonly string[],
): Promise<(DictModel & { dictCode: string })[]> {
  if (dictCodes.length === 0 || values.length === 0) return [];
  const rows = await db
    .selectFrom('sysDictItem as i')
    .innerJoin('sysDict as d', 'd.id', 'i.dictId')
    .select(['d.dictCode', 'i.itemValue', 'i.itemText'])
    .where('d.dictCode', 'in', [...dictCodes])
    .where('d.delFlag', '=', 0)
    .where('i.status', '=', 1)
    .where('i.itemValue', 'in', [...values])
    .orderBy('d.dictCode')
    .orderBy('i.sortOrder')
    .orderBy('i.itemValue')
    .execute();
  return rows.map((r) => ({ ...dictModel(r.itemValue, r.itemText), dictCode: r.dictCode }));
}
