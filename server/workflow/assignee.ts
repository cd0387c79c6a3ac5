/**
 * Who a user task waits for, from its `zh:assignee` rule (docs/modules/workflow.md, "Models"):
 * one username (assignee) or several (candidates, the first to act takes it). Only active users of
 * the instance's tenant count; a rule that finds nobody refuses the action that reached the task.
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { ApiError } from '../result.js';

export interface Assignment {
  assignee: string | null;
  candidates: string[];
}

export interface Starter {
  username: string;
  orgCode: string | null;
  tenantId: number;
}

/** Active members of the tenant (as server/notice/recipients.ts reads membership). */
const active = (tenantId: number) =>
  tenantId === 0
    ? sql`u.del_flag = 0 and u.status = 1`
    : sql`u.del_flag = 0 and u.status = 1 and (',' || u.rel_tenant_ids || ',') like ${`%,${tenantId},%`}`;

async function usernames(db: Db, query: ReturnType<typeof sql<{ username: string }>>): Promise<string[]> {
  const { rows } = await query.execute(db);
  return rows.map((r) => r.username);
}

/** The nearest dept_manager up the starter's department codes (own department first), not the starter. */
async function deptManager(db: Db, starter: Starter): Promise<string[]> {
  const org = starter.orgCode ?? '';
  const { rows } = await sql<{ username: string }>`select u.username from sys_user u
    where u.post = 'dept_manager' and u.org_code is not null and u.username <> ${starter.username}
      and ${org} like u.org_code || '%' and ${active(starter.tenantId)}
    order by length(u.org_code) desc, u.username limit 1`.execute(db);
  return rows.map((r) => r.username);
}

async function resolve(db: Db, rule: string, starter: Starter): Promise<string[]> {
  if (rule === 'starter') return [starter.username];
  if (rule === 'deptManager') {
    const found = await deptManager(db, starter);
    // Nobody above in a department (the starter manages the top one): the general manager.
    return found.length > 0 ? found : resolve(db, 'generalManager', starter);
  }
  if (rule === 'generalManager')
    return usernames(
      db,
      sql<{ username: string }>`select u.username from sys_user u
        where u.post = 'general_manager' and ${active(starter.tenantId)} order by u.username`,
    );
  if (rule.startsWith('user:'))
    return usernames(
      db,
      sql<{ username: string }>`select u.username from sys_user u
        where u.username = ${rule.slice(5)} and ${active(starter.tenantId)}`,
    );
  if (rule.startsWith('role:'))
    return usernames(
      db,
      sql<{ username: string }>`select distinct u.username from sys_user u
        join sys_user_role ur on ur.user_id = u.id join sys_role r on r.id = ur.role_id
        where r.role_code = ${rule.slice(5)} and ${active(starter.tenantId)} order by u.username`,
    );
  return [];
}

/** The assignment of a task named `nodeName`; refused in Chinese when nobody fits. */
export async function assign(db: Db, rule: string, nodeName: string, starter: Starter): Promise<Assignment> {
  const found = await resolve(db, rule, starter);
  if (found.length === 0)
    throw new ApiError(`节点「${nodeName}」找不到审批人（规则：${rule}），请联系管理员`);
  return found.length === 1 ? { assignee: found[0]!, candidates: [] } : { assignee: null, candidates: found };
}

/** Whether `username` may act on a task with this assignment. */
export function mayAct(
  task: { assignee: string | null; candidates: string | null },
  username: string,
): boolean {
  return task.assignee === username || (task.candidates ?? '').includes(`,${username},`);
}
