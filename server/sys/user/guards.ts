/**
 * What must stay true whatever an admin does: the signed-in user cannot delete or freeze
 * themselves, and the organisation keeps at least one active administrator (a live, unfrozen
 * holder of the role code admin). Changes that could remove an administrator take one
 * transaction-scoped lock first, so two admins removing each other at once cannot both succeed.
 */
import { sql, type Transaction } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { ApiError } from '../../result.js';

export const ADMIN_ROLE = 'admin';

/** Key of the advisory lock held while an administrator may be removed (any fixed number). */
const ADMIN_LOCK = 104_101;

export async function lockAdmins(trx: Transaction<Database>): Promise<void> {
  await sql`select pg_advisory_xact_lock(${ADMIN_LOCK})`.execute(trx);
}

/** Ids of the live, active holders of the admin role. */
export async function activeAdminIds(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('sysUser as u')
    .innerJoin('sysUserRole as ur', 'ur.userId', 'u.id')
    .innerJoin('sysRole as r', 'r.id', 'ur.roleId')
    .select('u.id')
    .distinct()
    .where('r.roleCode', '=', ADMIN_ROLE)
    .where('u.delFlag', '=', 0)
    .where('u.status', '=', 1)
    .execute();
  return rows.map((r) => r.id);
}

/** Refuses when the users leaving the active admins are all there is. */
export async function keepOneAdmin(db: Db, leaving: readonly string[], message: string): Promise<void> {
  const admins = await activeAdminIds(db);
  const gone = new Set(leaving);
  if (admins.some((id) => gone.has(id)) && admins.every((id) => gone.has(id))) throw new ApiError(message);
}

export function refuseSelf(ids: readonly string[], selfId: string, message: string): void {
  if (ids.includes(selfId)) throw new ApiError(message);
}

export async function holdsAdminRole(db: Db, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('sysUserRole as ur')
    .innerJoin('sysRole as r', 'r.id', 'ur.roleId')
    .select('r.id')
    .where('ur.userId', '=', userId)
    .where('r.roleCode', '=', ADMIN_ROLE)
    .executeTakeFirst();
  return row !== undefined;
}
