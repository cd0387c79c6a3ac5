/**
 * Where a report statement runs: a read-only transaction with a statement timeout, as the role
 * zj_report with search_path rpt (the report data set's views and nothing else), and the caller's
 * tenant in a setting the views read. The transaction always rolls back. Statements go to the
 * driver directly, which also answers the columns' types (parseSql needs them for an empty result).
 */
import type { DatabaseHandle } from '../db/database.js';
import { ApiError } from '../result.js';
import { REPORT_ROLE, REPORT_SCHEMA, TENANT_SETTING } from './dataset.js';

export interface ReportField {
  name: string;
  dataTypeID: number;
}

export interface ReportAnswer<R = Record<string, unknown>> {
  rows: R[];
  fields: ReportField[];
}

export interface ReportSession {
  query<R = Record<string, unknown>>(sql: string, parameters: readonly unknown[]): Promise<ReportAnswer<R>>;
}

export interface SessionOptions {
  timeoutMs: number;
  tenantId: number;
}

export type RawQuery = (sql: string, parameters?: readonly unknown[]) => Promise<ReportAnswer>;

export const SessionMessages = {
  tooCostly: '报表查询预计耗时过长，请增加查询条件或缩小范围后重试',
  timeout: '报表查询超时，请缩小查询范围后重试',
  denied: '报表无权读取该数据：只能读取报表数据集中的表',
  failed: (detail: string) => `报表SQL执行出错：${detail}`,
} as const;

/** A database error of a report statement as a message for its author (never a server fault). */
function reportError(error: unknown): unknown {
  const code = (error as { code?: unknown }).code;
  const message = error instanceof Error ? error.message : String(error);
  if (code === '57014') return new ApiError(SessionMessages.timeout);
  // 42501 insufficient privilege; 25006 a write in the read-only transaction.
  if (code === '42501' || code === '25006') return new ApiError(SessionMessages.denied);
  // Class 42 (syntax, unknown column ...) and 22 (data) are the statement's own mistakes.
  if (typeof code === 'string' && /^(42|22)/.test(code)) return new ApiError(SessionMessages.failed(message));
  return error;
}

/** How a session starts: the settings statement after BEGIN, and the words for a failure. */
export interface SessionSetup {
  sql: string;
  parameters: readonly unknown[];
  errorOf(error: unknown): unknown;
}

/** The product's own database: timeout, tenant, the report role and the report views' schema. */
function ownSetup(options: SessionOptions): SessionSetup {
  // One round trip for the four settings; set_config(..., true) is SET LOCAL. The role and schema
  // are constants; the two values are numbers made here, bound all the same.
  return {
    sql: `select set_config('statement_timeout', $1, true), set_config('${TENANT_SETTING}', $2, true),
        set_config('role', '${REPORT_ROLE}', true), set_config('search_path', '${REPORT_SCHEMA}', true)`,
    parameters: [String(Math.max(1, Math.trunc(options.timeoutMs))), String(Math.trunc(options.tenantId))],
    errorOf: reportError,
  };
}

/** `work` inside BEGIN READ ONLY ... ROLLBACK, after the setup's settings (shared by every database). */
export async function inReadOnlyTransaction<T>(
  run: RawQuery,
  setup: SessionSetup,
  work: (s: ReportSession) => Promise<T>,
): Promise<T> {
  await run('begin transaction read only');
  try {
    await run(setup.sql, setup.parameters);
    return await work({ query: (sql, parameters) => run(sql, parameters) as Promise<ReportAnswer<never>> });
  } catch (error) {
    throw setup.errorOf(error);
  } finally {
    await run('rollback');
  }
}

/** Runs `work` in a report session on the product's own database. */
export async function withReportSession<T>(
  handle: DatabaseHandle,
  options: SessionOptions,
  work: (session: ReportSession) => Promise<T>,
): Promise<T> {
  if (handle.pool) {
    const client = await handle.pool.connect();
    try {
      const run: RawQuery = async (sql, parameters = []) => {
        const res = await client.query(sql, [...parameters]);
        return {
          rows: res.rows,
          fields: res.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
        };
      };
      return await inReadOnlyTransaction(run, ownSetup(options), work);
    } finally {
      client.release();
    }
  }
  const pglite = handle.pglite;
  if (!pglite) throw new Error('no database to run reports on');
  // Holding the engine's one connection keeps every other statement out of the transaction.
  return handle.db.connection().execute(async () => {
    const run: RawQuery = async (sql, parameters = []) => {
      const res = await pglite.query<Record<string, unknown>>(sql, [...parameters]);
      return { rows: res.rows, fields: res.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })) };
    };
    return inReadOnlyTransaction(run, ownSetup(options), work);
  });
}

/**
 * The planner's estimate of a statement, refused above `maxCost`. The embedded database cannot
 * interrupt a running statement (PGlite has no timer to fire statement_timeout), so there this
 * estimate is what stops a runaway report before it starts; on PostgreSQL the timeout backs it up.
 */
export async function checkCost(
  session: ReportSession,
  sql: string,
  parameters: readonly unknown[],
  maxCost: number,
): Promise<void> {
  const { rows } = await session.query<{ 'QUERY PLAN': unknown }>(`explain (format json) ${sql}`, parameters);
  const raw = rows[0]?.['QUERY PLAN'];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: { 'Total Cost': number } }[];
  if (plan[0].Plan['Total Cost'] > maxCost) throw new ApiError(SessionMessages.tooCostly);
}
