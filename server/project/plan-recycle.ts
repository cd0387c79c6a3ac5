/**
 * 计划回收站 (schemas/project/plan-recycle.json, "routes": "external"): deleted plans of projects the
 * caller sees; 恢复 and 彻底删除 (the plan with its tasks and members, in one transaction) need the
 * project's edit right as well as the button.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { EntityModel } from '../../runtime/model/declaration/model.js';
import { addDictText } from '../entity/dict-text.js';
import { checkId, EntityMessages, guarded, pageOf } from '../entity/route-kit.js';
import { ApiError, ok, okMessage } from '../result.js';
import { managesProject, viewerOf, visibleProjectIds, type Viewer } from './access.js';
import { text, type ProjectContext } from './context.js';
import { PlanMessages } from './plan-guard.js';

const BASE = '/plan/projectPlan/recycle';
export const PlanRecyclePerms = {
  list: 'plan:recycle',
  restore: 'plan:restore',
  purge: 'plan:purge',
} as const;

const deleted = (viewer: Viewer) => sql`pl.del_flag = 1 and pl.project_id in (${visibleProjectIds(viewer)})`;

function idOf(request: FastifyRequest): string {
  const body = (request.body ?? {}) as { id?: unknown };
  const query = (request.query ?? {}) as { id?: unknown };
  return checkId(body.id ?? query.id);
}

async function list(ctx: ProjectContext, model: EntityModel, request: FastifyRequest) {
  const viewer = await viewerOf(ctx.db, request);
  const size = Math.min(Math.max(Number(text(request, 'pageSize')) || 10, 1), 200);
  const current = Math.max(Number(text(request, 'pageNo')) || 1, 1);
  const name = text(request, 'planName').replace(/^\*|\*$/g, '');
  const word = name ? `%${name.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where = sql`${deleted(viewer)} and (${word}::text is null or pl.plan_name ilike ${word})`;
  const order = text(request, 'order') === 'asc' ? sql`asc` : sql`desc`;
  const { rows } = await sql<Record<string, unknown>>`select pl.id, pl.plan_code as "planCode",
      pl.plan_name as "planName", pl.project_id as "projectId", pl.owner,
      to_char(pl.start_date, 'YYYY-MM-DD') as "startDate", to_char(pl.end_date, 'YYYY-MM-DD') as "endDate",
      (select count(*)::int from biz_plan_task t where t.plan_id = pl.id) as "taskCount",
      pl.update_by as "deletedBy", pl.update_time as "deletedTime"
    from biz_project_plan pl where ${where}
    order by pl.update_time ${order} nulls last, pl.id
    limit ${size} offset ${(current - 1) * size}`.execute(ctx.db);
  const count = await sql<{
    n: number;
  }>`select count(*)::int as n from biz_project_plan pl where ${where}`.execute(ctx.db);
  return ok(pageOf(await addDictText(ctx.db, model, rows), Number(count.rows[0]?.n ?? 0), current, size));
}

/** The deleted plan, if the viewer sees it; refused unless they may change its project. */
async function deletedPlan(ctx: ProjectContext, viewer: Viewer, id: string): Promise<void> {
  const { rows } = await sql<{ manages: boolean }>`select ${managesProject('p', viewer)} as manages
    from biz_project_plan pl join biz_project p on p.id = pl.project_id
    where pl.id = ${id} and ${deleted(viewer)}`.execute(ctx.db);
  if (!rows[0]) throw new ApiError(EntityMessages.notFound);
  if (!rows[0].manages) throw new ApiError(PlanMessages.notEditor);
}

async function restore(ctx: ProjectContext, request: FastifyRequest) {
  const viewer = await viewerOf(ctx.db, request);
  const id = idOf(request);
  await deletedPlan(ctx, viewer, id);
  const changed = await sql`update biz_project_plan set del_flag = 0, update_by = ${viewer.username},
      update_time = now(), row_version = row_version + 1
    where id = ${id} and del_flag = 1`.execute(ctx.db);
  if (Number(changed.numAffectedRows ?? 0) === 0) throw new ApiError(EntityMessages.notFound);
  return okMessage('恢复成功！');
}

async function purge(ctx: ProjectContext, request: FastifyRequest) {
  const viewer = await viewerOf(ctx.db, request);
  const id = idOf(request);
  await deletedPlan(ctx, viewer, id);
  await ctx.db.transaction().execute(async (trx) => {
    const gone = await sql`delete from biz_project_plan where id = ${id} and del_flag = 1`.execute(trx);
    if (Number(gone.numAffectedRows ?? 0) === 0) throw new ApiError(EntityMessages.notFound);
    await sql`delete from biz_plan_task where plan_id = ${id}`.execute(trx);
    await sql`delete from biz_plan_member where plan_id = ${id}`.execute(trx);
  });
  return okMessage('彻底删除成功！');
}

export function registerPlanRecycle(app: FastifyInstance, ctx: ProjectContext, model: EntityModel): void {
  app.get(`${BASE}/list`, { config: { access: { perm: PlanRecyclePerms.list } } }, (request) =>
    guarded(() => list(ctx, model, request)),
  );
  app.put(`${BASE}/restore`, { config: { access: { perm: PlanRecyclePerms.restore } } }, (request) =>
    guarded(() => restore(ctx, request)),
  );
  app.delete(`${BASE}/purge`, { config: { access: { perm: PlanRecyclePerms.purge } } }, (request) =>
    guarded(() => purge(ctx, request)),
  );
}
