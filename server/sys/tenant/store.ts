/**
 * sys_tenant for the tenant routes: the 租户 declaration as the engine's model (its 租户编号 is the
 * integer id), pages of the list, the users of a tenant, and what still refers to a tenant.
 */
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import declaration from '../../../schemas/system/tenant.json';
import type { EntityModel, FieldModel } from '../../../runtime/model/declaration/model.js';
import type { SortTerm } from '../../../runtime/model/query/conditions.js';
import type { Db } from '../../db/database.js';
import { orderBySql, type SqlContext } from '../../entity/sql.js';
import { modelOf } from '../menu/admin-kit.js';

export const tenantModel: EntityModel = modelOf('schemas/system/tenant.json', declaration);

export const TENANT_ALIAS = 't';

/** The model the query compiler and SQL see: 租户编号 is the id column itself. */
const numberField = tenantModel.field('tenantNo')!;
const queryModel: EntityModel = {
  ...tenantModel,
  field: (name: string): FieldModel | undefined =>
    name === 'tenantNo' ? { ...numberField, column: 'id' } : tenantModel.field(name),
};

export function tenantSqlContext(timeZone: string): SqlContext {
  return { model: queryModel, timeZone, alias: TENANT_ALIAS };
}

export function tenantField(name: string): FieldModel | undefined {
  return queryModel.field(name);
}

export interface TenantRow {
  id: number;
  tenantNo: number;
  name: string;
  beginDate: Date | null;
  endDate: Date | null;
  status: number;
  createBy: string | null;
  createTime: Date;
  updateBy: string | null;
  updateTime: Date | null;
}

const COLUMNS = sql`t.id, t.id as tenant_no, t.name, t.begin_date, t.end_date, t.status, t.create_by,
  t.create_time, t.update_by, t.update_time`;

export async function countTenants(db: Db, where: RawBuilder<SqlBool>): Promise<number> {
  const rows = await sql<{ n: number }>`select count(*)::int as n from sys_tenant t where ${where}`.execute(
    db,
  );
  return Number(rows.rows[0]?.n ?? 0);
}

export async function selectTenants(
  db: Db,
  ctx: SqlContext,
  where: RawBuilder<SqlBool>,
  sort: readonly SortTerm[],
  limit: number,
  offset = 0,
): Promise<TenantRow[]> {
  const rows = await sql<TenantRow>`select ${COLUMNS} from sys_tenant t where ${where}
    order by ${orderBySql(ctx, sort)} limit ${limit} offset ${offset}`.execute(db);
  return rows.rows;
}

/** A condition: the tenant id is one of `ids`. */
export function tenantIdIn(ids: readonly number[]): RawBuilder<SqlBool> {
  return sql<SqlBool>`t.id in (${sql.join([...ids])})`;
}

/** Live accounts whose tenant list holds the id (rel_tenant_ids is the contract's "1,2" text). */
function memberOf(id: number): RawBuilder<SqlBool> {
  return sql<SqlBool>`u.del_flag = 0 and ${String(id)} = any(string_to_array(u.rel_tenant_ids, ','))`;
}

export interface TenantUser {
  id: string;
  username: string;
  realname: string;
  phone: string | null;
  orgCode: string | null;
  orgCodeTxt: string | null;
  status: number;
}

/** The tenant's users (at most `limit`, by account) and how many there are. */
export async function tenantUsers(
  db: Db,
  id: number,
  limit: number,
): Promise<{ users: TenantUser[]; total: number }> {
  const total = await sql<{
    n: number;
  }>`select count(*)::int as n from sys_user u where ${memberOf(id)}`.execute(db);
  const users = await sql<TenantUser>`
    select u.id, u.username, u.realname, u.phone, u.org_code, d.depart_name as org_code_txt, u.status
    from sys_user u left join sys_depart d on d.org_code = u.org_code
    where ${memberOf(id)} order by u.username limit ${limit}`.execute(db);
  return { users: users.rows, total: Number(total.rows[0]?.n ?? 0) };
}

export async function hasUsers(db: Db, id: number): Promise<boolean> {
  const rows = await sql`select 1 from sys_user u where ${memberOf(id)} limit 1`.execute(db);
  return rows.rows.length > 0;
}

/** Tables whose tenant_id is bookkeeping, not data of the tenant: a session records its tenant choice. */
const NOT_DATA: ReadonlySet<string> = new Set(['sys_session']);

/**
 * Whether any table of the database holds rows of the tenant (every table with a tenant_id
 * column: declared tenant-scoped entities, announcements, reminders, ...). The table names come
 * from the catalogue, never from a request.
 */
export async function hasData(db: Db, id: number): Promise<boolean> {
  const tables = await sql<{ tableName: string }>`
    select c.table_name from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = current_schema() and c.column_name = 'tenant_id' and t.table_type = 'BASE TABLE'
    order by c.table_name`.execute(db);
  for (const { tableName } of tables.rows) {
    if (NOT_DATA.has(tableName)) continue;
    const found = await sql`select 1 from ${sql.table(tableName)} where tenant_id = ${id} limit 1`.execute(
      db,
    );
    if (found.rows.length > 0) return true;
  }
  return false;
}

/** The next tenant number: one past the highest (tenant 0 is "no tenant" and never a row). */
export async function nextTenantId(db: Db): Promise<number> {
  const rows = await sql<{ next: number }>`select coalesce(max(id), 0) + 1 as next from sys_tenant`.execute(
    db,
  );
  return Number(rows.rows[0]?.next ?? 1);
}
