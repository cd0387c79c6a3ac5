/**
 * Per-project rights on the plans' generated routes (docs/modules/projects.md, 计划与任务), attached
 * through onRoute like the project's own guard: a plan is seen by whoever sees its project and
 * changed only with the project's edit right (its manager, its creator, `project:all`); tasks and
 * members follow their plan. Every save of a plan or a task also checks the plan's tasks together
 * (plan-rules.ts) as they will be after the save.
 */
import type { FastifyInstance, FastifyRequest, RouteOptions, preHandlerAsyncHookHandler } from 'fastify';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Db } from '../db/database.js';
import { addRequestScope, guarded } from '../entity/route-kit.js';
import { ApiError } from '../result.js';
import { registerDictRowScope } from '../sys/table-dict-scope.js';
import {
  managesProject,
  ProjectMessages,
  seesProject,
  viewerOf,
  visibleProjectIds,
  type Viewer,
} from './access.js';
import { afterSave, type TaskRow } from './plan-after-save.js';
import { planTaskProblem } from './plan-rules.js';
import { importPlanTasks, type PlanImporter } from './plan-import.js';

type Body = Record<string, unknown>;
const ID = /^[A-Za-z0-9_-]{1,64}$/;

export const PlanMessages = {
  notEditor: '只有项目经理可以修改该项目的计划',
  importNeedsAll: '从Excel导入任务需要“查看全部项目”权限；项目经理请在计划表单的任务表格中添加任务',
  planUnavailable: '所属计划不存在或您无权查看',
  projectRequired: '请选择所属项目!',
} as const;

function bodyOf(request: FastifyRequest): Body {
  const body = request.body;
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Body) : {};
}

function idsOf(request: FastifyRequest): string[] {
  const query = (request.query ?? {}) as Record<string, unknown>;
  const body = bodyOf(request);
  return [body.id, query.id, query.ids, body.ids]
    .filter((v): v is string => typeof v === 'string')
    .flatMap((v) => v.split(','))
    .filter((v) => ID.test(v));
}

/** The plans of projects the viewer sees, as a sub-select of ids. */
function visiblePlanIds(viewer: Viewer) {
  return sql`select vpl.id from biz_project_plan vpl where vpl.del_flag = 0
    and vpl.project_id in (${visibleProjectIds(viewer)})`;
}

/** `alias` is a plan row the viewer sees (its project's people; every plan with `project:all`). */
export function seesPlan(alias: string, viewer: Viewer): RawBuilder<SqlBool> {
  if (viewer.all) return sql<SqlBool>`true`;
  return sql<SqlBool>`${sql.ref(`${alias}.project_id`)} in (${visibleProjectIds(viewer)})`;
}

/** Refuses unless the viewer may change every project named (live, of their tenant). */
async function needEditor(db: Db, viewer: Viewer, projectIds: readonly string[]): Promise<void> {
  // A plan without a project (made before plans had one) is for holders of project:all only.
  if (projectIds.includes('') && !viewer.all) throw new ApiError(PlanMessages.notEditor);
  const ids = [...new Set(projectIds.filter((id) => id !== ''))];
  if (ids.length === 0) return;
  if (ids.some((id) => !ID.test(id))) throw new ApiError(ProjectMessages.projectUnavailable);
  const { rows } = await sql<{ id: string; sees: SqlBool; manages: SqlBool }>`select p.id,
      ${seesProject('p', viewer)} as sees, ${managesProject('p', viewer)} as manages
    from biz_project p where p.id in (${sql.join(ids)}) and p.del_flag = 0 and p.tenant_id = ${viewer.tenantId}`.execute(
    db,
  );
  if (rows.length < ids.length || rows.some((r) => !r.sees))
    throw new ApiError(ProjectMessages.projectUnavailable);
  if (rows.some((r) => !r.manages)) throw new ApiError(PlanMessages.notEditor);
}

/** The projects of live plans (unknown ids are left to the engine's own 未找到). */
async function projectsOfPlans(db: Db, planIds: readonly string[]): Promise<string[]> {
  if (planIds.length === 0) return [];
  const { rows } = await sql<{ projectId: string | null }>`select project_id as "projectId"
    from biz_project_plan where id in (${sql.join(planIds)}) and del_flag = 0`.execute(db);
  return rows.map((r) => r.projectId ?? '');
}

async function plansOfRows(db: Db, table: 'biz_plan_task' | 'biz_plan_member', ids: readonly string[]) {
  if (ids.length === 0) return [];
  const { rows } = await sql<{ planId: string }>`select distinct plan_id as "planId" from ${sql.table(table)}
    where id in (${sql.join(ids)})`.execute(db);
  return rows.map((r) => r.planId);
}

function planHooks(db: Db, action: string): preHandlerAsyncHookHandler {
  return async (request) => {
    const viewer = await viewerOf(db, request);
    if (!viewer.all) addRequestScope(request, seesPlan('main', viewer), 'projectPlan');
    const body = bodyOf(request);
    if (action === 'add' && !viewer.all && !body.projectId) throw new ApiError(PlanMessages.projectRequired);
    if (action === 'importExcel' && !viewer.all) throw new ApiError(PlanMessages.importNeedsAll);
    if (!['add', 'edit', 'delete', 'deleteBatch'].includes(action)) return;
    const ids = action === 'add' ? [] : idsOf(request);
    const named = typeof body.projectId === 'string' && body.projectId !== '' ? [body.projectId] : [];
    await needEditor(db, viewer, [...named, ...(await projectsOfPlans(db, ids))]);
    if (action === 'add' || action === 'edit') await checkPlanSave(db, body, ids[0]);
  };
}

/** A plan's save: its tasks after the payload, against the plan's dates after the save. */
async function checkPlanSave(db: Db, body: Body, planId: string | undefined): Promise<void> {
  const stored = planId ? await afterSave.storedPlan(db, planId) : null;
  const tasks = afterSave.applyGrid(stored?.tasks ?? [], body.planTask);
  const problem = planTaskProblem(tasks, {
    startDate: typeof body.startDate === 'string' ? body.startDate : stored?.startDate,
    endDate: typeof body.endDate === 'string' ? body.endDate : stored?.endDate,
  });
  if (problem) throw new ApiError(problem);
}

/** Refuses unless the viewer may change every (live) plan named: its project's edit right. */
export async function needPlanEditor(db: Db, viewer: Viewer, plans: readonly string[]): Promise<void> {
  if (plans.some((id) => !ID.test(id))) throw new ApiError(PlanMessages.planUnavailable);
  const projects = await projectsOfPlans(db, plans);
  if (projects.length < new Set(plans).size) throw new ApiError(PlanMessages.planUnavailable);
  // A task's caller names a plan, not a project: say so when its project is out of reach.
  await needEditor(db, viewer, projects).catch((error: unknown) => {
    if (error instanceof ApiError && error.message === ProjectMessages.projectUnavailable)
      throw new ApiError(PlanMessages.planUnavailable);
    throw error;
  });
}

function childHooks(db: Db, action: string, entity: 'planTask' | 'planMember'): preHandlerAsyncHookHandler {
  const table = entity === 'planTask' ? 'biz_plan_task' : 'biz_plan_member';
  return async (request) => {
    const viewer = await viewerOf(db, request);
    if (!viewer.all)
      addRequestScope(request, sql<SqlBool>`main.plan_id in (${visiblePlanIds(viewer)})`, entity);
    if (!['add', 'edit', 'delete', 'deleteBatch'].includes(action)) return;
    const body = bodyOf(request);
    const ids = action === 'add' ? [] : idsOf(request);
    const plans = [...(await plansOfRows(db, table, ids))];
    if (typeof body.planId === 'string' && body.planId !== '') plans.push(body.planId);
    await needPlanEditor(db, viewer, plans);
    if (entity !== 'planTask' || (action !== 'add' && action !== 'edit')) return;
    const planId = plans[0];
    if (!planId) return;
    // A task added on its own (项目任务, 添加子任务) comes after the plan's tasks, not before them.
    if (action === 'add' && (body.orderNum === undefined || body.orderNum === null || body.orderNum === ''))
      body.orderNum = await nextOrder(db, planId);
    const stored = await afterSave.storedPlan(db, planId);
    const tasks: TaskRow[] = afterSave.applyOne(
      stored?.tasks ?? [],
      body,
      action === 'edit' ? ids[0] : undefined,
    );
    const problem = planTaskProblem(tasks, stored ?? {});
    if (problem) throw new ApiError(problem);
  };
}

/** The place after a plan's last task (the grid's 排序). */
async function nextOrder(db: Db, planId: string): Promise<number> {
  const { rows } = await sql<{ next: number }>`select coalesce(max(order_num), 0)::int + 1 as next
    from biz_plan_task where plan_id = ${planId}`.execute(db);
  return rows[0]?.next ?? 1;
}

function append(route: RouteOptions, hook: preHandlerAsyncHookHandler): void {
  const existing = route.preHandler;
  route.preHandler =
    existing === undefined ? [hook] : [...(Array.isArray(existing) ? existing : [existing]), hook];
}

/**
 * `importer` answers the plan import once the declarations are loaded (plan-module.ts): the task
 * import's generated route is served by plan-import.ts (all or nothing, the plan rules inside it).
 */
export function installPlanGuards(
  app: FastifyInstance,
  db: Db,
  apiBase: string,
  importer: () => PlanImporter,
): void {
  // 所属计划 pickers and filters (biz_project_plan,plan_name,id) name the plans the caller sees.
  registerDictRowScope('biz_project_plan', async (caller) => {
    const viewer = await viewerOf(caller.db, caller.request);
    return viewer.all ? null : seesPlan('main', viewer);
  });
  app.addHook('onRoute', (route: RouteOptions) => {
    const url = route.url.startsWith(apiBase) ? route.url.slice(apiBase.length) : route.url;
    const cut = url.lastIndexOf('/');
    const [base, action] = [url.slice(0, cut), url.slice(cut + 1)];
    let hook: preHandlerAsyncHookHandler | null = null;
    if (base === '/plan/projectPlan') hook = planHooks(db, action);
    else if (base === '/plan/planTask') hook = childHooks(db, action, 'planTask');
    if (url === '/plan/planTask/importExcel')
      route.handler = (request) => guarded(() => importPlanTasks(importer().deps, importer().store, request));
    else if (base === '/plan/planMember') hook = childHooks(db, action, 'planMember');
    if (hook) append(route, hook);
  });
}
