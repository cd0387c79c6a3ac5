/**
 * The child sheets of an export (docs/modules/one-to-many.md, "Import and export with children"):
 * after the parent's sheet, one sheet per child the user may list (a one-to-one child has at most
 * one row per parent), holding the children of the exported parents in the parents' order (each
 * parent's rows in the child's default sort).
 * The first column is the parent row's number in the parent's sheet; the others are the child's
 * exportable columns under the same rules as a list export. Children are read by parent ids, a
 * batch of parents per query, and written as they come.
 * A 全部字段 export (and the import template) writes the child's importable fields instead, and
 * only the sheets the import takes: children the user may list and add, rows the import may add
 * (not a fixedRows child, whose rows the server makes).
 */
import type ExcelJS from 'exceljs';
import type { FastifyRequest } from 'fastify';
import { childSheetsOf, linkTitleOf, mayUseChild, type ChildSheet } from './child-sheets.js';
import { fieldAccessOf, type FieldAccess } from './field-permissions.js';
import { presentRows } from './present.js';
import { scopedCaller, userIdOf, type EntityDeps } from './route-kit.js';
import { sheetWriter, type SheetWriter } from './export-fields.js';
import type { Caller, EntityStore, Row } from './store.js';

/** Parents whose children one query reads (bound parameters stay well under the drivers' limits). */
const PARENTS_PER_QUERY = 1000;
const BATCH = 1000; // addDictText translates at most 1000 distinct keys per call

export interface ChildSheetJob {
  sheet: ChildSheet;
  caller: Caller;
  access: FieldAccess;
  writer: SheetWriter;
}

/**
 * The child sheets this user gets, decided (and their data rules read) before the first byte;
 * `all`: the sheets of a 全部字段 export or import template.
 */
export async function planChildSheets(
  request: FastifyRequest,
  deps: EntityDeps,
  store: EntityStore,
  all = false,
): Promise<ChildSheetJob[]> {
  const userId = userIdOf(request);
  const jobs: ChildSheetJob[] = [];
  for (const sheet of childSheetsOf(store.model, deps.storeOf)) {
    const { model } = sheet.store;
    if (!(await mayUseChild(deps.db, userId, model, 'list'))) continue;
    // A sheet the import would refuse (no add permission) or whose rows it may not add is left out.
    if (all && (sheet.decl.fixedRows === true || !(await mayUseChild(deps.db, userId, model, 'add'))))
      continue;
    const access = await fieldAccessOf(deps.db, model, userId);
    const writer = sheetWriter(deps.db, model, access, deps.formatDate, all, sheet.foreignKey);
    jobs.push({ sheet, caller: await scopedCaller(request, deps, sheet.store), access, writer });
  }
  return jobs;
}

const yieldToStream = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Writes one child sheet. `parentIds[i]` is the parent on row i + 2 of the parent's sheet. At most
 * `maxRows` child rows are written.
 */
async function writeChildSheet(
  workbook: ExcelJS.stream.xlsx.WorkbookWriter,
  deps: EntityDeps,
  parentTitle: string,
  job: ChildSheetJob,
  parentIds: readonly string[],
  maxRows: number,
): Promise<void> {
  const { store, foreignKey, sheetName } = job.sheet;
  const worksheet = workbook.addWorksheet(sheetName);
  worksheet.addRow([parentTitle, ...job.writer.headers]).commit();
  const sort = [{ field: store.model.defaultSort.field, order: store.model.defaultSort.order }];
  let written = 0;
  for (let start = 0; start < parentIds.length && written < maxRows; start += PARENTS_PER_QUERY) {
    const ids = parentIds.slice(start, start + PARENTS_PER_QUERY);
    const rows = await store.list(job.caller, null, sort, maxRows - written, [store.oneOf(foreignKey, ids)]);
    const byParent = new Map<string, Row[]>();
    for (const row of rows) {
      const key = String(row[foreignKey.name]);
      const list = byParent.get(key);
      if (list) list.push(row);
      else byParent.set(key, [row]);
    }
    // The parents' order, each parent's rows in the child's sort; dictionary texts a batch at a time.
    const ordered: { line: number; row: Row }[] = [];
    ids.forEach((id, i) => {
      for (const row of byParent.get(id) ?? []) ordered.push({ line: start + i + 2, row });
    });
    for (let i = 0; i < ordered.length; i += BATCH) {
      const chunk = ordered.slice(i, i + BATCH);
      const shown = await presentRows(
        deps.db,
        store.model,
        chunk.map((c) => c.row),
        job.access,
      );
      (await job.writer.cells(shown)).forEach((cells, n) => {
        worksheet.addRow([chunk[n].line, ...cells]).commit();
      });
      await yieldToStream();
    }
    written += rows.length;
  }
  worksheet.commit();
}

/** Every planned child sheet, one after the other (a streamed workbook writes one sheet at a time). */
export async function writeChildSheets(
  workbook: ExcelJS.stream.xlsx.WorkbookWriter,
  deps: EntityDeps,
  store: EntityStore,
  jobs: readonly ChildSheetJob[],
  parentIds: readonly string[],
  maxRows: number,
): Promise<void> {
  const link = linkTitleOf(store.model);
  for (const job of jobs) await writeChildSheet(workbook, deps, link, job, parentIds, maxRows);
}
