/**
 * Which rows of the system tables belong to the caller's tenant, for the directory and lookup routes
 * (docs/modules/system-admin.md, "Tenants"). A user belongs to the tenants their
 * sys_user.rel_tenant_ids lists ("1,2"); departments and roles carry tenant_id, where 0 marks a row
 * every tenant shares (the seeded roles, departments made before departments had a tenant). The
 * tenant is always bound, and a list item only matches whole: tenant 1 never matches "11".
 */
import { sql, type RawBuilder, type SqlBool } from 'kysely';

/** `column` (a rel_tenant_ids list) holds `tenantId` as one of its items. */
export function listsTenant(column: string, tenantId: number): RawBuilder<SqlBool> {
  return sql<SqlBool>`position(${`,${tenantId},`} in ',' || coalesce(${sql.ref(column)}, '') || ',') > 0`;
}

/** `column` (a tenant_id) is the caller's tenant or 0, the rows every tenant shares. */
export function ownOrShared(column: string, tenantId: number): RawBuilder<SqlBool> {
  return sql<SqlBool>`${sql.ref(column)} in (0, ${tenantId})`;
}
