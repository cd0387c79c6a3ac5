/**
 * 流程实例 / 流程历史 (admin) and the diagram of an instance (docs/modules/workflow.md, "Calls").
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hasPermission } from '../auth/permission-codes.js';
import { access, checkId, guarded } from '../entity/route-kit.js';
import { ApiError, ok, okMessage } from '../result.js';
import { readComment } from './actions.js';
import { diagramOf } from './diagram.js';
import { monitorPage, reassignTask, terminateInstance, type MonitorQuery } from './monitor.js';
import type { WorkflowDeps } from './module.js';
import { publishEffects } from './notify.js';
import { actorOf, bodyOf, idOf } from './routes.js';

export const MONITOR_LIST = 'flowMonitor:list';
const BASE = '/workflow/monitor';

const optionalId = (value: unknown) => (value === undefined || value === '' ? undefined : checkId(value));

export function registerMonitorRoutes(app: FastifyInstance, deps: WorkflowDeps): void {
  const { db, bus, bindings, timeZone } = deps;
  const publish = (request: FastifyRequest, effects: Awaited<ReturnType<typeof terminateInstance>>) =>
    publishEffects(db, bus, request.log, effects, effects.pushes);

  app.get(`${BASE}/list`, access(MONITOR_LIST), (request) =>
    guarded(async () => ok(await monitorPage(db, actorOf(request), request.query as MonitorQuery, timeZone))),
  );

  app.put(`${BASE}/terminate`, access('flowMonitor:terminate'), (request) =>
    guarded(async () => {
      const reason = readComment(bodyOf(request).reason, false);
      if (!reason) throw new ApiError('请填写终止原因');
      await publish(request, await terminateInstance(db, bindings, idOf(request), actorOf(request), reason));
      return okMessage('流程已终止');
    }),
  );

  app.put(`${BASE}/reassign`, access('flowMonitor:reassign'), (request) =>
    guarded(async () => {
      const body = bodyOf(request);
      const username = typeof body.username === 'string' ? body.username.trim() : '';
      if (!username) throw new ApiError('请选择转派对象');
      const effects = await reassignTask(
        db,
        {
          instanceId: idOf(request),
          taskId: optionalId(body.taskId) ?? null,
          username,
          comment: readComment(body.comment, false),
        },
        actorOf(request),
      );
      await publish(request, effects);
      return okMessage('转派成功');
    }),
  );

  // The starter, the people of its tasks and the admins; by instance, task or business row id.
  app.get('/workflow/instance/diagram', access(null), (request) =>
    guarded(async () => {
      const q = request.query as Record<string, unknown>;
      const ref = {
        id: optionalId(q.id),
        taskId: optionalId(q.taskId),
        businessKey: optionalId(q.businessKey),
      };
      if (!ref.id && !ref.taskId && !ref.businessKey) throw new ApiError('缺少流程实例');
      const admin = await hasPermission(db, request.auth!.userId, MONITOR_LIST);
      return ok(await diagramOf(db, actorOf(request), ref, admin, timeZone));
    }),
  );
}
