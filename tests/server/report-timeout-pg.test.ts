/**
 * PostgreSQL only (the embedded database cannot interrupt a running statement; its guard is the
 * planner's estimate, report-safety.test.ts): a statement the planner thinks cheap but that runs
 * long is stopped by the report session's statement timeout, with its message.
 */
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { REPORT_DEFAULTS } from '../../server/config.js';
import { SessionMessages } from '../../server/report/session.js';
import { createEntityContext, type EntityTestContext } from './entity-helpers.js';
import { DEMO_PASSWORD } from './helpers.js';

let ctx: EntityTestContext;

beforeAll(async () => {
  ctx = await createEntityContext({ config: { report: { ...REPORT_DEFAULTS, timeoutMs: 300 } } });
});
afterAll(() => ctx.close());

it('stops a statement at the timeout and says so', async () => {
  const analyst = await ctx.login('fengyu', DEMO_PASSWORD);
  // A recursive CTE is estimated at a few iterations; it runs 100 million.
  const report = {
    head: {
      code: 'runaway',
      name: '长时间查询',
      cgrSql:
        'with recursive r(n) as (select 1 union all select n + 1 from r where n < 100000000) select count(*) as n from r',
    },
    items: [{ fieldName: 'n', fieldTxt: 'n', fieldType: 'Integer' }],
    params: [],
  };
  expect(await ctx.send('POST', '/online/cgreport/head/add', report, analyst)).toMatchObject({
    success: true,
  });
  const started = Date.now();
  expect(await ctx.get('/online/cgreport/api/getData/runaway', analyst)).toMatchObject({
    success: false,
    message: SessionMessages.timeout,
  });
  expect(Date.now() - started).toBeLessThan(10_000);
});

it('gives every report connection back rolled back: none is left inside its transaction', async () => {
  const analyst = await ctx.login('fengyu', DEMO_PASSWORD);
  const report = {
    head: { code: 'quick_users', name: '快速查询', cgrSql: 'select 1 as n' },
    items: [{ fieldName: 'n', fieldTxt: 'n', fieldType: 'Integer' }],
    params: [],
  };
  expect(await ctx.send('POST', '/online/cgreport/head/add', report, analyst)).toMatchObject({
    success: true,
  });
  // The rollback runs after the answer: answers side by side, then the connections settle.
  const answers = await Promise.all(
    Array.from({ length: 6 }, () => ctx.get('/online/cgreport/api/getData/quick_users', analyst)),
  );
  for (const answer of answers) expect(answer).toMatchObject({ success: true });
  // Counted from a connection of its own: one of the pool's could be the one left in a transaction.
  const { rows: named } = await sql<{ name: string }>`select current_database() as name`.execute(
    ctx.database.db,
  );
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${named[0]!.name}`;
  const watcher = new pg.Client({ connectionString: url.toString() });
  await watcher.connect();
  const open = async () => {
    const { rows } = await watcher.query<{ n: number }>(`select count(*)::int as n from pg_stat_activity
      where datname = current_database() and state like 'idle in transaction%'`);
    return rows[0]!.n;
  };
  let left = await open();
  for (let i = 0; i < 20 && left > 0; i++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    left = await open();
  }
  await watcher.end();
  expect(left).toBe(0);
});
