/**
 * The filters every statistics call shares (docs/modules/workorder-statistics.md): the period
 * (beginDate / endDate, days in the app's time zone, default the last twelve months), the
 * department (orgCode: that department and everything below it) and the caller's scope (tenant,
 * the data rules of the 工单统计 / 工单图表 menu entries). All of it becomes bound conditions over
 * the work-order table aliased `main`, ANDed into each aggregate statement.
 */
import type { FastifyRequest } from 'fastify';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { single } from '../../../runtime/model/query/compile.js';
import { SEGMENT_LENGTH } from '../../sys/depart/codes.js';
import { dataScopeSql } from '../../entity/data-scope.js';
import { queryOf } from '../../entity/route-kit.js';
import { ALIAS, type EntityStore } from '../../entity/store.js';
import { ApiError } from '../../result.js';
import { callerOf, type WorkOrderContext } from '../context.js';
import { ORDER_ENTITY } from '../dynamics.js';
import { todayIn } from '../rules.js';

export const StatisticsMessages = {
  badDate: (name: string) => `日期格式不正确：${name}`,
  reversed: '开始日期不能晚于结束日期',
  tooLong: '统计区间不能超过5年',
  badDepart: (code: string) => `部门不存在：${code}`,
  badPart: (part: string) => `参数不识别：part=${part}`,
} as const;

/** The menu entries whose data rules narrow the statistics (both screens read the same calls). */
export const STATISTICS_COMPONENTS = [
  'modules/workOrder/WorkOrderStatistics',
  'modules/workOrder/WorkOrderChart',
] as const;

const MAX_DAYS = 5 * 366;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const ORG_CODE = /^[A-Za-z0-9]{1,64}$/;

export interface StatisticsFilter {
  beginDate: string;
  endDate: string;
  /** '' = the whole tenant. */
  orgCode: string;
  departName: string | null;
  /** Today in the app's time zone (overdue is measured against it). */
  today: string;
}

/** What a statement needs: the filter, bound conditions over `main`, the columns by field name. */
export interface StatisticsQuery {
  filter: StatisticsFilter;
  timeZone: string;
  /** Tenant, data rules and department: the period is added per statement (created or finished). */
  scope: RawBuilder<SqlBool>;
  col(field: string): RawBuilder<unknown>;
  table: RawBuilder<unknown>;
}

function dayNumber(date: string): number {
  return Date.parse(`${date}T00:00:00Z`) / 86_400_000;
}

function isoDay(n: number): string {
  return new Date(n * 86_400_000).toISOString().slice(0, 10);
}

function dateParam(request: FastifyRequest, name: string): string | undefined {
  const raw = single(queryOf(request), name)?.trim();
  if (raw === undefined || raw === '') return undefined;
  const day = raw.slice(0, 10);
  if (!DATE.test(day) || Number.isNaN(dayNumber(day)) || isoDay(dayNumber(day)) !== day)
    throw new ApiError(StatisticsMessages.badDate(name));
  return day;
}

/** The period asked for; default the twelve months up to today. */
export function periodOf(request: FastifyRequest, today: string): { beginDate: string; endDate: string } {
  const endDate = dateParam(request, 'endDate') ?? today;
  const beginDate = dateParam(request, 'beginDate') ?? isoDay(dayNumber(endDate) - 364);
  if (beginDate > endDate) throw new ApiError(StatisticsMessages.reversed);
  if (dayNumber(endDate) - dayNumber(beginDate) > MAX_DAYS) throw new ApiError(StatisticsMessages.tooLong);
  return { beginDate, endDate };
}

/** The caller's filters and scope as bound conditions; a department must exist. */
export async function statisticsQuery(
  ctx: WorkOrderContext,
  request: FastifyRequest,
): Promise<StatisticsQuery> {
  const store: EntityStore = ctx.store(ORDER_ENTITY);
  const caller = callerOf(request);
  const today = todayIn(ctx.timeZone);
  const { beginDate, endDate } = periodOf(request, today);
  const orgCode = single(queryOf(request), 'orgCode')?.trim() ?? '';
  let departName: string | null = null;
  if (orgCode !== '') {
    if (!ORG_CODE.test(orgCode)) throw new ApiError(StatisticsMessages.badDepart(orgCode));
    const found = await sql<{ name: string }>`select depart_name as name from sys_depart
      where org_code = ${orgCode} and del_flag = 0 limit 1`.execute(ctx.db);
    if (found.rows.length === 0) throw new ApiError(StatisticsMessages.badDepart(orgCode));
    departName = found.rows[0].name;
  }
  const dataScope = await dataScopeSql(
    ctx.db,
    { ...caller, orgCode: caller.orgCode ?? null, now: ctx.now() },
    store.model,
    ALIAS,
    ctx.timeZone,
    { components: STATISTICS_COMPONENTS },
  );
  const col = (field: string) => {
    const model = store.model.field(field);
    if (!model) throw new Error(`work order has no field ${field}`);
    return sql.ref(`${ALIAS}.${model.column}`);
  };
  const parts = store.scope({ ...caller, dataScope });
  // The department and everything below it: codes start with their parent's code (depart/codes.ts).
  if (orgCode !== '') parts.push(sql<SqlBool>`starts_with(${col('sysOrgCode')}, ${orgCode})`);
  return {
    filter: { beginDate, endDate, orgCode, departName, today },
    timeZone: ctx.timeZone,
    scope: parts.length > 0 ? sql<SqlBool>`(${sql.join(parts, sql` and `)})` : sql<SqlBool>`true`,
    col,
    table: sql`${sql.table(store.model.table)} as ${sql.id(ALIAS)}`,
  };
}

/** `column` (a timestamptz) within the period's days in the app's time zone (index friendly). */
export function inPeriod(q: StatisticsQuery, column: RawBuilder<unknown>): RawBuilder<SqlBool> {
  const from = sql`(${q.filter.beginDate}::date)::timestamp at time zone ${q.timeZone}`;
  const to = sql`(${q.filter.endDate}::date + 1)::timestamp at time zone ${q.timeZone}`;
  return sql<SqlBool>`(${column} >= ${from} and ${column} < ${to})`;
}

/** The length of the department codes one level below the filter (the by-department rows). */
export function groupLength(filter: StatisticsFilter): number {
  return (filter.orgCode === '' ? SEGMENT_LENGTH : filter.orgCode.length) + SEGMENT_LENGTH;
}

/**
 * Overdue (逾期): open (待接收 / 处理中) with its deadline before today, or finished on a day (app
 * time zone) after its deadline. Closed and withdrawn orders are never overdue.
 */
export function overdueOpenSql(q: StatisticsQuery): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${q.col('status')} in ('0', '2') and ${q.col('deadline')} < ${q.filter.today}::date)`;
}

export function finishedLateSql(q: StatisticsQuery): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${q.col('status')} = '1' and (${q.col('finishTime')} at time zone ${q.timeZone})::date > ${q.col('deadline')})`;
}
