/**
 * 部门管理 (spec 001 section 7, JeecgBoot 3.4.3 paths under /sys/sysDepart): the hand-written
 * routes of the "routes": "external" declaration schemas/system/depart.json, department permissions
 * and department roles. The tree calls any form reads (queryTreeList, searchBy ...) are registered
 * with the pickers (server/sys/pickers.ts).
 */
import type { FastifyInstance } from 'fastify';
import { createRecordValidation } from '../../../runtime/model/declaration/record-validator.js';
import type { AppDeps } from '../../deps.js';
import { registerDepartPermissionRoutes } from './permission-routes.js';
import { registerDepartRoleRoutes } from './role-routes.js';
import { registerDepartScreenRoutes } from './screen-routes.js';

export function registerDepartAdminRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps.database;
  registerDepartScreenRoutes(app, db, deps.config.timeZone, createRecordValidation());
  registerDepartPermissionRoutes(app, db);
  registerDepartRoleRoutes(app, db);
}
