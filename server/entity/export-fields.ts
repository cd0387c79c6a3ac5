/**
 * Which fields an export writes (docs: schemas/README.md, "Export and import"): the list's columns
 * (`fields=list`, the default), or every field the import may write for this user (`fields=all`,
 * 全部字段), which the import reads back unchanged; `template=1` is that workbook without rows, the
 * import template.
 *
 * A 全部字段 cell holds what the import turns back into the stored value: a dictionary field's
 * text, unless the import would read that text as another value (two people named alike, a text
 * that is another item's value, an item no longer in its dictionary); then the stored value
 * itself, which the import accepts as it is. Each text is checked with the import's own reader
 * (import-dicts.ts), so the two cannot disagree.
 */
import type { EntityModel, FieldModel } from '../../runtime/model/declaration/model.js';
import { single, type QueryParams } from '../../runtime/model/query/compile.js';
import type { Db } from '../db/database.js';
import { ApiError } from '../result.js';
import { storedBaseName, uploadNames } from '../sys/upload-names.js';
import type { FieldAccess } from './field-permissions.js';
import { DictTexts, splitList } from './import-dicts.js';
import { cellText, type SheetRow } from './import-read.js';
import type { SheetColumn } from './import-rows.js';
import { cellValue, escapeCell, headerOf, importableFields, sheetColumns } from './sheet-columns.js';
import type { Row } from './store.js';

export const ExportFieldMessages = {
  badFields: '参数错误：fields只能是list或all',
  badTemplate: '参数错误：template只能是0或1',
} as const;

/** The export's parameters that are not list filters. */
export const EXPORT_PARAMS = ['selections', 'fileName', 'fields', 'template'] as const;

export interface ExportMode {
  /** Every importable field (全部字段) rather than the list's columns. */
  all: boolean;
  /** The import template: the 全部字段 workbook's sheets and headers, no rows. */
  template: boolean;
}

export function exportModeOf(params: QueryParams): ExportMode {
  const fields = single(params, 'fields') ?? 'list';
  const template = single(params, 'template') ?? '0';
  if (fields !== 'list' && fields !== 'all') throw new ApiError(ExportFieldMessages.badFields);
  if (template !== '0' && template !== '1') throw new ApiError(ExportFieldMessages.badTemplate);
  return { all: fields === 'all' || template === '1', template: template === '1' };
}

export type Cell = string | number | null;

/** The columns of one sheet and how a batch of answered rows becomes its cells. */
export interface SheetWriter {
  fields: readonly FieldModel[];
  headers: string[];
  /** The cells of answered rows (dictionary texts added, hidden fields removed: presentRows). */
  cells(rows: readonly Row[]): Promise<Cell[][]>;
}

const FILE_WIDGETS: ReadonlySet<string> = new Set(['file', 'image']);

/**
 * The list's columns under their titles, cells as a list export has always written them; files by
 * the names they were uploaded with (维修记录.txt), as the list shows them, not their stored paths.
 */
function listWriter(
  db: Db,
  model: EntityModel,
  access: FieldAccess,
  formatDate: (d: Date) => string,
): SheetWriter {
  const fields = sheetColumns(model, access);
  const files = fields.flatMap((f, index) => (f.widget && FILE_WIDGETS.has(f.widget) ? [{ f, index }] : []));
  return {
    fields,
    headers: fields.map((f) => f.title),
    async cells(rows) {
      const out = rows.map((row) => fields.map((f) => cellValue(f, row, formatDate)));
      if (files.length === 0) return out;
      const pathsOf = (row: Row, name: string) =>
        typeof row[name] === 'string' ? splitList(row[name] as string) : [];
      const names = await uploadNames(
        db,
        rows.flatMap((row) => files.flatMap(({ f }) => pathsOf(row, f.name))),
      );
      rows.forEach((row, i) => {
        for (const { f, index } of files) {
          const paths = pathsOf(row, f.name);
          if (paths.length > 0)
            out[i][index] = escapeCell(paths.map((p) => names.get(p) ?? storedBaseName(p)).join(', '));
        }
      });
      return out;
    },
  };
}

/** A stored value as the import compares it: a comma list's items trimmed, empties dropped. */
const normalized = (value: unknown) => splitList(String(value)).join(',');

/** Every importable field under the header the import maps back to it; cells the import reads back. */
function importWriter(
  db: Db,
  model: EntityModel,
  access: FieldAccess,
  formatDate: (d: Date) => string,
): SheetWriter {
  const fields = importableFields(model, access);
  const dictColumns: SheetColumn[] = fields.flatMap((field, index) => (field.dict ? [{ index, field }] : []));
  // One reader for the whole export: each text is looked up once, as in an import.
  const dicts = new DictTexts(db);
  return {
    fields,
    headers: fields.map((f) => headerOf(model, f)),
    async cells(rows) {
      const out = rows.map((row) => fields.map((f) => cellValue(f, row, formatDate)));
      if (dictColumns.length === 0) return out;
      // The texts as the import reads them (its reader undoes the formula escape).
      const read: SheetRow[] = out.map((cells, line) => ({
        line,
        cells: cells.map((c) => (c === null ? '' : cellText(c))),
      }));
      await dicts.learn(dictColumns, read);
      rows.forEach((row, i) => {
        for (const column of dictColumns) {
          const stored = row[column.field.name];
          if (out[i][column.index] === null || stored === null || stored === undefined) continue;
          let back: unknown;
          try {
            back = dicts.values([column], read[i].cells)[column.field.name];
          } catch {
            back = undefined; // a text the import would refuse
          }
          if (back === undefined || normalized(back) !== normalized(stored))
            out[i][column.index] = escapeCell(String(stored));
        }
      });
      return out;
    },
  };
}

/**
 * The writer of an entity's sheet. `except` leaves a field out (a child sheet's foreign key: the
 * parent row's number stands for it).
 */
export function sheetWriter(
  db: Db,
  model: EntityModel,
  access: FieldAccess,
  formatDate: (d: Date) => string,
  all: boolean,
  except?: FieldModel,
): SheetWriter {
  const writer = all
    ? importWriter(db, model, access, formatDate)
    : listWriter(db, model, access, formatDate);
  if (!except || !writer.fields.includes(except)) return writer;
  const keep = writer.fields.map((f) => f !== except);
  return {
    fields: writer.fields.filter((_, i) => keep[i]),
    headers: writer.headers.filter((_, i) => keep[i]),
    cells: async (rows) => (await writer.cells(rows)).map((cells) => cells.filter((_, i) => keep[i])),
  };
}
