import type { ColumnType, Generated, Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type When = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** The engine's columns on the tables generated screens adopt (migration 0011). */
interface Audited {
  createBy: string | null;
  createTime: CreatedAt;
  updateBy: string | null;
  updateTime: When;
  sysOrgCode: string | null;
  rowVersion: Generated<number>;
}

export type ConfigType = 'string' | 'number' | 'boolean' | 'json';

export interface SysConfigTable extends Audited {
  id: string;
  configKey: string;
  configName: string;
  /** '' means not set: the environment's default applies. */
  configValue: string;
  configType: ConfigType;
  description: string | null;
}

export interface SysFillRuleTable extends Audited {
  id: string;
  ruleName: string;
  ruleCode: string;
  ruleClass: string;
  ruleParams: string;
  remark: string | null;
}

export interface SysFillRuleCounterTable {
  ruleCode: string;
  period: string;
  value: ColumnType<number, number, number>;
  updateTime: Generated<Date>;
}

export interface SysDataSourceTable extends Audited {
  id: string;
  code: string;
  name: string;
  dbType: string;
  host: string;
  port: number;
  databaseName: string;
  username: string;
  passwordCipher: string | null;
  remark: string | null;
}

export interface SysGatewayRouteTable extends Audited {
  id: string;
  routerId: string;
  name: string;
  uri: string;
  predicates: string;
  filters: string;
  orderNum: number;
  status: string;
}

export interface SysMailListTable extends Audited {
  id: string;
  name: string;
  phone: string | null;
  telephone: string | null;
  email: string | null;
  company: string | null;
  depart: string | null;
  post: string | null;
  projectId: string | null;
  remark: string | null;
  tenantId: number;
}

// A type alias, not an interface: withTables needs an index-signature-compatible record.
export type AdminConfigTables = {
  sysConfig: SysConfigTable;
  sysFillRule: SysFillRuleTable;
  sysFillRuleCounter: SysFillRuleCounterTable;
  sysDataSource: SysDataSourceTable;
  sysGatewayRoute: SysGatewayRouteTable;
  sysMailList: SysMailListTable;
};

/** The database handle (or a transaction) seen with the tables of migration 0011. */
export function adminDb(db: Kysely<Database>): Kysely<Database & AdminConfigTables> {
  return db.withTables<AdminConfigTables>();
}
