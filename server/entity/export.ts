/**
 * GET <base>/exportXls: the list's query (filters, advanced query, sort) or the selected ids
 * (`selections=id1,id2`) as an .xlsx, streamed: the rows (at most MAX_EXPORT_ROWS) are read in one
 * sorted query and written in batches through exceljs's streaming writer, so the workbook itself
 * never sits in memory. Header row = field titles,
 * dictionary values as their text, dates as the contract writes them, formula starts escaped.
 * A declaration with one-to-many children gets one more sheet per child the user may list, holding
 * the exported rows' children (export-children.ts, docs/modules/one-to-many.md).
 * `fields=all` (全部字段) writes every field the import may write for this user instead of the
 * list's columns, and `template=1` the same sheets and headers without rows (the import template):
 * a workbook the import reads back as it was written (export-fields.ts).
 */
import { presentRows } from './present.js';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { compileListQuery, single } from '../../runtime/model/query/compile.js';
import { fieldAccessOf, visibleFields, type FieldAccess } from './field-permissions.js';
import { access, guarded, idList, queryOf, userIdOf, type EntityDeps } from './route-kit.js';
import { listCaller, scopeParams } from './list-scope.js';
import { attachmentHeader } from './sheet-columns.js';
import { EXPORT_PARAMS, exportModeOf, sheetWriter } from './export-fields.js';
import { sheetNameOf } from './child-sheets.js';
import { planChildSheets, writeChildSheets } from './export-children.js';
import type { EntityStore } from './store.js';
import { withReader } from '../db/read-routing.js';

const BATCH = 1000; // addDictText translates at most 1000 distinct keys per call
/** The most rows one export writes (a larger one is a job for a report, not a download). */
export const MAX_EXPORT_ROWS = 200_000;
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function plan(request: FastifyRequest, deps: EntityDeps, store: EntityStore) {
  const { model } = store;
  const params = queryOf(request);
  const mode = exportModeOf(params);
  const fieldAccess: FieldAccess = await fieldAccessOf(deps.db, model, userIdOf(request));
  const query = compileListQuery(params, visibleFields(model, fieldAccess), {
    defaultSort: model.defaultSort,
    ignore: new Set([...EXPORT_PARAMS, ...scopeParams(store)]),
  });
  const selections = single(params, 'selections');
  const extra = selections ? [store.oneOf(model.field('id')!, idList(selections))] : [];
  return {
    caller: await listCaller(request, deps, store),
    query,
    extra,
    fieldAccess,
    mode,
    fileName: single(params, 'fileName') ?? '列表',
    userId: userIdOf(request),
    children: await planChildSheets(request, deps, store, mode.all),
  };
}

async function writeWorkbook(
  stream: PassThrough,
  deps: EntityDeps,
  store: EntityStore,
  job: Awaited<ReturnType<typeof plan>>,
): Promise<void> {
  const writer = sheetWriter(deps.db, store.model, job.fieldAccess, deps.formatDate, job.mode.all);
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream,
    useStyles: false,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(sheetNameOf(store.model.title));
  sheet.addRow(writer.headers).commit();
  // One sorted query (at most MAX_EXPORT_ROWS rows), then dictionary texts and rows in batches. Reading
  // ids first and the rows by id afterwards costs twice the time on the embedded database (an index
  // probe per row), and OFFSET paging sorts the whole result again for every batch.
  // The rows may come from the read standby like the list's (server/db/read-routing.ts); the
  // children's sheets read the primary: the current children of rows at most MAX_LAG_MS old.
  // The import template reads no rows at all.
  const rows = job.mode.template
    ? []
    : await withReader(deps.db, job.userId, (reader) =>
        store.list(job.caller, job.query.where, job.query.sort, MAX_EXPORT_ROWS, job.extra, 0, reader),
      );
  for (let i = 0; i < rows.length; i += BATCH) {
    const chunk = rows.slice(i, i + BATCH);
    const shown = await presentRows(deps.db, store.model, chunk, job.fieldAccess);
    for (const cells of await writer.cells(shown)) sheet.addRow(cells).commit();
    // Let the response drain between batches instead of buffering the whole workbook.
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  sheet.commit();
  if (job.children.length > 0) {
    const ids = rows.map((row) => String(row.id));
    rows.length = 0; // the parents' rows are written; only their ids are needed now
    await writeChildSheets(workbook, deps, store, job.children, ids, MAX_EXPORT_ROWS);
  }
  await workbook.commit();
}

export function registerExport(app: FastifyInstance, deps: EntityDeps, store: EntityStore): void {
  const { model } = store;
  if (!model.offers('exportXls')) return;
  app.get(`${model.basePath}/exportXls`, access(model.permissions.exportXls), async (request, reply) => {
    // Everything that can be refused is checked before the first byte is sent.
    const job = await guarded(() => plan(request, deps, store));
    const stream = new PassThrough();
    writeWorkbook(stream, deps, store, job).catch((error: unknown) => {
      request.log.error(error);
      stream.destroy(error instanceof Error ? error : new Error(String(error)));
    });
    return reply
      .header('content-disposition', attachmentHeader(job.fileName, 'xlsx'))
      .header('cache-control', 'no-store')
      .type(XLSX_TYPE)
      .send(stream);
  });
}
