/** sys_log reads and deletes of the log routes, and the visit figures of the workbench. */
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { SortTerm } from '../../../runtime/model/query/conditions.js';
import type { Db } from '../../db/database.js';
import { columnRef, type SqlContext } from '../../entity/sql.js';
import type { Row } from '../../entity/store.js';
import { answeredFields } from './model.js';
import { LogType } from './operation-log.js';

function columnsOf(ctx: SqlContext): RawBuilder<unknown> {
  return sql.join(
    answeredFields(ctx.model).map((f) => sql`${columnRef(ctx, f.column)} as ${sql.id(f.column)}`),
  );
}

/** ORDER BY of the sort, rows without a value last (a sign-in has no cost), then the newest id. */
function orderSql(ctx: SqlContext, sort: readonly SortTerm[]): RawBuilder<unknown> {
  const parts = sort.map((t) => {
    const column = columnRef(ctx, ctx.model.field(t.field)!.column);
    return t.order === 'asc' ? sql`${column} asc nulls last` : sql`${column} desc nulls last`;
  });
  return sql.join([...parts, sql`${columnRef(ctx, 'id')} desc`]);
}

export async function countLogs(db: Db, where: RawBuilder<SqlBool>): Promise<number> {
  const result = await sql<{
    total: number;
  }>`select count(*)::int as total from sys_log l where ${where}`.execute(db);
  return result.rows[0]?.total ?? 0;
}

export async function selectLogs(
  db: Db,
  ctx: SqlContext,
  where: RawBuilder<SqlBool>,
  sort: readonly SortTerm[],
  limit: number,
  offset: number,
): Promise<Row[]> {
  const result = await sql<Row>`select ${columnsOf(ctx)} from sys_log l where ${where}
    order by ${orderSql(ctx, sort)} limit ${limit} offset ${offset}`.execute(db);
  return result.rows;
}

/** One row with the columns of its own log's declaration. */
export async function selectLog(db: Db, ctx: SqlContext, id: number): Promise<Row | undefined> {
  const result = await sql<Row>`select ${columnsOf(ctx)} from sys_log l where l.id = ${id}`.execute(db);
  return result.rows[0];
}

export async function logTypeOf(db: Db, id: number): Promise<number | undefined> {
  const row = await db.selectFrom('sysLog').select('logType').where('id', '=', id).executeTakeFirst();
  return row?.logType;
}

/** Deletes the rows; answers how many there were. */
export async function deleteLogs(db: Db, ids: readonly number[]): Promise<number> {
  const result = await db
    .deleteFrom('sysLog')
    .where('id', 'in', [...ids])
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * A visit is an entry of the sign-in log that was not a refusal (JeecgBoot counts the sign-in log's
 * rows the same way; refused attempts are left out so a guessing attack does not look like traffic).
 */
function visits(alias: string): RawBuilder<SqlBool> {
  const column = (name: string) => sql.ref(`${alias}.${name}`);
  return sql<SqlBool>`${column('log_type')} = ${LogType.signIn} and ${column('result_status')} is distinct from '0'`;
}

/** Today's date in the app's time zone, as a wall-clock timestamp (midnight). */
function localToday(timeZone: string): RawBuilder<Date> {
  return sql<Date>`date_trunc('day', now() at time zone ${timeZone})`;
}

export interface VisitTotals {
  totalVisitCount: number;
  todayVisitCount: number;
  todayIp: number;
}

export async function visitTotals(db: Db, timeZone: string): Promise<VisitTotals> {
  const since = sql`(${localToday(timeZone)} at time zone ${timeZone})`;
  const result = await sql<VisitTotals>`select
      count(*)::int as "totalVisitCount",
      (count(*) filter (where l.create_time >= ${since}))::int as "todayVisitCount",
      (count(distinct l.ip) filter (where l.create_time >= ${since}))::int as "todayIp"
    from sys_log l where ${visits('l')}`.execute(db);
  return result.rows[0] ?? { totalVisitCount: 0, todayVisitCount: 0, todayIp: 0 };
}

/** One day of the workbench chart, JeecgBoot's shape: tian YYYY-MM-DD, type MM-DD. */
export interface VisitDay {
  visit: number;
  ip: number;
  tian: string;
  type: string;
}

/**
 * The last `days` days up to today (days of the app's time zone), oldest first; unlike JeecgBoot a
 * day without visits is there too, with zeros, so a chart's axis has no holes.
 */
export async function visitDays(db: Db, timeZone: string, days = 7): Promise<VisitDay[]> {
  const result = await sql<VisitDay>`
    with span as (
      select back, ${localToday(timeZone)} - make_interval(days => back) as local_day
      from generate_series(0, ${days - 1}::int) as back
    )
    select
      to_char(span.local_day, 'YYYY-MM-DD') as tian,
      to_char(span.local_day, 'MM-DD') as type,
      count(l.id)::int as visit,
      count(distinct l.ip)::int as ip
    from span
    left join sys_log l on ${visits('l')}
      and l.create_time >= (span.local_day at time zone ${timeZone})
      and l.create_time < ((span.local_day + interval '1 day') at time zone ${timeZone})
    group by span.back, span.local_day
    order by span.back desc`.execute(db);
  return result.rows.map((r) => ({ visit: r.visit, ip: r.ip, tian: r.tian, type: r.type }));
}
