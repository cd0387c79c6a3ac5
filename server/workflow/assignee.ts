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
  /** The instance's form values (a `field:` rule reads its username there). */
  form?: Record<string, unknown>;
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

/** `field:<name>`: the active users named in that form value (a username, or several joined by commas). */
async function fieldUsers(db: Db, starter: Starter, field: string): Promise<string[]> {
  const value = starter.form?.[field];
  const list = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [];
  const names = [...new Set(list.map((v) => String(v).trim()).filter(Boolean))].slice(0, 50);
  if (names.length === 0) return [];
  const found = new Set(
    await usernames(
      db,
      sql<{ username: string }>`select u.username from sys_user u
        where u.username in (${sql.join(names)}) and ${active(starter.tenantId)}`,
    ),
  );
  return names.filter((n) => found.has(n));
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
  if (rule.startsWith('users:')) {
    // A list (会签 / 或签): the active ones, in the order the model names them.
    const names = rule.slice(6).split(',');
    const found = new Set(
      await usernames(
        db,
        sql<{ username: string }>`select u.username from sys_user u
          where u.username in (${sql.join(names)}) and ${active(starter.tenantId)}`,
      ),
    );
    return names.filter((n) => found.has(n));
  }
  if (rule.startsWith('position:'))
    return usernames(
      db,
      sql<{ username: string }>`select u.username from sys_user u
        where strpos(',' || coalesce(u.post, '') || ',', ${`,${rule.slice(9)},`}) > 0
          and ${active(starter.tenantId)}
        order by u.username`,
    );
  if (rule.startsWith('field:')) return fieldUsers(db, starter, rule.slice(6));
  if (rule.startsWith('role:'))
    return usernames(
      db,
      sql<{ username: string }>`select distinct u.username from sys_user u
        join sys_user_role ur on ur.user_id = u.id join sys_role r on r.id = ur.role_id
        where r.role_code = ${rule.slice(5)} and ${active(starter.tenantId)} order by u.username`,
    );
  return [];
}

/** Everyone a rule names (a multi-person node makes one task per person); refused when nobody fits. */
export async function signersOf(db: Db, rule: string, nodeName: string, starter: Starter): Promise<string[]> {
  const found = await resolve(db, rule, starter);
  if (found.length === 0)
    throw new ApiError(`节点「${nodeName}」找不到审批人（规则：${rule}），请联系管理员`);
  return found;
}

/** The assignment of a task named `nodeName`; refused in Chinese when nobody fits. */
export async function assign(db: Db, rule: string, nodeName: string, starter: Starter): Promise<Assignment> {
  const found = await signersOf(db, rule, nodeName, starter);
  return found.length === 1 ? { assignee: found[0]!, candidates: [] } : { assignee: null, candidates: found };
}

/** Everyone a rule names now, without refusing when nobody fits (抄送 on a node, cc-model.ts). */
export const peopleOf = (db: Db, rule: string, starter: Starter) => resolve(db, rule, starter);

/** Resolves without refusing: how many people a rule names now (the engine's loop cardinality). */
export const countSigners = async (db: Db, rule: string, starter: Starter) =>
  (await resolve(db, rule, starter)).length;

/** Whether `username` may act on a task with this assignment. */
export function mayAct(
  task: { assignee: string | null; candidates: string | null },
  username: string,
): boolean {
  return task.assignee === username || (task.candidates ?? '').includes(`,${username},`);
}
