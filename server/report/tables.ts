import type { ColumnType, Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type When = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

interface Audit {
  createBy: string | null;
  createTime: CreatedAt;
  updateBy: string | null;
  updateTime: When;
}

/** Migration 0013: a report's head (JeecgBoot's onl_cgreport_head). */
export interface ReportHeadTable extends Audit {
  id: string;
  code: string;
  name: string;
  cgrSql: string;
  dbSource: string | null;
  content: string | null;
  /** JSON: {type, x, y[]} or null. */
  chart: string | null;
  delFlag: number;
  /** Counts saves: a designer saves only the version it loaded. */
  rowVersion: ColumnType<number, number | undefined, number>;
}

/** One column of a report. */
export interface ReportItemTable extends Audit {
  id: string;
  cgrheadId: string;
  fieldName: string;
  fieldTxt: string;
  /** String, Integer, Double, Date, Datetime. */
  fieldType: string;
  fieldWidth: number | null;
  isShow: number;
  isOrder: number;
  isSearch: number;
  /** single, or group (a range). */
  searchMode: string | null;
  dictCode: string | null;
  fieldHref: string | null;
  /** sum or avg. */
  isTotal: string | null;
  orderNum: number;
}

/** One parameter of a report's SQL. */
export interface ReportParamTable extends Audit {
  id: string;
  cgrheadId: string;
  paramName: string;
  paramTxt: string;
  /** string, number, date, dateRange, dict, user, depart. */
  paramType: string;
  paramValue: string | null;
  dictCode: string | null;
  required: number;
  dependsOn: string | null;
  orderNum: number;
}

/** The report data set: a table opened to reports and its columns (comma list). */
export interface ReportTableTable extends Audit {
  id: string;
  tableName: string;
  title: string;
  columns: string;
}

// A type alias, not an interface: withTables needs an index-signature-compatible record.
export type ReportTables = {
  onlCgreportHead: ReportHeadTable;
  onlCgreportItem: ReportItemTable;
  onlCgreportParam: ReportParamTable;
  sysReportTable: ReportTableTable;
};

export type ReportDb = Kysely<Database & ReportTables>;

export function reportDb(db: Kysely<Database>): ReportDb {
  return db.withTables<ReportTables>();
}
