/**
 * What an answer shows of stored rows: dictionary texts added, rich-text fields cleaned, fields the
 * caller may not see removed. Rich text is cleaned when written too (body.ts); cleaning again on the
 * way out covers rows written before a rule change or straight into the database.
 */
import type { Db } from '../db/database.js';
import type { EntityModel } from '../../runtime/model/declaration/model.js';
import { cleanHtml } from '../security/html.js';
import { addDictText } from './dict-text.js';
import { stripHidden, type FieldAccess } from './field-permissions.js';
import type { Row } from './store.js';

/** The fields whose value is HTML from the rich-text editor. */
export function richTextFields(model: EntityModel): string[] {
  return model.declared.filter((f) => f.widget === 'richText').map((f) => f.name);
}

export function cleanRichText(model: EntityModel, rows: Row[]): Row[] {
  const names = richTextFields(model);
  if (names.length === 0) return rows;
  for (const row of rows) {
    for (const name of names) {
      const value = row[name];
      if (typeof value === 'string' && value !== '') row[name] = cleanHtml(value);
    }
  }
  return rows;
}

export async function presentRows(
  db: Db,
  model: EntityModel,
  rows: Row[],
  access: FieldAccess,
): Promise<Row[]> {
  return stripHidden(cleanRichText(model, await addDictText(db, model, rows)), access);
}
