/**
 * A report session on a configured data source: a connection of the source's pool, the same
 * READ ONLY transaction and statement timeout as on the product's own database, and the caller's
 * tenant in the same setting (`zj.tenant_id`: views on the source may read it). There is no
 * report role or data set there: what the statement can read is what the source's user may read,
 * so an administrator gives a source a user that can only SELECT what reports should see.
 */
import type pg from 'pg';
import type { DatabaseHandle } from '../db/database.js';
import { ApiError } from '../result.js';
import { CONNECT_TIMEOUT_MS, ConnectMessages, connectFailure } from '../sys/data-source/connect.js';
import { TENANT_SETTING } from './dataset.js';
import {
  inReadOnlyTransaction,
  pgSessionConnection,
  releaseAfterRollback,
  SessionMessages,
  sessionNumbers,
  withReportSession,
  type ReportSession,
  type SessionOptions,
  type SessionSetup,
} from './session.js';
import { SourceMessages, type ReportSource } from './source-pools.js';

/** A server's answer carries a SQLSTATE; anything else (a reset socket, a timeout) is the connection's. */
const isServerError = (error: unknown) => /^[0-9A-Z]{5}$/.test(String((error as { code?: unknown }).code));

/**
 * A failed connection as the report answers it: 测试连接's one message whatever failed, so a report
 * cannot tell a closed port from a refusing server or a wrong password either (issue 31: a port
 * scanner for whoever designs reports). Why it failed goes to the server log only.
 */
function unavailable(source: ReportSource, error: unknown): ApiError {
  source.log(`report data source ${source.code}: connection failed: ${source.redact(connectFailure(error))}`);
  return new ApiError(ConnectMessages.unavailable);
}

function sourceSetup(source: ReportSource, options: SessionOptions): SessionSetup {
  return {
    settings: [
      ['statement_timeout', sessionNumbers(options).timeout],
      [TENANT_SETTING, sessionNumbers(options).tenant],
    ],
    errorOf(error) {
      const code = (error as { code?: unknown }).code;
      const message = source.redact(error instanceof Error ? error.message : String(error));
      if (code === '57014') return new ApiError(SessionMessages.timeout);
      if (code === '25006') return new ApiError(SourceMessages.readOnly);
      if (code === '42501') return new ApiError(SourceMessages.denied(message));
      if (typeof code === 'string' && /^(42|22)/.test(code))
        return new ApiError(SessionMessages.failed(message));
      if (!isServerError(error)) return unavailable(source, error);
      return error;
    },
  };
}

/** Runs `work` in a report session on the data source. */
export async function withSourceSession<T>(
  source: ReportSource,
  options: SessionOptions,
  work: (session: ReportSession) => Promise<T>,
): Promise<T> {
  let client: pg.PoolClient;
  const started = Date.now();
  try {
    client = await source.pool.connect();
  } catch (error) {
    const answer = unavailable(source, error);
    // Every failure answers when a silent host would: how soon says nothing of the port either.
    const wait = CONNECT_TIMEOUT_MS - (Date.now() - started);
    if (wait > 0) await source.pause(wait);
    throw answer;
  }
  // A connection that failed mid-session leaves the pool instead of serving the next report.
  let broken: Error | undefined;
  const connection = pgSessionConnection(client, (error) => {
    if (!isServerError(error)) broken = error instanceof Error ? error : new Error(String(error));
  });
  try {
    return await inReadOnlyTransaction(connection, sourceSetup(source, options), work);
  } catch (error) {
    if (broken && !(error instanceof ApiError)) throw unavailable(source, broken);
    throw error;
  } finally {
    releaseAfterRollback(client, () => broken);
  }
}

/** A report session where the report runs: its data source, or the product's own database. */
export function withReportTarget<T>(
  database: DatabaseHandle,
  source: ReportSource | null,
  options: SessionOptions,
  work: (session: ReportSession) => Promise<T>,
): Promise<T> {
  return source ? withSourceSession(source, options, work) : withReportSession(database, options, work);
}
