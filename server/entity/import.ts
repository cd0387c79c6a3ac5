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
 * isSingleTableImport is accepted for the contract; only the entity's own table is imported
 * (child rows come through the child entity's import, with foreignKeys naming the parent).
 */
import { randomUUID } from 'node:crypto';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError, fail, ok, okMessage } from '../result.js';
import { fieldAccessOf } from './field-permissions.js';
import { ERROR_FILE_ROUTE, writeErrorWorkbook } from './import-errors.js';
import { readFirstSheet } from './import-read.js';
import { checkAgainstTable, checkRows, type RowOutcome } from './import-rows.js';
import { access, callerOf, guarded, userIdOf, type EntityDeps } from './route-kit.js';
import { EntityStore, type Row } from './store.js';

export const IMPORT_LIMITS = { fileSize: 10 * 1024 * 1024, files: 10, fields: 20, parts: 40 } as const;

export const ImportMessages = {
  noFile: '请选择要导入的文件',
  tooLarge: '文件大小不能超过10MB',
  badForeignKeys: '参数错误：foreignKeys格式不正确',
  done: (n: number) => `文件导入成功！数据行数：${n}`,
  partly: (n: number) => `文件导入成功，但有${n}条数据导入失败`,
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

async function importExcel(request: FastifyRequest, deps: EntityDeps, store: EntityStore) {
  const caller = callerOf(request, deps);
  const userId = userIdOf(request);
  const upload = await readUpload(request);
  const foreign = foreignValues(store, upload.fields.foreignKeys);
  const fieldAccess = await fieldAccessOf(deps.db, store.model, userId);
  const outcomes: RowOutcome[] = [];
  for (const file of upload.files) {
    const sheet = await readFirstSheet(file.name, file.data);
    outcomes.push(...(await checkRows(deps, store, caller, fieldAccess, file.name, sheet, foreign)));
  }
  await checkAgainstTable(store, caller, outcomes);
  const several = upload.files.length > 1;
  const rejected = outcomes.filter((o) => !o.values);
  if (rejected.length > 0 && upload.fields.validateStatus === '1')
    return fail(ImportMessages.stopped(where(rejected[0], several), rejected[0].reason ?? ''));
  const valid = outcomes
    .filter((o) => o.values)
    .map((o) => ({ id: randomUUID().replace(/-/g, ''), values: o.values! }));
  if (valid.length > 0) {
    await deps.db.transaction().execute(async (trx) => {
      await new EntityStore(trx, store.model, deps.timeZone).insertMany(caller, valid);
    });
  }
  if (rejected.length === 0) return okMessage(ImportMessages.done(valid.length));
  const name = await writeErrorWorkbook(deps.dataDir, userId, rejected);
  return {
    ...ok(
      {
        msg: ImportMessages.summary(outcomes.length, valid.length, rejected.length),
        fileUrl: `${ERROR_FILE_ROUTE}/${name}`,
        fileName: '导入错误数据.xlsx',
        errorMessage: rejected.slice(0, 100).map((r) => `${where(r, several)}：${r.reason}`),
        totalCount: outcomes.length,
        successCount: valid.length,
        errorCount: rejected.length,
      },
      ImportMessages.partly(rejected.length),
    ),
    code: 201,
  };
}

export function registerImport(app: FastifyInstance, deps: EntityDeps, store: EntityStore): void {
  const { model } = store;
  app.post(`${model.basePath}/importExcel`, access(model.permissions.importExcel), (request) =>
    guarded(() => importExcel(request, deps, store)),
  );
}
