/**
 * The aggregate statements of the work-order statistics. Each is one pass over the orders the
 * filters keep (tenant_id and create_time are indexed), grouped in the database: no row comes
 * back to be counted here.
 *   1. totals: GROUPING SETS ((), status, order_type, charge) - the summary and three breakdowns;
 *   2. weekly: orders created and orders finished per week of the period (weeks without any: 0);
 *   3. finished this week (Monday to today), whatever the period;
 *   4. groups: by department one level below the filter, or by project.
 */
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database.js';
import { finishedLateSql, groupLength, inPeriod, overdueOpenSql, type StatisticsQuery } from './filters.js';

/** The figures every breakdown row carries. */
export interface Figures {
  total: number;
  /** 待接收 + 处理中 */
  open: number;
  /** 已完成 */
  finished: number;
  /** open and past the deadline, plus finished after it */
  overdue: number;
  /** open and past the deadline */
  overdueOpen: number;
  /** percent of total, one decimal */
  overdueRate: number;
  /** mean of finishTime - createTime over the finished ones, hours with one decimal; null: none finished */
  avgFinishHours: number | null;
}

interface FigureRow {
  total: number;
  open: number;
  finished: number;
  overdueOpen: number;
  finishedLate: number;
  avgHours: number | string | null;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

export function figures(row: FigureRow): Figures {
  const total = Number(row.total);
  const overdue = Number(row.overdueOpen) + Number(row.finishedLate);
  return {
    total,
    open: Number(row.open),
    finished: Number(row.finished),
    overdue,
    overdueOpen: Number(row.overdueOpen),
    overdueRate: total > 0 ? round1((overdue * 100) / total) : 0,
    avgFinishHours: row.avgHours === null ? null : round1(Number(row.avgHours)),
  };
}

/** The aggregate columns of FigureRow over `main`. */
function figureColumns(q: StatisticsQuery): RawBuilder<unknown> {
  const status = q.col('status');
  const hours = sql`extract(epoch from (${q.col('finishTime')} - ${q.col('createTime')})) / 3600`;
  return sql`count(*)::int as total,
    (count(*) filter (where ${status} in ('0', '2')))::int as open,
    (count(*) filter (where ${status} = '1'))::int as finished,
    (count(*) filter (where ${status} = '0'))::int as waiting,
    (count(*) filter (where ${status} = '2'))::int as processing,
    (count(*) filter (where ${status} = '3'))::int as closed,
    (count(*) filter (where ${status} = '4'))::int as withdrawn,
    (count(*) filter (where ${overdueOpenSql(q)}))::int as "overdueOpen",
    (count(*) filter (where ${finishedLateSql(q)}))::int as "finishedLate",
    avg(${hours}) filter (where ${status} = '1' and ${q.col('finishTime')} is not null) as "avgHours"`;
}

export interface TotalsRow extends FigureRow {
  byStatus: number;
  byType: number;
  byCharge: number;
  status: string | null;
  orderType: string | null;
  charge: string | null;
  realname: string | null;
  waiting: number;
  processing: number;
  closed: number;
  withdrawn: number;
}

/** Statement 1: the orders created in the period, in total and by status, type and person in charge. */
export async function totals(db: Db, q: StatisticsQuery): Promise<TotalsRow[]> {
  const { col } = q;
  const result = await sql<TotalsRow>`
    select grouping(${col('status')}) = 0 as "byStatus", grouping(${col('orderType')}) = 0 as "byType",
      grouping(${col('charge')}) = 0 as "byCharge",
      ${col('status')} as status, ${col('orderType')} as "orderType", ${col('charge')} as charge,
      max(u.realname) as realname, ${figureColumns(q)}
    from ${q.table}
    left join sys_user u on u.username = ${col('charge')}
    where ${q.scope} and ${inPeriod(q, col('createTime'))}
    group by grouping sets ((), (${col('status')}), (${col('orderType')}), (${col('charge')}))`.execute(db);
  return result.rows;
}

export interface WeekRow {
  weekStart: string;
  created: number;
  finished: number;
}

/** Statement 2: per week (Monday first) of the period, the orders created and the orders finished. */
export async function weekly(db: Db, q: StatisticsQuery): Promise<WeekRow[]> {
  const { col, timeZone: tz } = q;
  const week = (column: RawBuilder<unknown>) => sql`date_trunc('week', ${column} at time zone ${tz})`;
  const result = await sql<WeekRow>`
    with events as (
      select ${week(col('createTime'))} as week, 1 as created, 0 as finished
      from ${q.table} where ${q.scope} and ${inPeriod(q, col('createTime'))}
      union all
      select ${week(col('finishTime'))}, 0, 1
      from ${q.table} where ${q.scope} and ${col('status')} = '1' and ${inPeriod(q, col('finishTime'))}
    )
    select to_char(s.week, 'YYYY-MM-DD') as "weekStart",
      coalesce(sum(e.created), 0)::int as created, coalesce(sum(e.finished), 0)::int as finished
    from generate_series(date_trunc('week', ${q.filter.beginDate}::date::timestamp),
      ${q.filter.endDate}::date::timestamp, interval '1 week') as s(week)
    left join events e on e.week = s.week
    group by s.week order by s.week`.execute(db);
  return result.rows;
}

/** Statement 3: orders finished since this week's Monday (app time zone), in the caller's scope. */
export async function finishedThisWeek(db: Db, q: StatisticsQuery): Promise<number> {
  const { col, timeZone: tz } = q;
  const monday = sql`date_trunc('week', ${q.filter.today}::date::timestamp) at time zone ${tz}`;
  const result = await sql<{ n: number }>`select count(*)::int as n from ${q.table}
    where ${q.scope} and ${col('status')} = '1' and ${col('finishTime')} >= ${monday}`.execute(db);
  return Number(result.rows[0]?.n ?? 0);
}

export interface DepartRow extends FigureRow {
  orgCode: string | null;
  departName: string | null;
}

/** Statement 4a: by department one level below the filter (teams roll up into their department). */
export async function byDepart(db: Db, q: StatisticsQuery): Promise<DepartRow[]> {
  const result = await sql<DepartRow>`
    select g.*, d.depart_name as "departName" from (
      select left(${q.col('sysOrgCode')}, ${groupLength(q.filter)}) as "orgCode", ${figureColumns(q)}
      from ${q.table} where ${q.scope} and ${inPeriod(q, q.col('createTime'))}
      group by 1
    ) g
    left join sys_depart d on d.org_code = g."orgCode" and d.del_flag = 0
    order by g.total desc, g."orgCode"`.execute(db);
  return result.rows;
}

export interface ProjectRow extends FigureRow {
  projectId: string | null;
  /** The project's name (biz_project), null for orders without one or a project since purged. */
  projectName: string | null;
}

/** Statement 4b: by project, with each project's name. */
export async function byProject(db: Db, q: StatisticsQuery): Promise<ProjectRow[]> {
  const result = await sql<ProjectRow>`
    select g.*, p.name as "projectName" from (
      select nullif(${q.col('projectId')}, '') as "projectId", ${figureColumns(q)}
      from ${q.table} where ${q.scope} and ${inPeriod(q, q.col('createTime'))}
      group by 1) g
    left join biz_project p on p.id = g."projectId"
    order by g.total desc, g."projectId" nulls last`.execute(db);
  return result.rows;
}
