/**
 * Reading the menu tree (JeecgBoot 3.4.3 SysPermissionController): list (the whole tree, or flat
 * matches with ?name=), getSystemMenuList (top menus), getSystemSubmenu?parentId,
 * getSystemSubmenuBatch?parentIds, queryTreeList and queryListAsync?pid (tree nodes), loadAllRoleIds
 * (every row id: the dialogs' check-all), plus the declared screen's calls: rootList, childList?pid,
 * queryById and loadTreeRoot (the 上级菜单 picker, menus only).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type SqlBool } from 'kysely';
import { single } from '../../../runtime/model/query/compile.js';
import type { Db } from '../../db/database.js';
import { addDictText } from '../../entity/dict-text.js';
import { checkId, guarded, idParam, pageOf, queryOf } from '../../entity/route-kit.js';
import { conditionSql } from '../../entity/sql.js';
import type { Row } from '../../entity/store.js';
import { ApiError, ok } from '../../result.js';
import { allOf, idsOf, listQuery, nestSelectNodes, perm, queryText, scopeOf } from './admin-kit.js';
import { MENU_ALIAS, MenuMessages, MenuPerms, permissionModel } from './model.js';
import { permissionTree } from './permission-tree.js';
import { DepartPerms } from '../depart/model.js';
import { RolePerms } from '../role/model.js';
import {
  contractRow,
  countMenus,
  menuSqlContext,
  nestContractRows,
  screenRow,
  selectMenus,
  type MenuRow,
} from './store.js';

const BASE = '/sys/permission';
const MAX_CHILDREN = 1000;
const isRoot = sql<SqlBool>`(p.parent_id is null or p.parent_id = '')`;

export function registerMenuReadRoutes(app: FastifyInstance, db: Db, timeZone: string): void {
  const ctx = menuSqlContext(timeZone);
  const access = perm(MenuPerms.list);
  const scope = (request: FastifyRequest) => scopeOf(db, request, permissionModel, MENU_ALIAS, timeZone);
  const present = async (rows: MenuRow[]) => addDictText(db, permissionModel, rows.map(screenRow) as Row[]);

  app.get(`${BASE}/list`, access, (request) =>
    guarded(async () => {
      const name = queryText(request, 'name');
      if (name === '') return ok(nestContractRows(await selectMenus(db, ctx, sql<SqlBool>`true`)));
      const rows = await selectMenus(
        db,
        ctx,
        conditionSql(ctx, { kind: 'like', field: 'name', value: name, match: 'contains' }),
      );
      return ok(rows.map((row) => ({ ...contractRow(row), isLeaf: true, leaf: true })));
    }),
  );

  app.get(`${BASE}/getSystemMenuList`, access, async () =>
    ok((await selectMenus(db, ctx, sql<SqlBool>`p.menu_type = 0`)).map(contractRow)),
  );

  app.get(`${BASE}/getSystemSubmenu`, access, (request) =>
    guarded(async () => {
      const parentId = checkId(queryText(request, 'parentId'));
      return ok((await selectMenus(db, ctx, sql<SqlBool>`p.parent_id = ${parentId}`)).map(contractRow));
    }),
  );

  app.get(`${BASE}/getSystemSubmenuBatch`, access, (request) =>
    guarded(async () => {
      const parentIds = idsOf(queryText(request, 'parentIds'));
      const byParent: Record<string, ReturnType<typeof contractRow>[]> = {};
      if (parentIds.length === 0) return ok(byParent);
      const rows = await selectMenus(db, ctx, sql<SqlBool>`p.parent_id in (${sql.join(parentIds)})`);
      for (const row of rows) (byParent[row.parentId!] ??= []).push(contractRow(row));
      return ok(byParent);
    }),
  );

  app.get(`${BASE}/queryTreeList`, perm(DepartPerms.permission), async () => ok(await permissionTree(db)));

  // The children of pid (the roots without one) as tree nodes.
  app.get(`${BASE}/queryListAsync`, access, (request) =>
    guarded(async () => {
      const pid = queryText(request, 'pid');
      const where = pid ? sql<SqlBool>`p.parent_id = ${checkId(pid)}` : isRoot;
      const answer = await permissionTree(db, where);
      return ok(answer.treeList.map((node) => ({ ...node, children: undefined })));
    }),
  );

  app.get(`${BASE}/loadAllRoleIds`, perm(RolePerms.authorize), async () => {
    const rows = await db
      .selectFrom('sysPermission')
      .select('id')
      .where('delFlag', '=', 0)
      .orderBy('sortNo')
      .execute();
    return ok(rows.map((r) => r.id));
  });

  // Roots, paged; with hasQuery=true and filters, matches at any depth (the screen's search).
  app.get(`${BASE}/rootList`, access, (request) =>
    guarded(async () => {
      const query = listQuery(permissionModel, request, ['hasQuery']);
      const search = single(queryOf(request), 'hasQuery') === 'true' && query.where !== null;
      const where = allOf([
        query.where ? conditionSql(ctx, query.where) : null,
        search ? null : isRoot,
        await scope(request),
      ]);
      const total = await countMenus(db, where);
      const offset = (query.pageNo - 1) * query.pageSize;
      const rows =
        offset < total ? await selectMenus(db, ctx, where, query.sort, query.pageSize, offset) : [];
      return ok(pageOf(await present(rows), total, query.pageNo, query.pageSize));
    }),
  );

  app.get(`${BASE}/childList`, access, (request) =>
    guarded(async () => {
      const pid = queryText(request, 'pid');
      if (!pid) throw new ApiError(MenuMessages.noPid);
      const query = listQuery(permissionModel, request, ['pid']);
      const where = allOf([
        query.where ? conditionSql(ctx, query.where) : null,
        sql<SqlBool>`p.parent_id = ${checkId(pid)}`,
        await scope(request),
      ]);
      return ok(await present(await selectMenus(db, ctx, where, query.sort, MAX_CHILDREN)));
    }),
  );

  app.get(`${BASE}/queryById`, access, (request) =>
    guarded(async () => {
      const where = allOf([sql<SqlBool>`p.id = ${idParam(request)}`, await scope(request)]);
      const [row] = await selectMenus(db, ctx, where, undefined, 1);
      if (!row) throw new ApiError(MenuMessages.notFound);
      return ok((await present([row]))[0]);
    }),
  );

  // The 上级菜单 picker: menus only (a button cannot hold children), nested.
  app.get(`${BASE}/loadTreeRoot`, access, async () => {
    const rows = await selectMenus(db, ctx, sql<SqlBool>`p.menu_type in (0, 1)`);
    return ok(
      nestSelectNodes(
        rows.map((r) => ({
          key: r.id,
          title: r.name,
          value: r.id,
          code: r.url,
          parentId: r.parentId ?? '',
          isLeaf: true,
        })),
      ),
    );
  });
}
