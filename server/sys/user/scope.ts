/**
 * The caller's reach over users: the members of their current tenant (sys_user.rel_tenant_ids holds
 * it), within their data scope (数据权限). The one place the user routes ask for it: every statement
 * of list, export, queryById / userById, queryUserRole, edit, delete, freeze and password reset
 * ANDs it, so another tenant's people are never listed or changed from this tenant, and a rule on
 * the 用户管理 menu entry such as "own department and below" (orgCode right_like #{sysOrgCode})
 * holds for all of them.
 */
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { EntityModel } from '../../../runtime/model/declaration/model.js';
import type { Db } from '../../db/database.js';
import { dataScopeSql, scopeUserOf } from '../../entity/data-scope.js';
import type { AuthContext } from '../../http/authenticate.js';
import { listsTenant } from '../tenant-scope.js';
import { isLinkField, userModel, USER_ALIAS } from './model.js';

/**
 * The fields a rule may name: the sys_user columns the engine's condition SQL can compare as
 * declared. The link fields are no columns and birthday is stored as text, so a rule naming one of
 * them is one that cannot be applied, which the data scope treats as matching nothing.
 */
const scopeModel: EntityModel = {
  ...userModel,
  field: (name) => (isLinkField(name) || name === 'birthday' ? undefined : userModel.field(name)),
};

/** `main` (sys_user) is a member of the caller's current tenant. */
export function inCallerTenant(auth: Pick<AuthContext, 'tenantId'>): RawBuilder<SqlBool> {
  return listsTenant(`${USER_ALIAS}.rel_tenant_ids`, auth.tenantId);
}

/** The bound condition on `main` (sys_user) for this caller: their tenant and their data rules. */
export async function userDataScope(
  db: Db,
  timeZone: string,
  auth: AuthContext,
): Promise<RawBuilder<SqlBool>> {
  const rules = await dataScopeSql(db, scopeUserOf(auth, timeZone), scopeModel, USER_ALIAS, timeZone);
  const tenant = inCallerTenant(auth);
  return rules ? sql<SqlBool>`(${tenant} and ${rules})` : tenant;
}
