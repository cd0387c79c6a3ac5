import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps.js';
import type { Db } from '../db/database.js';
import { ApiError, ok, ResultCode } from '../result.js';
import { AuthMessages, type AuthContext } from '../http/authenticate.js';
import { grantedPermissionIds } from '../auth/permission-codes.js';
import { buildMenuTree, type RouteNode } from './menu-tree.js';

export interface UserAuth {
  action: string;
  type: string;
  describe: string;
}

export interface SystemAuth extends UserAuth {
  status: string;
}

export interface UserPermissionAnswer {
  menu: RouteNode[];
  auth: UserAuth[];
  allAuth: SystemAuth[];
  sysSafeMode: boolean;
}

/** The signed-in caller; routes declared 'authenticated' always have one, this guards against misuse. */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new ApiError(AuthMessages.tokenInvalid, ResultCode.TOKEN_INVALID, 401);
  return request.auth;
}

/**
 * The signed-in user's menu and button answer. The rows come from the user's roles and department
 * roles alike; it is read fresh on every call (once per page load), so an admin's change to the
 * menu shows on the affected user's next page load.
 */
/** The workbench: every user who has a menu at all has it (the contract force-adds the home row). */
export const HOME_URL = '/HomePage/index';

const MENU_COLUMNS = [
  'id',
  'parentId',
  'name',
  'url',
  'component',
  'componentName',
  'redirect',
  'sortNo',
  'alwaysShow',
  'icon',
  'isRoute',
  'keepAlive',
  'hidden',
  'hideTab',
  'internalOrExternal',
] as const;

type MenuRow = Awaited<ReturnType<typeof grantedMenuRows>>[number];

function grantedMenuRows(db: Db, userId: string) {
  return db
    .selectFrom('sysPermission')
    .select(MENU_COLUMNS)
    .where('id', 'in', grantedPermissionIds(db, userId))
    .where('menuType', 'in', [0, 1])
    .where('status', '=', '1')
    .where('delFlag', '=', 0)
    .orderBy('sortNo')
    .orderBy('id')
    .execute();
}

/**
 * Every signed-in user has the workbench (the shell opens 工作台 first): the home row and its parents
 * are added when not granted, as the contract's "首页 is force-added if absent" - also for a user
 * with no role at all, whose menu is then the workbench alone (their own to-dos and messages).
 */
async function withHome(db: Db, rows: MenuRow[]): Promise<MenuRow[]> {
  if (rows.some((r) => r.url === HOME_URL)) return rows;
  const have = new Set(rows.map((r) => r.id));
  const added: MenuRow[] = [];
  let next = await db
    .selectFrom('sysPermission')
    .select(MENU_COLUMNS)
    .where('url', '=', HOME_URL)
    .where('delFlag', '=', 0)
    .where('status', '=', '1')
    .executeTakeFirst();
  while (next && !have.has(next.id)) {
    added.push(next);
    have.add(next.id);
    if (!next.parentId) break;
    next = await db
      .selectFrom('sysPermission')
      .select(MENU_COLUMNS)
      .where('id', '=', next.parentId)
      .where('delFlag', '=', 0)
      .executeTakeFirst();
  }
  if (added.length === 0) return rows;
  return [...rows, ...added].sort((a, b) => (a.sortNo ?? 0) - (b.sortNo ?? 0) || a.id.localeCompare(b.id));
}

export async function loadUserPermissions(db: Db, userId: string): Promise<UserPermissionAnswer> {
  const menuRows = await withHome(db, await grantedMenuRows(db, userId));

  const userButtons = await db
    .selectFrom('sysPermission')
    .select(['perms', 'permsType', 'name'])
    .where('id', 'in', grantedPermissionIds(db, userId))
    .where('menuType', '=', 2)
    .where('status', '=', '1')
    .where('delFlag', '=', 0)
    .orderBy('sortNo')
    .orderBy('id')
    .execute();

  const allButtons = await db
    .selectFrom('sysPermission')
    .select(['perms', 'permsType', 'name', 'status'])
    .where('menuType', '=', 2)
    .where('delFlag', '=', 0)
    .orderBy('sortNo')
    .orderBy('id')
    .execute();

  return {
    menu: buildMenuTree(menuRows),
    auth: userButtons.map((b) => ({ action: b.perms ?? '', type: b.permsType, describe: b.name })),
    allAuth: allButtons.map((b) => ({
      action: b.perms ?? '',
      status: b.status,
      type: b.permsType,
      describe: b.name,
    })),
    sysSafeMode: false,
  };
}

export function registerPermissionRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps.database;
  app.get(
    '/sys/permission/getUserPermissionByToken',
    { config: { access: 'authenticated' } },
    async (request) => {
      const auth = requireAuth(request);
      return ok(await loadUserPermissions(db, auth.userId), '查询成功');
    },
  );
}
