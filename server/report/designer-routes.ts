/**
 * The report designer's calls at JeecgBoot 3.4's paths: /online/cgreport/head/list, queryById,
 * add, edit, delete, deleteBatch, parseSql, copy, exportJson, importJson, addToMenu, preview,
 * dataSources (the 数据源 choice), and the columns and parameters of a report under
 * /online/cgreport/item and /online/cgreport/param.
 * A save drops the report's cached answers.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { compileListQuery, single, type QueryParams } from '../../runtime/model/query/compile.js';
import { asRecord } from '../entity/body.js';
import { checkId, guarded, idList, idParam, pageOf, queryOf } from '../entity/route-kit.js';
import { dataSourceChoices } from '../sys/data-source/lookup.js';
import { likePattern } from '../sys/dict-store.js';
import { requireAuth } from '../sys/permission.js';
import { ApiError, ok, okMessage } from '../result.js';
import {
  DefinitionMessages,
  loadDefinition,
  saveDefinition,
  type ReportDefinition,
  type ReportItem,
  type ReportParam,
} from './definition.js';
import { parseReportSql } from './parse-sql.js';
import { checkStatement, reportPage, REPORT_PERMS, type ReportDeps } from './run.js';
import { reportDb } from './tables.js';

const perm = (code: string) => ({ config: { access: { perm: code } } });
const BASE = '/online/cgreport';

export const DesignerMessages = {
  saved: '保存成功！',
  deleted: '删除成功！',
  copied: '复制成功！',
  imported: '导入成功！',
  menuAdded: '已添加到菜单',
  badJson: '报表定义格式不正确',
  noParent: '上级菜单不存在',
} as const;

/** A definition from a request body: {head, items, params} (the designer's and an import's shape). */
function definitionOf(body: unknown): ReportDefinition {
  const raw = asRecord(body);
  const head = asRecord(raw.head ?? {});
  const list = (value: unknown) => (Array.isArray(value) ? value : []);
  return {
    head: {
      id: typeof head.id === 'string' ? head.id : '',
      code: String(head.code ?? ''),
      name: String(head.name ?? ''),
      cgrSql: String(head.cgrSql ?? ''),
      dbSource: typeof head.dbSource === 'string' && head.dbSource !== '' ? head.dbSource : null,
      content: typeof head.content === 'string' ? head.content : null,
      chart: (head.chart && typeof head.chart === 'object'
        ? head.chart
        : null) as ReportDefinition['head']['chart'],
      rowVersion: Number(head.rowVersion ?? 0),
    },
    items: list(raw.items).map((value, i): ReportItem => {
      const v = asRecord(value);
      return {
        fieldName: String(v.fieldName ?? ''),
        fieldTxt: String(v.fieldTxt ?? v.fieldName ?? ''),
        fieldType: String(v.fieldType ?? 'String'),
        fieldWidth:
          v.fieldWidth === null || v.fieldWidth === undefined || v.fieldWidth === ''
            ? null
            : Number(v.fieldWidth),
        isShow: v.isShow === 0 || v.isShow === false ? 0 : 1,
        isOrder: v.isOrder === 1 || v.isOrder === true ? 1 : 0,
        isSearch: v.isSearch === 1 || v.isSearch === true ? 1 : 0,
        searchMode: v.searchMode === 'group' ? 'group' : v.searchMode === 'single' ? 'single' : null,
        dictCode: typeof v.dictCode === 'string' && v.dictCode !== '' ? v.dictCode : null,
        fieldHref: typeof v.fieldHref === 'string' && v.fieldHref !== '' ? v.fieldHref : null,
        isTotal: typeof v.isTotal === 'string' && v.isTotal !== '' ? v.isTotal : null,
        orderNum: i,
      };
    }),
    params: list(raw.params).map((value, i): ReportParam => {
      const v = asRecord(value);
      return {
        paramName: String(v.paramName ?? ''),
        paramTxt: String(v.paramTxt ?? v.paramName ?? ''),
        paramType: String(v.paramType ?? 'string'),
        paramValue: typeof v.paramValue === 'string' && v.paramValue !== '' ? v.paramValue : null,
        dictCode: typeof v.dictCode === 'string' && v.dictCode !== '' ? v.dictCode : null,
        required: v.required === 1 || v.required === true ? 1 : 0,
        dependsOn: typeof v.dependsOn === 'string' && v.dependsOn !== '' ? v.dependsOn : null,
        orderNum: i,
      };
    }),
  };
}

/** The report a request names by id, in its query (GET, DELETE) or its body (a POST action). */
async function existing(deps: ReportDeps, request: FastifyRequest, name = 'id'): Promise<ReportDefinition> {
  const inBody = request.method === 'POST' || request.method === 'PUT';
  const id = inBody ? checkId(asRecord(request.body)[name]) : idParam(request, name);
  const def = await loadDefinition(reportDb(deps.database.db), id);
  if (!def) throw new ApiError(DefinitionMessages.notFound);
  return def;
}

/** A copy's code: the original's with _copy, _copy2 ... until one is free. */
async function freeCode(deps: ReportDeps, code: string): Promise<string> {
  const db = reportDb(deps.database.db);
  for (let n = 1; ; n += 1) {
    const candidate = `${code.slice(0, 90)}_copy${n === 1 ? '' : n}`;
    const taken = await db
      .selectFrom('onlCgreportHead')
      .select('id')
      .where('code', '=', candidate)
      .executeTakeFirst();
    if (!taken) return candidate;
  }
}

export function registerReportDesignerRoutes(app: FastifyInstance, deps: ReportDeps): void {
  const db = reportDb(deps.database.db);
  const save = async (request: FastifyRequest, def: ReportDefinition) => {
    await checkStatement(deps, def);
    const id = await saveDefinition(db, def, requireAuth(request).username);
    deps.cache.drop(id);
    return id;
  };

  app.get(`${BASE}/head/list`, perm(REPORT_PERMS.list), (request) =>
    guarded(async () => {
      const params = queryOf(request);
      const { pageNo, pageSize } = compileListQuery(
        { pageNo: params.pageNo, pageSize: params.pageSize } as QueryParams,
        () => undefined,
        {
          defaultSort: { field: 'createTime', order: 'desc' },
        },
      );
      let query = db.selectFrom('onlCgreportHead').where('delFlag', '=', 0);
      for (const key of ['code', 'name'] as const) {
        const value = single(params, key)
          ?.replace(/^\*|\*$/g, '')
          .trim();
        if (value) query = query.where(key, 'ilike', likePattern(value));
      }
      const [{ total }] = await query.select(sql<number>`count(*)::int`.as('total')).execute();
      const rows = await query
        .select([
          'id',
          'code',
          'name',
          'content',
          'dbSource',
          'createBy',
          'createTime',
          'updateBy',
          'updateTime',
        ])
        .orderBy('createTime', 'desc')
        .orderBy('id')
        .limit(pageSize)
        .offset((pageNo - 1) * pageSize)
        .execute();
      return ok(pageOf(rows, Number(total), pageNo, pageSize));
    }),
  );

  app.get(`${BASE}/head/queryById`, perm(REPORT_PERMS.list), (request) =>
    guarded(async () => ok(await existing(deps, request))),
  );

  app.post(`${BASE}/head/add`, perm(REPORT_PERMS.add), (request) =>
    guarded(async () => {
      const def = definitionOf(request.body);
      def.head.id = '';
      await save(request, def);
      return okMessage(DesignerMessages.saved);
    }),
  );

  for (const method of ['PUT', 'POST'] as const)
    app.route({
      method,
      url: `${BASE}/head/edit`,
      ...perm(REPORT_PERMS.edit),
      handler: (request) =>
        guarded(async () => {
          const def = definitionOf(request.body);
          checkId(def.head.id);
          await save(request, def);
          return okMessage(DesignerMessages.saved);
        }),
    });

  const remove = async (ids: string[], username: string) => {
    await db
      .updateTable('onlCgreportHead')
      .set({ delFlag: 1, updateBy: username, updateTime: new Date() })
      .where('id', 'in', ids)
      .execute();
    for (const id of ids) deps.cache.drop(id);
  };
  app.delete(`${BASE}/head/delete`, perm(REPORT_PERMS.delete), (request) =>
    guarded(async () => {
      const def = await existing(deps, request);
      await remove([def.head.id], requireAuth(request).username);
      return okMessage(DesignerMessages.deleted);
    }),
  );
  app.delete(`${BASE}/head/deleteBatch`, perm(REPORT_PERMS.delete), (request) =>
    guarded(async () => {
      await remove(idList(single(queryOf(request), 'ids')), requireAuth(request).username);
      return okMessage(DesignerMessages.deleted);
    }),
  );

  // GET as the contract has it (short statements), POST for a long one.
  for (const method of ['GET', 'POST'] as const)
    app.route({
      method,
      url: `${BASE}/head/parseSql`,
      ...perm(REPORT_PERMS.list),
      handler: (request) =>
        guarded(async () => {
          const source = method === 'GET' ? queryOf(request) : asRecord(request.body);
          const sqlText = String((source as Record<string, unknown>).sql ?? '');
          const known = method === 'POST' ? definitionOf(request.body) : undefined;
          // The designer's chosen data source (a code; empty: the product's own database).
          const dbSource = (source as Record<string, unknown>).dbSource;
          const code = typeof dbSource === 'string' && dbSource !== '' ? dbSource : null;
          return ok(await parseReportSql(deps, sqlText, requireAuth(request).tenantId, known, code));
        }),
    });

  app.post(`${BASE}/head/preview`, perm(REPORT_PERMS.list), (request) =>
    guarded(async () => {
      const def = definitionOf(request.body);
      await checkStatement(deps, def);
      if (!def.head.id) def.head.id = `preview-${randomUUID()}`;
      return ok(await reportPage(deps, request, requireAuth(request), def));
    }),
  );

  // The designer's 数据源 choice: codes and names only, never a host, user or password.
  app.get(`${BASE}/head/dataSources`, perm(REPORT_PERMS.list), () =>
    guarded(async () => ok(await dataSourceChoices(deps.database.db))),
  );

  app.post(`${BASE}/head/copy`, perm(REPORT_PERMS.add), (request) =>
    guarded(async () => {
      const def = await existing(deps, request);
      const copy = {
        ...def,
        head: {
          ...def.head,
          id: '',
          code: await freeCode(deps, def.head.code),
          name: `${def.head.name}（复制）`.slice(0, 100),
          rowVersion: 0,
        },
      };
      await save(request, copy);
      return okMessage(DesignerMessages.copied);
    }),
  );

  app.get(`${BASE}/head/exportJson`, perm(REPORT_PERMS.list), (request) =>
    guarded(async () => {
      const { head, items, params } = await existing(deps, request);
      const { id: _id, rowVersion: _v, ...portable } = head;
      return ok({ head: portable, items, params, format: 'zhjd-report/1' });
    }),
  );

  app.post(`${BASE}/head/importJson`, perm(REPORT_PERMS.add), (request) =>
    guarded(async () => {
      const body = asRecord(request.body);
      if (body.format !== 'zhjd-report/1') throw new ApiError(DesignerMessages.badJson);
      const def = definitionOf(body);
      def.head.id = '';
      await save(request, def);
      return okMessage(DesignerMessages.imported);
    }),
  );

  app.get(`${BASE}/item/listByHeadId`, perm(REPORT_PERMS.list), (request) =>
    guarded(async () => ok((await existing(deps, request, 'headId')).items)),
  );
  app.get(`${BASE}/param/listByHeadId`, perm(REPORT_PERMS.list), (request) =>
    guarded(async () => ok((await existing(deps, request, 'headId')).params)),
  );
}
