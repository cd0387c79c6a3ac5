/**
 * Reports on a configured data source (系统管理 → 多数据源管理): one small PostgreSQL pool per
 * source, made on first use. Every use reads the source's row (one indexed lookup on the product's
 * own database), so a source an administrator edited, on this server or another, gets a new pool at
 * its next use and a deleted one is refused and its pool closed; idle connections end after
 * IDLE_MS, and every pool ends when the server closes. Only PostgreSQL sources can run a report.
 */
import pg from 'pg';
import { timerPause, type Pause } from '../auth/sign-in-throttle.js';
import type { Db } from '../db/database.js';
import { ApiError } from '../result.js';
import { CONNECT_TIMEOUT_MS } from '../sys/data-source/connect.js';
import { dataSourceByCode } from '../sys/data-source/lookup.js';
import { HostMessages, hostAllowed } from '../sys/data-source/hosts.js';
import type { SecretBox } from '../sys/data-source/secret.js';

/** The source types a report can run on. */
export const REPORT_SOURCE_TYPES: readonly string[] = ['postgresql'];
/** A report session holds one connection; a few reports at once share these. */
const POOL_MAX = 4;
const IDLE_MS = 60_000;
const CODE = /^[A-Za-z][A-Za-z0-9_]{0,99}$/;

export const SourceMessages = {
  missing: (code: string) => `数据源不存在：${code}`,
  unsupported: (code: string, type: string) =>
    `数据源${code}的类型为${type}，在线报表只支持 PostgreSQL 数据源`,
  readOnly: '报表只能读取数据：数据源上的报表在只读事务中执行',
  denied: (detail: string) => `数据源的用户无权读取该数据：${detail}`,
} as const;

/** A source a report runs on: its pool, and the version of its settings (part of a cache key). */
export interface ReportSource {
  code: string;
  version: string;
  pool: pg.Pool;
  /** The text with the source's password (if it were ever in it) masked: for messages and logs. */
  redact(text: string): string;
  /** The server log: why a connection failed, which the report's answer does not say. */
  log(message: string): void;
  /** Waits (a timer unless a test records it): a failed connect answers at the connect timeout. */
  pause: Pause;
}

interface Held {
  fingerprint: string;
  source: ReportSource;
}

function maskOf(password: string | null): (text: string) => string {
  if (!password) return (text) => text;
  return (text) => text.split(password).join('******');
}

export class ReportSourcePools {
  private readonly held = new Map<string, Held>();
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly box: SecretBox,
    private readonly log: (message: string) => void = (message) => console.warn(message),
    /** DATA_SOURCE_HOSTS: a source saved before the list was set is refused here too. */
    private readonly allowedHosts?: readonly string[],
    private readonly pause: Pause = timerPause,
  ) {}

  /** The source named by a report, ready to run on; refuses a missing or unsupported one. */
  async resolve(code: string): Promise<ReportSource> {
    if (!CODE.test(code)) throw new ApiError(SourceMessages.missing(code.slice(0, 100)));
    const stored = await dataSourceByCode(this.db, this.box, code);
    const current = this.held.get(code);
    if (!stored) {
      if (current) this.retire(code, current);
      throw new ApiError(SourceMessages.missing(code));
    }
    if (!REPORT_SOURCE_TYPES.includes(stored.dbType))
      throw new ApiError(SourceMessages.unsupported(code, stored.dbType));
    if (!hostAllowed(this.allowedHosts, stored.settings.host)) {
      if (current) this.retire(code, current);
      throw new ApiError(HostMessages.notAllowed(stored.settings.host));
    }
    if (current?.fingerprint === stored.fingerprint) return current.source;
    if (current) this.retire(code, current);
    if (this.closed) throw new Error('report source pools are closed');
    const redact = maskOf(stored.settings.password);
    const { host, port, database, user, password } = stored.settings;
    const pool = new pg.Pool({
      host,
      port,
      database,
      user,
      password: password ?? undefined,
      max: POOL_MAX,
      idleTimeoutMillis: IDLE_MS,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      keepAlive: true,
      application_name: 'zhihui-jiedai-report',
    });
    // An idle connection the source ends (a restart, a dropped database) must not end this process;
    // the pool replaces it at the next use. The driver's messages carry no password; masked anyway.
    pool.on('error', (error) => this.log(`report data source ${code}: ${redact(error.message)}`));
    const source: ReportSource = {
      code,
      version: stored.fingerprint,
      pool,
      redact,
      log: this.log,
      pause: this.pause,
    };
    this.held.set(code, { fingerprint: stored.fingerprint, source });
    return source;
  }

  /** Ends every pool (the server is closing). */
  async close(): Promise<void> {
    this.closed = true;
    const pools = [...this.held.values()].map((h) => h.source.pool);
    this.held.clear();
    await Promise.all(pools.map((pool) => pool.end().catch(() => undefined)));
  }

  /** How many sources hold a pool (tests). */
  get size(): number {
    return this.held.size;
  }

  /** A pool whose source changed or went: sessions still using it finish, then it ends. */
  private retire(code: string, held: Held): void {
    this.held.delete(code);
    void held.source.pool.end().catch(() => undefined);
  }
}
