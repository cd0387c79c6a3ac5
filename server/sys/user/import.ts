/**
 * POST /sys/user/importExcel (multipart files[], validateStatus): every row is a new user checked
 * exactly like the add form (declared rules, the password rule - an imported user must bring a
 * password, which they change at first sign-in -, references, duplicates in the table and in the
 * file, the admin role). Dictionary columns may hold texts (男, 技术部, 工程师) or values.
 * The valid rows are inserted in one transaction; the rejected ones come back in the engine's
 * error workbook (201), with their password cells blanked. validateStatus=1: one bad row stores
 * nothing and the answer names it.
 */
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FieldModel } from '../../../runtime/model/declaration/model.js';
import type { AuthContext } from '../../http/authenticate.js';
import { ImportMessages } from '../../entity/import.js';
import { ERROR_FILE_ROUTE, writeErrorWorkbook } from '../../entity/import-errors.js';
import { openFirstSheet } from '../../entity/import-read.js';
import { ImportRowMessages, type RowOutcome } from '../../entity/import-rows.js';
import { guarded } from '../../entity/route-kit.js';
import { ApiError, fail, ok, okMessage } from '../../result.js';
import { lookupDict } from '../dicts.js';
import { callerOf, type UserDeps } from './context.js';
import { UserMessages } from './messages.js';
import { userModel } from './model.js';
import { insertPrepared, prepareNewUser, type PreparedUser } from './operations.js';
import { splitList } from './refs.js';

/** Rows one import may hold: every row is a password hash (tens of milliseconds each). */
export const MAX_USER_IMPORT_ROWS = 1000;
const IDENTITY = ['username', 'workNo', 'phone', 'email'] as const;

interface Column {
  index: number;
  field: FieldModel;
}

async function readUpload(request: FastifyRequest) {
  if (!request.isMultipart()) throw new ApiError(ImportMessages.noFile);
  const files: { name: string; data: Buffer }[] = [];
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file')
        files.push({ name: part.filename, data: await (part as MultipartFile).toBuffer() });
      else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new ApiError(ImportMessages.tooLarge);
    throw error;
  }
  if (files.length === 0) throw new ApiError(ImportMessages.noFile);
  return { files, strict: fields.validateStatus === '1' };
}

/** Header cells naming a writable field by title or name; others (状态, 创建日期 ...) are ignored. */
function mapHeader(header: readonly string[]): Column[] {
  const out: Column[] = [];
  header.forEach((text, index) => {
    const field = userModel.declared.find((f) => f.writable && (f.title === text || f.name === text));
    if (field && !out.some((c) => c.field === field)) out.push({ index, field });
  });
  if (out.length === 0) throw new ApiError(ImportRowMessages.noColumns);
  return out;
}

/** Dictionary texts (or values) to values, asked once per distinct text. */
class DictTexts {
  private readonly known = new Map<string, string | null>();

  constructor(private readonly deps: UserDeps) {}

  async value(field: FieldModel, text: string): Promise<string> {
    const key = `${field.dict}\u0000${text}`;
    if (!this.known.has(key)) {
      const items = await lookupDict(this.deps.db, field.dict!, { kind: 'exact', values: [text] }, 10);
      const hit = items.find((i) => i.value === text) ?? items.find((i) => i.text === text);
      this.known.set(key, hit ? hit.value : null);
    }
    const value = this.known.get(key);
    if (value === null || value === undefined) throw new ApiError(UserMessages.notInDict(field.title, text));
    return value;
  }
}

async function rowBody(columns: readonly Column[], cells: readonly string[], dicts: DictTexts) {
  const body: Record<string, string> = {};
  for (const { index, field } of columns) {
    const text = (cells[index] ?? '').trim();
    // An empty 租户 cell chooses none: the row joins the importing admin's tenant, as an add does.
    if (field.name === 'relTenantIds' && text === '') continue;
    if (!field.dict || text === '') body[field.name] = text;
    else {
      const values: string[] = [];
      for (const item of splitList(text.replace(/，/g, ','))) values.push(await dicts.value(field, item));
      body[field.name] = values.join(',');
    }
  }
  return body;
}

/** A value the upload already used for a new user: the second row is refused. */
function refuseRepeat(seen: Map<string, Set<string>>, body: Record<string, string>): void {
  for (const key of IDENTITY) {
    const value = body[key];
    if (value && seen.get(key)!.has(key === 'email' ? value.toLowerCase() : value))
      throw new ApiError(ImportRowMessages.duplicateInFile(userModel.field(key)!.title, value));
  }
}

function remember(seen: Map<string, Set<string>>, body: Record<string, string>): void {
  for (const key of IDENTITY)
    if (body[key]) seen.get(key)!.add(key === 'email' ? body[key].toLowerCase() : body[key]);
}

async function importUsers(request: FastifyRequest, deps: UserDeps, auth: AuthContext) {
  const { files, strict } = await readUpload(request);
  const several = files.length > 1;
  const where = (row: RowOutcome) => `${several ? `${row.file} ` : ''}第${row.line}行`;
  const dicts = new DictTexts(deps);
  const seen = new Map<string, Set<string>>(IDENTITY.map((k) => [k, new Set()]));
  const prepared: PreparedUser[] = [];
  const rejected: RowOutcome[] = [];
  let total = 0;
  for (const file of files) {
    const sheet = await openFirstSheet(file.name, file.data);
    const columns = mapHeader(sheet.header);
    const passwordAt = columns.find((c) => c.field.name === 'password')?.index;
    for await (const { line, cells } of sheet.rows) {
      total += 1;
      if (total > MAX_USER_IMPORT_ROWS)
        throw new ApiError(UserMessages.tooManyImportRows(MAX_USER_IMPORT_ROWS));
      try {
        const body = await rowBody(columns, cells, dicts);
        refuseRepeat(seen, body);
        prepared.push(await prepareNewUser(deps, auth, body));
        remember(seen, body);
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        // The error workbook shows the row as it was, except the password it carried.
        const shown = passwordAt === undefined ? cells : cells.map((c, i) => (i === passwordAt ? '' : c));
        const row: RowOutcome = {
          file: file.name,
          header: sheet.header,
          line,
          cells: shown,
          reason: error.message,
        };
        if (strict) return fail(ImportMessages.stopped(where(row), error.message));
        rejected.push(row);
      }
    }
  }
  if (prepared.length > 0) await insertPrepared(deps, auth, prepared);
  if (rejected.length === 0) return okMessage(ImportMessages.done(prepared.length));
  const name = await writeErrorWorkbook(deps.dataDir, auth.userId, rejected);
  return {
    ...ok(
      {
        msg: ImportMessages.summary(total, prepared.length, rejected.length),
        fileUrl: `${ERROR_FILE_ROUTE}/${name}`,
        fileName: '导入错误数据.xlsx',
        errorMessage: rejected.slice(0, 100).map((r) => `${where(r)}：${r.reason}`),
        totalCount: total,
        successCount: prepared.length,
        errorCount: rejected.length,
      },
      ImportMessages.partly(rejected.length),
    ),
    code: 201,
  };
}

export function registerUserImport(app: FastifyInstance, deps: UserDeps): void {
  app.post(
    '/sys/user/importExcel',
    { config: { access: { perm: userModel.permissions.importExcel! } } },
    (request) => guarded(() => importUsers(request, deps, callerOf(request))),
  );
}
