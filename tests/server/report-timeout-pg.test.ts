/**
 * PostgreSQL only (the embedded database cannot interrupt a running statement; its guard is the
 * planner's estimate, report-safety.test.ts): a statement the planner thinks cheap but that runs
 * long is stopped by the report session's statement timeout, with its message.
 */
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
