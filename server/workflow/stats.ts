/**
 * 我的流程统计 (docs/modules/workflow.md, "Slice 5b"): the caller's own figures. `by=process`: per
 * process, the instances they started by status and the tasks they handled with the average
 * handling time (task arrival to their action), a 合计 row first; `by=day`: the last 30 days (app
 * time zone), started and handled per day, oldest first. Only the caller's rows, their tenant.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { access, guarded } from '../entity/route-kit.js';
import { ApiError, ok } from '../result.js';
import type { WorkflowDeps } from './module.js';
import { actorOf } from './routes.js';
import type { Actor } from './service.js';

export const TOTAL_ROW = '（合计）';
export const TREND_DAYS = 30;

interface ProcessRow {
  groupName: string;
  started: number;
  running: number;
  approved: number;
  rejected: number;
  closed: number;
  handled: number;
  seconds: number;
}

const hours = (seconds: number, count: number) =>
  count > 0 ? Math.round((seconds / count / 3600) * 10) / 10 : null;

export async function byProcess(db: Db, actor: Actor) {
  const { rows } = await sql<ProcessRow>`with s as (
      select i.process_key as k, count(*)::int as started,
        count(*) filter (where i.status = 'running')::int as running,
        count(*) filter (where i.status = 'approved')::int as approved,
        count(*) filter (where i.status = 'rejected')::int as rejected,
        count(*) filter (where i.status in ('withdrawn', 'terminated'))::int as closed
      from wf_instance i where i.starter = ${actor.username} and i.tenant_id = ${actor.tenantId}
      group by i.process_key),
    h as (
      select i.process_key as k, count(*)::int as handled,
        coalesce(sum(extract(epoch from t.done_time - t.create_time)), 0)::float8 as seconds
      from wf_task t join wf_instance i on i.id = t.instance_id
      where t.done_by = ${actor.username} and t.status = 'done' and t.tenant_id = ${actor.tenantId}
      group by i.process_key),
    keys as (select k from s union select k from h)
    select coalesce((select d.name from wf_definition d where d.process_key = keys.k order by d.version desc limit 1),
        keys.k) as "groupName",
      coalesce(s.started, 0) as started, coalesce(s.running, 0) as running, coalesce(s.approved, 0) as approved,
      coalesce(s.rejected, 0) as rejected, coalesce(s.closed, 0) as closed, coalesce(h.handled, 0) as handled,
      coalesce(h.seconds, 0) as seconds
    from keys left join s on s.k = keys.k left join h on h.k = keys.k
    order by coalesce(s.started, 0) + coalesce(h.handled, 0) desc, 1`.execute(db);
  const sum = (key: keyof Omit<ProcessRow, 'groupName'>) => rows.reduce((n, r) => n + Number(r[key]), 0);
  const total = {
    groupName: TOTAL_ROW,
    started: sum('started'),
    running: sum('running'),
    approved: sum('approved'),
    rejected: sum('rejected'),
    closed: sum('closed'),
    handled: sum('handled'),
    seconds: sum('seconds'),
  };
  return [total, ...rows].map(({ seconds, ...row }, i) => ({
    id: i === 0 ? 'total' : `p${i}`,
    ...row,
    avgHours: hours(Number(seconds), Number(row.handled)),
  }));
}

export async function byDay(db: Db, actor: Actor, timeZone: string) {
  const { rows } = await sql<{ groupName: string; started: number; handled: number }>`select
      to_char(d.day, 'YYYY-MM-DD') as "groupName",
      (select count(*)::int from wf_instance i where i.starter = ${actor.username} and i.tenant_id = ${actor.tenantId}
        and (i.create_time at time zone ${timeZone})::date = d.day) as started,
      (select count(*)::int from wf_task t where t.done_by = ${actor.username} and t.status = 'done'
        and t.tenant_id = ${actor.tenantId} and (t.done_time at time zone ${timeZone})::date = d.day) as handled
    from (select ((now() at time zone ${timeZone})::date - g.n) as day
      from generate_series(0, ${TREND_DAYS - 1}) as g(n)) d
    order by d.day`.execute(db);
  return rows.map((r) => ({ id: r.groupName, ...r }));
}

export function registerStatsRoutes(app: FastifyInstance, deps: WorkflowDeps): void {
  app.get('/workflow/stats/list', access(null), (request) =>
    guarded(async () => {
      const by = (request.query as { by?: unknown }).by ?? 'process';
      if (by !== 'process' && by !== 'day') throw new ApiError('统计方式不正确');
      const actor = actorOf(request);
      const records =
        by === 'day' ? await byDay(deps.db, actor, deps.timeZone) : await byProcess(deps.db, actor);
      return ok({ records, total: records.length, size: records.length, current: 1, pages: 1 });
    }),
  );
}
