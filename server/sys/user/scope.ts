/**
 * The caller's data scope (数据权限) over users: the one place the user routes ask for it. Every
 * statement of list, export, queryById / userById, queryUserRole, edit, delete, freeze and password
 * reset ANDs it, so a rule on the 用户管理 menu entry such as "own department and below"
 * (orgCode right_like #{sysOrgCode}) holds for all of them.
 */
import type { RawBuilder, SqlBool } from 'kysely';
import type { EntityModel } from '../../../runtime/model/declaration/model.js';
import type { Db } from '../../db/database.js';
import { dataScopeSql } from '../../entity/data-scope.js';
import { createDateFormatter } from '../../http/dates.js';
import type { AuthContext } from '../../http/authenticate.js';
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

const formatters = new Map<string, (d: Date) => string>();

/** The bound condition on `main` (sys_user) for this caller, or null when unrestricted. */
export async function userDataScope(
  db: Db,
  timeZone: string,
  auth: AuthContext,
): Promise<RawBuilder<SqlBool> | null> {
  let format = formatters.get(timeZone);
  if (!format) formatters.set(timeZone, (format = createDateFormatter(timeZone)));
  const user = {
    userId: auth.userId,
    username: auth.username,
    orgCode: auth.orgCode,
    tenantId: auth.tenantId,
    now: format(new Date()),
  };
  return dataScopeSql(db, user, scopeModel, USER_ALIAS, timeZone);
}
