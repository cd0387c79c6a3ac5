/**
 * GET /sys/user/exportXls: the list's query (or `selections=id1,id2`) under the caller's data
 * scope, as an .xlsx streamed like the engine's exports: titles as the header, dictionary texts
 * (departments, positions and roles by name), dates as the contract writes them, formula starts
 * escaped. The columns are what an import reads back, less the password, which never leaves.
 */
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { sql, type SqlBool } from 'kysely';
import type { FieldModel } from '../../../runtime/model/declaration/model.js';
import { single } from '../../../runtime/model/query/compile.js';
import { XLSX_TYPE } from '../../entity/export.js';
import { guarded, idList, queryOf } from '../../entity/route-kit.js';
import { attachmentHeader, cellValue } from '../../entity/sheet-columns.js';
import { createDateFormatter } from '../../http/dates.js';
import { callerOf, type UserDeps } from './context.js';
import { userModel, USER_ALIAS } from './model.js';
import { compileUserQuery } from './query.js';
import { presentUsers, selectUsers, type UserQuery } from './read.js';
import { userDataScope } from './scope.js';

/** The most users one export writes. */
export const MAX_USER_EXPORT = 50_000;
const BATCH = 1000;

export const EXPORT_FIELDS: readonly FieldModel[] = [
  'username',
  'realname',
  'workNo',
  'sex',
  'birthday',
  'phone',
  'email',
  'selecteddeparts',
  'orgCode',
  'post',
  'selectedroles',
  'relTenantIds',
  'status',
  'createTime',
].map((name) => userModel.field(name)!);

export function registerUserExport(app: FastifyInstance, deps: UserDeps): void {
  const { db, ctx } = deps;
  const formatDate = createDateFormatter(deps.timeZone);

  app.get(
    '/sys/user/exportXls',
    { config: { access: { perm: userModel.permissions.exportXls! } } },
    async (request, reply) => {
      // Everything that can be refused is checked before the first byte is sent.
      const job = await guarded(async () => {
        const params = queryOf(request);
        const query = compileUserQuery(params, false, ['selections', 'fileName']);
        const selections = single(params, 'selections');
        const chosen = selections
          ? sql<SqlBool>`${sql.ref(`${USER_ALIAS}.id`)} in (${sql.join(idList(selections))})`
          : null;
        const q: UserQuery = {
          ctx,
          view: 'admin',
          condition: query.where,
          extra: [await userDataScope(db, deps.timeZone, callerOf(request)), chosen],
        };
        return { q, sort: query.sort, fileName: single(params, 'fileName') ?? '用户信息' };
      });
      const stream = new PassThrough();
      const write = async () => {
        const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
          stream,
          useStyles: false,
          useSharedStrings: false,
        });
        const sheet = workbook.addWorksheet(userModel.title);
        sheet.addRow(EXPORT_FIELDS.map((f) => f.title)).commit();
        const rows = await selectUsers(db, job.q, job.sort, MAX_USER_EXPORT);
        for (let i = 0; i < rows.length; i += BATCH) {
          const shown = await presentUsers(db, rows.slice(i, i + BATCH), 'admin');
          for (const row of shown)
            sheet.addRow(EXPORT_FIELDS.map((f) => cellValue(f, row, formatDate))).commit();
          await new Promise<void>((resolve) => setImmediate(resolve));
        }
        sheet.commit();
        await workbook.commit();
      };
      write().catch((error: unknown) => {
        request.log.error(error);
        stream.destroy(error instanceof Error ? error : new Error(String(error)));
      });
      return reply
        .header('content-disposition', attachmentHeader(job.fileName, 'xlsx'))
        .header('cache-control', 'no-store')
        .type(XLSX_TYPE)
        .send(stream);
    },
  );
}
