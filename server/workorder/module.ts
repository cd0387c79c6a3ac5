/**
 * The work-order module (docs/modules/workorder.md): its input rules on the generated add / edit
 * routes (installed before the entity routes exist), its transition hooks (handed to the entity
 * routes) and its hand-written routes (registered once the declared stores exist).
 */
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app.js';
import { createDateFormatter } from '../http/dates.js';
import type { LoadedDeclaration } from '../../runtime/model/declaration/validate.js';
import { workOrderContext } from './context.js';
import { installWorkOrderGuards } from './guard.js';
import { registerWorkOrderRoutes } from './routes.js';

export { WORK_ORDER_HOOKS } from './dynamics.js';

/** Call inside the API plugin before registerEntityRoutes. */
export function installWorkOrderRules(app: FastifyInstance, deps: AppDeps): void {
  installWorkOrderGuards(app, deps.database.db, deps.config.apiBase, deps.config.timeZone);
}

/** Call inside the API plugin after registerEntityRoutes, with the declarations it loaded. */
export function registerWorkOrder(
  app: FastifyInstance,
  deps: AppDeps,
  declarations: readonly LoadedDeclaration[],
): void {
  const format = createDateFormatter(deps.config.timeZone);
  const ctx = workOrderContext(
    deps.database.db,
    deps.config.timeZone,
    () => format(new Date()),
    declarations,
  );
  registerWorkOrderRoutes(app, ctx);
}
