/**
 * On PostgreSQL, report statements run on a pool of their own whose LOGIN role can read the report
 * data set's views and nothing else (issue 31). `SET ROLE zj_report` alone was no wall: a statement
 * may `set_config('role', 'none', true)` or `RESET ROLE` back to the session user, the app's own
 * (often an owner or a superuser). A session that logged in as the report role has nothing to go
 * back to: it is that role, a member of zj_report (USAGE on `rpt`, SELECT on its views), nothing more.
 *
 * The login is REPORT_DATABASE_URL when given; otherwise, where the app's user may create roles,
 * a role `zj_report_<database>` made at start, its password kept in sys_report_key (shared by the
 * servers of one database). Either is checked at start: not a superuser, no BYPASSRLS, cannot read
 * sys_user or sys_report_key, a member of zj_report. Without either (no CREATEROLE, no URL) reports
 * fall back to SET ROLE on the app's pool with a warning; the guard is then the wall, as on the
 * embedded database.
 */
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import type { DatabaseHandle, Db } from '../db/database.js';
import { readerPoolFor, standbyFailed } from '../db/read-routing.js';
import { isDatabaseUnavailable } from '../http/db-errors.js';
import { REPORT_ROLE } from './dataset.js';

const POOL_MAX = 5;
const IDLE_MS = 10_000;
const CONNECT_MS = 10_000;
/** Serialises the login's creation across servers starting at once. */
const LOGIN_LOCK = 7_214_304;
const FALLBACK = `report statements run as SET ROLE ${REPORT_ROLE} on the app's own connections, which a statement the guard missed could reset (docs/OPERATIONS.md "The report login")`;

interface Login {
  user: string;
  password: string | undefined;
  /** Report pools by the app pool they stand beside (the primary's; a read standby's, made on first use). */
  pools: Map<pg.Pool, pg.Pool>;
}

// Keyed by the app's primary pool: one login per open database (several in one test process).
const logins = new WeakMap<pg.Pool, Login>();

/** The login role made for a database: its name when plain and short, else a hash of it. */
export function reportLoginRole(database: string): string {
  const plain = /^[a-z0-9_]{1,48}$/.test(database);
  return `${REPORT_ROLE}_${plain ? database : createHash('sha256').update(database).digest('hex').slice(0, 16)}`;
}

const COMMON: pg.PoolConfig = {
  max: POOL_MAX,
  idleTimeoutMillis: IDLE_MS,
  connectionTimeoutMillis: CONNECT_MS,
  application_name: 'zhihui-jiedai-report',
};

/** A pool like `app` (host, port, database, TLS) logged in as `user`. */
function poolBeside(app: pg.Pool, user: string, password: string | undefined): pg.Pool {
  const options = app.options as pg.PoolConfig;
  let config: pg.PoolConfig;
  if (options.connectionString) {
    // The connection string's own user would win over a `user` option: it is rewritten instead.
    const url = new URL(options.connectionString);
    url.username = encodeURIComponent(user);
    url.password = password ? encodeURIComponent(password) : '';
    config = { ...COMMON, connectionString: url.toString() };
  } else {
    const { host, port, database, ssl } = options;
    config = { ...COMMON, host, port, database, ssl, user, password };
  }
  return watched(new pg.Pool(config));
}

/** As the app's pools (server/db/database.ts): a lost connection is reported, never a process crash. */
function watched(pool: pg.Pool): pg.Pool {
  pool.on('error', (error) => console.warn(`report connection lost: ${error.message}`));
  pool.on('connect', (client) => {
    client.on('error', (error) => console.warn(`report connection error: ${error.message}`));
  });
  return pool;
}

/** Why `role` must not run reports, or null: checked with the app's connection, which may read pg_roles. */
async function unfit(db: Db, role: string): Promise<string | null> {
  const { rows } = await sql<{ super: boolean; bypass: boolean; member: boolean; reads: boolean }>`
    select r.rolsuper as super, r.rolbypassrls as bypass,
      pg_has_role(r.rolname, ${REPORT_ROLE}, 'USAGE') as member,
      has_table_privilege(r.rolname, 'sys_user', 'SELECT')
        or has_table_privilege(r.rolname, 'sys_report_key', 'SELECT') as reads
    from pg_roles r where r.rolname = ${role}`.execute(db);
  const row = rows[0];
  if (!row) return `role ${role} does not exist`;
  if (row.super || row.bypass) return `${role} is a superuser or bypasses row security`;
  if (row.reads) return `${role} can read sys_user or sys_report_key`;
  if (!row.member) return `${role} is not a member of ${REPORT_ROLE} (GRANT ${REPORT_ROLE} TO ${role})`;
  return null;
}

/** Makes (or brings up to date) this database's report login; null when the app's user may not. */
async function createLogin(db: Db, warn: (message: string) => void): Promise<Login | null> {
  const { rows } = await sql<{ database: string; may: boolean }>`select current_database() as database,
    (r.rolsuper or r.rolcreaterole) as may from pg_roles r where r.rolname = current_user`.execute(db);
  const role = reportLoginRole(rows[0].database);
  if (!rows[0].may) {
    warn(`reports: ${FALLBACK} (the database user may not create roles and REPORT_DATABASE_URL is not set)`);
    return null;
  }
  try {
    const password = await db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(${LOGIN_LOCK})`.execute(trx);
      const name = `login:${role}`;
      const stored = await sql<{
        value: string;
      }>`select value from sys_report_key where name = ${name}`.execute(trx);
      const secret = stored.rows[0]?.value ?? randomBytes(24).toString('hex');
      if (!stored.rows[0])
        await sql`insert into sys_report_key (name, value) values (${name}, ${secret})`.execute(trx);
      // DDL cannot bind a value; the password is 48 hex digits made here.
      if (!/^[0-9a-f]{48}$/.test(secret)) throw new Error('stored report login password is not plain hex');
      const literal = sql.raw(`'${secret}'`);
      const exists = await sql`select 1 from pg_roles where rolname = ${role}`.execute(trx);
      if (exists.rows.length > 0)
        await sql`alter role ${sql.id(role)} with login inherit password ${literal}`.execute(trx);
      else await sql`create role ${sql.id(role)} with login inherit password ${literal}`.execute(trx);
      await sql`grant ${sql.id(REPORT_ROLE)} to ${sql.id(role)}`.execute(trx);
      await sql`alter role ${sql.id(role)} set default_transaction_read_only = on`.execute(trx);
      return secret;
    });
    return { user: role, password, pools: new Map() };
  } catch (error) {
    warn(`reports: ${FALLBACK} (could not make the report login ${role}: ${(error as Error).message})`);
    return null;
  }
}

function loginOfUrl(url: string): Login {
  const parsed = new URL(url);
  const password = parsed.password ? decodeURIComponent(parsed.password) : undefined;
  return { user: decodeURIComponent(parsed.username), password, pools: new Map() };
}

/**
 * At start: the report login of this database (REPORT_DATABASE_URL, or one made here), checked
 * and connected once. A REPORT_DATABASE_URL that fails its checks stops the start; a login made
 * here that fails them (or cannot connect: pg_hba.conf) leaves reports on SET ROLE, with a warning.
 */
export async function openReportLogin(
  handle: DatabaseHandle,
  reportUrl: string,
  warn: (message: string) => void,
): Promise<void> {
  const app = handle.pool;
  if (!app) return;
  const login = reportUrl ? loginOfUrl(reportUrl) : await createLogin(handle.db, warn);
  if (!login) return;
  const pool = reportUrl ? watched(new pg.Pool({ ...COMMON, connectionString: reportUrl })) : null;
  login.pools.set(app, pool ?? poolBeside(app, login.user, login.password));
  try {
    const problem = await unfit(handle.db, login.user);
    if (problem) throw new Error(problem);
    const client = await login.pools.get(app)!.connect();
    client.release();
  } catch (error) {
    await Promise.all([...login.pools.values()].map((p) => p.end().catch(() => undefined)));
    const message = `report login ${login.user}: ${(error as Error).message}`;
    if (reportUrl) throw new Error(`REPORT_DATABASE_URL: ${message}`, { cause: error });
    warn(`reports: ${FALLBACK} (${message})`);
    return;
  }
  logins.set(app, login);
}

/** Ends the report pools of a database (the server is closing). */
export async function closeReportLogin(handle: DatabaseHandle): Promise<void> {
  const login = handle.pool ? logins.get(handle.pool) : undefined;
  if (!login) return;
  logins.delete(handle.pool!);
  await Promise.all([...login.pools.values()].map((p) => p.end().catch(() => undefined)));
}

/** Whether reports of this database run on their own login (false: SET ROLE on the app's pool). */
export function hasReportLogin(handle: DatabaseHandle): boolean {
  return handle.pool !== undefined && logins.has(handle.pool);
}

async function connectBeside(login: Login | undefined, app: pg.Pool) {
  if (!login) return { client: await app.connect(), asLogin: false };
  let pool = login.pools.get(app);
  if (!pool) {
    pool = poolBeside(app, login.user, login.password);
    login.pools.set(app, pool);
  }
  return { client: await pool.connect(), asLogin: true };
}

/**
 * A connection for a report of `reader` (a user id): the read standby's when it may serve that user
 * now (server/db/read-routing.ts), the primary's otherwise and when the standby does not answer;
 * on the report login's pool there when this database has one (`asLogin`).
 */
export async function connectReport(
  handle: DatabaseHandle,
  reader: string | undefined,
): Promise<{ client: pg.PoolClient; asLogin: boolean }> {
  const primary = handle.pool!;
  const login = logins.get(primary);
  const standby = reader === undefined ? null : readerPoolFor(handle.db, reader);
  if (standby) {
    try {
      return await connectBeside(login, standby);
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      standbyFailed(handle.db);
    }
  }
  return connectBeside(login, primary);
}
