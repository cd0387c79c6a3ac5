import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps.js';
import { registerDepartAdminRoutes } from './depart/routes.js';
import { registerDepartRoutes } from './departs.js';
import { registerDictRoutes } from './dicts.js';
import { registerPickerAndUploadRoutes } from './pickers-routes.js';
import { registerMenuRoutes } from './menu/routes.js';
import { registerPermissionRoutes } from './permission.js';
import { registerRoleRoutes } from './role/routes.js';
import { registerUserRoutes } from './user/routes.js';
import { registerVersionRoutes } from './version.js';
import { registerAdminConfigRoutes } from './config/admin-routes.js';
import { registerLogRoutes } from './log/routes.js';
import { registerOnlineRoutes } from './online/routes.js';
import { registerTransitRoutes } from './transit/routes.js';

/** System routes: the current user's menu and departments, and the dictionaries. */
export async function registerSysRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  registerPermissionRoutes(app, deps);
  registerDepartRoutes(app, deps);
  registerDictRoutes(app, deps);
  registerVersionRoutes(app, deps);
  registerPickerAndUploadRoutes(app, deps);
  registerUserRoutes(app, deps);
  registerRoleRoutes(app, deps);
  registerDepartAdminRoutes(app, deps);
  await registerMenuRoutes(app, deps);
  await registerAdminConfigRoutes(app, deps);
  registerLogRoutes(app, deps);
  registerOnlineRoutes(app, deps);
  registerTransitRoutes(app, deps);
}
