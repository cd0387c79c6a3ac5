/**
 * Issue 31's findings through the server, on both databases (the CI's PostgreSQL pass runs this
 * file too): SQL text run by ts_stat / ts_rewrite with set_config inside, the password hash, a
 * server file, another tenant's rows, pg_sleep and a 20-million-row generate_series. Each is
 * refused by the guard at 解析SQL and, for a report stored before the guard knew better, at getData;
 * the tenant is also kept by the views' signed setting when a statement changes it, and the planner's
 * cost limit refuses the generate_series count on its own. The demo reports still run.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMBEDDED_REPORT_MAX_COST } from '../../server/config.js';
import { DEMO_REPORTS } from '../../server/db/seed/reports.js';
import { tenantToken } from '../../server/report/report-tenant.js';
import { checkCost, SessionMessages, withReportSession } from '../../server/report/session.js';
import { GuardMessages } from '../../server/report/sql-guard.js';
import { createEntityContext, type EntityTestContext } from './entity-helpers.js';
import { DEMO_PASSWORD } from './helpers.js';

let ctx: EntityTestContext;
let analyst: string;

beforeAll(async () => {
  ctx = await createEntityContext();
  analyst = await ctx.login('fengyu', DEMO_PASSWORD);
});
afterAll(() => ctx.close());

const HIDDEN_ROLE_RESET = "select set_config('role', 'none', true)";
const FINDINGS: [string, string, string][] = [
  [
    'ts_stat running set_config, then the password hash',
    `select * from ts_stat($$select to_tsvector(u.password_hash) from (${HIDDEN_ROLE_RESET}) r, public.sys_user u$$)`,
    GuardMessages.func('ts_stat'),
  ],
  [
    'ts_rewrite running set_config',
    `select ts_rewrite('a & b'::tsquery, $$select 'a'::tsquery, set_config('role', 'none', true)::tsquery$$) as q from biz_customer`,
    GuardMessages.func('ts_rewrite'),
  ],
  [
    'the password hash',
    'select username, password_hash from public.sys_user',
    GuardMessages.table('public.sys_user'),
  ],
  [
    'a server file',
    "select pg_read_file('PG_VERSION') as v from biz_customer",
    GuardMessages.func('pg_read_file'),
  ],
  [
    'another tenant',
    "select a.titile from sys_announcement a, (select set_config('zj.tenant_id', '2', true)) t",
    GuardMessages.func('set_config'),
  ],
  ['pg_sleep', 'select pg_sleep(12) as s', GuardMessages.func('pg_sleep')],
  [
    'pg_sleep inside ts_stat',
    "select * from ts_stat('select to_tsvector(pg_sleep(12)::text)')",
    GuardMessages.func('ts_stat'),
  ],
  [
    'a 20-million-row count',
    'select count(*) as n from generate_series(1, 20000000)',
    GuardMessages.func('generate_series'),
  ],
];

describe('the findings of issue 31', () => {
  it.each(FINDINGS)('refuses %s at 解析SQL, at once', async (_, statement, message) => {
    const started = Date.now();
    const answer = await ctx.send('POST', '/online/cgreport/head/parseSql', { sql: statement }, analyst);
    expect(answer).toMatchObject({ success: false, message });
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it.each(FINDINGS)(
    'refuses %s at getData of a report stored before the guard',
    async (_, statement, message) => {
      const code = `f31_${Math.random().toString(36).slice(2, 10)}`;
      await sql`insert into onl_cgreport_head (id, code, name, cgr_sql, create_by) values (${code}, ${code}, ${code}, ${statement}, 'fengyu')`.execute(
        ctx.database.db,
      );
      await sql`insert into onl_cgreport_item (id, cgrhead_id, field_name, field_txt) values (${`${code}_v`}, ${code}, 'v', 'v')`.execute(
        ctx.database.db,
      );
      const started = Date.now();
      expect(await ctx.get(`/online/cgreport/api/getData/${code}`, analyst)).toMatchObject({
        success: false,
        message,
      });
      expect(Date.now() - started).toBeLessThan(3000);
    },
  );
});

describe("a tenant's rows, when a statement the guard missed changes the setting", () => {
  beforeAll(async () => {
    await sql`insert into sys_announcement (id, tenant_id, titile, msg_category, msg_type)
      values ('t31-one', 1, 'T31 甲', '4', 'ALL'), ('t31-two', 2, 'T31 乙', '4', 'ALL')`.execute(
      ctx.database.db,
    );
  });

  const titles = (tenantId: number, ...before: string[]) =>
    withReportSession(ctx.database, { timeoutMs: 5000, tenantId }, async (session) => {
      for (const statement of before) await session.query(statement, []);
      const { rows } = await session.query<{ titile: string }>(
        "select titile from sys_announcement where titile like 'T31%' order by titile",
        [],
      );
      return rows.map((r) => r.titile);
    });

  it('shows a tenant its own rows and only those', async () => {
    expect(await titles(1)).toEqual(['T31 甲']);
    expect(await titles(2)).toEqual(['T31 乙']);
  });

  it('shows nothing of tenant 2 to tenant 1 after set_config of either setting, or a token of another connection', async () => {
    const { rows } = await sql<{
      value: string;
    }>`select value from sys_report_key where name = 'tenant'`.execute(ctx.database.db);
    const key = rows[0]!.value;
    // A right signature for tenant 2, but of another backend (on PostgreSQL the app's own connection:
    // what pg_stat_activity could show a report role of its other sessions; the embedded database has
    // one backend, so there a pid no backend has).
    const { rows: app } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(ctx.database.db);
    const elsewhere = tenantToken(key, 2, ctx.database.kind === 'postgres' ? Number(app[0]!.pid) : -1);
    expect(await titles(1, "select set_config('zj.tenant_id', '2', true)")).toEqual(['T31 甲']);
    expect(await titles(1, "select set_config('zj.report_tenant', '2', true)")).toEqual([]);
    expect(await titles(1, `select set_config('zj.report_tenant', '${elsewhere}', true)`)).toEqual([]);
  });
});

describe('a statement that would run long, were it past the guard', () => {
  const count = 'select count(*) as n from generate_series(1, 20000000)';

  it("is stopped by each database's wall: the planner's estimate on the embedded one, the timeout on PostgreSQL", async () => {
    if (ctx.database.kind === 'pglite') {
      // No timer can interrupt the embedded database: the default limit refuses it before it starts.
      await expect(
        withReportSession(ctx.database, { timeoutMs: 5000, tenantId: 1 }, (session) =>
          checkCost(session, count, [], EMBEDDED_REPORT_MAX_COST),
        ),
      ).rejects.toThrow(SessionMessages.tooCostly);
      return;
    }
    const started = Date.now();
    await expect(
      withReportSession(ctx.database, { timeoutMs: 300, tenantId: 1 }, (session) => session.query(count, [])),
    ).rejects.toThrow(SessionMessages.timeout);
    expect(Date.now() - started).toBeLessThan(5000);
  });
});

describe('the demo reports', () => {
  it.each(DEMO_REPORTS.map((r) => r.code))('%s still runs', async (code) => {
    const page = await ctx.get<{ records: unknown[] }>(`/online/cgreport/api/getData/${code}`, analyst);
    expect(page).toMatchObject({ success: true });
  });
});
