/**
 * What a work order's declaration cannot say about its input, checked before the engine's own
 * validation of add and edit: the deadline is not in the past, and the people named (the person in
 * charge, participants, a sub-order's handler) are active users of the caller's tenant.
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { zonedClock } from '../http/dates.js';

export const WorkOrderMessages = {
  pastDeadline: '截止日期不能早于今天',
  frozenPerson: (title: string, name: string) => `${title}“${name}”已被冻结，不能指派`,
  unknownPerson: (title: string, name: string) => `${title}“${name}”不存在或不属于当前租户`,
  closedOrder: '工单已关闭，不能添加动态',
  withdrawnOrder: '工单已撤回，不能添加动态',
  emptyDynamic: '请填写处理内容或上传附件',
  subNotOfOrder: '子工单不属于该工单',
} as const;

/** Today in the app's time zone, as YYYY-MM-DD. */
export function todayIn(timeZone: string, now = new Date()): string {
  return zonedClock(timeZone).date(now);
}

/** The refusal for a deadline before today, or null; a malformed date is left to the engine's check. */
export function deadlineProblem(value: unknown, today: string): string | null {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(value)) return null;
  return value.slice(0, 10) < today ? WorkOrderMessages.pastDeadline : null;
}

function names(value: unknown): string[] {
  if (typeof value !== 'string') return [];
  return [
    ...new Set(
      value
        .split(',')
        .map((v) => v.trim())
        .filter((v) => v !== ''),
    ),
  ];
}

/** The refusal for the first person who is frozen, deleted or outside the tenant, or null. */
export async function personProblem(
  db: Db,
  tenantId: number,
  title: string,
  value: unknown,
): Promise<string | null> {
  const wanted = names(value);
  if (wanted.length === 0) return null;
  if (wanted.length > 200) return WorkOrderMessages.unknownPerson(title, wanted[200]);
  const found = await sql<{ username: string; status: number }>`select username, status from sys_user
    where username in (${sql.join(wanted)}) and del_flag = 0
      and (${tenantId} = 0 or position(${`,${tenantId},`} in ',' || coalesce(rel_tenant_ids, '') || ',') > 0)`.execute(
    db,
  );
  const byName = new Map(found.rows.map((r) => [r.username, r.status]));
  for (const name of wanted) {
    const status = byName.get(name);
    if (status === undefined) return WorkOrderMessages.unknownPerson(title, name);
    if (Number(status) !== 1) return WorkOrderMessages.frozenPerson(title, name);
  }
  return null;
}
