/**
 * Changing the menu tree: POST add, PUT / POST edit, DELETE delete?id and deleteBatch?ids. A menu
 * or button hangs under a menu that exists (父节点不存在), never under itself or below itself
 * (不能将节点移动到自身或其下级节点下); a declared screen must exist; a delete takes the row's
 * whole subtree with it. Every change drops the cached permission codes of everybody, on every
 * server, and the affected users' menus change on their next page load.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type SqlBool } from 'kysely';
import type { RecordValidation } from '../../../runtime/model/declaration/record-validator.js';
import type { Db } from '../../db/database.js';
import { newId } from '../../db/seed/ids.js';
import { asRecord } from '../../entity/body.js';
import { checkId, guarded, idList, idParam } from '../../entity/route-kit.js';
import { ApiError, okMessage } from '../../result.js';
import { actorOf, checkedValues, everyonesPermissionsChanged, perm, queryText, text } from './admin-kit.js';
import type { DeclaredScreens } from './declared-screens.js';
import { MenuMessages, MenuPerms, permissionModel } from './model.js';
import { BOOLEAN_FIELDS, menuSqlContext, screenRow, selectMenus } from './store.js';

const PERMS = /^[A-Za-z0-9_:.-]+$/;
const MAX_DEPTH = 64;

/** The writable sys_permission columns of the form. */
interface MenuColumns {
  name?: string;
  url?: string | null;
  component?: string | null;
  componentName?: string | null;
  redirect?: string | null;
  icon?: string | null;
  perms?: string | null;
  parentId?: string | null;
  menuType?: number;
  permsType?: string;
  status?: string;
  sortNo?: number;
  isRoute?: boolean;
  hidden?: boolean;
  keepAlive?: boolean;
  alwaysShow?: boolean;
  hideTab?: boolean;
  internalOrExternal?: boolean;
}

const TEXT_FIELDS = ['url', 'component', 'componentName', 'redirect', 'icon', 'perms'] as const;

/** The columns a checked body sends (absent keys stay absent: an edit keeps them). */
function columnsOf(values: Record<string, unknown>): MenuColumns {
  const has = (name: string) => Object.hasOwn(values, name);
  const out: MenuColumns = {};
  if (has('name')) out.name = text(values.name) ?? '';
  for (const name of TEXT_FIELDS) if (has(name)) out[name] = text(values[name]);
  if (has('parentId')) out.parentId = text(values.parentId);
  if (has('menuType')) out.menuType = Number(values.menuType ?? 0);
  if (has('permsType')) out.permsType = text(values.permsType) ?? '1';
  if (has('status')) out.status = text(values.status) ?? '1';
  if (has('sortNo')) out.sortNo = values.sortNo === null ? 0 : Number(values.sortNo);
  for (const name of BOOLEAN_FIELDS) if (has(name)) out[name] = values[name] === 'Y' || values[name] === true;
  return out;
}

const ADD_DEFAULTS = {
  menuType: 0,
  permsType: '1',
  status: '1',
  sortNo: 1,
  isRoute: true,
  hidden: false,
  keepAlive: false,
  alwaysShow: false,
  hideTab: false,
  internalOrExternal: false,
} as const;

interface Stored {
  id: string;
  parentId: string | null;
  menuType: number;
  /** The row as the screen reads it (the form's rules see it on edit). */
  screen: Record<string, unknown>;
}

async function stored(db: Db, id: string): Promise<Stored> {
  const [row] = await selectMenus(db, menuSqlContext('UTC'), sql<SqlBool>`p.id = ${id}`, undefined, 1);
  if (!row) throw new ApiError(MenuMessages.notFound);
  return { id: row.id, parentId: row.parentId, menuType: row.menuType, screen: screenRow(row) };
}

/** Checks the parent of a menu row: it exists, is a menu, and (on edit) is not the row or below it. */
async function checkParent(db: Db, parentId: string, id?: string): Promise<void> {
  const parent = await db
    .selectFrom('sysPermission')
    .select(['id', 'menuType'])
    .where('id', '=', checkId(parentId))
    .where('delFlag', '=', 0)
    .executeTakeFirst();
  if (!parent) throw new ApiError(MenuMessages.noParent);
  if (parent.menuType === 2) throw new ApiError(MenuMessages.parentIsButton);
  let current: string | null = parentId;
  for (let depth = 0; current; depth += 1) {
    if (current === id || depth > MAX_DEPTH) throw new ApiError(MenuMessages.cycle);
    const row = await db
      .selectFrom('sysPermission')
      .select('parentId')
      .where('id', '=', current)
      .executeTakeFirst();
    current = row?.parentId ?? null;
  }
}

/** is_leaf of the given rows, from their live children. */
async function refreshLeaves(db: Db, ids: readonly (string | null)[]): Promise<void> {
  const present = [...new Set(ids.filter((id): id is string => !!id))];
  if (present.length === 0) return;
  await sql`update sys_permission p set is_leaf = not exists (
      select 1 from sys_permission c where c.parent_id = p.id and c.del_flag = 0)
    where p.id in (${sql.join(present)})`.execute(db);
}

export function registerMenuWriteRoutes(
  app: FastifyInstance,
  db: Db,
  validation: RecordValidation,
  screens: DeclaredScreens,
): void {
  /** What every save checks beyond the declaration's rules; answers the final columns. */
  const settle = async (columns: MenuColumns, before?: Stored): Promise<MenuColumns> => {
    const menuType = Number(columns.menuType ?? before?.menuType ?? 0);
    if (menuType === 0) columns.parentId = null;
    const parentId = columns.parentId === undefined ? before?.parentId : columns.parentId;
    if (menuType !== 0 && !parentId) throw new ApiError(MenuMessages.noParent);
    if (parentId && (columns.parentId !== undefined || menuType !== before?.menuType))
      await checkParent(db, parentId, before?.id);
    const perms = columns.perms;
    if (typeof perms === 'string') {
      const codes = perms.split(',').map((c) => c.trim());
      if (codes.some((c) => !PERMS.test(c))) throw new ApiError(MenuMessages.badPerms);
      columns.perms = codes.join(',');
    }
    const component = columns.component;
    if (
      typeof component === 'string' &&
      component.startsWith('declared/') &&
      !screens.isDeclaredComponent(component)
    )
      throw new ApiError(MenuMessages.unknownScreen(component));
    if (menuType === 2) columns.isRoute = false;
    return columns;
  };

  app.post('/sys/permission/add', perm(MenuPerms.add), (request) =>
    guarded(async () => {
      const values = checkedValues(validation, permissionModel, 'add', request.body);
      const columns = await settle({ ...ADD_DEFAULTS, ...columnsOf(values) });
      const id = newId();
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('sysPermission')
          .values({
            ...ADD_DEFAULTS,
            ...columns,
            id,
            name: columns.name ?? '',
            isLeaf: true,
            delFlag: 0,
            createBy: actorOf(request),
          })
          .execute();
        await refreshLeaves(trx, [columns.parentId ?? null]);
      });
      await everyonesPermissionsChanged(db);
      return okMessage(MenuMessages.added);
    }),
  );

  const edit = (request: FastifyRequest) =>
    guarded(async () => {
      // The leaf flag queryById answers is the server's (refreshLeaves): a form sends it back.
      const { isLeaf: _leaf, ...body } = asRecord(request.body);
      const id = checkId(body.id);
      const before = await stored(db, id);
      const values = checkedValues(validation, permissionModel, 'edit', body, before.screen);
      const columns = await settle(columnsOf(values), before);
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('sysPermission')
          .set({ ...columns, updateBy: actorOf(request), updateTime: new Date() })
          .where('id', '=', id)
          .execute();
        await refreshLeaves(trx, [before.parentId, columns.parentId ?? null, id]);
      });
      await everyonesPermissionsChanged(db);
      return okMessage(MenuMessages.edited);
    });
  app.put('/sys/permission/edit', perm(MenuPerms.edit), edit);
  app.post('/sys/permission/edit', perm(MenuPerms.edit), edit);

  /** Deletes the rows and everything below them; grants and data rules go with them (cascade). */
  const remove = async (ids: string[]) => {
    await db.transaction().execute(async (trx) => {
      const found = await trx
        .selectFrom('sysPermission')
        .select(['id', 'parentId'])
        .where('id', 'in', ids)
        .where('delFlag', '=', 0)
        .execute();
      if (found.length === 0) throw new ApiError(MenuMessages.notFound);
      const subtree = await sql<{ id: string }>`
        with recursive down(id, depth) as (
          select id, 0 from sys_permission where id in (${sql.join(found.map((r) => r.id))})
          union
          select c.id, down.depth + 1 from sys_permission c join down on c.parent_id = down.id
          where down.depth < ${MAX_DEPTH}
        )
        select distinct id from down`.execute(trx);
      await trx
        .deleteFrom('sysPermission')
        .where(
          'id',
          'in',
          subtree.rows.map((r) => r.id),
        )
        .execute();
      await refreshLeaves(
        trx,
        found.map((r) => r.parentId),
      );
    });
    await everyonesPermissionsChanged(db);
  };

  app.delete('/sys/permission/delete', perm(MenuPerms.delete), (request) =>
    guarded(async () => {
      await remove([idParam(request)]);
      return okMessage(MenuMessages.deleted);
    }),
  );

  app.delete('/sys/permission/deleteBatch', perm(MenuPerms.delete), (request) =>
    guarded(async () => {
      await remove(idList(queryText(request, 'ids')));
      return okMessage(MenuMessages.deleted);
    }),
  );
}
