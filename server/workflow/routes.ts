/**
 * The workflow's calls (docs/modules/workflow.md, "Calls"): deploy, the task and instance lists of
 * 我的待办 / 我的已办 / 我发起的, approve, reject, withdraw and the history (a declared form's start and
 * withdraw: approval-routes.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { access, checkId, guarded } from '../entity/route-kit.js';
import { ApiError, ok, okMessage } from '../result.js';
import { approveTask, readComment, rejectTask, withdrawInstance } from './actions.js';
import { publishEffects } from './notify.js';
import { returnChoices } from './return-targets.js';
import { addAfterTask, delegateTask } from './task-delegate.js';
import { addSignTask, returnTask, transferTask } from './task-moves.js';
import { historyOf, instancePage, taskPage, type PageQuery } from './queries.js';
import type { Actor, Effects } from './service.js';
import type { WorkflowDeps } from './module.js';

export function actorOf(request: FastifyRequest): Actor {
  const auth = request.auth!;
  return { username: auth.username, realname: auth.realname, orgCode: auth.orgCode, tenantId: auth.tenantId };
}

export const bodyOf = (request: FastifyRequest) => (request.body ?? {}) as Record<string, unknown>;
export const idOf = (request: FastifyRequest) =>
  checkId(bodyOf(request).id ?? (request.query as { id?: unknown }).id);

export function registerWorkflowRoutes(app: FastifyInstance, deps: WorkflowDeps): void {
  const { db, bus, bindings } = deps;
  // The answer does not wait for the pushes: they only tell other people (and log their own failure).
  const done = (request: FastifyRequest, effects: Effects, message: string) => {
    void publishEffects(db, bus, request.log, effects, effects.pushes);
    return okMessage(message);
  };

  app.get('/workflow/task/list', access(null), (request) =>
    guarded(async () => ok(await taskPage(db, actorOf(request), request.query as PageQuery))),
  );
  app.get('/workflow/instance/list', access(null), (request) =>
    guarded(async () => ok(await instancePage(db, actorOf(request), request.query as PageQuery))),
  );
  app.get('/workflow/task/history', access(null), (request) =>
    guarded(async () => ok(await historyOf(db, actorOf(request), { taskId: idOf(request) }, deps.timeZone))),
  );
  app.get('/workflow/instance/history', access(null), (request) =>
    guarded(async () =>
      ok(await historyOf(db, actorOf(request), { instanceId: idOf(request) }, deps.timeZone)),
    ),
  );

  app.put('/workflow/task/approve', access('flowTask:approve'), (request) =>
    guarded(async () => {
      const comment = readComment(bodyOf(request).comment, false);
      const form = formOf(bodyOf(request).form);
      return done(
        request,
        await approveTask(db, bindings, idOf(request), actorOf(request), comment, form),
        '审批成功',
      );
    }),
  );
  app.put('/workflow/task/reject', access('flowTask:reject'), (request) =>
    guarded(async () => {
      const comment = readComment(bodyOf(request).comment, true);
      return done(
        request,
        await rejectTask(db, bindings, idOf(request), actorOf(request), comment),
        '已驳回',
      );
    }),
  );
  const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
  const formOf = (value: unknown) =>
    typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  app.put('/workflow/task/return', access('flowTask:approve'), (request) =>
    guarded(async () => {
      const body = bodyOf(request);
      const comment = readComment(body.comment, true);
      const target = body.target === 'starter' || body.target === 'node' ? body.target : 'previous';
      const elementId = text(body.elementId);
      if (target === 'node' && !elementId) throw new ApiError('请选择退回到哪个节点');
      const input = { target, elementId, comment } as const;
      const effects = await returnTask(db, bindings, idOf(request), actorOf(request), input);
      return done(request, effects, '已退回');
    }),
  );
  app.put('/workflow/task/transfer', access('flowTask:approve'), (request) =>
    guarded(async () => {
      const body = bodyOf(request);
      const username = text(body.username);
      if (!username) throw new ApiError('请选择转办给谁');
      const input = { username, comment: readComment(body.comment, false) };
      return done(request, await transferTask(db, idOf(request), actorOf(request), input), '已转办');
    }),
  );
  app.put('/workflow/task/addsign', access('flowTask:approve'), (request) =>
    guarded(async () => {
      const body = bodyOf(request);
      const username = text(body.username);
      if (!username) throw new ApiError('请选择加签人');
      const input = { username, comment: readComment(body.comment, false) };
      // 前加签 (before, the default) or 后加签 (after: the assignee approves now, the signer after).
      const move = body.position === 'after' ? addAfterTask : addSignTask;
      return done(request, await move(db, idOf(request), actorOf(request), input), '已加签');
    }),
  );
  app.put('/workflow/task/delegate', access('flowTask:approve'), (request) =>
    guarded(async () => {
      const body = bodyOf(request);
      const username = text(body.username);
      if (!username) throw new ApiError('请选择委派给谁');
      const input = { username, comment: readComment(body.comment, false) };
      return done(request, await delegateTask(db, idOf(request), actorOf(request), input), '已委派');
    }),
  );
  app.get('/workflow/task/returnable', access(null), (request) =>
    guarded(async () => {
      const actor = actorOf(request);
      const nodes = await returnChoices(db, idOf(request), actor.username, actor.tenantId);
      if (!nodes) throw new ApiError('您不是该任务的审批人，无权处理');
      return ok(nodes);
    }),
  );

  app.put('/workflow/instance/withdraw', access('flowInstance:withdraw'), (request) =>
    guarded(async () =>
      done(request, await withdrawInstance(db, bindings, idOf(request), actorOf(request)), '撤回成功'),
    ),
  );
}
