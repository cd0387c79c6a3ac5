import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app.js';
import { registerDepartRoutes } from './departs.js';
import { registerDictRoutes } from './dicts.js';
import { registerPickerAndUploadRoutes } from './pickers-routes.js';
import { registerPermissionRoutes } from './permission.js';
import { registerVersionRoutes } from './version.js';

/** System routes: the current user's menu and departments, and the dictionaries. */
export async function registerSysRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  registerPermissionRoutes(app, deps);
  registerDepartRoutes(app, deps);
  registerDictRoutes(app, deps);
  registerVersionRoutes(app, deps);
  registerPickerAndUploadRoutes(app, deps);
}
