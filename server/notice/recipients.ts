import { sql, type ExpressionBuilder } from 'kysely';
import type { Database } from '../db/schema.js';
import { likeEscape, splitIds } from './ids.js';
import type { MsgType, NoticeDb, NoticeTables } from './tables.js';

type UserScope = ExpressionBuilder<Database & NoticeTables, 'sysUser'>;

/**
 * Whether a user belongs to a tenant. Tenant 0 is the "no tenant" context every account may use
 * (the tenant-id header 0 is always accepted), so everyone belongs to it.
 */
export function memberOf(eb: UserScope, tenantId: number) {
  if (tenantId === 0) return sql<boolean>`true`;
  return eb(sql`',' || ${eb.ref('sysUser.relTenantIds')} || ','`, 'like', `%,${tenantId},%`);
}

export interface Audience {
  tenantId: number;
  msgType: MsgType;
  userIds: string | null;
  departIds: string | null;
  roleIds: string | null;
}

/**
 * The user ids an announcement reaches: everyone of its tenant, the chosen users, the members of the
 * chosen departments and their sub-departments (org codes are prefixes of their children's), or the
 * holders of the chosen roles. Always limited to live accounts of the announcement's tenant, so a
 * hand-picked id from another tenant is never sent anything.
 */
export async function resolveRecipients(db: NoticeDb, audience: Audience): Promise<string[]> {
  let query = db
    .selectFrom('sysUser')
    .select('sysUser.id')
    .where('sysUser.delFlag', '=', 0)
    .where((eb) => memberOf(eb, audience.tenantId));
  switch (audience.msgType) {
    case 'ALL':
      break;
    case 'USER': {
      const ids = splitIds(audience.userIds);
      if (ids.length === 0) return [];
      query = query.where('sysUser.id', 'in', ids);
      break;
    }
    case 'DEPART': {
      const ids = splitIds(audience.departIds);
      if (ids.length === 0) return [];
      const departs = await db
        .selectFrom('sysDepart')
        .select('orgCode')
        .where('id', 'in', ids)
        .where('delFlag', '=', 0)
        .execute();
      if (departs.length === 0) return [];
      query = query.where((eb) =>
        eb.exists(
          eb
            .selectFrom('sysUserDepart as ud')
            .innerJoin('sysDepart as d', 'd.id', 'ud.depId')
            .select(sql`1`.as('one'))
            .whereRef('ud.userId', '=', 'sysUser.id')
            .where((inner) =>
              inner.or(departs.map((d) => inner('d.orgCode', 'like', `${likeEscape(d.orgCode)}%`))),
            ),
        ),
      );
      break;
    }
    case 'ROLE': {
      const ids = splitIds(audience.roleIds);
      if (ids.length === 0) return [];
      query = query.where((eb) =>
        eb.exists(
          eb
            .selectFrom('sysUserRole as ur')
            .select(sql`1`.as('one'))
            .whereRef('ur.userId', '=', 'sysUser.id')
            .where('ur.roleId', 'in', ids),
        ),
      );
      break;
    }
  }
  const rows = await query.orderBy('sysUser.id').execute();
  return rows.map((r) => r.id);
}
