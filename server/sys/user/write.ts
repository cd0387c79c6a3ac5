/**
 * Writing users: the row, its department and role links, soft delete, freezing and password
 * resets. Callers run these inside one transaction; sessions of users who may no longer use them
 * end in the same transaction (a frozen or deleted user is signed out at once). Statements that
 * take the data scope alias sys_user as `main` (USER_ALIAS).
 */
import type { RawBuilder, SqlBool, Transaction } from 'kysely';
import { revokeUserSessions, type RevokeReason } from '../../auth/sessions.js';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import type { UserColumns } from './input.js';
import type { DepartRef, RoleRef } from './refs.js';

type Trx = Transaction<Database>;

export interface Actor {
  username: string;
}

export async function insertUser(
  trx: Trx,
  id: string,
  columns: UserColumns,
  passwordHash: string,
  actor: Actor,
): Promise<void> {
  await trx
    .insertInto('sysUser')
    .values({
      ...columns,
      id,
      username: columns.username ?? '',
      realname: columns.realname ?? '',
      passwordHash,
      status: 1,
      delFlag: 0,
      relTenantIds: columns.relTenantIds ?? '',
      // Set by an admin: the user must choose their own at the first sign-in (修改初始密码).
      modifyTime: null,
      createBy: actor.username,
      createTime: new Date(),
    })
    .execute();
}

/** The live user `id` within the scope condition (on `main`); answers whether it was there. */
export async function updateUser(
  trx: Trx,
  id: string,
  columns: UserColumns,
  actor: Actor,
  scope: RawBuilder<SqlBool> | null,
): Promise<boolean> {
  const result = await trx
    .updateTable('sysUser as main')
    .set({ ...columns, updateBy: actor.username, updateTime: new Date() })
    .where('main.id', '=', id)
    .where('main.delFlag', '=', 0)
    .$if(scope !== null, (q) => q.where(scope!))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function replaceDeparts(trx: Trx, userId: string, departs: readonly DepartRef[]): Promise<void> {
  await trx.deleteFrom('sysUserDepart').where('userId', '=', userId).execute();
  if (departs.length > 0)
    await trx
      .insertInto('sysUserDepart')
      .values(departs.map((d) => ({ userId, depId: d.id })))
      .execute();
}

/**
 * A user's roles, replaced. The one place roles of a user change here: a permission cache keyed
 * by user (docs/modules/system-admin.md) must be dropped for `userId` after this commits.
 */
export async function replaceRoles(trx: Trx, userId: string, roles: readonly RoleRef[]): Promise<void> {
  await trx.deleteFrom('sysUserRole').where('userId', '=', userId).execute();
  if (roles.length > 0)
    await trx
      .insertInto('sysUserRole')
      .values(roles.map((r) => ({ userId, roleId: r.id })))
      .execute();
}

async function revokeAll(trx: Trx, ids: readonly string[], reason: RevokeReason): Promise<void> {
  for (const id of ids) await revokeUserSessions(trx, id, reason);
}

/** Marks the users deleted (their name stays taken) and ends their sessions. */
export async function softDeleteUsers(trx: Trx, ids: readonly string[], actor: Actor): Promise<void> {
  await trx
    .updateTable('sysUser')
    .set({ delFlag: 1, updateBy: actor.username, updateTime: new Date() })
    .where('id', 'in', ids)
    .execute();
  await revokeAll(trx, ids, 'logout');
}

/** 1 normal, 2 frozen; a frozen user's sessions end at once. */
export async function setStatus(
  trx: Trx,
  ids: readonly string[],
  status: 1 | 2,
  actor: Actor,
): Promise<void> {
  await trx
    .updateTable('sysUser')
    .set({ status, updateBy: actor.username, updateTime: new Date() })
    .where('id', 'in', ids)
    .execute();
  if (status === 2) await revokeAll(trx, ids, 'frozen');
}

/**
 * An admin's reset: the new hash, and no modify time, so the next sign-in forces 修改初始密码. The
 * user's other sessions end (the admin's own stays when they reset their own password).
 */
export async function resetPassword(
  trx: Trx,
  id: string,
  passwordHash: string,
  actor: Actor & { tokenHash: string },
): Promise<void> {
  await trx
    .updateTable('sysUser')
    .set({ passwordHash, modifyTime: null, updateBy: actor.username, updateTime: new Date() })
    .where('id', '=', id)
    .execute();
  await revokeUserSessions(trx, id, 'password', actor.tokenHash);
}

/** Ids among `ids` of live users within the scope (all-or-nothing callers compare the counts). */
export async function liveIdsInScope(
  trx: Db,
  ids: readonly string[],
  scope: RawBuilder<SqlBool> | null,
): Promise<string[]> {
  const rows = await trx
    .selectFrom('sysUser as main')
    .select('main.id')
    .where('main.id', 'in', ids)
    .where('main.delFlag', '=', 0)
    .$if(scope !== null, (q) => q.where(scope!))
    .execute();
  return rows.map((r) => r.id);
}
