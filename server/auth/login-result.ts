import type { Selectable } from 'kysely';
import type { AppDeps } from '../deps.js';
import type { Db } from '../db/database.js';
import type { SysDepartTable } from '../db/schema.js';
import { ApiError, ok, type Result } from '../result.js';
import { loadAllDictItems, type DictModel } from '../sys/dict-store.js';
import type { UserRow } from './common.js';
import { LoginMessages } from './messages.js';
import { createSession } from './sessions.js';
import { loadUserInfo, type UserInfo } from './user-info.js';

export interface TenantSummary {
  id: number;
  name: string;
  status: number;
  beginDate: Date | null;
  endDate: Date | null;
  createTime: Date;
}

export type DepartRow = Selectable<SysDepartTable>;

/** The contract's login result; key order matters to clients that print or diff it. */
export interface LoginResult {
  token: string;
  tenantList?: TenantSummary[];
  userInfo: UserInfo;
  departs: DepartRow[];
  multi_depart: 0 | 1 | 2;
  sysAllDictItems: Record<string, DictModel[]>;
}

export function tenantIdsOf(user: Pick<UserRow, 'relTenantIds'>): number[] {
  return user.relTenantIds
    .split(',')
    .map((s) => s.trim())
    .filter((s) => /^\d+$/.test(s))
    .map(Number);
}

/** Tenants that are enabled and inside their validity dates. */
async function effectiveTenants(db: Db, ids: number[], now: Date): Promise<TenantSummary[]> {
  return db
    .selectFrom('sysTenant')
    .select(['id', 'name', 'status', 'beginDate', 'endDate', 'createTime'])
    .where('id', 'in', ids)
    .where('status', '=', 1)
    .where((eb) => eb.or([eb('beginDate', 'is', null), eb('beginDate', '<=', now)]))
    .where((eb) => eb.or([eb('endDate', 'is', null), eb('endDate', '>=', now)]))
    .orderBy('id')
    .execute();
}

async function userDeparts(db: Db, userId: string): Promise<DepartRow[]> {
  return db
    .selectFrom('sysDepart as d')
    .innerJoin('sysUserDepart as ud', 'ud.depId', 'd.id')
    .selectAll('d')
    .where('ud.userId', '=', userId)
    .where('d.delFlag', '=', 0)
    .orderBy('d.departOrder')
    .orderBy('d.orgCode')
    .execute();
}

/**
 * The current department: the only one when there is one; with several, the one already chosen if it
 * is still the user's, else the first (the client then offers the picker).
 */
async function settleOrgCode(db: Db, user: UserRow, departs: DepartRow[]): Promise<0 | 1 | 2> {
  if (departs.length === 0) return 0;
  const current = departs.some((d) => d.orgCode === user.orgCode);
  const wanted = departs.length === 1 || !current ? departs[0].orgCode : user.orgCode;
  if (wanted !== user.orgCode) {
    await db.updateTable('sysUser').set({ orgCode: wanted }).where('id', '=', user.id).execute();
  }
  return departs.length === 1 ? 1 : 2;
}

export async function writeLoginLog(
  db: Db,
  user: Pick<UserRow, 'id' | 'username'>,
  ip: string,
  content: string,
) {
  await db
    .insertInto('sysLog')
    .values({ logType: 1, logContent: content, userid: user.id, username: user.username, ip })
    .execute();
}

/**
 * Everything after the credentials were accepted, shared by account and phone sign-in: tenant check,
 * a new session, the user's departments and dictionaries, and the login log.
 */
export async function buildLoginResult(
  deps: AppDeps,
  user: UserRow,
  ip: string,
): Promise<Result<LoginResult>> {
  const db = deps.database.db;
  const now = new Date();
  const tenantIds = tenantIdsOf(user);
  let tenantList: TenantSummary[] | undefined;
  if (tenantIds.length > 0) {
    tenantList = await effectiveTenants(db, tenantIds, now);
    if (tenantList.length === 0) throw new ApiError(LoginMessages.tenantsFrozen);
  }
  const departs = await userDeparts(db, user.id);
  const multiDepart = await settleOrgCode(db, user, departs);
  // With exactly one tenant the session starts in it; otherwise the client picks and sends tenant-id.
  const sessionTenant = tenantList?.length === 1 ? tenantList[0].id : 0;
  const token = await createSession(db, deps.config, user.id, sessionTenant, ip);
  const userInfo = await loadUserInfo(db, user.id);
  if (!userInfo) throw new ApiError(LoginMessages.badCredentials);
  const result: LoginResult = {
    token,
    ...(tenantList ? { tenantList } : {}),
    userInfo,
    departs,
    multi_depart: multiDepart,
    sysAllDictItems: await loadAllDictItems(db),
  };
  await writeLoginLog(db, user, ip, `用户名: ${user.username},登录成功！`);
  return ok(result, LoginMessages.success);
}
