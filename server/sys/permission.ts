import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../app.js';
import type { Db } from '../db/database.js';
import { ApiError, ok, ResultCode } from '../result.js';
import { AuthMessages, type AuthContext } from '../http/authenticate.js';
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

/** Ids of the permission rows any of the user's roles grant (a subquery, so rows are never duplicated). */
function grantedIds(db: Db, userId: string) {
  return db
    .selectFrom('sysRolePermission as rp')
    .innerJoin('sysUserRole as ur', 'ur.roleId', 'rp.roleId')
    .select('rp.permissionId')
    .where('ur.userId', '=', userId);
}

export async function loadUserPermissions(db: Db, userId: string): Promise<UserPermissionAnswer> {
  const menuRows = await db
    .selectFrom('sysPermission')
    .select([
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
    ])
    .where('id', 'in', grantedIds(db, userId))
    .where('menuType', 'in', [0, 1])
    .where('status', '=', '1')
    .where('delFlag', '=', 0)
    .orderBy('sortNo')
    .orderBy('id')
    .execute();

  const userButtons = await db
    .selectFrom('sysPermission')
    .select(['perms', 'permsType', 'name'])
    .where('id', 'in', grantedIds(db, userId))
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
