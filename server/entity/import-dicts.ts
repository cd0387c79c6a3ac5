/**
 * Dictionary columns of an imported sheet: the texts a user sees (高, 张伟) turned back into the
 * stored values (H, zhangwei); a stored value is accepted as it is. Texts are looked up a chunk of
 * rows at a time, only those not met before, and kept for the rest of the import.
 */
import type { Db } from '../db/database.js';
import { ApiError } from '../result.js';
import { lookupDict } from '../sys/dicts.js';
import type { SheetRow } from './import-read.js';
import type { SheetColumn } from './import-rows.js';
import type { Row } from './store.js';

export const DictTextMessages = {
  notInDict: (title: string, value: string) => `${title}的值不在字典中：${value}`,
} as const;

export const splitList = (v: string) =>
  v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** A dictionary column's texts resolved so far (text -> value) and every text already asked for. */
interface DictCache {
  map: Map<string, string>;
  asked: Set<string>;
}

export class DictTexts {
  private readonly dicts = new Map<string, DictCache>();

  constructor(private readonly db: Db) {}

  /** Looks up the dictionary texts of these rows that earlier rows did not bring. */
  async learn(columns: readonly SheetColumn[], rows: readonly SheetRow[]): Promise<void> {
    for (const { index, field } of columns) {
      if (!field.dict) continue;
      let cache = this.dicts.get(field.name);
      if (!cache) this.dicts.set(field.name, (cache = { map: new Map(), asked: new Set() }));
      const fresh = new Set<string>();
      for (const row of rows)
        for (const text of splitList(row.cells[index] ?? '')) if (!cache.asked.has(text)) fresh.add(text);
      const texts = [...fresh];
      for (let i = 0; i < texts.length; i += 200) {
        const items = await lookupDict(
          this.db,
          field.dict,
          { kind: 'exact', values: texts.slice(i, i + 200) },
          1000,
        );
        for (const item of items) {
          cache.map.set(item.value, item.value);
          if (!cache.map.has(item.text)) cache.map.set(item.text, item.value);
        }
      }
      for (const text of texts) cache.asked.add(text);
    }
  }

  /**
   * A row's values by field name as the cells hold them, dictionary texts turned into values
   * (rows passed to `learn` first); a text not in its dictionary is refused by name. An empty cell
   * is an empty value (null, as an export writes an empty field, whatever its type), so an exported
   * row imports back unchanged; a column the sheet does not have gets the field's default instead.
   */
  values(columns: readonly SheetColumn[], cells: readonly string[]): Row {
    const raw: Row = {};
    for (const { index, field } of columns) {
      const text = cells[index] ?? '';
      const dict = this.dicts.get(field.name)?.map;
      if (text === '') raw[field.name] = null;
      else if (!dict) raw[field.name] = text;
      else {
        const values = splitList(text).map((t) => {
          const value = dict.get(t);
          if (value === undefined) throw new ApiError(DictTextMessages.notInDict(field.title, t));
          return value;
        });
        raw[field.name] = values.join(',');
      }
    }
    return raw;
  }
}
