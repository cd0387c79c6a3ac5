/**
 * 流程异常 calls (docs/modules/workflow.md, "Slice 5b"): the list (failed timers and failed service
 * tasks) and 重试 / 指派 / 忽略, each under its own permission (admin) and each recorded in
 * `wf_exception_handle`.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { access, guarded } from '../entity/route-kit.js';
import { ApiError, ok, okMessage } from '../result.js';
import { readComment } from './actions.js';
import { exceptionPage, mustBeOpen, readException, rearm, recordHandle, timerOutcome } from './exceptions.js';
import { reassignTask } from './monitor.js';
import type { WorkflowDeps } from './module.js';
import { publishEffects } from './notify.js';
import type { PageQuery } from './queries.js';
import { actorOf, bodyOf, idOf } from './routes.js';
import { retryFailure } from './service-retry.js';
import { fireDueTimers } from './timer-fire.js';

const BASE = '/workflow/exception';

export function registerExceptionRoutes(app: FastifyInstance, deps: WorkflowDeps): void {
  const { db, bus, bindings } = deps;
  const open = async (request: FastifyRequest) => {
    const row = await readException(db, idOf(request), actorOf(request));
    mustBeOpen(row);
    return row;
  };

  app.get(`${BASE}/list`, access('flowException:list'), (request) =>
    guarded(async () => ok(await exceptionPage(db, actorOf(request), request.query as PageQuery))),
  );

  // 重试: a timer fires now, in the scheduler's own pass (exactly once, with its locks); a service
  // task runs again through slice 5's retry (service-retry.ts).
  app.put(`${BASE}/retry`, access('flowException:retry'), (request) =>
    guarded(async () => {
      const row = await open(request);
      const actor = actorOf(request);
      let failed: string | undefined;
      let result = '重试成功';
      if (row.source === 'service') {
        const retried = await retryFailure(db, bindings, row.id, actor);
        await publishEffects(db, bus, request.log, retried.effects, retried.effects.pushes);
        failed = retried.failed;
      } else {
        await rearm(db, row.id);
        await fireDueTimers({ db, bindings, bus, log: request.log });
        const after = await timerOutcome(db, row.id);
        if (after.status === 'failed') failed = after.result ?? '';
        else if (after.status === 'cancelled') result = '任务已结束，定时器已取消';
      }
      if (failed !== undefined) result = `重试失败：${failed}`;
      await recordHandle(db, row, actor, { action: 'retry', note: '', result });
      if (failed !== undefined) throw new ApiError(result);
      return okMessage(result);
    }),
  );

  // 指派: the stuck task goes to a user (as 流程实例's 转派, with its refusals and history).
  app.put(`${BASE}/assign`, access('flowException:assign'), (request) =>
    guarded(async () => {
      const row = await open(request);
      if (row.source === 'service' || !row.taskId)
        throw new ApiError('服务处理失败不能指派，请重试或忽略（或在流程实例中终止）');
      const body = bodyOf(request);
      const username = typeof body.username === 'string' ? body.username.trim() : '';
      if (!username) throw new ApiError('请选择指派给谁');
      const comment = readComment(body.comment, false);
      const actor = actorOf(request);
      const effects = await reassignTask(
        db,
        { instanceId: row.instanceId, taskId: row.taskId, username, comment: comment || '流程异常指派' },
        actor,
      );
      await recordHandle(db, row, actor, { action: 'assign', note: comment, result: `指派给${username}` });
      await publishEffects(db, bus, request.log, effects, effects.pushes);
      return okMessage('指派成功');
    }),
  );

  app.put(`${BASE}/ignore`, access('flowException:ignore'), (request) =>
    guarded(async () => {
      const row = await open(request);
      const comment = readComment(bodyOf(request).comment, false);
      await recordHandle(db, row, actorOf(request), { action: 'ignore', note: comment, result: '已忽略' });
      return okMessage('已忽略');
    }),
  );
}
