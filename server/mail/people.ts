/**
 * Who a mail reaches. Named people (收件人, 抄送) must be live, enabled members of the sender's
 * tenant: a disabled or unknown name refuses the whole send, naming them, so the sender knows who
 * did not get it. A department (收件部门, with its sub-departments) expands at send time to its
 * enabled members; disabled ones are skipped, as they would be by a mailing list.
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { ApiError } from '../result.js';
import { MailMessages } from './messages.js';

export function splitList(value: unknown): string[] {
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

function inTenant(tenantId: number) {
  if (tenantId === 0) return sql`true`;
  return sql`position(${`,${tenantId},`} in ',' || coalesce(u.rel_tenant_ids, '') || ',') > 0`;
}

export interface Person {
  id: string;
  username: string;
}

/** The enabled people behind the names; refuses when any name is not one. */
export async function namedPeople(db: Db, names: readonly string[], tenantId: number): Promise<Person[]> {
  if (names.length === 0) return [];
  const { rows } = await sql<Person>`select u.id, u.username from sys_user u
    where u.username in (${sql.join([...names])}) and u.del_flag = 0 and u.status = 1
      and ${inTenant(tenantId)}`.execute(db);
  const found = new Set(rows.map((r) => r.username));
  const missing = names.filter((n) => !found.has(n));
  if (missing.length > 0) {
    const named = await sql<{ username: string; realname: string | null }>`select username, realname
      from sys_user where username in (${sql.join(missing)})`.execute(db);
    const text = new Map(named.rows.map((r) => [r.username, r.realname ?? r.username]));
    throw new ApiError(MailMessages.inactive(missing.map((n) => text.get(n) ?? n).join('、')));
  }
  return rows;
}

/** The enabled members of the departments and their sub-departments. */
export async function departPeople(
  db: Db,
  departIds: readonly string[],
  tenantId: number,
): Promise<Person[]> {
  if (departIds.length === 0) return [];
  const { rows } = await sql<Person>`select distinct u.id, u.username from sys_user u
    join sys_user_depart ud on ud.user_id = u.id
    join sys_depart d on d.id = ud.dep_id and d.del_flag = 0
    join sys_depart chosen on chosen.id in (${sql.join([...departIds])}) and chosen.del_flag = 0
      and left(d.org_code, length(chosen.org_code)) = chosen.org_code
    where u.del_flag = 0 and u.status = 1 and ${inTenant(tenantId)}`.execute(db);
  return rows;
}
