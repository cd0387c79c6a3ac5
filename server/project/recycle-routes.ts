/**
 * 已删除项目 (schemas/project/project-recycle.json, "routes": "external"): deleted projects the
 * caller sees, 恢复 (unless a live project has taken the name or code meanwhile; its suspended stage
 * flow resumes) and 彻底删除 (the project with its contacts, demands and their history, its plans
 * with their tasks and members, its stage files and its stage flow's rows, in one transaction).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { EntityModel } from '../../runtime/model/declaration/model.js';
import { addDictText } from '../entity/dict-text.js';
import { checkId, EntityMessages, guarded, pageOf } from '../entity/route-kit.js';
import { ApiError, ok, okMessage } from '../result.js';
import { ProjectMessages, seesProject, viewerOf, type Viewer } from './access.js';
import { text, type ProjectContext } from './context.js';
import { purgeStages, resumeStages } from './stage-suspend.js';

const BASE = '/sys/project/recycle';
export const RecyclePerms = {
  list: 'project:recycle',
  restore: 'project:restore',
  purge: 'project:purge',
} as const;

function deleted(viewer: Viewer) {
  return sql`p.del_flag = 1 and p.tenant_id = ${viewer.tenantId} and ${seesProject('p', viewer)}`;
}

function bodyId(request: FastifyRequest): string {
  const body = (request.body ?? {}) as { id?: unknown };
  const query = (request.query ?? {}) as { id?: unknown };
  return checkId(body.id ?? query.id);
}

async function list(ctx: ProjectContext, model: EntityModel, request: FastifyRequest) {
  const viewer = await viewerOf(ctx.db, request);
  const size = Math.min(Math.max(Number(text(request, 'pageSize')) || 10, 1), 200);
  const current = Math.max(Number(text(request, 'pageNo')) || 1, 1);
  // The list's query form sends *word* for a like match.
  const name = text(request, 'name').replace(/^\*|\*$/g, '');
  const word = name ? `%${name.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where = sql`${deleted(viewer)} and (${word}::text is null or p.name ilike ${word})`;
  const order = text(request, 'order') === 'asc' ? sql`asc` : sql`desc`;
  const { rows } = await sql<
    Record<string, unknown>
  >`select p.id, p.project_no as "projectNo", p.name, p.code,
      p.customer_id as "customerId", p.manager, p.status, p.update_by as "deletedBy",
      p.update_time as "deletedTime"
    from biz_project p where ${where}
    order by p.update_time ${order} nulls last, p.id
    limit ${size} offset ${(current - 1) * size}`.execute(ctx.db);
  const count = await sql<{ n: number }>`select count(*)::int as n from biz_project p where ${where}`.execute(
    ctx.db,
  );
  return ok(pageOf(await addDictText(ctx.db, model, rows), Number(count.rows[0]?.n ?? 0), current, size));
}

async function restore(ctx: ProjectContext, request: FastifyRequest) {
  const viewer = await viewerOf(ctx.db, request);
  const id = bodyId(request);
  const found = await sql<{ name: string; code: string }>`select p.name, p.code from biz_project p
    where p.id = ${id} and ${deleted(viewer)}`.execute(ctx.db);
  const row = found.rows[0];
  if (!row) throw new ApiError(EntityMessages.notFound);
  const clash = await sql<{ name: string }>`select name from biz_project
    where del_flag = 0 and tenant_id = ${viewer.tenantId} and (name = ${row.name} or code = ${row.code}) limit 1`.execute(
    ctx.db,
  );
  if (clash.rows[0])
    throw new ApiError(
      clash.rows[0].name === row.name ? ProjectMessages.nameTaken : ProjectMessages.codeTaken,
    );
  await ctx.db.transaction().execute(async (trx) => {
    const changed =
      await sql`update biz_project set del_flag = 0, update_by = ${viewer.username}, update_time = now(),
        row_version = row_version + 1
      where id = ${id} and del_flag = 1`.execute(trx);
    if (Number(changed.numAffectedRows ?? 0) === 0) throw new ApiError(EntityMessages.notFound);
    // The stage flow the delete suspended goes on (stage-suspend.ts).
    await resumeStages(trx, id);
  });
  return okMessage('恢复成功！');
}

async function purge(ctx: ProjectContext, request: FastifyRequest) {
  const viewer = await viewerOf(ctx.db, request);
  const id = bodyId(request);
  await ctx.db.transaction().execute(async (trx) => {
    const gone = await sql`delete from biz_project p where p.id = ${id} and ${deleted(viewer)}`.execute(trx);
    if (Number(gone.numAffectedRows ?? 0) === 0) throw new ApiError(EntityMessages.notFound);
    await sql`delete from biz_demand_circulation where demand_id in
      (select id from biz_demand where project_id = ${id})`.execute(trx);
    await sql`delete from biz_demand where project_id = ${id}`.execute(trx);
    await sql`delete from biz_project_contact where project_id = ${id}`.execute(trx);
    // Its plans (live or in the plan bin) with their tasks and members, and its stage files.
    const plans = sql`select id from biz_project_plan where project_id = ${id}`;
    await sql`delete from biz_plan_task where plan_id in (${plans})`.execute(trx);
    await sql`delete from biz_plan_member where plan_id in (${plans})`.execute(trx);
    await sql`delete from biz_project_plan where project_id = ${id}`.execute(trx);
    await sql`delete from biz_project_node_file where project_id = ${id}`.execute(trx);
    await sql`delete from biz_project_permission where project_id = ${id}`.execute(trx);
    // Its stage flow: the instance with its tasks, history and timers (the workflow's tables;
    // stage-suspend.ts says why they are written here).
    await purgeStages(trx, id);
  });
  return okMessage('彻底删除成功！');
}

export function registerRecycleRoutes(app: FastifyInstance, ctx: ProjectContext, model: EntityModel): void {
  app.get(`${BASE}/list`, { config: { access: { perm: RecyclePerms.list } } }, (request) =>
    guarded(() => list(ctx, model, request)),
  );
  app.put(`${BASE}/restore`, { config: { access: { perm: RecyclePerms.restore } } }, (request) =>
    guarded(() => restore(ctx, request)),
  );
  app.delete(`${BASE}/purge`, { config: { access: { perm: RecyclePerms.purge } } }, (request) =>
    guarded(() => purge(ctx, request)),
  );
}
