/**
 * 用户管理 (spec 001 section 7, JeecgBoot 3.4.3 paths under /sys/user): the hand-written routes of
 * the "routes": "external" declaration schemas/system/user.json. Pickers (queryUserComponentData),
 * sign-in, registration, checkOnlyUser and the user's own password live elsewhere.
 */
import type { FastifyInstance } from 'fastify';
import { createRecordValidation } from '../../../runtime/model/declaration/record-validator.js';
import type { AppDeps } from '../../deps.js';
import { userDeps } from './context.js';
import { registerUserDirectoryRoutes } from './directory-routes.js';
import { registerUserExport } from './export.js';
import { registerUserImport } from './import.js';
import { registerUserListRoutes } from './list-routes.js';
import { registerUserWriteRoutes } from './write-routes.js';

export function registerUserRoutes(app: FastifyInstance, deps: AppDeps): void {
  const user = userDeps(
    deps.database.db,
    deps.config.timeZone,
    createRecordValidation(),
    deps.config.dataDir,
  );
  registerUserListRoutes(app, user);
  registerUserDirectoryRoutes(app, user);
  registerUserWriteRoutes(app, user);
  registerUserExport(app, user);
  registerUserImport(app, user);
}
