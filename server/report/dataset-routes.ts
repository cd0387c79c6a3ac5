/**
 * 报表数据集 (/online/cgreport/dataset/...): which tables reports may read and with which columns.
 * Every change rebuilds the views of the schema rpt at once. `tables` offers the tables an admin
 * may open (closed ones never appear) with their columns.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { single } from '../../runtime/model/query/compile.js';
import { asRecord } from '../entity/body.js';
import { checkId, guarded, idList, idParam, pageOf, queryOf } from '../entity/route-kit.js';
import { ApiError, ok, okMessage } from '../result.js';
import { requireAuth } from '../sys/permission.js';
import { checkDatasetTable, CLOSED_TABLES, syncReportViews, tableColumns } from './dataset.js';
import { REPORT_PERMS, type ReportDeps } from './run.js';
import { reportDb } from './tables.js';

const perm = { config: { access: { perm: REPORT_PERMS.dataset } } };
const BASE = '/online/cgreport/dataset';

export const DatasetRouteMessages = {
  taken: '该表已在报表数据集中',
  notFound: '未找到对应数据',
  title: '请输入名称',
} as const;

interface DatasetBody {
  id?: string;
  tableName: string;
  title: string;
  columns: string[];
}

function bodyOf(body: unknown): DatasetBody {
  const raw = asRecord(body);
  const columns = Array.isArray(raw.columns)
    ? raw.columns.map(String)
    : String(raw.columns ?? '')
        .split(',')
        .map((c) => c.trim())
        .filter(Boolean);
  const title = String(raw.title ?? '').trim();
  if (!title || title.length > 100) throw new ApiError(DatasetRouteMessages.title);
  return {
    id: typeof raw.id === 'string' ? raw.id : undefined,
    tableName: String(raw.tableName ?? ''),
    title,
    columns: [...new Set(columns)],
  };
}

export function registerReportDatasetRoutes(app: FastifyInstance, deps: ReportDeps): void {
  const base = deps.database.db;
  const db = reportDb(base);

  app.get(`${BASE}/list`, perm, (request) =>
    guarded(async () => {
      const rows = await db.selectFrom('sysReportTable').selectAll().orderBy('tableName').execute();
      const name = single(queryOf(request), 'tableName')?.replace(/\*/g, '');
      const shown = name ? rows.filter((r) => r.tableName.includes(name)) : rows;
      return ok(pageOf(shown, shown.length, 1, Math.max(shown.length, 1)));
    }),
  );

  app.get(`${BASE}/queryById`, perm, (request) =>
    guarded(async () => {
      const row = await db
        .selectFrom('sysReportTable')
        .selectAll()
        .where('id', '=', idParam(request))
        .executeTakeFirst();
      if (!row) throw new ApiError(DatasetRouteMessages.notFound);
      return ok(row);
    }),
  );

  // The tables an admin may open, with their columns (the data set's form offers them).
  app.get(`${BASE}/tables`, perm, () =>
    guarded(async () => {
      const rows = await sql<{ name: string }>`select table_name as name from information_schema.tables
        where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`.execute(
        base,
      );
      const out = [];
      for (const { name } of rows.rows) {
        if (CLOSED_TABLES.has(name)) continue;
        const columns = (await tableColumns(base, name)) ?? [];
        out.push({
          tableName: name,
          columns: columns.filter(
            (c) => !/(^|_)(password|password_hash|salt|secret|token|token_hash)$/.test(c),
          ),
        });
      }
      return ok(out);
    }),
  );

  app.post(`${BASE}/add`, perm, (request) =>
    guarded(async () => {
      const body = bodyOf(request.body);
      await checkDatasetTable(base, body);
      const taken = await db
        .selectFrom('sysReportTable')
        .select('id')
        .where('tableName', '=', body.tableName)
        .executeTakeFirst();
      if (taken) throw new ApiError(DatasetRouteMessages.taken);
      await db
        .insertInto('sysReportTable')
        .values({
          id: randomUUID().replace(/-/g, ''),
          tableName: body.tableName,
          title: body.title,
          columns: body.columns.join(','),
          createBy: requireAuth(request).username,
        })
        .execute();
      await syncReportViews(base);
      return okMessage('添加成功！');
    }),
  );

  for (const method of ['PUT', 'POST'] as const)
    app.route({
      method,
      url: `${BASE}/edit`,
      ...perm,
      handler: (request) =>
        guarded(async () => {
          const body = bodyOf(request.body);
          const id = checkId(body.id);
          const row = await db
            .selectFrom('sysReportTable')
            .select('tableName')
            .where('id', '=', id)
            .executeTakeFirst();
          if (!row) throw new ApiError(DatasetRouteMessages.notFound);
          await checkDatasetTable(base, { tableName: row.tableName, columns: body.columns });
          await db
            .updateTable('sysReportTable')
            .set({
              title: body.title,
              columns: body.columns.join(','),
              updateBy: requireAuth(request).username,
              updateTime: new Date(),
            })
            .where('id', '=', id)
            .execute();
          await syncReportViews(base);
          return okMessage('编辑成功！');
        }),
    });

  const remove = async (ids: string[]) => {
    await db.deleteFrom('sysReportTable').where('id', 'in', ids).execute();
    await syncReportViews(base);
  };
  app.delete(`${BASE}/delete`, perm, (request) =>
    guarded(async () => {
      await remove([idParam(request)]);
      return okMessage('删除成功！');
    }),
  );
  app.delete(`${BASE}/deleteBatch`, perm, (request) =>
    guarded(async () => {
      await remove(idList(single(queryOf(request), 'ids')));
      return okMessage('批量删除成功！');
    }),
  );
}
