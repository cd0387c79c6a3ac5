/**
 * 角色管理 (spec 001 section 7, JeecgBoot 3.4.3 paths): the hand-written routes of the "routes":
 * "external" declaration schemas/system/role.json, its grant dialog and its users.
 */
import type { FastifyInstance } from 'fastify';
import { createRecordValidation } from '../../../runtime/model/declaration/record-validator.js';
import type { AppDeps } from '../../deps.js';
import { registerRoleCrudRoutes } from './crud-routes.js';
import { registerRoleExport } from './export.js';
import { registerRoleGrantRoutes } from './grant-routes.js';
import { registerRoleUserRoutes } from './user-routes.js';

export function registerRoleRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps.database;
  const roleDeps = { db, timeZone: deps.config.timeZone, validation: createRecordValidation() };
  registerRoleCrudRoutes(app, roleDeps);
  registerRoleExport(app, roleDeps);
  registerRoleGrantRoutes(app, db);
  registerRoleUserRoutes(app, db);
}
