/**
 * Where a report statement runs: a read-only transaction with a statement timeout, with
 * search_path rpt (the report data set's views and nothing else), as the report login on
 * PostgreSQL (report-login.ts) or `SET LOCAL ROLE zj_report` where there is none (the embedded
 * database), and the caller's tenant signed in a setting the views check (report-tenant.ts). The
 * transaction always rolls back. Statements go to the driver directly, which also answers the
 * columns' types (parseSql needs them for an empty result).
 */
import type pg from 'pg';
import type { DatabaseHandle } from '../db/database.js';
import { ApiError } from '../result.js';
import { DATASET_TABLES, REPORT_ROLE, REPORT_SCHEMA, REPORT_TENANT_SETTING } from './dataset.js';
import { connectReport } from './report-login.js';
import { pglitePid, processIdOf, tenantKey, tenantToken } from './report-tenant.js';

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
  /**
   * The tables a report may read, as the session's snapshot has them (the report data set's view
   * names on the product's own database); null on a data source, where its user's rights decide.
   */
  readonly tables: ReadonlySet<string> | null;
}

export interface SessionOptions {
  timeoutMs: number;
  tenantId: number;
  /** The user a report's rows are for: set, the read standby may answer (not for the designer's parse). */
  reader?: string;
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

/** How a session starts: the settings made with SET LOCAL after BEGIN, and the words for a failure. */
export interface SessionSetup {
  /** Setting name and value; both are made by the server (constants and integers), never a caller's text. */
  settings: readonly (readonly [string, string])[];
  /**
   * A constant statement answering the names of the tables a report may read (column `name`), run
   * in the same script before the settings (as the server's own role); none: any table.
   */
  tablesStatement?: string;
  errorOf(error: unknown): unknown;
}

/** A connection held for one session: bound statements, and scripts without values. */
export interface SessionConnection {
  query: RawQuery;
  /** A script of several statements without values (one round trip): the rows of each statement. */
  script(sql: string): Promise<Record<string, unknown>[][]>;
}

const SETTING_TEXT = /^[A-Za-z0-9_.]+$/;

/**
 * BEGIN and the settings as one script, so a session opens in one round trip. A script cannot bind
 * values: each name and value is checked to be plain letters, digits, dots and underscores instead.
 */
export function openingScript(setup: SessionSetup): string {
  const literal = (text: string) => {
    if (!SETTING_TEXT.test(text)) throw new Error(`not a plain session setting: ${text}`);
    return `'${text}'`;
  };
  const sets = setup.settings.map(([name, value]) => `set_config(${literal(name)}, ${literal(value)}, true)`);
  const tables = setup.tablesStatement ? `${setup.tablesStatement}; ` : '';
  return `begin transaction read only; ${tables}select ${sets.join(', ')}`;
}

/** The session's two numbers as setting values. */
export function sessionNumbers(options: SessionOptions): { timeout: string; tenant: string } {
  return {
    timeout: String(Math.max(1, Math.trunc(options.timeoutMs))),
    tenant: String(Math.trunc(options.tenantId)),
  };
}

/**
 * The product's own database: timeout, the signed tenant, the report role (unless the connection
 * logged in as the report login already) and the report views' schema.
 */
function ownSetup(options: SessionOptions, tenantSigned: string, setRole: boolean): SessionSetup {
  const { timeout } = sessionNumbers(options);
  return {
    settings: [
      ['statement_timeout', timeout],
      [REPORT_TENANT_SETTING, tenantSigned],
      ...(setRole ? [['role', REPORT_ROLE] as const] : []),
      ['search_path', REPORT_SCHEMA],
    ],
    // Read in the transaction's snapshot and the same round trip as BEGIN, before the role changes.
    tablesStatement: DATASET_TABLES,
    errorOf: reportError,
  };
}

/**
 * `work` inside BEGIN READ ONLY, after the setup's settings (shared by every database). The caller
 * ends the transaction (endReadOnly / releaseAfterRollback): it always rolls back.
 */
export async function inReadOnlyTransaction<T>(
  connection: SessionConnection,
  setup: SessionSetup,
  work: (s: ReportSession) => Promise<T>,
): Promise<T> {
  try {
    const opened = await connection.script(openingScript(setup));
    // The script's answers: BEGIN, then the tables statement when there is one, then the settings.
    const tables = setup.tablesStatement ? new Set((opened[1] ?? []).map((row) => String(row.name))) : null;
    return await work({
      query: (sql, parameters) => connection.query(sql, parameters) as Promise<ReportAnswer<never>>,
      tables,
    });
  } catch (error) {
    throw setup.errorOf(error);
  }
}

/** A pool connection as a session connection; `onFailure` hears of a failure of the connection. */
export function pgSessionConnection(
  client: pg.PoolClient,
  onFailure?: (error: unknown) => void,
): SessionConnection {
  const guard = async <R>(call: () => Promise<R>): Promise<R> => {
    try {
      return await call();
    } catch (error) {
      onFailure?.(error);
      throw error;
    }
  };
  return {
    query: (sql, parameters = []) =>
      guard(async () => {
        const res = await client.query(sql, [...parameters]);
        return {
          rows: res.rows,
          fields: res.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
        };
      }),
    script: (sql) =>
      guard(async () => {
        // Several statements answer an array of results; pg's types say one.
        const res = (await client.query(sql)) as unknown as pg.QueryResult | pg.QueryResult[];
        return (Array.isArray(res) ? res : [res]).map((r) => r.rows as Record<string, unknown>[]);
      }),
  };
}

/**
 * Rolls the session back and then gives the connection back to its pool, without holding up the
 * answer: a read-only transaction has nothing to keep, and the pool hands the connection out again
 * only after the rollback. A connection whose rollback fails (or that `broken` names) is dropped.
 */
export function releaseAfterRollback(client: pg.PoolClient, broken?: () => Error | undefined): void {
  client.query('rollback').then(
    () => client.release(broken?.()),
    (error: unknown) => client.release(error instanceof Error ? error : new Error(String(error))),
  );
}

/** Runs `work` in a report session on the product's own database. */
export async function withReportSession<T>(
  handle: DatabaseHandle,
  options: SessionOptions,
  work: (session: ReportSession) => Promise<T>,
): Promise<T> {
  // Read before a connection is taken (once per database): the key the tenant is signed with.
  const key = await tenantKey(handle.db);
  if (handle.pool) {
    const { client, asLogin } = await connectReport(handle, options.reader);
    try {
      const signed = tenantToken(key, options.tenantId, processIdOf(client));
      return await inReadOnlyTransaction(
        pgSessionConnection(client),
        ownSetup(options, signed, !asLogin),
        work,
      );
    } finally {
      releaseAfterRollback(client);
    }
  }
  const pglite = handle.pglite;
  if (!pglite) throw new Error('no database to run reports on');
  // Holding the engine's one connection keeps every other statement out of the transaction.
  return handle.db.connection().execute(async () => {
    const connection: SessionConnection = {
      async query(sql, parameters = []) {
        const res = await pglite.query<Record<string, unknown>>(sql, [...parameters]);
        return {
          rows: res.rows,
          fields: res.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
        };
      },
      script: async (sql) => (await pglite.exec(sql)).map((r) => r.rows as Record<string, unknown>[]),
    };
    try {
      const signed = tenantToken(key, options.tenantId, await pglitePid(pglite));
      return await inReadOnlyTransaction(connection, ownSetup(options, signed, true), work);
    } finally {
      await pglite.exec('rollback');
    }
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
