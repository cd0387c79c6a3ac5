/**
 * 流转 and 流转记录 of a demand (docs/modules/projects.md). PUT /sys/demand/circulation hands an open
 * demand to a person (and a department) with a note: the handler changes only while it is still the
 * one the caller saw, a history row and the new handler's bell notice (项目管理, opening the project's
 * 需求 tab: demand-notices.ts) are written in the same transaction; the notice is pushed and both
 * handlers' to-do lists reload once it committed.
 * GET /sys/demand/history?id answers the 流转记录 view: the creation, then every hand-over and the close.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { EntityMessages, checkId, guarded } from '../entity/route-kit.js';
import { newId } from '../db/seed/ids.js';
import { ApiError, ok, okMessage } from '../result.js';
import { personProblem } from '../workorder/rules.js';
import { inVisibleProject, ProjectMessages, viewerOf, type Viewer } from './access.js';
import { text, type ProjectContext } from './context.js';
import { tellDemandHandler } from './demand-notices.js';
import { publishTodo } from '../todo/push.js';

export const DEMAND_CIRCULATION = 'demand:circulation';

interface DemandRow {
  id: string;
  title: string;
  demandNo: string | null;
  projectId: string;
  handler: string | null;
  handlerDepart: string | null;
  status: string;
  createBy: string | null;
  createTime: Date;
}

async function visibleDemand(ctx: ProjectContext, viewer: Viewer, id: string): Promise<DemandRow> {
  const { rows } =
    await sql<DemandRow>`select d.id, d.title, d.demand_no as "demandNo", d.project_id as "projectId", d.handler,
      d.handler_depart as "handlerDepart", d.status, d.create_by as "createBy", d.create_time as "createTime"
    from biz_demand d
    where d.id = ${id} and d.tenant_id = ${viewer.tenantId}
      and ${viewer.all ? sql`true` : inVisibleProject('d.project_id', viewer)}`.execute(ctx.db);
  const row = rows[0];
  if (!row) throw new ApiError(EntityMessages.notFound);
  return row;
}

function field(body: Record<string, unknown>, name: string): string {
  const v = body[name];
  return typeof v === 'string' ? v.trim() : '';
}

async function circulate(ctx: ProjectContext, request: FastifyRequest) {
  const body = (request.body ?? {}) as Record<string, unknown>;
  const viewer = await viewerOf(ctx.db, request);
  const demand = await visibleDemand(ctx, viewer, checkId(body.id));
  if (demand.status === '3') throw new ApiError(ProjectMessages.demandClosed);
  const mine = demand.handler === viewer.username || demand.createBy === viewer.username;
  if (!mine && !viewer.all) throw new ApiError(ProjectMessages.demandRights);
  const toUser = field(body, 'toUser');
  const toDepart = field(body, 'toDepart') || null;
  const note = field(body, 'note');
  if (toUser === '') throw new ApiError(ProjectMessages.noReceiver);
  if (note === '') throw new ApiError(ProjectMessages.noteRequired);
  if ([...note].length > 500) throw new ApiError('流转说明不能超过500个字符');
  if (toUser === demand.handler && toDepart === demand.handlerDepart)
    throw new ApiError(ProjectMessages.sameHandler);
  const problem = await personProblem(ctx.db, viewer.tenantId, '接收人', toUser);
  if (problem) throw new ApiError(problem);
  if (toDepart !== null) {
    const depart =
      await sql`select 1 from sys_depart where id = ${checkId(toDepart)} and del_flag = 0`.execute(ctx.db);
    if (depart.rows.length === 0) throw new ApiError('所选处理部门不存在');
  }
  await ctx.db.transaction().execute(async (trx) => {
    const changed = await sql`update biz_demand set handler = ${toUser}, handler_depart = ${toDepart},
        status = '1', update_by = ${viewer.username}, update_time = now(), row_version = row_version + 1
      where id = ${demand.id} and status <> '3' and handler is not distinct from ${demand.handler}`.execute(
      trx,
    );
    if (Number(changed.numAffectedRows ?? 0) === 0) throw new ApiError(EntityMessages.changedMeanwhile);
    await sql`insert into biz_demand_circulation (id, demand_id, action, from_user, prev_handler, to_user,
        to_depart, note, tenant_id, create_time)
      values (${newId()}, ${demand.id}, 'circulation', ${viewer.username}, ${demand.handler}, ${toUser},
        ${toDepart}, ${note}, ${viewer.tenantId}, now())`.execute(trx);
    await tellDemandHandler(trx, request, viewer.tenantId, { demand, to: toUser, note });
  });
  await refreshTodo(ctx, request, demand, toUser);
  return okMessage('流转成功！');
}

/** A to-do refresh for the old and the new handler (after the commit). */
async function refreshTodo(ctx: ProjectContext, request: FastifyRequest, demand: DemandRow, to: string) {
  try {
    await publishTodo(ctx.db, ctx.bus, [demand.handler ?? '', to]);
  } catch (error) {
    request.log.error({ err: error }, 'demand to-do push failed');
  }
}

const ACTION_TEXT: Readonly<Record<string, string>> = { create: '提出', circulation: '流转', close: '关闭' };

async function history(ctx: ProjectContext, request: FastifyRequest) {
  const viewer = await viewerOf(ctx.db, request);
  const demand = await visibleDemand(ctx, viewer, checkId(text(request, 'id')));
  const { rows } = await sql<Record<string, unknown>>`select h.action, h.note, h.create_time as "createTime",
      h.prev_handler as "prevHandler",
      coalesce(f.realname, h.from_user) as "fromName", coalesce(t.realname, h.to_user) as "toName",
      dp.depart_name as "toDepartName"
    from biz_demand_circulation h
    left join sys_user f on f.username = h.from_user
    left join sys_user t on t.username = h.to_user
    left join sys_depart dp on dp.id = h.to_depart
    where h.demand_id = ${demand.id}
    order by h.create_time, h.id`.execute(ctx.db);
  // The first handler: the one the first hand-over took it from, or today's when none happened yet.
  const first = rows.find((r) => r.action === 'circulation');
  const firstHandler = first ? String(first.prevHandler ?? '') : (demand.handler ?? '');
  const people = await sql<{ username: string; realname: string }>`select username, realname from sys_user
    where username in (${demand.createBy ?? ''}, ${firstHandler})`.execute(ctx.db);
  const name = (u: string | null) => people.rows.find((p) => p.username === u)?.realname ?? u ?? '';
  const created = {
    action: 'create',
    fromName: name(demand.createBy),
    toName: name(firstHandler),
    toDepartName: '',
    note: '提出需求',
    createTime: demand.createTime,
  };
  const records = [created, ...rows].map(({ prevHandler: _prev, ...r }: Record<string, unknown>) => ({
    ...r,
    actionText: ACTION_TEXT[String(r.action)] ?? '',
  }));
  return ok({ records });
}

export function registerDemandRoutes(app: FastifyInstance, ctx: ProjectContext): void {
  app.put('/sys/demand/circulation', { config: { access: { perm: DEMAND_CIRCULATION } } }, (request) =>
    guarded(() => circulate(ctx, request)),
  );
  app.get('/sys/demand/history', { config: { access: 'authenticated' } }, (request) =>
    guarded(() => history(ctx, request)),
  );
}
