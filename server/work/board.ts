/**
 * The work board's reads (/sys/work/..., docs/modules/daily-work.md "Work board"): item pages,
 * counts by status of a department and its sub-departments, one row per sub-department, one row
 * per person. Every read is limited by the caller's scope (scope.ts) in the statement itself.
 */
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Db } from '../db/database.js';
import { WORK_ITEM_STATUS, WORK_ITEM_TYPE } from './dicts.js';
import { underSql } from './scope.js';

export interface ItemFilter {
  tenantId: number;
  /** The caller's visibility (scope.ts visibleItemSql) or a department prefix. */
  visible: RawBuilder<SqlBool>;
  assignee?: string;
  status?: string;
  title?: string;
  planBegin?: string;
  planEnd?: string;
  /** Open and past the deadline. */
  overdue?: boolean;
  today: string;
}

function whereOf(f: ItemFilter): RawBuilder<SqlBool> {
  const parts: RawBuilder<SqlBool>[] = [sql<SqlBool>`w.tenant_id = ${f.tenantId}`, f.visible];
  if (f.assignee) parts.push(sql<SqlBool>`w.assignee = ${f.assignee}`);
  if (f.status) parts.push(sql<SqlBool>`w.status = ${f.status}`);
  if (f.title) parts.push(sql<SqlBool>`position(${f.title} in w.title) > 0`);
  if (f.planBegin) parts.push(sql<SqlBool>`w.plan_date >= ${f.planBegin}::date`);
  if (f.planEnd) parts.push(sql<SqlBool>`w.plan_date <= ${f.planEnd}::date`);
  if (f.overdue) parts.push(sql<SqlBool>`w.status in ('0', '1') and w.deadline < ${f.today}::date`);
  return sql<SqlBool>`${sql.join(parts, sql` and `)}`;
}

export interface ItemRow extends Record<string, unknown> {
  id: string;
  status: string;
  itemType: string;
  assigneeName: string | null;
  departName: string | null;
  assignerName: string | null;
  overdue: boolean;
}

export async function itemPage(db: Db, f: ItemFilter, current: number, size: number, id?: string) {
  const where = id ? sql<SqlBool>`${whereOf(f)} and w.id = ${id}` : whereOf(f);
  const count = await sql<{
    n: number;
  }>`select count(*)::int as n from biz_work_item w where ${where}`.execute(db);
  const rows = await sql<ItemRow>`select w.id, w.title, w.item_type as "itemType", w.assignee,
      u.realname as "assigneeName", w.depart_code as "departCode", d.depart_name as "departName",
      w.assigner, a.realname as "assignerName", w.plan_date::text as "planDate", w.deadline::text as deadline,
      w.status, w.progress, w.hours, w.content, w.finish_time as "finishTime", w.create_time as "createTime",
      (w.status in ('0', '1') and w.deadline < ${f.today}::date) as overdue
    from biz_work_item w
      left join sys_user u on u.username = w.assignee
      left join sys_user a on a.username = w.assigner
      left join sys_depart d on d.org_code = w.depart_code and d.del_flag = 0
    where ${where}
    order by w.plan_date desc, w.create_time desc, w.id
    limit ${size} offset ${(current - 1) * size}`.execute(db);
  // Named here, not in SQL: the database plugin would camel-case `assignee_dictText`.
  const records = rows.rows.map(({ assigneeName, departName, assignerName, ...r }) => ({
    ...r,
    assignee_dictText: assigneeName,
    departCode_dictText: departName,
    assigner_dictText: assignerName,
    status_dictText: WORK_ITEM_STATUS[r.status] ?? r.status,
    itemType_dictText: WORK_ITEM_TYPE[r.itemType] ?? r.itemType,
  }));
  return { records, total: Number(count.rows[0]?.n ?? 0) };
}

export interface StatusCounts {
  total: number;
  todo: number;
  doing: number;
  done: number;
  cancelled: number;
  overdue: number;
  lateDone: number;
  finishRate: string;
}

const COUNTS = (today: string) => sql`count(w.id)::int as total,
  count(w.id) filter (where w.status = '0')::int as todo,
  count(w.id) filter (where w.status = '1')::int as doing,
  count(w.id) filter (where w.status = '2')::int as done,
  count(w.id) filter (where w.status = '3')::int as cancelled,
  count(w.id) filter (where w.status in ('0', '1') and w.deadline < ${today}::date)::int as overdue,
  count(w.id) filter (where w.status = '2' and w.finish_time::date > w.deadline)::int as "lateDone"`;

/** 完成率: finished among the items not cancelled, as a percentage with one decimal. */
function withRate<T extends Omit<StatusCounts, 'finishRate'>>(row: T): T & { finishRate: string } {
  const base = row.total - row.cancelled;
  return { ...row, finishRate: base > 0 ? `${((row.done * 100) / base).toFixed(1)}%` : '-' };
}

export interface CountFilter {
  tenantId: number;
  planBegin?: string;
  planEnd?: string;
  today: string;
}

function countWhere(f: CountFilter): RawBuilder<SqlBool> {
  const parts: RawBuilder<SqlBool>[] = [sql<SqlBool>`w.tenant_id = ${f.tenantId}`];
  if (f.planBegin) parts.push(sql<SqlBool>`w.plan_date >= ${f.planBegin}::date`);
  if (f.planEnd) parts.push(sql<SqlBool>`w.plan_date <= ${f.planEnd}::date`);
  return sql<SqlBool>`${sql.join(parts, sql` and `)}`;
}

/** Counts by status of a department and everything below it. */
export async function departCounts(db: Db, orgCode: string, f: CountFilter): Promise<StatusCounts> {
  const found = await sql<Omit<StatusCounts, 'finishRate'>>`select ${COUNTS(f.today)} from biz_work_item w
    where ${countWhere(f)} and ${underSql(sql`w.depart_code`, orgCode)}`.execute(db);
  return withRate(found.rows[0]!);
}

export interface DepartRow {
  id: string;
  departId: string;
  orgCode: string;
  departName: string;
  hasChild: boolean;
}

/** The direct sub-departments of a department (by org code), in their order. */
export async function subDeparts(db: Db, orgCode: string): Promise<DepartRow[]> {
  const rows = await sql<DepartRow>`select c.org_code as id, c.id as "departId", c.org_code as "orgCode",
      c.depart_name as "departName",
      exists (select 1 from sys_depart g where g.parent_id = c.id and g.del_flag = 0) as "hasChild"
    from sys_depart p join sys_depart c on c.parent_id = p.id and c.del_flag = 0
    where p.org_code = ${orgCode} and p.del_flag = 0
    order by c.depart_order, c.org_code`.execute(db);
  return rows.rows;
}

export async function departName(db: Db, orgCode: string): Promise<string | null> {
  const found = await sql<{ name: string }>`select depart_name as name from sys_depart
    where org_code = ${orgCode} and del_flag = 0`.execute(db);
  return found.rows[0]?.name ?? null;
}

/** The department (合计) and one row per direct sub-department, each with its counts. */
export async function departStatistics(db: Db, orgCode: string, f: CountFilter) {
  const own = { id: orgCode, orgCode, departName: `${(await departName(db, orgCode)) ?? orgCode}（合计）` };
  const rows = [own, ...(await subDeparts(db, orgCode))];
  const out = [];
  for (const row of rows)
    out.push({
      id: row.id,
      departCode: row.orgCode,
      departName: row.departName,
      ...(await departCounts(db, row.orgCode, f)),
    });
  return out;
}

/** One row per live person of a department and below, with their counts. */
export async function peopleCounts(db: Db, orgCode: string, f: CountFilter) {
  const rows = await sql<Omit<StatusCounts, 'finishRate'> & { username: string; realname: string }>`
    select u.username as id, u.username, u.realname, u.org_code as "departCode", d.depart_name as "departName",
      ${COUNTS(f.today)}
    from sys_user u
      left join sys_depart d on d.org_code = u.org_code and d.del_flag = 0
      left join biz_work_item w on w.assignee = u.username and ${countWhere(f)}
    where u.del_flag = 0 and ${underSql(sql`u.org_code`, orgCode)}
    group by u.username, u.realname, u.org_code, d.depart_name
    order by u.org_code, u.username`.execute(db);
  return rows.rows.map(withRate);
}
