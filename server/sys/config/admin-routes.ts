/**
 * The rest of 系统管理 (issue 10): tenants, system settings, versions and the release reminder,
 * the address list, check and fill rules, data sources and gateway routes. Registered before the
 * declared entities (registerSysRoutes runs first), so the save guards see their generated routes.
 */
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.js';
import { registerCheckRuleAdmin } from '../check-rule/routes.js';
import { registerDataSourceRoutes } from '../data-source/routes.js';
import { registerFillRuleRoutes } from '../fill-rule/routes.js';
import { registerGatewayRoutes } from '../gateway/routes.js';
import { registerMailListRoutes } from '../mail-list/routes.js';
import { registerTenantRoutes } from '../tenant/routes.js';
import { registerVersionAdminRoutes } from '../version-admin/routes.js';
import { registerConfigRoutes } from './routes.js';

export async function registerAdminConfigRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  await registerConfigRoutes(app, deps);
  registerTenantRoutes(app, deps);
  registerVersionAdminRoutes(app, deps);
  registerMailListRoutes(app, deps);
  registerCheckRuleAdmin(app, deps);
  registerFillRuleRoutes(app, deps);
  registerDataSourceRoutes(app, deps);
  registerGatewayRoutes(app, deps);
}
