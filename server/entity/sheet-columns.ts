/**
 * What a spreadsheet of an entity holds, for export and import alike: the columns (declared,
 * readable, not hidden from this user, in the list's column order), or for a 全部字段 export and
 * the import template every field the import may write for this user; cell text for a stored
 * value, and the formula-injection escape (a cell that starts with = + - @ TAB or CR would be run
 * as a formula by a spreadsheet program, so it gets a leading apostrophe).
 */
import type { EntityModel, FieldModel } from '../../runtime/model/declaration/model.js';
import { bodyValues } from './body.js';
import type { FieldAccess } from './field-permissions.js';
import type { Row } from './store.js';

const FORMULA_START = /^[=+\-@\t\r]/;

export function escapeCell(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** The columns of a sheet: the list's declared columns, else every listed field. */
export function sheetColumns(model: EntityModel, access: FieldAccess): FieldModel[] {
  const usable = (f: FieldModel | undefined): f is FieldModel =>
    f !== undefined && f.readable && !f.system && !access.hidden.has(f.name);
  const named = model.declaration.list?.columns?.map((name) => model.field(name)).filter(usable);
  if (named && named.length > 0) return named;
  return model.declared.filter((f) => usable(f) && f.list !== false);
}

/**
 * The fields an import writes for this user, in declaration order: declared fields the add body
 * keeps (not read-only, not a server key), that are answered (not a password), not computed by
 * the server, and neither hidden from nor disabled for this user (an import may not write those).
 */
export function importableFields(model: EntityModel, access: FieldAccess): FieldModel[] {
  return model.declared.filter(
    (f) =>
      !f.system &&
      f.writable &&
      f.readable &&
      f.compute === undefined &&
      !access.hidden.has(f.name) &&
      !access.disabled.has(f.name) &&
      // The add body's own rule of what a request may write (body.ts).
      Object.hasOwn(bodyValues(model, { [f.name]: '' }), f.name),
  );
}

/**
 * The header of a field's column that the import maps back to that very field: the import takes
 * a header cell as the first declared field with that title or name (import-rows.ts mapHeader), so
 * a title another field has too (or that is another field's name) gives way to the field's name.
 */
export function headerOf(model: EntityModel, field: FieldModel): string {
  const first = (text: string) => model.declared.find((f) => f.title === text || f.name === text);
  return first(field.title) === field ? field.title : field.name;
}

/** The cell of a field in an answered row: dictionary text, dates as the contract writes them. */
export function cellValue(
  field: FieldModel,
  row: Row,
  formatDate: (d: Date) => string,
): string | number | null {
  const raw = row[field.name];
  if (raw === null || raw === undefined || raw === '') return null;
  if (field.dict) {
    const text = row[`${field.name}_dictText`];
    return escapeCell(typeof text === 'string' && text !== '' ? text : String(raw));
  }
  if (raw instanceof Date) return formatDate(raw);
  if (typeof raw === 'number') return raw;
  return escapeCell(String(raw));
}

/** RFC 5987 / 6266 attachment header: an ASCII fallback plus the UTF-8 name. */
export function attachmentHeader(name: string, extension: string): string {
  // Path separators, quotes and control characters never reach the header.
  const clean =
    [...name]
      .filter((c) => c.charCodeAt(0) >= 0x20 && !'\\/:*?"<>|'.includes(c))
      .join('')
      .slice(0, 100) || '列表';
  const full = `${clean}.${extension}`;
  const ascii = full.replace(/[^\x20-\x7e]/g, '_');
  // RFC 5987 attr-chars exclude ' ( ) * which encodeURIComponent leaves alone.
  const encoded = encodeURIComponent(full).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
