/**
 * The exception list (docs/modules/workflow.md, "Slice 5b"): automatic moves that failed and were
 * rolled back, from two sources —
 * - `timer`: a timer kept `failed` with its message (an escalation or an auto-approval whose rule
 *   finds nobody: kind `nobody`; anything else: kind `timer`);
 * - `service`: a service task whose handler threw (`wf_failure`, slice 5; kind `service`).
 * An admin may 重试 (fire the timer now / run the service task again), 指派 (hand a timer's stuck
 * task to a user, as 转派) or 忽略 (mark it handled); every action is a `wf_exception_handle` row
 * (who, when, what, the outcome), the latest one giving the state with the source's own status.
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { newId } from '../db/seed/ids.js';
import { ApiError } from '../result.js';
import { dictText, like, page, paging, realname, type PageQuery } from './queries.js';
import type { Actor } from './service.js';

export type ExceptionSource = 'timer' | 'service';
export type ExceptionAction = 'retry' | 'assign' | 'ignore';
export type ExceptionState = 'open' | 'retried' | 'assigned' | 'ignored' | 'closed';

/** The latest handling of a source row. */
const lastHandle = (source: ExceptionSource, id: ReturnType<typeof sql.ref>) => sql`left join lateral (
    select h.action, h.username, h.note, h.create_time from wf_exception_handle h
    where h.source = ${source} and h.source_id = ${id} order by h.create_time desc, h.id desc limit 1) h on true`;

/** Every exception as one row shape: failed (or once failed) timers and service failures. */
const ROWS = sql`(
  select tm.id, 'timer' as source, (case when tm.result like '%找不到%' then 'nobody' else 'timer' end) as kind,
    i.id as "instanceId", i.title, coalesce(t.name, tm.element_id) as "nodeName", tm.task_id as "taskId",
    (case tm.action when 'remind' then '超时提醒' when 'approve' then '超时自动通过' else '超时升级' end) as "autoAction",
    tm.result as message, tm.fired_time as "failTime", coalesce(${realname(sql`t.assignee`)}, t.assignee) as assignee,
    (case when h.action = 'ignore' then 'ignored' when h.action = 'assign' then 'assigned'
      when tm.status = 'failed' then 'open' else 'retried' end) as state,
    h.username as "handledBy", h.note as "handleNote", h.create_time as "handleTime", tm.tenant_id as "tenantId"
  from wf_timer tm join wf_instance i on i.id = tm.instance_id left join wf_task t on t.id = tm.task_id
  ${lastHandle('timer', sql.ref('tm.id'))}
  where tm.status = 'failed' or h.action is not null
  union all
  select f.id, 'service', 'service', i.id, i.title, f.node_name, null,
    coalesce('服务处理 ' || f.handler, '服务处理'), f.message, f.update_time, null,
    (case when h.action = 'ignore' and f.status = 'open' then 'ignored' when f.status = 'open' then 'open'
      when f.status = 'resolved' then 'retried' else 'closed' end),
    h.username, h.note, h.create_time, f.tenant_id
  from wf_failure f join wf_instance i on i.id = f.instance_id
  ${lastHandle('service', sql.ref('f.id'))}
) x`;

/** type=1: still to handle; 2: handled (retried, assigned, ignored, or the instance ended). */
export async function exceptionPage(db: Db, actor: Actor, query: PageQuery) {
  const p = paging(query);
  const state = query.type === '2' ? sql`x.state <> 'open'` : sql`x.state = 'open'`;
  return page(
    sql<{
      total: number;
    }>`select x.id, x.source, x.kind, ${dictText('wf_exception_kind', sql`x.kind`)} as "kind_dictText",
        x."instanceId", x.title, x."nodeName", x."autoAction", x.message, x."failTime", x.assignee,
        x.state as status, ${dictText('wf_exception_status', sql`x.state`)} as "status_dictText",
        x."handledBy", ${realname(sql`x."handledBy"`)} as "handledBy_dictText", x."handleNote", x."handleTime",
        count(*) over () as total
      from ${ROWS}
      where x."tenantId" = ${actor.tenantId} and ${state} ${like(query.title, sql`x.title`)}
      order by x."failTime" desc nulls last, x.id limit ${p.pageSize} offset ${p.offset}`,
    db,
    p,
  );
}

export interface ExceptionRow {
  id: string;
  source: ExceptionSource;
  taskId: string | null;
  instanceId: string;
  state: ExceptionState;
}

/** One exception of the caller's tenant, by its row id (timer or failure). */
export async function readException(db: Db, id: string, actor: Actor): Promise<ExceptionRow> {
  const { rows } = await sql<ExceptionRow>`select x.id, x.source, x."taskId", x."instanceId", x.state
    from ${ROWS} where x.id = ${id} and x."tenantId" = ${actor.tenantId}`.execute(db);
  const row = rows[0];
  if (!row) throw new ApiError('未找到对应的流程异常');
  return row;
}

export function mustBeOpen(row: ExceptionRow): void {
  if (row.state !== 'open') throw new ApiError('该异常已处理');
}

export async function recordHandle(
  db: Db,
  row: ExceptionRow,
  actor: Actor,
  entry: { action: ExceptionAction; note: string; result: string },
): Promise<void> {
  await sql`insert into wf_exception_handle (id, source, source_id, action, username, note, result, tenant_id)
    values (${newId()}, ${row.source}, ${row.id}, ${entry.action}, ${actor.username}, ${entry.note.slice(0, 1000)},
      ${entry.result.slice(0, 500)}, ${actor.tenantId})`.execute(db);
}

/** 重试 of a timer, first half: the failed timer becomes due now (only if still failed). */
export async function rearm(db: Db, id: string): Promise<void> {
  const done =
    await sql`update wf_timer set status = 'pending', due_time = now(), result = null, fired_time = null
    where id = ${id} and status = 'failed'`.execute(db);
  if (Number(done.numAffectedRows ?? 0) !== 1) throw new ApiError('该异常已处理');
}

/** 重试 of a timer, second half: how the timer ended after the firing pass. */
export async function timerOutcome(db: Db, id: string): Promise<{ status: string; result: string | null }> {
  const { rows } = await sql<{ status: string; result: string | null }>`select status, result from wf_timer
    where id = ${id}`.execute(db);
  return rows[0] ?? { status: 'cancelled', result: null };
}
