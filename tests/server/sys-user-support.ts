/** Shared pieces of the 用户管理 server tests (sys-user*.test.ts). */
import { expect } from 'vitest';
import { departId, roleId, userId } from '../../server/db/seed/organisation.js';
import { seedId } from '../../server/db/seed/ids.js';
import type { EntityTestContext } from './entity-helpers.js';

export { departId, roleId, userId };

/** A password that passes the spec's rule. */
export const GOOD_PASSWORD = 'Welcome#2024';

export interface UserRecord {
  id: string;
  username: string;
  realname: string;
  workNo?: string | null;
  phone?: string | null;
  email?: string | null;
  sex?: number | null;
  sex_dictText?: string;
  status: number;
  status_dictText?: string;
  orgCode?: string | null;
  orgCode_dictText?: string;
  orgCodeTxt?: string;
  post?: string | null;
  post_dictText?: string;
  selecteddeparts?: string;
  selecteddeparts_dictText?: string;
  selectedroles?: string;
  selectedroles_dictText?: string;
  relTenantIds?: string;
  relTenantIds_dictText?: string;
  birthday?: string | null;
  modifyTime?: unknown;
}

/** Fails when an answer carries anything a password, hash, salt or token could hide in. */
export function expectNoSecrets(answer: unknown): void {
  const text = JSON.stringify(answer);
  expect(text).not.toMatch(/passwordHash|password_hash|"password"|"salt"|tokenHash|scrypt\$/i);
}

/** A new user's body that passes every rule; override what a test is about. */
export function newUserBody(n: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    username: `tester${n}`,
    realname: `测试员${n}`,
    workNo: `T${n}`,
    password: GOOD_PASSWORD,
    sex: 1,
    phone: `1390000${n.padStart(4, '0')}`,
    email: `tester${n}@example.com`,
    selecteddeparts: departId('A01A03A01'),
    post: 'engineer',
    selectedroles: 'staff',
    relTenantIds: '1',
    ...extra,
  };
}

/** Gives a role the button codes of the 用户管理 menu (by perms), as the permission dialog would. */
export async function grantCodes(
  ctx: EntityTestContext,
  role: string,
  codes: readonly string[],
): Promise<void> {
  const rows = await ctx.database.db
    .selectFrom('sysPermission')
    .select(['id', 'perms'])
    .where('perms', 'in', codes)
    .execute();
  expect(rows.map((r) => r.perms).sort()).toEqual([...codes].sort());
  await ctx.database.db
    .insertInto('sysRolePermission')
    .values(rows.map((r) => ({ roleId: roleId(role), permissionId: r.id })))
    .execute();
}

/** The seeded 用户管理 menu row. */
export const USER_MENU_ID = seedId('menu:system.user');

export async function userRow(ctx: EntityTestContext, username: string) {
  return ctx.database.db
    .selectFrom('sysUser')
    .selectAll()
    .where('username', '=', username)
    .executeTakeFirst();
}

/** An authenticated call (the caller's password-expiry days) that shows whether a token still works. */
export function probe(ctx: EntityTestContext, token: string) {
  return ctx.call<number>({
    method: 'GET',
    url: '/api/sys/user/getUserInfoByUserName',
    headers: { 'x-access-token': token },
  });
}

export function signIn(ctx: EntityTestContext, username: string, password: string) {
  return ctx.call<{ token: string }>({
    method: 'POST',
    url: '/api/sys/login',
    payload: { username, password, captcha: '', checkKey: '' },
  });
}
