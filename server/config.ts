import path from 'node:path';
import { parseWechatConfig, type WechatConfig } from './auth/wechat-config.js';
import { parseAdoptableTables } from './db/platform-tables.js';
import { parseDocumentServerConfig, type DocumentServerConfig } from './document/editor-config.js';
import { parseDocumentStorageConfig, type DocumentStorageConfig } from './document/storage-config.js';
import { parseDataSourceHosts } from './sys/data-source/hosts.js';

/** Captcha mode: 'on' (random), 'off' (not asked: scripts and automated tests), or a fixed code for browser tests. */
export type CaptchaMode = { kind: 'on' } | { kind: 'off' } | { kind: 'fixed'; code: string };

export interface ServerConfig {
  port: number;
  host: string;
  /** Where the embedded database and uploads live. */
  dataDir: string;
  /** PostgreSQL connection string; when empty the embedded PGlite database in dataDir is used. */
  databaseUrl: string;
  /** DATABASE_READ_URL: a streaming-replication standby the declared lists read from (docs/OPERATIONS.md). */
  readDatabaseUrl: string;
  /** The admin account's password on the first run (seed). */
  adminPassword: string;
  /** Prefix of every API route. */
  apiBase: string;
  captcha: CaptchaMode;
  /** Idle minutes before a session expires; each request slides it. */
  sessionIdleMinutes: number;
  /** Hard cap on a session's life, whatever its activity. */
  sessionMaxHours: number;
  /** Days a password stays valid after it was last changed. */
  passwordExpireDays: number;
  /** Failed sign-ins allowed per account (and per address x5) inside the window before it locks. */
  loginMaxFailures: number;
  loginWindowMinutes: number;
  /** SMS: 'log' writes codes to the server log; 'http' posts to smsHttpUrl. */
  smsProvider: 'log' | 'http';
  smsHttpUrl: string;
  smsHttpToken: string;
  /** Directory of the built browser app; served at '/'. */
  webDir: string;
  /** Time zone used when dates are written as 'YYYY-MM-DD HH:mm:ss'. */
  timeZone: string;
  logLevel: string;
  /** Proxy hops (or addresses) whose X-Forwarded-For is believed; off by default so clients cannot pick their address. */
  trustProxy: boolean | string | ((address: string, hop: number) => boolean);
  /**
   * Browser tests only: registers GET /test/fault/:status, which answers with the HTTP errors of the
   * client's error catalogue. Set programmatically by the test harness; loadConfig never reads it from
   * the environment, so a deployment cannot switch it on by accident.
   */
  faultInjection?: boolean;
  /** Origins (besides the server's own host) whose pages may open the notice socket (SOCKET_ORIGINS, comma list). */
  socketOrigins?: string[];
  /**
   * Online reports: statement timeout (REPORT_TIMEOUT_MS), export row cap (REPORT_EXPORT_ROWS), and
   * the largest planner cost a report statement may have (REPORT_MAX_COST; absent: the default of
   * the database, REPORT_DEFAULTS.maxCost or EMBEDDED_REPORT_MAX_COST).
   */
  report?: { timeoutMs: number; exportRows: number; maxCost?: number };
  /**
   * REPORT_DATABASE_URL (with DATABASE_URL): the login reports run as on PostgreSQL, a role that may
   * only read the report views (server/report/report-login.ts); empty: one is created at start when
   * the app's user may create roles.
   */
  reportDatabaseUrl?: string;
  /**
   * Key of the data source passwords (DATA_SOURCE_KEY: 32 bytes as base64 or 64 hex characters).
   * Without it a key is generated once into DATA_DIR/data-source.key (server/sys/data-source/secret.ts).
   */
  dataSourceKey?: string;
  /**
   * DATA_SOURCE_HOSTS: the hosts a data source may name (server/sys/data-source/hosts.ts); empty or
   * absent: any host.
   */
  dataSourceHosts?: readonly string[];
  /**
   * WeChat account binding (WECHAT_APP_ID, WECHAT_APP_SECRET, WECHAT_REDIRECT_URI, all or none); null
   * when not configured: the user menu then says so and the binding routes refuse.
   */
  wechat?: WechatConfig | null;
  /**
   * The document editor's ONLYOFFICE-compatible server (DOCUMENT_SERVER_URL, DOCUMENT_SERVER_JWT_SECRET,
   * server/document/editor-config.ts); null or absent: no 编辑, document preview only.
   */
  documentServer?: DocumentServerConfig | null;
  /**
   * Where document and template files live (server/document/storage-config.ts): the data directory,
   * or S3-compatible object storage when S3_ENDPOINT is set (with S3_BUCKET, S3_ACCESS_KEY,
   * S3_SECRET_KEY; S3_REGION, S3_FORCE_PATH_STYLE). Absent: the data directory.
   */
  documentStorage?: DocumentStorageConfig;
  /** Redis shown by 系统监控 (REDIS_URL); empty: the Redis pages say it is not configured. */
  redisUrl?: string;
  /** Bearer token of GET /metrics (METRICS_TOKEN); empty: the Prometheus endpoint is not served. */
  metricsToken?: string;
  /**
   * ADOPTABLE_TABLES: existing tables (not the platform's) a declaration may adopt with `adoptTable`
   * (server/entity/table-rule.ts); absent or empty: none.
   */
  adoptableTables?: readonly string[];
}

export const REPORT_DEFAULTS = { timeoutMs: 10_000, exportRows: 1_000_000, maxCost: 5_000_000 } as const;
/**
 * REPORT_MAX_COST's default on the embedded database, which cannot interrupt a running statement:
 * there the planner's estimate is the only brake (issue 31: a 20-million-row generate_series count,
 * estimated 300,000, ran 9-39 s). On PostgreSQL the statement timeout backs the larger default.
 */
export const EMBEDDED_REPORT_MAX_COST = 200_000;

export const DEFAULT_ADMIN_PASSWORD = 'Admin@123456';

function int(value: string | undefined, fallback: number): number {
  const n = value === undefined || value === '' ? NaN : Number(value);
  return Number.isFinite(n) ? Math.trunc(n) : fallback;
}

export function parseCaptchaMode(value: string | undefined): CaptchaMode {
  const v = (value ?? 'on').trim();
  if (v === 'off' || v === 'false' || v === '0') return { kind: 'off' };
  if (v.startsWith('fixed:') && v.length > 6) return { kind: 'fixed', code: v.slice(6) };
  return { kind: 'on' };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const root = process.cwd();
  return {
    port: int(env.PORT, 8080),
    host: env.HOST || '0.0.0.0',
    dataDir: path.resolve(root, env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || '',
    readDatabaseUrl: env.DATABASE_URL ? env.DATABASE_READ_URL || '' : '',
    reportDatabaseUrl: env.DATABASE_URL ? env.REPORT_DATABASE_URL || '' : '',
    adminPassword: env.ADMIN_PASSWORD || DEFAULT_ADMIN_PASSWORD,
    apiBase: normaliseBase(env.API_BASE ?? '/api'),
    captcha: parseCaptchaMode(env.CAPTCHA),
    sessionIdleMinutes: int(env.SESSION_IDLE_MINUTES, 120),
    sessionMaxHours: int(env.SESSION_MAX_HOURS, 24 * 7),
    passwordExpireDays: int(env.PASSWORD_EXPIRE_DAYS, 90),
    loginMaxFailures: int(env.LOGIN_MAX_FAILURES, 5),
    loginWindowMinutes: int(env.LOGIN_WINDOW_MINUTES, 10),
    smsProvider: env.SMS_PROVIDER === 'http' ? 'http' : 'log',
    smsHttpUrl: env.SMS_HTTP_URL || '',
    smsHttpToken: env.SMS_HTTP_TOKEN || '',
    webDir: path.resolve(root, env.WEB_DIR || './dist'),
    timeZone: env.APP_TIMEZONE || 'Asia/Shanghai',
    logLevel: env.LOG_LEVEL || 'info',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    socketOrigins: (env.SOCKET_ORIGINS ?? '')
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean),
    report: {
      timeoutMs: int(env.REPORT_TIMEOUT_MS, REPORT_DEFAULTS.timeoutMs),
      exportRows: int(env.REPORT_EXPORT_ROWS, REPORT_DEFAULTS.exportRows),
      ...(env.REPORT_MAX_COST ? { maxCost: int(env.REPORT_MAX_COST, REPORT_DEFAULTS.maxCost) } : {}),
    },
    dataSourceKey: env.DATA_SOURCE_KEY || undefined,
    dataSourceHosts: parseDataSourceHosts(env.DATA_SOURCE_HOSTS),
    wechat: parseWechatConfig(env),
    documentServer: parseDocumentServerConfig(env),
    documentStorage: parseDocumentStorageConfig(env),
    redisUrl: env.REDIS_URL || '',
    metricsToken: env.METRICS_TOKEN || '',
    adoptableTables: parseAdoptableTables(env.ADOPTABLE_TABLES),
  };
}

function normaliseBase(base: string): string {
  const trimmed = base.trim().replace(/\/+$/, '');
  if (trimmed === '') return '';
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

function parseTrustProxy(value: string | undefined): ServerConfig['trustProxy'] {
  if (!value || value === 'false' || value === '0') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value;
}
