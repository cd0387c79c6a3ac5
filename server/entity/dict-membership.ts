/**
 * A dictionary field holds only values of its dictionary (issue 32): a system dictionary's item
 * values, or the codes of a table dictionary's rows (a person's account, a department's id ...).
 * Before, `R999` or `spaceship` was stored and the list showed the raw code. An add checks every
 * value it sends; an edit only the values the record did not hold already, so a record read before
 * an item was removed can still be saved unchanged. An import resolves texts with the same rule
 * (import-dicts.ts). One lookup per field with values, the fields side by side.
 */
import type { EntityModel } from '../../runtime/model/declaration/model.js';
import { isEmptyValue } from '../../runtime/model/validation/formats.js';
import type { Db } from '../db/database.js';
import { ApiError } from '../result.js';
import { lookupDict } from '../sys/dicts.js';
import { DictTextMessages, splitList } from './import-dicts.js';
import { existingTargetIds, ReferenceMessages } from './references.js';
import type { Row } from './store.js';

/** A field's values as the comma list a multi-select stores, one entry each. */
const valuesOf = (value: unknown): string[] => (isEmptyValue(value) ? [] : splitList(String(value)));

/** A row to check: the values it sends and, for an edit, what it holds now. */
export interface DictRow {
  values: Row;
  stored?: Row;
}

/**
 * The first row (in order) sending a value its field's dictionary does not hold, with the words
 * that name field and value; null when every value is known. One lookup per dictionary field for
 * all the rows together (a grid saves many child rows at once).
 */
export async function firstDictMiss(
  db: Db,
  model: EntityModel,
  rows: readonly DictRow[],
  tenantId?: number,
): Promise<{ index: number; message: string } | null> {
  const fields = model.declared.filter((f) => f.dict !== undefined);
  const fresh = rows.map(({ values, stored }) =>
    fields.map((field) => {
      if (!(field.name in values)) return [];
      const held = new Set(stored ? valuesOf(stored[field.name]) : []);
      return [...new Set(valuesOf(values[field.name]))].filter((v) => !held.has(v));
    }),
  );
  const known = await Promise.all(
    fields.map(async (field, f) => {
      const asked = [...new Set(fresh.flatMap((row) => row[f]))];
      if (asked.length === 0) return new Set<string>();
      // A reference names a live record of its target, in the caller's tenant (references.ts).
      if (field.reference) return existingTargetIds(db, field, asked, tenantId);
      const items = await lookupDict(db, field.dict!, { kind: 'keys', values: asked }, asked.length);
      return new Set(items.map((item) => item.value));
    }),
  );
  for (let index = 0; index < rows.length; index++)
    for (let f = 0; f < fields.length; f++) {
      const missing = fresh[index][f].find((v) => !known[f].has(v));
      if (missing !== undefined)
        return {
          index,
          message: fields[f].reference
            ? ReferenceMessages.notFound(fields[f].title)
            : DictTextMessages.notInDict(fields[f].title, missing),
        };
    }
  return null;
}

/** Refuses the first value of `values` that its field's dictionary does not hold. */
export async function checkDictValues(
  db: Db,
  model: EntityModel,
  values: Row,
  stored?: Row,
  tenantId?: number,
): Promise<void> {
  const miss = await firstDictMiss(db, model, [{ values, stored }], tenantId);
  if (miss) throw new ApiError(miss.message);
}
