/**
 * `<field>_dictText` beside every dictionary field of answered records: one dictionary lookup per
 * field for all the values of the page (a comma list is translated value by value), through the
 * shared dictionary store, so table dictionaries stay on their allow-list.
 */
import type { Db } from '../db/database.js';
import type { EntityModel } from '../../runtime/model/declaration/model.js';
import { lookupDict } from '../sys/dicts.js';
import type { Row } from './store.js';

const MAX_KEYS = 1000;

function valuesOf(value: unknown): string[] {
  if (value === null || value === undefined || value === '') return [];
  return String(value)
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v !== '');
}

export async function addDictText(db: Db, model: EntityModel, rows: Row[]): Promise<Row[]> {
  if (rows.length === 0) return rows;
  // System fields take part too: createBy / updateBy show the person's name (sys_user's realname).
  for (const field of model.fields) {
    if (!field.dict || !field.readable) continue;
    const keys = [...new Set(rows.flatMap((r) => valuesOf(r[field.name])))].slice(0, MAX_KEYS);
    const items =
      keys.length > 0 ? await lookupDict(db, field.dict, { kind: 'keys', values: keys }, MAX_KEYS) : [];
    const textOf = new Map(items.map((i) => [i.value, i.text]));
    for (const row of rows) {
      // An unknown value has no text, as in the contract (it is not echoed back as if it were one).
      row[`${field.name}_dictText`] = valuesOf(row[field.name])
        .map((v) => textOf.get(v))
        .filter((t) => t !== undefined)
        .join(',');
    }
  }
  return rows;
}
