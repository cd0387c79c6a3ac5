/**
 * 退回 of a project's stage (docs/modules/projects.md, "Returning a stage"), through the workflow's
 * own return (task-moves.ts returnTask, the node targets of return-targets.ts): the open stage goes
 * back to an earlier stage the flow passed (the previous one, or one chosen), with a required
 * reason written to the stage history. The engine keeps waiting at the stage that returned it: the
 * earlier stage is redone, and advancing it leads back there. The stage binding keeps the project
 * row in step and offers the returned-to stage to the project's people. Who: whoever may advance
 * (manager, members, holders of 推进阶段) in a running project; a stage made by a return must be
 * advanced before it can be returned again (the engine's rule).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { access, checkId, guarded } from '../entity/route-kit.js';
import { ApiError, ok, okMessage } from '../result.js';
import { readComment } from '../workflow/actions.js';
import { publishEffects } from '../workflow/notify.js';
import { doneNodes } from '../workflow/return-targets.js';
import { returnTask } from '../workflow/task-moves.js';
import { needProject, viewerOf } from './access.js';
import { callerOf, text, type ProjectContext } from './context.js';
import { ADVANCE_PERM } from './stage-routes.js';
import { STAGE_PROCESS_KEY } from './stage-model.js';
import { advanceRefusal, offerStage, stageBinding, stageState, StageMessages } from './stages.js';

export const ReturnMessages = {
  reasonRequired: '请填写退回原因',
  firstStage: '当前已是第一个阶段，不能退回',
  fromReturn: '当前阶段由退回产生，请先推进本阶段，再退回',
  badTarget: '只能退回到本项目已经过的阶段',
  returned: '阶段已退回',
} as const;

/** The open stage for `username`, refused as 推进阶段 would be, with the earlier stages it may go to. */
async function returnable(ctx: ProjectContext, request: FastifyRequest, projectId: string) {
  const viewer = await viewerOf(ctx.db, request);
  await needProject(ctx.db, viewer, projectId);
  const state = await stageState(ctx.db, projectId, viewer.username);
  const refusal = advanceRefusal(state);
  if (refusal) throw new ApiError(refusal);
  const { rows } = await sql<{ kind: string; elementId: string }>`select kind, element_id as "elementId"
    from wf_task where id = ${state.taskId}`.execute(ctx.db);
  if (rows[0]?.kind !== 'approve') throw new ApiError(ReturnMessages.fromReturn);
  const targets = await doneNodes(ctx.db, state.procInsId!, rows[0].elementId);
  return { state, targets };
}

export function registerStageReturnRoutes(app: FastifyInstance, ctx: ProjectContext): void {
  const today = () => ctx.now().slice(0, 10);
  app.get('/sys/project/returnTargets', access(null), (request) =>
    guarded(async () => {
      const { targets } = await returnable(ctx, request, checkId(text(request, 'projectId')));
      return ok(targets.map((t) => ({ taskDefKey: t.elementId, nodeName: t.name, doneBy: t.realname })));
    }),
  );
  app.put('/sys/project/returnStage', access(ADVANCE_PERM), (request) =>
    guarded(async () => {
      const body = (request.body ?? {}) as Record<string, unknown>;
      const projectId = checkId(body.projectId);
      const comment = typeof body.comment === 'string' ? body.comment.trim() : '';
      if (!comment) throw new ApiError(ReturnMessages.reasonRequired);
      const { state, targets } = await returnable(ctx, request, projectId);
      if (typeof body.taskDefKey === 'string' && body.taskDefKey !== state.taskDefKey)
        throw new ApiError(StageMessages.changed);
      if (targets.length === 0) throw new ApiError(ReturnMessages.firstStage);
      const target = typeof body.targetKey === 'string' && body.targetKey ? body.targetKey : undefined;
      if (target !== undefined && !targets.some((t) => t.elementId === target))
        throw new ApiError(ReturnMessages.badTarget);
      const caller = callerOf(request);
      const actor = { ...caller, orgCode: caller.orgCode ?? null };
      // The people who may act changed since the stage opened (members, grants): offer it as now.
      await offerStage(ctx.db, state.procInsId!);
      const bindings = new Map([[STAGE_PROCESS_KEY, stageBinding(today)]]);
      const effects = await returnTask(ctx.db, bindings, state.taskId!, actor, {
        target: target ? 'node' : 'previous',
        elementId: target,
        comment: readComment(comment, true),
      });
      await publishEffects(ctx.db, ctx.bus, request.log, effects, effects.pushes);
      return okMessage(ReturnMessages.returned);
    }),
  );
}
