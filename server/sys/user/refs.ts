/**
 * The rows a user refers to - departments, roles, positions, tenants - checked to exist before
 * anything is written, so a typo or a stale id is a clear refusal rather than a dangling link.
 */
import type { Db } from '../../db/database.js';
import { ApiError } from '../../result.js';
import { UserMessages } from './messages.js';

/** Most values one comma list may hold (a user is in a handful of departments, not hundreds). */
const MAX_ITEMS = 200;

/** The values of a comma list, trimmed, without blanks or repeats, in the order given. */
export function splitList(value: unknown): string[] {
  if (value === null || value === undefined) return [];
  const items = [
    ...new Set(
      String(value)
        .split(',')
        .map((v) => v.trim())
        .filter((v) => v !== ''),
    ),
  ];
  if (items.length > MAX_ITEMS) throw new ApiError(`参数错误：最多${MAX_ITEMS}个值`);
  return items;
}

function firstMissing(asked: readonly string[], found: ReadonlySet<string>): string | undefined {
  return asked.find((v) => !found.has(v));
}

export interface DepartRef {
  id: string;
  orgCode: string;
}

/** Live departments by id, in the order asked. */
export async function resolveDeparts(db: Db, ids: readonly string[]): Promise<DepartRef[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('sysDepart')
    .select(['id', 'orgCode'])
    .where('id', 'in', ids)
    .where('delFlag', '=', 0)
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  const missing = firstMissing(ids, new Set(byId.keys()));
  if (missing !== undefined) throw new ApiError(UserMessages.unknownDepart(missing));
  return ids.map((id) => byId.get(id)!);
}

/** A live department's org code must exist (the main department). */
export async function checkOrgCode(db: Db, orgCode: string): Promise<void> {
  const row = await db
    .selectFrom('sysDepart')
    .select('id')
    .where('orgCode', '=', orgCode)
    .where('delFlag', '=', 0)
    .executeTakeFirst();
  if (!row) throw new ApiError(UserMessages.unknownOrgCode(orgCode));
}

export interface RoleRef {
  id: string;
  roleCode: string;
}

/** Roles named by code (the role picker's value) or by id (the contract's), in the order asked. */
export async function resolveRoles(db: Db, values: readonly string[]): Promise<RoleRef[]> {
  if (values.length === 0) return [];
  const rows = await db
    .selectFrom('sysRole')
    .select(['id', 'roleCode'])
    .where((eb) => eb.or([eb('roleCode', 'in', values), eb('id', 'in', values)]))
    .execute();
  const out: RoleRef[] = [];
  for (const value of values) {
    const role = rows.find((r) => r.roleCode === value) ?? rows.find((r) => r.id === value);
    if (!role) throw new ApiError(UserMessages.unknownRole(value));
    if (!out.some((r) => r.id === role.id)) out.push(role);
  }
  return out;
}

/** Position codes (sys_position.code) must exist. */
export async function checkPosts(db: Db, codes: readonly string[]): Promise<void> {
  if (codes.length === 0) return;
  const rows = await db.selectFrom('sysPosition').select('code').where('code', 'in', codes).execute();
  const missing = firstMissing(codes, new Set(rows.map((r) => r.code)));
  if (missing !== undefined) throw new ApiError(UserMessages.unknownPost(missing));
}

/** Tenant ids must be whole numbers of existing tenants. */
export async function checkTenants(db: Db, ids: readonly string[]): Promise<void> {
  const bad = ids.find((v) => !/^\d{1,9}$/.test(v));
  if (bad !== undefined) throw new ApiError(UserMessages.unknownTenant(bad));
  if (ids.length === 0) return;
  const rows = await db.selectFrom('sysTenant').select('id').where('id', 'in', ids.map(Number)).execute();
  const missing = firstMissing(ids, new Set(rows.map((r) => String(r.id))));
  if (missing !== undefined) throw new ApiError(UserMessages.unknownTenant(missing));
}
