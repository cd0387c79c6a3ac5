/**
 * Urging a project's stage (docs/modules/projects.md, "Urging a stage"). `queryUrgeInfo` answers,
 * for anyone who sees the project, the open stage task, the people it is offered to, how long it
 * has waited and the last reminders; `urgeStage` (the project's owners: manager, creator,
 * `project:all`) writes a reminder (sys_urge, appType project, appId the project) to each chosen
 * person of the stage through the notice module's createUrges and pushes it to their bell; they
 * read it in the reminder modal, whose 去处理 opens the project page. A suspended, closed or
 * unstarted project, or a flow that ended, is refused.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { access, checkId, guarded } from '../entity/route-kit.js';
import { actorOf } from '../notice/context.js';
import { createUrges } from '../notice/urge.js';
import { noticeDb } from '../notice/tables.js';
import { cleanHtml } from '../security/html.js';
import { ApiError, ok, okMessage } from '../result.js';
import { needProject, viewerOf, type ProjectAccess } from './access.js';
import { text, type ProjectContext } from './context.js';

export const UrgeMessages = {
  notStarted: '项目尚未启动，没有可催办的阶段',
  suspended: '项目已暂停，不能催办',
  closed: '项目已关闭，不能催办',
  flowEnded: '项目阶段流程已结束，不能催办',
  notOwner: '只有项目经理可以催办该项目的阶段',
  changed: '项目阶段已变化，请刷新后重试',
  noTarget: '本阶段没有其他处理人可以催办',
  notAssignee: '催办对象不是本阶段的处理人',
  urged: '催办成功',
} as const;

interface Assignee {
  userId: string;
  username: string;
  realname: string;
}

interface OpenStage {
  name: string;
  status: string;
  procInsId: string | null;
  taskId: string | null;
  taskDefKey: string | null;
  nodeName: string | null;
  since: string | null;
  waitedMinutes: number;
  people: string | null;
}

async function openStage(ctx: ProjectContext, projectId: string): Promise<OpenStage> {
  const { rows } =
    await sql<OpenStage>`select p.name, p.status, p.proc_ins_id as "procInsId", t.id as "taskId",
      t.element_id as "taskDefKey", t.name as "nodeName",
      to_char(t.create_time at time zone ${ctx.timeZone}, 'YYYY-MM-DD HH24:MI') as since,
      coalesce(floor(extract(epoch from (now() - t.create_time)) / 60), 0)::int as "waitedMinutes",
      concat_ws(',', t.assignee, t.candidates) as people
    from biz_project p
    left join lateral (select * from wf_task x where x.instance_id = p.proc_ins_id and x.status = 'todo'
      order by x.create_time limit 1) t on true
    where p.id = ${projectId}`.execute(ctx.db);
  if (!rows[0]) throw new ApiError('项目不存在或已被删除');
  return rows[0];
}

/** '3天2小时', '5小时10分钟', '8分钟'. */
export function waitedText(minutes: number): string {
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  if (days > 0) return `${days}天${hours > 0 ? `${hours}小时` : ''}`;
  const rest = minutes % 60;
  return hours > 0 ? `${hours}小时${rest > 0 ? `${rest}分钟` : ''}` : `${Math.max(rest, 0)}分钟`;
}

async function assigneesOf(
  ctx: ProjectContext,
  people: string | null,
  tenantId: number,
): Promise<Assignee[]> {
  const names = [...new Set((people ?? '').split(',').filter(Boolean))];
  if (names.length === 0) return [];
  const { rows } = await sql<Assignee>`select id as "userId", username, realname from sys_user
    where username in (${sql.join(names)}) and del_flag = 0 and status = 1
      and (${tenantId} = 0 or position(${`,${tenantId},`} in ',' || coalesce(rel_tenant_ids, '') || ',') > 0)
    order by username`.execute(ctx.db);
  return rows;
}

/** Why the stage may not be urged by this caller now, or null. */
function urgeRefusal(stage: OpenStage, rights: ProjectAccess): string | null {
  if (!rights.owns) return UrgeMessages.notOwner;
  if (stage.status === '2') return UrgeMessages.suspended;
  if (stage.status === '3') return UrgeMessages.closed;
  if (!stage.procInsId) return UrgeMessages.notStarted;
  if (!stage.taskId) return UrgeMessages.flowEnded;
  return null;
}

async function urgeInfo(ctx: ProjectContext, request: FastifyRequest) {
  const projectId = checkId(text(request, 'projectId'));
  const viewer = await viewerOf(ctx.db, request);
  const rights = await needProject(ctx.db, viewer, projectId);
  const stage = await openStage(ctx, projectId);
  const procInsId = text(request, 'procInsId');
  const stale = procInsId !== '' && procInsId !== stage.procInsId;
  const { rows: urges } = await sql`select u.id, u.title, u.urger_name as "urgerName",
      coalesce(s.realname, s.username) as "targetName", u.read_flag as "readFlag",
      to_char(u.create_time at time zone ${ctx.timeZone}, 'YYYY-MM-DD HH24:MI') as "createTime"
    from sys_urge u left join sys_user s on s.id = u.user_id
    where u.app_type = 'project' and u.app_id = ${projectId} and u.tenant_id = ${viewer.tenantId}
    order by u.create_time desc, u.id limit 10`.execute(ctx.db);
  const refusal = stale ? UrgeMessages.changed : urgeRefusal(stage, rights);
  return ok({
    projectId,
    procInsId: stage.procInsId,
    taskId: stage.taskId,
    taskDefKey: stage.taskDefKey,
    nodeName: stage.nodeName,
    since: stage.since,
    waitedMinutes: stage.taskId ? stage.waitedMinutes : 0,
    waited: stage.taskId ? waitedText(stage.waitedMinutes) : null,
    assignees: stage.taskId ? await assigneesOf(ctx, stage.people, viewer.tenantId) : [],
    urges,
    mayUrge: refusal === null,
    reason: refusal,
  });
}

async function urgeStage(ctx: ProjectContext, request: FastifyRequest) {
  const body = (request.body ?? {}) as Record<string, unknown>;
  const projectId = checkId(body.projectId);
  const viewer = await viewerOf(ctx.db, request);
  const rights = await needProject(ctx.db, viewer, projectId);
  const stage = await openStage(ctx, projectId);
  const refusal = urgeRefusal(stage, rights);
  if (refusal) throw new ApiError(refusal);
  if (typeof body.taskDefKey === 'string' && body.taskDefKey !== stage.taskDefKey)
    throw new ApiError(UrgeMessages.changed);
  const assignees = (await assigneesOf(ctx, stage.people, viewer.tenantId)).filter(
    (a) => a.username !== viewer.username,
  );
  const chosen = typeof body.userIds === 'string' ? body.userIds.split(',').filter(Boolean) : [];
  if (chosen.some((id) => !assignees.some((a) => a.userId === id)))
    throw new ApiError(UrgeMessages.notAssignee);
  const targets = chosen.length > 0 ? chosen : assignees.map((a) => a.userId);
  if (targets.length === 0) throw new ApiError(UrgeMessages.noTarget);
  const note = typeof body.content === 'string' ? body.content.trim().slice(0, 2000) : '';
  const waited = waitedText(stage.waitedMinutes);
  const content = cleanHtml(
    `<p>项目「${escapeHtml(stage.name)}」的阶段「${escapeHtml(stage.nodeName ?? '')}」已等待${waited}，请尽快处理。</p>` +
      (note ? `<p>${escapeHtml(note)}</p>` : ''),
  );
  const title = `项目阶段催办：${stage.name}（${stage.nodeName ?? ''}）`.slice(0, 200);
  const created = await createUrges(noticeDb(ctx.db), actorOf(request), {
    userIds: targets,
    title,
    content,
    appType: 'project',
    appId: projectId,
  });
  for (const [userId, id] of created)
    await ctx.bus
      .publish({ to: 'users', userIds: [userId], message: { cmd: 'user', msgId: id, msgTxt: title } })
      .catch((error: unknown) => request.log.error({ err: error }, 'notice publish failed'));
  return okMessage(UrgeMessages.urged);
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function registerUrgeRoutes(app: FastifyInstance, ctx: ProjectContext): void {
  app.get('/sys/project/queryUrgeInfo', access(null), (request) => guarded(() => urgeInfo(ctx, request)));
  app.post('/sys/project/urgeStage', access(null), (request) => guarded(() => urgeStage(ctx, request)));
}
