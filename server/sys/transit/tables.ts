import type { ColumnType, Generated, Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type When = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** sys_transit_target (migration 0010), adopted by the 转发目标 screen (schemas/system/transit-target.json). */
export interface SysTransitTargetTable {
  id: string;
  name: string;
  baseUrl: string;
  /** Comma list of GET, POST, PUT, DELETE. */
  allowedMethods: string;
  /** 'Y': the target may resolve to loopback, private, link-local or unique-local addresses. */
  allowPrivate: string;
  timeoutMs: number;
  /** '1' enabled, '0' not. */
  status: string;
  remark: string | null;
  createBy: string | null;
  createTime: CreatedAt;
  updateBy: string | null;
  updateTime: When;
  sysOrgCode: string | null;
  rowVersion: Generated<number>;
}

// A type alias, not an interface: withTables needs an index-signature-compatible record.
export type TransitTables = { sysTransitTarget: SysTransitTargetTable };

export type TransitDb = Kysely<Database & TransitTables>;

export function transitDb(db: Kysely<Database>): TransitDb {
  return db.withTables<TransitTables>();
}
