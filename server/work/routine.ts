/**
 * Routine work generation: for each enabled routine, the items of the period holding `today`, one
 * per executor, each exactly once - the insert names the unique key (routine, period, executor)
 * with ON CONFLICT DO NOTHING, so two runs (the scheduled job on two servers, a click of 立即生成
 * meanwhile) never make a second item (the index leads with the tenant). The job handler and the 立即生成 route both call this.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { periodOf } from './periods.js';

interface RoutineRow {
  id: string;
  title: string;
  content: string | null;
  assignees: string | null;
  period: string;
  periodDay: number | null;
  deadlineDays: number | null;
  tenantId: number;
  createBy: string | null;
}

export interface GenerateResult {
  routines: number;
  created: number;
}

export interface GenerateOptions {
  /** Only these routines (立即生成); default every enabled one. */
  ids?: readonly string[];
  tenantId?: number;
}

const newId = () => randomUUID().replace(/-/g, '');

async function routinesOf(db: Db, options: GenerateOptions): Promise<RoutineRow[]> {
  const ids = options.ids ?? null;
  const rows = await sql<RoutineRow>`select id, title, content, assignees, period,
      period_day as "periodDay", deadline_days as "deadlineDays", tenant_id as "tenantId",
      create_by as "createBy"
    from biz_routine_work where status = '1'
      ${ids ? sql`and id in (${sql.join(ids.length > 0 ? ids : [''])})` : sql``}
      ${options.tenantId !== undefined ? sql`and tenant_id = ${options.tenantId}` : sql``}
    order by create_time`.execute(db);
  return rows.rows;
}

/** One routine's items for its current period; answers how many were new. */
async function generateOne(db: Db, routine: RoutineRow, today: string): Promise<number> {
  const { key, planDate, deadline } = periodOf(routine, today);
  const people = [...new Set((routine.assignees ?? '').split(',').map((s) => s.trim()))].filter(Boolean);
  let created = 0;
  for (const username of people) {
    const made = await sql`insert into biz_work_item (id, create_by, create_time, sys_org_code, tenant_id,
        title, item_type, assignee, depart_code, assigner, plan_date, deadline, status, progress, content,
        routine_id, period_key)
      select ${newId()}, ${routine.createBy}, now(), u.org_code, ${routine.tenantId}, ${routine.title}, '3',
        u.username, u.org_code, ${routine.createBy}, ${planDate}::date, ${deadline}::date, '0', 0,
        ${routine.content}, ${routine.id}, ${key}
      from sys_user u where u.username = ${username} and u.del_flag = 0
      on conflict (tenant_id, routine_id, period_key, assignee) do nothing`.execute(db);
    created += Number(made.numAffectedRows ?? 0);
  }
  await sql`update biz_routine_work set last_period = ${key} where id = ${routine.id}`.execute(db);
  return created;
}

export async function generateRoutineWork(
  db: Db,
  today: string,
  options: GenerateOptions = {},
): Promise<GenerateResult> {
  const routines = await routinesOf(db, options);
  let created = 0;
  for (const routine of routines) created += await generateOne(db, routine, today);
  return { routines: routines.length, created };
}
