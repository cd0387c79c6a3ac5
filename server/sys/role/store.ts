/** sys_role reads and writes of the role routes: the list under the caller's scope, codes, holders. */
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { SortTerm } from '../../../runtime/model/query/conditions.js';
import type { Db } from '../../db/database.js';
import { conditionSql, orderBySql, type SqlContext } from '../../entity/sql.js';
import { allOf } from '../menu/admin-kit.js';
import { ROLE_ALIAS, roleModel } from './model.js';

export interface RoleRow {
  id: string;
  roleName: string;
  roleCode: string;
  description: string | null;
  createBy: string | null;
  createTime: Date;
  updateBy: string | null;
  updateTime: Date | null;
}

export function roleSqlContext(timeZone: string): SqlContext {
  return { model: roleModel, timeZone, alias: ROLE_ALIAS };
}

const COLUMNS = [
  'r.id',
  'r.roleName',
  'r.roleCode',
  'r.description',
  'r.createBy',
  'r.createTime',
  'r.updateBy',
  'r.updateTime',
] as const;

export interface RoleQuery {
  ctx: SqlContext;
  where: RawBuilder<SqlBool>;
}

/** The filters and the caller's scope as one condition on `r`. */
export function roleWhere(
  ctx: SqlContext,
  condition: Parameters<typeof conditionSql>[1] | null,
  scope: RawBuilder<SqlBool> | null,
  extra: RawBuilder<SqlBool> | null = null,
): RawBuilder<SqlBool> {
  return allOf([condition ? conditionSql(ctx, condition) : null, scope, extra]);
}

export async function countRoles(db: Db, where: RawBuilder<SqlBool>): Promise<number> {
  const row = await db
    .selectFrom('sysRole as r')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where(where)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

export async function selectRoles(
  db: Db,
  q: RoleQuery,
  sort: readonly SortTerm[],
  limit: number,
  offset = 0,
): Promise<RoleRow[]> {
  return db
    .selectFrom('sysRole as r')
    .select(COLUMNS)
    .where(q.where)
    .orderBy(orderBySql(q.ctx, sort))
    .limit(limit)
    .offset(offset)
    .execute();
}

/** Whether another role already has the code (codes are unique whatever their case is not). */
export async function codeTaken(db: Db, roleCode: string, exceptId?: string): Promise<boolean> {
  let query = db.selectFrom('sysRole').select('id').where('roleCode', '=', roleCode);
  if (exceptId) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** The users holding any of the roles. */
export async function holdersOf(db: Db, roleIds: readonly string[]): Promise<string[]> {
  if (roleIds.length === 0) return [];
  const rows = await db
    .selectFrom('sysUserRole')
    .select('userId')
    .distinct()
    .where('roleId', 'in', roleIds)
    .execute();
  return rows.map((r) => r.userId);
}

/** The roles among `ids` that some user still holds. */
export async function rolesInUse(db: Db, ids: readonly string[]): Promise<boolean> {
  const row = await sql<{
    n: number;
  }>`select count(*)::int as n from sys_user_role where role_id in (${sql.join([...ids])})`.execute(db);
  return (row.rows[0]?.n ?? 0) > 0;
}
