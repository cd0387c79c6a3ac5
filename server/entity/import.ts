/**
 * POST <base>/importExcel (multipart): files[] (one or several .xls/.xlsx), isSingleTableImport,
 * foreignKeys, validateStatus. Every row of every file is checked like an add; the valid rows are
 * inserted in ONE transaction. Answers:
 *   all rows valid                 -> 200 文件导入成功！数据行数：N
 *   some or all rows rejected      -> 201 with {msg, fileUrl, fileName, errorMessage, counts}; the
 *                                     valid rows are stored, fileUrl (relative to the API base)
 *                                     downloads the rejected rows with their 错误原因
 *   validateStatus=1 and a bad row -> fail naming the first bad row; nothing is stored
 *   an unreadable file             -> fail naming the file; nothing is stored
 * isSingleTableImport is accepted for the contract. A workbook with a sheet named like one of the
 * declaration's one-to-many children is imported with its children (import-children.ts): every
 * parent row saved with its child rows as an add saves them, all or nothing, whatever validateStatus
 * says. Otherwise only the entity's own table is imported (child rows may also come through the
 * child entity's own import, with foreignKeys naming the parent).
 *
 * Memory stays bounded on a big upload: inside the one transaction, rows stream from the sheet a
 * chunk at a time, are checked, and the chunk's valid rows are inserted before the next chunk is
 * read. What outlives a chunk is the unique values seen so far and the rejected rows (for the
 * error workbook). A failure anywhere (an unreadable file, a bad row with validateStatus=1) rolls
 * the whole transaction back, so nothing is stored, as before.
 */
import { randomUUID } from 'node:crypto';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError, fail, ok, okMessage } from '../result.js';
import { fieldAccessOf } from './field-permissions.js';
import { ERROR_FILE_ROUTE, writeErrorWorkbook } from './import-errors.js';
import { hasChildSheets, importWithChildren, ImportStopped } from './import-children.js';
import { heapWatch } from './import-memory.js';
import { openFirstSheet, type SheetRow } from './import-read.js';
import { mapHeader, RowChecker, type RowOutcome, type SheetColumn } from './import-rows.js';
import { prepareImportParentCheck } from './parent-check.js';
import { ChildSheetMessages } from './child-sheets.js';
import { access, callerOf, guarded, userIdOf, type EntityDeps } from './route-kit.js';
import { EntityStore, type Row } from './store.js';

/** Rows checked and inserted together: big enough for few statements, small enough to stay light. */
const CHUNK_ROWS = 2000;

export const IMPORT_LIMITS = { fileSize: 10 * 1024 * 1024, files: 10, fields: 20, parts: 40 } as const;

export const ImportMessages = {
  noFile: '请选择要导入的文件',
  tooLarge: '文件大小不能超过10MB',
  badForeignKeys: '参数错误：foreignKeys格式不正确',
  done: (n: number) => `文件导入成功！数据行数：${n}`,
  withChildren: (n: number, children: string[]) => [`文件导入成功！数据行数：${n}`, ...children].join('，'),
  refused: (reason: string) => `${reason}，未导入任何数据`,
  partly: (n: number) => `文件导入成功，但有${n}条数据导入失败`,
  /** Every row refused: nothing went in, and the answer says so (not 导入成功). */
  none: (n: number) => `文件导入失败，${n}条数据均有错误，未导入任何数据`,
  stopped: (where: string, reason: string) => `${where}：${reason}，未导入任何数据`,
  summary: (total: number, done: number, failed: number) =>
    `总上传行数：${total}，已导入行数：${done}，错误行数：${failed}`,
} as const;

interface Upload {
  files: { name: string; data: Buffer }[];
  fields: Record<string, string>;
}

async function readUpload(request: FastifyRequest): Promise<Upload> {
  if (!request.isMultipart()) throw new ApiError(ImportMessages.noFile);
  const upload: Upload = { files: [], fields: {} };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const file = part as MultipartFile;
        upload.files.push({ name: file.filename, data: await file.toBuffer() });
      } else if (typeof part.value === 'string') upload.fields[part.fieldname] = part.value;
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new ApiError(ImportMessages.tooLarge);
    throw error;
  }
  if (upload.files.length === 0) throw new ApiError(ImportMessages.noFile);
  return upload;
}

/** foreignKeys: a JSON object of declared, writable fields set on every imported row. */
function foreignValues(store: EntityStore, raw: string | undefined): Row {
  if (!raw) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new ApiError(ImportMessages.badForeignKeys);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new ApiError(ImportMessages.badForeignKeys);
  const out: Row = {};
  for (const [name, value] of Object.entries(parsed)) {
    const field = store.model.field(name);
    if (!field || field.system || !field.writable || (typeof value !== 'string' && typeof value !== 'number'))
      throw new ApiError(ImportMessages.badForeignKeys);
    out[name] = value;
  }
  return out;
}

const where = (row: RowOutcome, several: boolean) => `${several ? `${row.file} ` : ''}第${row.line}行`;

/** validateStatus=1 met a bad row: thrown inside the transaction so that it rolls back. */
class Stopped extends Error {
  constructor(readonly row: RowOutcome) {
    super('import stopped');
  }
}

/** Reads a sheet's remaining rows without checking them, so its read errors still surface. */
async function drain(rows: AsyncGenerator<SheetRow, void, undefined>): Promise<void> {
  while (!(await rows.next()).done);
}

async function importExcel(request: FastifyRequest, deps: EntityDeps, store: EntityStore) {
  const caller = callerOf(request, deps);
  const userId = userIdOf(request);
  const upload = await readUpload(request);
  const foreign = foreignValues(store, upload.fields.foreignKeys);
  if (hasChildSheets(deps, store, upload.files)) return importParents(request, deps, store, upload, foreign);
  const fieldAccess = await fieldAccessOf(deps.db, store.model, userId);
  const parents = await prepareImportParentCheck(request, deps, store);
  const several = upload.files.length > 1;
  const strict = upload.fields.validateStatus === '1';
  const rejected: RowOutcome[] = [];
  const watch = heapWatch();
  let total = 0;
  let stored = 0;
  try {
    await deps.db.transaction().execute(async (trx) => {
      const trxStore = new EntityStore(trx, store.model, deps.timeZone);
      const checker = new RowChecker(deps, trx, trxStore, caller, fieldAccess, foreign, parents);
      // With validateStatus=1, the first bad row; the files are still read to their end, so an
      // unreadable file is reported before it, as when every file was read before any check.
      let stoppedAt: RowOutcome | undefined;
      const flush = async (file: string, header: string[], columns: SheetColumn[], chunk: SheetRow[]) => {
        if (chunk.length === 0 || stoppedAt) return;
        const outcomes = await checker.check({ file, header, columns }, chunk);
        const valid: { id: string; values: Row }[] = [];
        for (const outcome of outcomes) {
          if (outcome.values) valid.push({ id: randomUUID().replace(/-/g, ''), values: outcome.values });
          else if (strict) {
            stoppedAt = outcome;
            return;
          } else rejected.push(outcome);
        }
        if (valid.length > 0) await trxStore.insertMany(caller, valid);
        stored += valid.length;
        watch();
      };
      // A chunk is checked and inserted while the next one is read (PostgreSQL works meanwhile);
      // chunks still reach the database one at a time and in order, each waiting for the last.
      let pending: Promise<void> = Promise.resolve();
      const queue = async (file: string, header: string[], columns: SheetColumn[], chunk: SheetRow[]) => {
        await pending;
        pending = flush(file, header, columns, chunk);
        // Its failure is taken up by the next `await pending`; until then it is not unhandled.
        pending.catch(() => {});
      };
      try {
        // Each upload's buffer is let go once its file has been read.
        for (let file = upload.files.shift(); file; file = upload.files.shift()) {
          const sheet = await openFirstSheet(file.name, file.data);
          let columns: SheetColumn[];
          try {
            columns = mapHeader(store, sheet.header);
          } catch (error) {
            await drain(sheet.rows);
            throw error;
          }
          let chunk: SheetRow[] = [];
          for await (const row of sheet.rows) {
            total += 1;
            if (stoppedAt) continue;
            chunk.push(row);
            if (chunk.length >= CHUNK_ROWS) {
              await queue(file.name, sheet.header, columns, chunk);
              chunk = [];
            }
          }
          await queue(file.name, sheet.header, columns, chunk);
        }
        await pending;
      } finally {
        // Never leave the transaction with a statement of it still running.
        await pending.catch(() => {});
      }
      if (stoppedAt) throw new Stopped(stoppedAt);
    });
  } catch (error) {
    if (!(error instanceof Stopped)) throw error;
    return fail(ImportMessages.stopped(where(error.row, several), error.row.reason ?? ''));
  }
  if (rejected.length === 0) return okMessage(ImportMessages.done(stored));
  const name = await writeErrorWorkbook(deps.dataDir, userId, rejected, watch);
  return {
    ...ok(
      {
        msg: ImportMessages.summary(total, stored, rejected.length),
        fileUrl: `${ERROR_FILE_ROUTE}/${name}`,
        fileName: '导入错误数据.xlsx',
        errorMessage: rejected.slice(0, 100).map((r) => `${where(r, several)}：${r.reason}`),
        totalCount: total,
        successCount: stored,
        errorCount: rejected.length,
      },
      stored === 0 ? ImportMessages.none(rejected.length) : ImportMessages.partly(rejected.length),
    ),
    code: 201,
  };
}

/** An upload with child sheets: each parent saved with its children, all or nothing. */
async function importParents(
  request: FastifyRequest,
  deps: EntityDeps,
  store: EntityStore,
  upload: Upload,
  foreign: Row,
) {
  try {
    const counts = await importWithChildren(request, deps, store, upload.files, foreign);
    const children = [...counts.children].map(([sheet, n]) => ChildSheetMessages.imported(sheet, n));
    return okMessage(ImportMessages.withChildren(counts.parents, children));
  } catch (error) {
    if (error instanceof ImportStopped) return fail(ImportMessages.refused(error.message));
    throw error;
  }
}

export function registerImport(app: FastifyInstance, deps: EntityDeps, store: EntityStore): void {
  const { model } = store;
  if (!model.offers('importExcel')) return;
  app.post(`${model.basePath}/importExcel`, access(model.permissions.importExcel), (request) =>
    guarded(() => importExcel(request, deps, store)),
  );
}
