/**
 * GET /sys/role/exportXls: the list's query (or `selections=id1,id2`) under the caller's scope as
 * an .xlsx: the list's columns with their titles, dates as the contract writes them, formula starts
 * escaped. Roles are few, so the workbook is built in memory.
 */
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { sql, type SqlBool } from 'kysely';
import { XLSX_TYPE } from '../../entity/export.js';
import { addDictText } from '../../entity/dict-text.js';
import { guarded, idList } from '../../entity/route-kit.js';
import { attachmentHeader, cellValue, sheetColumns } from '../../entity/sheet-columns.js';
import type { Row } from '../../entity/store.js';
import { createDateFormatter } from '../../http/dates.js';
import { listQuery, perm, queryText, scopeOf } from '../menu/admin-kit.js';
import type { RoleDeps } from './crud-routes.js';
import { ROLE_ALIAS, roleModel } from './model.js';
import { roleSqlContext, roleWhere, selectRoles } from './store.js';

const MAX_ROLES = 10_000;

export function registerRoleExport(app: FastifyInstance, deps: RoleDeps): void {
  const { db, timeZone } = deps;
  const ctx = roleSqlContext(timeZone);
  const formatDate = createDateFormatter(timeZone);
  app.get('/sys/role/exportXls', perm(roleModel.permissions.exportXls), async (request, reply) => {
    const buffer = await guarded(async () => {
      const query = listQuery(roleModel, request, ['selections', 'fileName']);
      const selections = queryText(request, 'selections');
      const chosen = selections
        ? sql<SqlBool>`${sql.ref(`${ROLE_ALIAS}.id`)} in (${sql.join(idList(selections))})`
        : null;
      const scope = await scopeOf(db, request, roleModel, ROLE_ALIAS, timeZone);
      const rows = await selectRoles(
        db,
        { ctx, where: roleWhere(ctx, query.where, scope, chosen) },
        query.sort,
        MAX_ROLES,
      );
      const shown = await addDictText(db, roleModel, rows as unknown as Row[]);
      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet(roleModel.title);
      const columns = sheetColumns(roleModel, { hidden: new Set(), disabled: new Set() });
      sheet.addRow(columns.map((f) => f.title));
      for (const row of shown) sheet.addRow(columns.map((f) => cellValue(f, row, formatDate)));
      return Buffer.from(await workbook.xlsx.writeBuffer());
    });
    return reply
      .header('content-disposition', attachmentHeader(queryText(request, 'fileName') || '角色列表', 'xlsx'))
      .header('cache-control', 'no-store')
      .type(XLSX_TYPE)
      .send(buffer);
  });
}
