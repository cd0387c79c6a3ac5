/** The pickers' and uploads' routes, registered by one line in routes.ts. */
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps.js';
import { registerPickerRoutes } from './pickers.js';
import { registerUserPickerRoutes } from './pickers-users.js';
import { registerRegionRoutes } from './regions.js';
import { registerUploadRoutes } from './upload.js';

export function registerPickerAndUploadRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerPickerRoutes(app, deps);
  registerUserPickerRoutes(app, deps);
  registerRegionRoutes(app);
  registerUploadRoutes(app, deps);
}
