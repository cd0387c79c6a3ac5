/**
 * The workflow's calls (docs/modules/workflow.md, "Calls"): deploy, the task and instance lists of
 * 我的待办 / 我的已办 / 我发起的, approve, reject, withdraw, the history, and leave's start-process.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { access, checkId, guarded } from '../entity/route-kit.js';
import { ApiError, ok, okMessage } from '../result.js';
import { approveTask, readComment, rejectTask, withdrawInstance } from './actions.js';
import { findLeave, LEAVE_BASE, ownOpen } from './leave.js';
import { LEAVE_PROCESS_KEY } from './leave-model.js';
import { publishEffects } from './notify.js';
import { historyOf, instancePage, taskPage, type PageQuery } from './queries.js';
import { newEffects, startInstance, type Actor, type Effects } from './service.js';
import { storeResults } from './notify.js';
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
  const done = async (request: FastifyRequest, effects: Effects, message: string) => {
    await publishEffects(db, bus, request.log, effects, effects.pushes);
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
      return done(
        request,
        await approveTask(db, bindings, idOf(request), actorOf(request), comment),
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
  app.put('/workflow/instance/withdraw', access('flowInstance:withdraw'), (request) =>
    guarded(async () =>
      done(request, await withdrawInstance(db, bindings, idOf(request), actorOf(request)), '撤回成功'),
    ),
  );

  // Leave: start the request's process (the declared action calls startProcess; the spec names start-process).
  const startLeave = (request: FastifyRequest) =>
    guarded(async () => {
      const actor = actorOf(request);
      const id = idOf(request);
      const effects = newEffects();
      await db.transaction().execute(async (trx) => {
        const row = ownOpen(
          await findLeave(trx, id, true),
          actor.username,
          actor.tenantId,
          '该请假申请已在审批中或已通过',
        );
        const form = { ...row, id: undefined, tenantId: undefined };
        const title = `${actor.realname}的请假申请（${row.days}天）`;
        const binding = bindings.get(LEAVE_PROCESS_KEY);
        await startInstance(
          trx,
          { processKey: LEAVE_PROCESS_KEY, businessKey: id, title, form },
          actor,
          effects,
          binding,
        );
        effects.pushes = await storeResults(trx, effects, actor.tenantId);
      });
      return done(request, effects, '提交成功');
    });
  app.put(`${LEAVE_BASE}/startProcess`, access('leave:add'), startLeave);
  app.route({
    method: ['POST', 'PUT'],
    url: `${LEAVE_BASE}/start-process`,
    ...access('leave:add'),
    handler: startLeave,
  });

  app.put(`${LEAVE_BASE}/withdraw`, access('leave:add'), (request) =>
    guarded(async () => {
      const actor = actorOf(request);
      const row = await findLeave(db, idOf(request));
      if (!row || row.tenantId !== actor.tenantId) throw new ApiError('未找到对应数据');
      const { rows } = await sql<{ id: string }>`select id from wf_instance
        where business_key = ${row.id} and status = 'running' order by create_time desc limit 1`.execute(db);
      if (!rows[0]) throw new ApiError('该请假申请不在审批中');
      return done(request, await withdrawInstance(db, bindings, rows[0].id, actor), '撤回成功');
    }),
  );
}
