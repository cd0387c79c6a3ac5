/**
 * The stage calls of a project (docs/modules/projects.md, "Stages"). Every call names a project (or
 * an instance of one) and answers only for projects the caller sees; 推进阶段 needs the button
 * `project:advance` and being the project's manager or a member.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { hasPermission } from '../auth/permission-codes.js';
import { access, checkId, guarded } from '../entity/route-kit.js';
import { ApiError, ok, okMessage } from '../result.js';
import { readComment } from '../workflow/actions.js';
import { diagramOf } from '../workflow/diagram.js';
import { publishEffects } from '../workflow/notify.js';
import type { ProcessModel } from '../workflow/bpmn-model.js';
import { definitionById } from '../workflow/service.js';
import { needProject, seesProject, viewerOf } from './access.js';
import { callerOf, text, type ProjectContext } from './context.js';
import { STAGES, STAGES_DONE } from './stage-model.js';
import { advanceRefusal, advanceStage, stageState } from './stages.js';

export const ADVANCE_PERM = 'project:advance';
const NOT_STARTED = '未启动';

const TEMPLATE_COLUMNS = sql`id, task_def_key as "taskDefKey", title, content, required_files as "requiredFiles"`;

/** The project an instance runs for, once the caller may see it. */
async function projectOfInstance(ctx: ProjectContext, request: FastifyRequest, procInsId: string) {
  const { rows } = await sql<{ projectId: string; definitionId: string }>`select business_key as "projectId",
      definition_id as "definitionId" from wf_instance where id = ${procInsId}`.execute(ctx.db);
  const found = rows[0];
  if (!found) throw new ApiError('未找到对应数据');
  await needProject(ctx.db, await viewerOf(ctx.db, request), found.projectId);
  return found;
}

/** The user tasks of a process model in flow order from its start (a linear stage flow first). */
function nodeOrder(model: ProcessModel): { id: string; name: string }[] {
  const order: { id: string; name: string }[] = [];
  const seen = new Set<string>();
  const queue = Object.values(model.elements)
    .filter((e) => e.kind === 'startEvent')
    .map((e) => e.id);
  while (queue.length > 0) {
    const id = queue.shift()!;
    if (seen.has(id)) continue;
    seen.add(id);
    const element = model.elements[id];
    if (element?.kind === 'userTask') order.push({ id, name: element.name || id });
    for (const f of model.flows) if (f.source === id) queue.push(f.target);
  }
  return order;
}

async function queryPower(ctx: ProjectContext, request: FastifyRequest) {
  const projectId = checkId(text(request, 'projectId'));
  const viewer = await viewerOf(ctx.db, request);
  const projectAccess = await needProject(ctx.db, viewer, projectId);
  const state = await stageState(ctx.db, projectId, viewer.username);
  const procInsId = text(request, 'procInsId');
  // A page that loaded an older flow of this project learns that it changed.
  const stale = procInsId !== '' && procInsId !== state.procInsId;
  const refusal = stale ? '项目阶段已变化，请刷新后重试' : advanceRefusal(state);
  const hasButton = await hasPermission(ctx.db, viewer.userId, ADVANCE_PERM);
  return ok({
    projectId,
    procInsId: state.procInsId,
    taskDefKey: state.taskDefKey,
    nodeName: state.stage,
    view: true,
    edit: projectAccess.manages,
    advance: refusal === null && hasButton,
    // The caller is one who may advance (and return) this project's stages, whatever its state.
    mayAdvance: state.offered && hasButton,
    // 催办 (urge-routes.ts): the owners of a running project with an open stage.
    mayUrge: projectAccess.owns && state.status === '1' && state.taskId !== null,
    reason: refusal ?? (hasButton ? null : '没有推进阶段的权限'),
  });
}

async function fileList(ctx: ProjectContext, request: FastifyRequest) {
  const projectId = checkId(text(request, 'projectId'));
  await needProject(ctx.db, await viewerOf(ctx.db, request), projectId);
  const key = text(request, 'taskDefKey');
  const { rows } = await sql`select f.id, f.task_def_key as "taskDefKey", f.file_name as "fileName", f.file,
      f.create_by as "createBy", coalesce(u.realname, f.create_by) as "createByName",
      to_char(f.create_time at time zone ${ctx.timeZone}, 'YYYY-MM-DD HH24:MI') as "createTime",
      f.row_version as "rowVersion"
    from biz_project_node_file f left join sys_user u on u.username = f.create_by
    where f.project_id = ${projectId} and (${key || null}::text is null or f.task_def_key = ${key})
    order by f.create_time, f.id`.execute(ctx.db);
  return ok(rows);
}

/** Live projects the caller sees, by stage: 未启动, each node of the shipped flow in order, 已结项. */
async function stageStatistics(ctx: ProjectContext, request: FastifyRequest) {
  const viewer = await viewerOf(ctx.db, request);
  const { rows } = await sql<{ key: string; name: string | null; n: number }>`select
      case when p.task_def_key is not null then p.task_def_key
        when p.stage = ${STAGES_DONE} then 'done' else 'none' end as key,
      max(p.stage) as name, count(*)::int as n
    from biz_project p
    where p.del_flag = 0 and p.tenant_id = ${viewer.tenantId} and ${seesProject('p', viewer)}
      and (p.task_def_key is not null or p.stage = ${STAGES_DONE} or p.proc_ins_id is null)
    group by 1`.execute(ctx.db);
  const count = (key: string) => rows.find((r) => r.key === key)?.n ?? 0;
  const known = new Set(['none', 'done', ...STAGES.map(([id]) => id)]);
  return ok([
    { taskDefKey: 'none', name: NOT_STARTED, count: count('none') },
    ...STAGES.map(([id, name]) => ({ taskDefKey: id, name, count: count(id) })),
    // Nodes of a later version an admin deployed, by their own names.
    ...rows
      .filter((r) => !known.has(r.key))
      .map((r) => ({ taskDefKey: r.key, name: r.name ?? r.key, count: r.n })),
    { taskDefKey: 'done', name: STAGES_DONE, count: count('done') },
  ]);
}

async function templatesOfInstance(ctx: ProjectContext, request: FastifyRequest) {
  const procInsId = checkId(text(request, 'procInsId'));
  const found = await projectOfInstance(ctx, request, procInsId);
  const def = await definitionById(ctx.db, found.definitionId);
  if (!def) throw new ApiError('流程定义不存在');
  const nodes = nodeOrder(def.model);
  // The node's templates, the instance's tasks and the file counts side by side (one round trip on PostgreSQL's pool).
  const [{ rows: templates }, { rows: tasks }, { rows: files }] = await Promise.all([
    sql<{ taskDefKey: string }>`select ${TEMPLATE_COLUMNS}
      from biz_node_template where task_def_key in (${sql.join(nodes.map((n) => n.id).concat(['']))})`.execute(
      ctx.db,
    ),
    sql<{ elementId: string; status: string }>`select element_id as "elementId",
        status from wf_task where instance_id = ${procInsId} and status in ('todo', 'done')`.execute(ctx.db),
    sql<{ key: string; n: number }>`select task_def_key as key, count(*)::int as n
      from biz_project_node_file where project_id = ${found.projectId} group by 1`.execute(ctx.db),
  ]);
  return ok(
    nodes.map((n) => ({
      taskDefKey: n.id,
      nodeName: n.name,
      status: tasks.some((t) => t.elementId === n.id && t.status === 'todo')
        ? 'current'
        : tasks.some((t) => t.elementId === n.id)
          ? 'done'
          : 'pending',
      fileCount: files.find((f) => f.key === n.id)?.n ?? 0,
      template: templates.find((t) => t.taskDefKey === n.id) ?? null,
    })),
  );
}

export function registerStageRoutes(app: FastifyInstance, ctx: ProjectContext): void {
  const today = () => ctx.now().slice(0, 10);
  app.get('/sys/project/queryPower', access(null), (request) => guarded(() => queryPower(ctx, request)));
  app.get('/sys/project/getFileList', access(null), (request) => guarded(() => fileList(ctx, request)));
  app.get('/sys/project/stageStatistics', access(null), (request) =>
    guarded(() => stageStatistics(ctx, request)),
  );
  app.get('/sys/project/getNodeNameByCode', access(null), (request) =>
    guarded(async () => {
      const code = text(request, 'code');
      return ok(STAGES.find(([id]) => id === code)?.[1] ?? null);
    }),
  );
  app.get('/sys/project/stageDiagram', access(null), (request) =>
    guarded(async () => {
      const projectId = checkId(text(request, 'projectId'));
      await needProject(ctx.db, await viewerOf(ctx.db, request), projectId);
      const { procInsId } = await stageState(ctx.db, projectId, '');
      if (!procInsId) throw new ApiError('项目尚未启动，没有阶段流程');
      const caller = callerOf(request);
      const actor = { ...caller, orgCode: caller.orgCode ?? null };
      return ok(await diagramOf(ctx.db, actor, { id: procInsId }, true, ctx.timeZone));
    }),
  );
  app.put('/sys/project/advanceStage', access(ADVANCE_PERM), (request) =>
    guarded(async () => {
      const body = (request.body ?? {}) as Record<string, unknown>;
      const projectId = checkId(body.projectId);
      await needProject(ctx.db, await viewerOf(ctx.db, request), projectId);
      const caller = callerOf(request);
      const actor = { ...caller, orgCode: caller.orgCode ?? null };
      const taskDefKey = typeof body.taskDefKey === 'string' ? body.taskDefKey : undefined;
      const comment = readComment(body.comment, false);
      const effects = await advanceStage(ctx.db, { projectId, taskDefKey, comment }, actor, today);
      await publishEffects(ctx.db, ctx.bus, request.log, effects, effects.pushes);
      return okMessage('阶段已推进');
    }),
  );
  app.get('/oa/nodeContentTemplate/queryByTaskDefKey', access(null), (request) =>
    guarded(async () => {
      const key = text(request, 'taskDefKey');
      if (!key) throw new ApiError('请指定阶段节点');
      const { rows } = await sql`select ${TEMPLATE_COLUMNS} from biz_node_template
        where task_def_key = ${key} limit 1`.execute(ctx.db);
      return ok(rows[0] ?? null);
    }),
  );
  app.get('/oa/nodeContentTemplate/queryByProcInsId', access(null), (request) =>
    guarded(() => templatesOfInstance(ctx, request)),
  );
}
