/**
 * The department tree as any form reads it (JeecgBoot 3.4.3 SysDepartController): queryTreeList
 * (the whole tree), queryDepartTreeSync?pid (one level, lazily), queryIdTree ({key, value, title}),
 * queryParentName?departId, searchBy?keyWord (flat matches), getDepartList (flat, by code) and
 * queryMyDeptTreeList (the caller's own departments with everything below them). Any signed-in
 * user may read them, with or without a role: a form offering a department picker must be able to
 * fill it, and the answers carry names, codes and the departments' own contact numbers, never
 * people. Each answers the departments of the caller's tenant (and those every tenant shares,
 * tenant_id 0): another organisation's departments are not found, not even by id.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { DepartNode } from '../../../runtime/model/contract/pickers.js';
import type { SortTerm } from '../../../runtime/model/query/conditions.js';
import type { Db } from '../../db/database.js';
import { checkId, guarded } from '../../entity/route-kit.js';
import { likePattern } from '../../entity/sql.js';
import { ok } from '../../result.js';
import { requireAuth } from '../permission.js';
import { ownOrShared } from '../tenant-scope.js';
import { authenticated, queryText } from '../menu/admin-kit.js';
import { DepartMessages } from './model.js';
import {
  DEFAULT_ORDER,
  departSqlContext,
  isRootDepart,
  nestDeparts,
  selectDeparts,
  treeModel,
  type DepartRow,
  type DepartTreeModel,
} from './store.js';

const BASE = '/sys/sysDepart';
/** Search words longer than this are cut: a name is never that long and LIKE work stays small. */
const MAX_KEYWORD = 50;

/** The picker's node (runtime/model/contract/pickers.ts): a root's parentId is ''. */
function pickerTree(nodes: readonly DepartTreeModel[]): DepartNode[] {
  return nodes.map(({ children, ...n }) => ({
    ...n,
    parentId: n.parentId ?? '',
    ...(children ? { children: pickerTree(children) } : {}),
  }));
}

interface IdNode {
  key: string;
  value: string;
  title: string;
  children?: IdNode[];
}

function idTree(nodes: readonly DepartTreeModel[]): IdNode[] {
  return nodes.map((n) => ({
    key: n.id,
    value: n.id,
    title: n.departName,
    ...(n.children ? { children: idTree(n.children) } : {}),
  }));
}

/** `alias` is a department of the caller's tenant (or one every tenant shares). */
function ofTenant(request: FastifyRequest, alias = 'd'): RawBuilder<SqlBool> {
  return ownOrShared(`${alias}.tenant_id`, requireAuth(request).tenantId);
}

export function registerDepartTreeRoutes(app: FastifyInstance, db: Db, timeZone: string): void {
  const ctx = departSqlContext(timeZone);
  /** The departments of the caller's tenant matching `where` (on `d`). */
  const select = (
    request: FastifyRequest,
    where: RawBuilder<SqlBool>,
    sort: readonly SortTerm[] = DEFAULT_ORDER,
    limit?: number,
  ) => selectDeparts(db, ctx, sql<SqlBool>`${ofTenant(request)} and ${where}`, sort, limit);
  const all = (request: FastifyRequest) => select(request, sql<SqlBool>`true`);

  app.get(`${BASE}/queryTreeList`, authenticated, async (request) =>
    ok(pickerTree(nestDeparts(await all(request)))),
  );

  app.get(`${BASE}/queryDepartTreeSync`, authenticated, (request) =>
    guarded(async () => {
      const pid = queryText(request, 'pid');
      const where = pid ? sql<SqlBool>`d.parent_id = ${checkId(pid)}` : isRootDepart;
      const rows = await select(request, where);
      return ok(rows.map((r) => ({ ...treeModel(r), parentId: r.parentId ?? '' })));
    }),
  );

  app.get(`${BASE}/queryIdTree`, authenticated, async (request) =>
    ok(idTree(nestDeparts(await all(request)))),
  );

  app.get(`${BASE}/queryParentName`, authenticated, (request) =>
    guarded(async () => {
      const id = checkId(queryText(request, 'departId'));
      const row = await sql<{ name: string | null }>`select p.depart_name as name from sys_depart d
        left join sys_depart p on p.id = d.parent_id and p.del_flag = 0 and ${ofTenant(request, 'p')}
        where d.id = ${id} and d.del_flag = 0 and ${ofTenant(request)}`.execute(db);
      if (row.rows.length === 0) return { ...ok(''), success: false, message: DepartMessages.notFound };
      return ok(row.rows[0].name ?? '');
    }),
  );

  // Matches by name, flat (the picker highlights them and opens their parents).
  app.get(`${BASE}/searchBy`, authenticated, async (request) => {
    const word = queryText(request, 'keyWord').slice(0, MAX_KEYWORD);
    if (!word) return ok([]);
    const rows = await select(
      request,
      sql<SqlBool>`d.depart_name ilike ${likePattern(word, 'contains')} escape '\\'`,
      [{ field: 'orgCode', order: 'asc' }],
      200,
    );
    return ok(rows.map((r) => ({ ...treeModel(r), isLeaf: true, parentId: r.parentId ?? '' })));
  });

  app.get(`${BASE}/getDepartList`, authenticated, async (request) => {
    const word = queryText(request, 'departName').slice(0, MAX_KEYWORD);
    const where = word
      ? sql<SqlBool>`d.depart_name ilike ${likePattern(word, 'contains')} escape '\\'`
      : sql<SqlBool>`true`;
    const rows = await select(request, where, [{ field: 'orgCode', order: 'asc' }]);
    return ok(rows.map(({ childCount: _count, ...row }: DepartRow) => row));
  });

  // message '2' when the caller belongs to departments (then the tree below them), else '1'.
  app.get(`${BASE}/queryMyDeptTreeList`, authenticated, async (request) => {
    const auth = requireAuth(request);
    const mine = await sql<{ orgCode: string }>`select d.org_code as "orgCode" from sys_depart d
      join sys_user_depart ud on ud.dep_id = d.id
      where ud.user_id = ${auth.userId} and d.del_flag = 0 and ${ofTenant(request)}`.execute(db);
    if (mine.rows.length === 0) return ok([], '1');
    const branches = sql.join(
      mine.rows.map((m) => sql<SqlBool>`left(d.org_code, ${m.orgCode.length}) = ${m.orgCode}`),
      sql` or `,
    );
    const rows = await select(request, sql<SqlBool>`(${branches})`);
    return ok(pickerTree(nestDeparts(rows)), '2');
  });
}
