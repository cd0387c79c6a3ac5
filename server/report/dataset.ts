/**
 * The report data set (报表数据集): the tables an admin opened to reports, each with the columns
 * reports may read. Each becomes a view `rpt.<table>` selecting just those columns, readable by
 * the role zj_report; reports run as that role, so they read these views and nothing else. Tables
 * holding secrets are never offered, and neither are columns such as a password hash.
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { ApiError } from '../result.js';

export const REPORT_SCHEMA = 'rpt';
export const REPORT_ROLE = 'zj_report';
/**
 * The session setting holding the caller's tenant while a report runs on a data source (views on
 * the source may read it). On the own database the views read a signed token instead (below).
 */
export const TENANT_SETTING = 'zj.tenant_id';
/**
 * The own database's report session sets `<tenant>.<signature>` here (report-tenant.ts); the views
 * read it through zj_report_tenant() (migration 0048), which answers the tenant only when the
 * signature is right, so a statement that sets another tenant sees tenant-0 rows only.
 */
export const REPORT_TENANT_SETTING = 'zj.report_tenant';
/** Serialises the views' rebuild across servers. */
const VIEW_LOCK = 7_214_303;

/** Never in a report: sessions, one-time codes, throttles, connection secrets. */
export const CLOSED_TABLES: ReadonlySet<string> = new Set([
  'sys_session',
  'sys_captcha',
  'sys_sms_code',
  'sys_login_failure',
  'sys_data_source',
  'sys_declaration',
  'kysely_migration',
  'kysely_migration_lock',
  'sys_report_key',
]);
/** Never a report column, whatever table it is in. */
const CLOSED_COLUMNS = /(^|_)(password|password_hash|salt|secret|token|token_hash)$/;

export const DatasetMessages = {
  closedTable: (table: string) => `该表不能用于报表：${table}`,
  closedColumn: (column: string) => `该字段不能用于报表：${column}`,
  noTable: (table: string) => `表不存在：${table}`,
  noColumn: (table: string, column: string) => `字段不存在：${table}.${column}`,
  noColumns: '请至少选择一个字段',
} as const;

export interface DatasetTable {
  tableName: string;
  columns: string[];
}

const IDENT = /^[a-z][a-z0-9_]{0,62}$/;

/** The columns of a public table, or null when there is no such table. */
export async function tableColumns(db: Db, table: string): Promise<string[] | null> {
  const rows = await sql<{ name: string }>`select column_name as name from information_schema.columns
    where table_schema = current_schema() and table_name = ${table} order by ordinal_position`.execute(db);
  return rows.rows.length > 0 ? rows.rows.map((r) => r.name) : null;
}

/** Throws why a table and columns cannot be opened to reports; answers the columns to use. */
export async function checkDatasetTable(db: Db, table: DatasetTable): Promise<string[]> {
  if (!IDENT.test(table.tableName) || CLOSED_TABLES.has(table.tableName))
    throw new ApiError(DatasetMessages.closedTable(table.tableName));
  const existing = await tableColumns(db, table.tableName);
  if (!existing) throw new ApiError(DatasetMessages.noTable(table.tableName));
  if (table.columns.length === 0) throw new ApiError(DatasetMessages.noColumns);
  for (const column of table.columns) {
    if (CLOSED_COLUMNS.test(column)) throw new ApiError(DatasetMessages.closedColumn(column));
    if (!existing.includes(column)) throw new ApiError(DatasetMessages.noColumn(table.tableName, column));
  }
  return table.columns;
}

/**
 * The statement answering the tables reports may read: the views of the report schema, column
 * `name`. Read from the catalog, which the report login may read too (the data set's own table
 * it may not), and what a report can read is exactly the views that exist.
 */
export const DATASET_TABLES = `select c.relname as name from pg_catalog.pg_class c
  where c.relnamespace = '${REPORT_SCHEMA}'::regnamespace and c.relkind = 'v'`;

/** The tables reports may read (their view names). */
export async function datasetNames(db: Db): Promise<Set<string>> {
  const rows = await sql<{ name: string }>`${sql.raw(DATASET_TABLES)}`.execute(db);
  return new Set(rows.rows.map((r) => r.name));
}

/**
 * Rebuilds the views of the data set: every view of the schema goes and each table's comes back
 * with its current columns (a table that does not exist yet, such as a declared one before its
 * first start, is skipped until the next rebuild).
 */
export async function syncReportViews(db: Db): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${VIEW_LOCK})`.execute(trx);
    const views = await sql<{ name: string }>`select table_name as name from information_schema.views
      where table_schema = ${REPORT_SCHEMA}`.execute(trx);
    for (const view of views.rows)
      await sql`drop view if exists ${sql.table(`${REPORT_SCHEMA}.${view.name}`)}`.execute(trx);
    const tables = await sql<{ tableName: string; columns: string }>`select table_name as "tableName", columns
      from sys_report_table order by table_name`.execute(trx);
    for (const row of tables.rows) {
      const existing = await tableColumns(trx, row.tableName);
      if (!existing || CLOSED_TABLES.has(row.tableName)) continue;
      const columns = row.columns
        .split(',')
        .map((c) => c.trim())
        .filter((c) => existing.includes(c) && !CLOSED_COLUMNS.test(c));
      if (columns.length === 0) continue;
      const view = sql.table(`${REPORT_SCHEMA}.${row.tableName}`);
      // Deleted rows never show; tenant rows only to their tenant (0 is everyone's), from the signed
      // setting the report session makes (session.ts), checked once per statement (an InitPlan).
      // A statement that changes the setting cannot sign it, and then sees tenant-0 rows only.
      const where = [
        ...(existing.includes('del_flag') ? [sql`del_flag = 0`] : []),
        ...(existing.includes('tenant_id') ? [sql`tenant_id in (0, (select zj_report_tenant()))`] : []),
      ];
      // A security barrier: the view's own conditions run before a report's (unless an operator is
      // leakproof), so a condition that errors or divides by zero on a row cannot probe the rows of
      // another tenant or deleted ones through its message.
      await sql`create view ${view} with (security_barrier = true) as select ${sql.join(columns.map((c) => sql.id(c)))}
        from ${sql.table(row.tableName)}${where.length > 0 ? sql` where ${sql.join(where, sql` and `)}` : sql``}`.execute(
        trx,
      );
      await sql`grant select on ${view} to ${sql.id(REPORT_ROLE)}`.execute(trx);
    }
  });
}
