/**
 * Read-only data behind the form pickers: the department tree and search (server/sys/depart/
 * tree-routes.ts) and the roles (GET /sys/role/queryall). Any signed-in user may read them, with
 * or without a role: a form that offers a picker must be able to fill it, and the answers carry
 * names and codes only, never people's contact data or credentials. Each answers the caller's
 * tenant: its own rows and those every tenant shares (tenant_id 0, e.g. the system roles).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PickerRole } from '../../runtime/model/contract/pickers.js';
import type { AppDeps } from '../deps.js';
import { ok } from '../result.js';
import { registerDepartTreeRoutes } from './depart/tree-routes.js';
import { requireAuth } from './permission.js';
import { ownOrShared } from './tenant-scope.js';

export type { DepartNode } from '../../runtime/model/contract/pickers.js';

/** Search words longer than this are cut: a name is never that long and LIKE work stays small. */
const MAX_KEYWORD = 50;

export function queryText(request: FastifyRequest, name: string): string {
  const value = (request.query as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value.trim().slice(0, MAX_KEYWORD) : '';
}

export function registerPickerRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps.database;
  registerDepartTreeRoutes(app, db, deps.config.timeZone);

  app.get('/sys/role/queryall', { config: { access: 'authenticated' } }, async (request) => {
    const roles: PickerRole[] = await db
      .selectFrom('sysRole as r')
      .select(['r.id', 'r.roleName', 'r.roleCode', 'r.description'])
      .where(ownOrShared('r.tenant_id', requireAuth(request).tenantId))
      .orderBy('r.roleCode')
      .limit(500)
      .execute();
    return ok(roles);
  });
}
