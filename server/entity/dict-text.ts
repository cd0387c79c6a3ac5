/**
 * `<field>_dictText` beside every dictionary field of answered records. Each distinct dictionary is
 * read once for all its fields and all the values of the page (manager, members and creator are one
 * read of sys_user), and the system dictionaries (sys_dict codes) of all fields together in one
 * statement; table dictionaries go through the shared store, so they stay on their allow-list. A
 * comma list is translated value by value.
 */
import type { Db } from '../db/database.js';
import type { EntityModel } from '../../runtime/model/declaration/model.js';
import { lookupDict } from '../sys/dicts.js';
import { dictItemsOfCodes } from '../sys/dict-store.js';
import type { Row } from './store.js';

const MAX_KEYS = 1000;

function valuesOf(value: unknown): string[] {
  if (value === null || value === undefined || value === '') return [];
  return String(value)
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v !== '');
}

/** The texts of the keys, by dictionary code then value. */
async function textsByDict(
  db: Db,
  keysByDict: Map<string, string[]>,
): Promise<Map<string, Map<string, string>>> {
  const texts = new Map<string, Map<string, string>>();
  // A table dictionary's code is 'table,text,value'; a system dictionary's has no comma.
  const codes = [...keysByDict.keys()];
  const systemCodes = codes.filter((code) => !code.includes(','));
  const tableCodes = codes.filter((code) => code.includes(','));
  // Every read side by side: on PostgreSQL's pool one round trip for all of a page's dictionaries.
  const [items, ...tables] = await Promise.all([
    systemCodes.length === 0
      ? []
      : dictItemsOfCodes(db, systemCodes, [...new Set(systemCodes.flatMap((code) => keysByDict.get(code)!))]),
    ...tableCodes.map((code) =>
      lookupDict(db, code, { kind: 'keys', values: keysByDict.get(code)! }, MAX_KEYS),
    ),
  ]);
  for (const item of items) {
    if (!keysByDict.get(item.dictCode)!.includes(item.value)) continue;
    let byValue = texts.get(item.dictCode);
    if (!byValue) texts.set(item.dictCode, (byValue = new Map()));
    byValue.set(item.value, item.text);
  }
  tableCodes.forEach((code, i) => texts.set(code, new Map(tables[i]!.map((t) => [t.value, t.text]))));
  return texts;
}

export async function addDictText(db: Db, model: EntityModel, rows: Row[]): Promise<Row[]> {
  if (rows.length === 0) return rows;
  // System fields take part too: createBy / updateBy show the person's name (sys_user's realname).
  const fields = model.fields.filter((field) => field.dict && field.readable);
  const keysByDict = new Map<string, string[]>();
  for (const field of fields) {
    const code = field.dict!.trim();
    const keys = new Set(keysByDict.get(code) ?? []);
    for (const row of rows) for (const value of valuesOf(row[field.name])) keys.add(value);
    keysByDict.set(code, [...keys].slice(0, MAX_KEYS));
  }
  for (const [code, keys] of keysByDict) if (keys.length === 0) keysByDict.delete(code);
  const texts = await textsByDict(db, keysByDict);
  for (const field of fields) {
    const textOf = texts.get(field.dict!.trim());
    for (const row of rows) {
      // An unknown value has no text, as in the contract (it is not echoed back as if it were one).
      row[`${field.name}_dictText`] = valuesOf(row[field.name])
        .map((v) => textOf?.get(v))
        .filter((t) => t !== undefined)
        .join(',');
    }
  }
  return rows;
}
