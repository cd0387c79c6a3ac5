/**
 * The work-order module (docs/modules/workorder.md): its input rules on the generated add / edit
 * routes (installed before the entity routes exist), its transition hooks (handed to the entity
 * routes) and its hand-written routes (registered once the declared stores exist).
 */
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps.js';
import type { EventBus } from '../bus/index.js';
import type { TodoRegistry } from '../todo/source.js';
import { installTodoPush } from './todo-push.js';
import { WORK_ORDER_SUB_TODO, WORK_ORDER_TODO } from './todo-sources.js';
import { registerWorkbenchRoutes } from './workbench.js';
import { createDateFormatter } from '../http/dates.js';
import type { LoadedDeclaration } from '../../runtime/model/declaration/validate.js';
import { workOrderContext } from './context.js';
import { installWorkOrderGuards } from './guard.js';
import { registerWorkOrderRoutes } from './routes.js';
import { registerWorkOrderStatistics } from './statistics/routes.js';
import { registerWorkOrderDetailsRoutes } from './details-routes.js';

export { WORK_ORDER_HOOKS, WORK_ORDER_SAVE_HOOKS } from './dynamics.js';

/**
 * Call inside the API plugin before registerEntityRoutes: the input rules, and the live to-do push
 * after a change (both attach to the generated routes as they are made).
 */
export function installWorkOrderRules(app: FastifyInstance, deps: AppDeps, bus: EventBus): void {
  installWorkOrderGuards(app, deps.database.db, deps.config.apiBase, deps.config.timeZone);
  installTodoPush(app, deps.database.db, bus, deps.config.apiBase);
}

/** Call inside the API plugin after registerEntityRoutes, with the declarations it loaded. */
export function registerWorkOrder(
  app: FastifyInstance,
  deps: AppDeps,
  declarations: readonly LoadedDeclaration[],
  todo: TodoRegistry,
): void {
  const format = createDateFormatter(deps.config.timeZone);
  const ctx = workOrderContext(
    deps.database.db,
    deps.config.timeZone,
    () => format(new Date()),
    declarations,
  );
  registerWorkOrderRoutes(app, ctx);
  // Orders and sub-orders are what the workbench's 待办 / 已办 list first (server/todo/).
  todo.add(WORK_ORDER_TODO);
  todo.add(WORK_ORDER_SUB_TODO);
  registerWorkbenchRoutes(app, ctx, todo);
  registerWorkOrderStatistics(app, ctx);
  registerWorkOrderDetailsRoutes(app, ctx);
}
