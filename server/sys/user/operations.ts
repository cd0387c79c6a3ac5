/**
 * The changes an admin makes to users, each checked completely before anything is written and
 * written in one transaction: add, edit, delete (one or many), freeze / unfreeze, password reset.
 * A refusal (duplicate, yourself, the last administrator, an unknown department ...) changes
 * nothing.
 */
import { checkConfirmPassword, checkNewPassword } from '../../../runtime/model/validation/password.js';
import { hashPassword } from '../../auth/password.js';
import { permissionsChanged } from '../../auth/permission-codes.js';
import type { AuthContext } from '../../http/authenticate.js';
import { newId } from '../../db/seed/ids.js';
import { ApiError } from '../../result.js';
import { checkOwnUploads } from '../upload-owner.js';
import type { UserDeps } from './context.js';
import { ADMIN_ROLE, holdsAdminRole, keepOneAdmin, lockAdmins, refuseSelf } from './guards.js';
import { readUserInput, type StoredUser, type UserInput } from './input.js';
import { UserMessages } from './messages.js';
import type { RoleRef } from './refs.js';
import { userDataScope } from './scope.js';
import { duplicateMessage, duplicateOf } from './unique.js';
import {
  insertUser,
  liveIdsInScope,
  replaceDeparts,
  replaceRoles,
  resetPassword,
  setStatus,
  softDeleteUsers,
  updateUser,
} from './write.js';

const hasAdmin = (roles: readonly RoleRef[]) => roles.some((r) => r.roleCode === ADMIN_ROLE);

/** Only an administrator may make or unmake one (whoever holds user:edit could otherwise promote anyone). */
async function checkAdminGrant(deps: UserDeps, auth: AuthContext, before: boolean, after: boolean) {
  if (before !== after && !(await holdsAdminRole(deps.db, auth.userId)))
    throw new ApiError(UserMessages.adminRoleReserved);
}

/**
 * Only an administrator may change an administrator's details or password: a new phone or e-mail
 * opens the account's password recovery, a new password the account itself.
 */
async function checkAdminTarget(deps: UserDeps, auth: AuthContext, targetId: string) {
  if ((await holdsAdminRole(deps.db, targetId)) && !(await holdsAdminRole(deps.db, auth.userId)))
    throw new ApiError(UserMessages.adminProtected);
}

async function refuseDuplicate(deps: UserDeps, input: UserInput, exceptId?: string): Promise<void> {
  const message = await duplicateOf(deps.db, input.columns, exceptId);
  if (message) throw new ApiError(message);
}

/** Runs a write, answering a unique violation (someone took the value meanwhile) with its message. */
async function guardedWrite<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const message = duplicateMessage(error);
    if (message) throw new ApiError(message);
    throw error;
  }
}

/** A checked new user, ready to insert: the same path for the add form and every imported row. */
export interface PreparedUser {
  input: UserInput;
  passwordHash: string;
}

export async function prepareNewUser(
  deps: UserDeps,
  auth: AuthContext,
  body: unknown,
): Promise<PreparedUser> {
  const input = await readUserInput(deps.db, deps.validation, body, {
    mode: 'add',
    defaultTenant: auth.tenantId,
  });
  // An avatar is an upload path: only one the caller made (文件不存在或不是您上传的).
  await checkOwnUploads(deps.db, auth.userId, input.columns.avatar);
  await refuseDuplicate(deps, input);
  await checkAdminGrant(deps, auth, false, hasAdmin(input.roles ?? []));
  return { input, passwordHash: await hashPassword(input.password ?? '') };
}

export async function insertPrepared(deps: UserDeps, auth: AuthContext, users: readonly PreparedUser[]) {
  await guardedWrite(() =>
    deps.db.transaction().execute(async (trx) => {
      for (const { input, passwordHash } of users) {
        const id = newId();
        await insertUser(trx, id, input.columns, passwordHash, auth);
        await replaceDeparts(trx, id, input.departs ?? []);
        await replaceRoles(trx, id, input.roles ?? []);
      }
    }),
  );
}

export async function addUser(deps: UserDeps, auth: AuthContext, body: unknown): Promise<void> {
  await insertPrepared(deps, auth, [await prepareNewUser(deps, auth, body)]);
}

async function storedUser(deps: UserDeps, id: string, scope: Awaited<ReturnType<typeof userDataScope>>) {
  const [found] = await liveIdsInScope(deps.db, [id], scope);
  if (!found) throw new ApiError(UserMessages.notFound);
  const user = await deps.db
    .selectFrom('sysUser')
    .select(['id', 'username', 'orgCode'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const departs = await deps.db
    .selectFrom('sysUserDepart as ud')
    .innerJoin('sysDepart as d', 'd.id', 'ud.depId')
    .select(['d.id', 'd.orgCode'])
    .where('ud.userId', '=', id)
    .where('d.delFlag', '=', 0)
    .orderBy('d.orgCode')
    .execute();
  const stored: StoredUser = { ...user, departs };
  return stored;
}

export async function editUser(deps: UserDeps, auth: AuthContext, id: string, body: unknown): Promise<void> {
  const scope = await userDataScope(deps.db, deps.timeZone, auth);
  const stored = await storedUser(deps, id, scope);
  await checkAdminTarget(deps, auth, id);
  const input = await readUserInput(deps.db, deps.validation, body, { mode: 'edit', stored });
  if (input.columns.avatar) {
    const kept = await deps.db.selectFrom('sysUser').select('avatar').where('id', '=', id).executeTakeFirst();
    await checkOwnUploads(deps.db, auth.userId, input.columns.avatar, kept?.avatar);
  }
  await refuseDuplicate(deps, input, id);
  const wasAdmin = await holdsAdminRole(deps.db, id);
  const staysAdmin = input.roles ? hasAdmin(input.roles) : wasAdmin;
  await checkAdminGrant(deps, auth, wasAdmin, staysAdmin);
  await guardedWrite(() =>
    deps.db.transaction().execute(async (trx) => {
      if (wasAdmin && !staysAdmin) {
        await lockAdmins(trx);
        await keepOneAdmin(trx, [id], UserMessages.demoteLastAdmin);
      }
      if (!(await updateUser(trx, id, input.columns, auth, scope))) throw new ApiError(UserMessages.notFound);
      if (input.departs) await replaceDeparts(trx, id, input.departs);
      if (input.roles) await replaceRoles(trx, id, input.roles);
    }),
  );
  // Roles and departments (department roles) decide the user's permission codes on every server.
  if (input.roles || input.departs) await permissionsChanged(deps.db, [id]);
}

/** Soft-deletes all of `ids` or none: yourself, a user out of scope or the last admin refuses the lot. */
export async function deleteUsers(deps: UserDeps, auth: AuthContext, ids: readonly string[]): Promise<void> {
  refuseSelf(ids, auth.userId, UserMessages.deleteSelf);
  const scope = await userDataScope(deps.db, deps.timeZone, auth);
  await deps.db.transaction().execute(async (trx) => {
    await lockAdmins(trx);
    const found = await liveIdsInScope(trx, ids, scope);
    if (found.length !== ids.length) throw new ApiError(UserMessages.notFound);
    await keepOneAdmin(trx, ids, UserMessages.deleteLastAdmin);
    await softDeleteUsers(trx, ids, auth);
  });
}

/** status 2 freezes (sessions end at once), 1 unfreezes; all of `ids` or none. */
export async function freezeUsers(
  deps: UserDeps,
  auth: AuthContext,
  ids: readonly string[],
  status: 1 | 2,
): Promise<void> {
  if (status === 2) refuseSelf(ids, auth.userId, UserMessages.freezeSelf);
  const scope = await userDataScope(deps.db, deps.timeZone, auth);
  await deps.db.transaction().execute(async (trx) => {
    if (status === 2) await lockAdmins(trx);
    const found = await liveIdsInScope(trx, ids, scope);
    if (found.length !== ids.length) throw new ApiError(UserMessages.notFound);
    if (status === 2) await keepOneAdmin(trx, ids, UserMessages.freezeLastAdmin);
    await setStatus(trx, ids, status, auth);
  });
}

export interface PasswordReset {
  username?: unknown;
  password?: unknown;
  confirmpassword?: unknown;
  /** The row's id, sent by the 密码 row action besides the username. */
  id?: unknown;
}

const str = (v: unknown) => (typeof v === 'string' ? v : null);

export async function changeUserPassword(
  deps: UserDeps,
  auth: AuthContext,
  body: PasswordReset,
): Promise<void> {
  const password = str(body.password);
  const problem = checkNewPassword(password) ?? checkConfirmPassword(str(body.confirmpassword), password);
  if (problem) throw new ApiError(problem);
  const username = str(body.username) ?? '';
  const user = await deps.db
    .selectFrom('sysUser')
    .select('id')
    .where('username', '=', username)
    .where('delFlag', '=', 0)
    .executeTakeFirst();
  const id = str(body.id);
  if (!user || (id !== null && id !== '' && id !== user.id)) throw new ApiError(UserMessages.notFound);
  const scope = await userDataScope(deps.db, deps.timeZone, auth);
  if ((await liveIdsInScope(deps.db, [user.id], scope)).length === 0)
    throw new ApiError(UserMessages.notFound);
  await checkAdminTarget(deps, auth, user.id);
  const passwordHash = await hashPassword(password ?? '');
  await deps.db.transaction().execute(async (trx) => {
    if ((await liveIdsInScope(trx, [user.id], scope)).length === 0) throw new ApiError(UserMessages.notFound);
    await resetPassword(trx, user.id, passwordHash, auth);
  });
}
