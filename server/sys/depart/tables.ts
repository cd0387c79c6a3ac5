/** Tables of migration 0009, kept beside their readers rather than in the shared schema. */
import type { ColumnType, Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type When = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type RuleIds = ColumnType<string | null, string | null | undefined, string | null>;

export interface SysDepartPermissionTable {
  departId: string;
  permissionId: string;
  dataRuleIds: RuleIds;
}

export interface SysDepartRoleTable {
  id: string;
  departId: string;
  roleName: string;
  roleCode: string;
  description: string | null;
  createBy: string | null;
  createTime: CreatedAt;
  updateBy: string | null;
  updateTime: When;
}

export interface SysDepartRoleUserTable {
  userId: string;
  droleId: string;
}

export interface SysDepartRolePermissionTable {
  departId: string;
  roleId: string;
  permissionId: string;
  dataRuleIds: RuleIds;
}

// A type alias, not an interface: withTables needs an index-signature-compatible record.
export type DepartRoleTables = {
  sysDepartPermission: SysDepartPermissionTable;
  sysDepartRole: SysDepartRoleTable;
  sysDepartRoleUser: SysDepartRoleUserTable;
  sysDepartRolePermission: SysDepartRolePermissionTable;
};

export type DepartDb = Kysely<Database & DepartRoleTables>;

/** The database handle (or a transaction) seen with the department role tables. */
export function departDb(db: Kysely<Database>): DepartDb {
  return db.withTables<DepartRoleTables>();
}
