/**
 * PostgreSQL only (issue 31): the report login is a wall of its own. Statements run here straight
 * on a report session, past the guard, as a statement the guard missed would: inside ts_stat,
 * `set_config('role', 'none', true)` returns to the session user, which is the report login itself,
 * so the password hash, other roles, server files and writes stay out of reach, and pg_sleep stops
 * at the statement timeout. A REPORT_DATABASE_URL whose user could read more stops the start.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasReportLogin, reportLoginRole } from '../../server/report/report-login.js';
import { SessionMessages, withReportSession } from '../../server/report/session.js';
import { buildApp } from '../../server/app.js';
import { LogSmsProvider } from '../../server/auth/sms.js';
import { loadConfig, REPORT_DEFAULTS } from '../../server/config.js';
import { createEntityContext, type EntityTestContext } from './entity-helpers.js';
import { openTestDatabase, withAdminClient, withDatabase } from './template-db.js';

let ctx: EntityTestContext;
let database: string;

beforeAll(async () => {
  ctx = await createEntityContext({ config: { report: { ...REPORT_DEFAULTS, timeoutMs: 300 } } });
  const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(ctx.database.db);
  database = rows[0]!.name;
});
afterAll(() => ctx.close());

const run = (statement: string) =>
  withReportSession(ctx.database, { timeoutMs: 300, tenantId: 1 }, async (session) => {
    const { rows } = await session.query(statement, []);
    return rows;
  });

describe('the report login', () => {
  it("is this database's own role, made at start, a member of zj_report and nothing more", async () => {
    expect(hasReportLogin(ctx.database)).toBe(true);
    const role = reportLoginRole(database);
    expect(await run('select current_user as u, session_user as s')).toEqual([{ u: role, s: role }]);
    const { rows } = await sql<
      Record<string, boolean>
    >`select r.rolsuper as super, r.rolcreaterole as createrole,
        pg_has_role(r.rolname, 'zj_report', 'USAGE') as member,
        has_table_privilege(r.rolname, 'sys_user', 'SELECT') as reads_users
      from pg_roles r where r.rolname = ${role}`.execute(ctx.database.db);
    expect(rows[0]).toEqual({ super: false, createrole: false, member: true, readsUsers: false });
  });

  it.each([
    [
      'the password hash after set_config inside ts_stat',
      "select * from ts_stat($$select to_tsvector(u.password_hash) from (select set_config('role', 'none', true)) r, public.sys_user u$$)",
    ],
    [
      'the password hash after RESET ROLE',
      "select set_config('role', 'none', true), (select count(*) from public.sys_user)",
    ],
    ['another role', "select set_config('role', 'postgres', true)"],
    ['a server file', "select pg_read_file('PG_VERSION')"],
    ['the key of the signed tenant', 'select value from public.sys_report_key'],
    ['a write to a view', "insert into biz_customer (id, name, code) values ('x', 'x', 'x')"],
  ])('cannot reach %s', async (_, statement) => {
    await expect(run(statement)).rejects.toThrow(/报表无权读取该数据|报表SQL执行出错/);
  });

  it('cannot write inside ts_stat: the statement fails and the log keeps its rows', async () => {
    const count = async () => {
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from sys_log`.execute(
        ctx.database.db,
      );
      return rows[0]!.n;
    };
    const before = await count();
    expect(before).toBeGreaterThan(0);
    await expect(
      run(
        "select * from ts_stat($$with d as (delete from public.sys_log returning 1) select to_tsvector('x') from d$$)",
      ),
    ).rejects.toThrow();
    expect(await count()).toBe(before);
  });

  it('stops pg_sleep at the statement timeout', async () => {
    const started = Date.now();
    await expect(run('select pg_sleep(12)')).rejects.toThrow(SessionMessages.timeout);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('still reads the report views', async () => {
    expect(await run("select count(*)::int as n from sys_user where username = 'admin'")).toEqual([{ n: 1 }]);
  });
});

describe('REPORT_DATABASE_URL', () => {
  /** A server on its own database copy with `reportUrl(name of that database)`; answers what ready() did. */
  async function startWith(reportUrl: (database: string) => string) {
    const database = await openTestDatabase();
    const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(database.db);
    const config = {
      ...loadConfig({}),
      apiBase: '/api',
      captcha: { kind: 'off' as const },
      webDir: '/nonexistent',
      reportDatabaseUrl: reportUrl(rows[0]!.name),
    };
    // The report plugin checks the login while the app is built or when it gets ready, as Fastify
    // runs it: either way the start stops with the error.
    let app: Awaited<ReturnType<typeof buildApp>> | null = null;
    let ready: Error | null = null;
    try {
      app = await buildApp({ config, database, sms: new LogSmsProvider(() => {}), logger: false });
      await app.ready();
    } catch (error) {
      ready = error as Error;
    }
    return { app, database, ready };
  }

  it('stops the start when its user could read more than the report views', async () => {
    const { app, database, ready } = await startWith((name) =>
      withDatabase(process.env.TEST_DATABASE_URL!, name),
    );
    await app?.close().catch(() => undefined);
    await database.close();
    expect(ready?.message).toMatch(/REPORT_DATABASE_URL: report login postgres: postgres is a superuser/);
  });

  it('runs reports as its user: a login that is only a member of zj_report', async () => {
    const role = `zj_t31_${Math.random().toString(36).slice(2, 8)}`;
    await withAdminClient(process.env.TEST_DATABASE_URL!, (client) =>
      client.query(`create role ${role} login password 'report-pw' in role zj_report`),
    );
    try {
      const { app, database, ready } = await startWith((name) => {
        const url = new URL(withDatabase(process.env.TEST_DATABASE_URL!, name));
        url.username = role;
        url.password = 'report-pw';
        return url.toString();
      });
      try {
        expect(ready).toBeNull();
        expect(hasReportLogin(database)).toBe(true);
        const who = await withReportSession(database, { timeoutMs: 2000, tenantId: 1 }, (session) =>
          session.query('select current_user as u', []),
        );
        expect(who.rows).toEqual([{ u: role }]);
      } finally {
        await app?.close();
        await database.close();
      }
    } finally {
      await withAdminClient(process.env.TEST_DATABASE_URL!, (client) =>
        client.query(`drop role if exists ${role}`),
      );
    }
  });
});
