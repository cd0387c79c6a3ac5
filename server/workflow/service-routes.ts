/**
 * The calls of service tasks (docs/modules/workflow.md, "Slice 5"): the registered handlers the
 * modeler offers (read-only, for whoever may open 流程模型) and 重试 of a failed one (admin, the
 * permission of 终止 in 流程实例).
 */
import type { FastifyInstance } from 'fastify';
import { access, guarded } from '../entity/route-kit.js';
import { ApiError, ok, okMessage } from '../result.js';
import type { WorkflowDeps } from './module.js';
import { publishEffects } from './notify.js';
import { actorOf, idOf } from './routes.js';
import { handlerChoices } from './service-handlers.js';
import { retryFailure } from './service-retry.js';

export function registerServiceRoutes(app: FastifyInstance, deps: WorkflowDeps): void {
  const { db, bus, bindings } = deps;
  app.get('/workflow/definition/handlers', access('flowModel:list'), () =>
    guarded(async () => ok(handlerChoices())),
  );
  app.put('/workflow/failure/retry', access('flowMonitor:terminate'), (request) =>
    guarded(async () => {
      const { effects, failed } = await retryFailure(db, bindings, idOf(request), actorOf(request));
      await publishEffects(db, bus, request.log, effects, effects.pushes);
      if (failed) throw new ApiError(`重试失败：${failed}`);
      return okMessage('重试成功');
    }),
  );
}
