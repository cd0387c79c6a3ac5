/**
 * PostgreSQL only (a data source is a real PostgreSQL server; CI runs the suite there): reports on
 * a configured data source. Two scratch databases hold a `sales` table the product's own database
 * does not have, each registered in 数据源管理. 解析SQL, getData (two parameters, one optional),
 * totals, export with its row cap, data rules and the cache run on the chosen source; a write is
 * refused by the guard and, without the guard, by the read-only transaction; the timeout holds;
 * an edited source is used at once; the pools end with the server.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_DEFAULTS } from '../../server/config.js';
import { SessionMessages } from '../../server/report/session.js';
import { ReportSourcePools, SourceMessages } from '../../server/report/source-pools.js';
import { withSourceSession } from '../../server/report/source-session.js';
import { createSecretBox } from '../../server/sys/data-source/secret.js';
import { createEntityContext, type EntityTestContext } from './entity-helpers.js';
import { DEMO_PASSWORD } from './helpers.js';
import { createScratchDatabase, sourceForm, type ScratchDatabase } from './report-source-helpers.js';

interface Page {
  records: Record<string, unknown>[];
  total: number;
  totals: Record<string, number> | null;
}

const URL_ = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const KEY = randomBytes(32).toString('base64');
const SALES = (
  rows: string,
) => `create table sales (region text, product text, amount numeric(10,2), day date);
  insert into sales values ${rows};`;

let ctx: EntityTestContext;
let analyst: string;
let dbA: ScratchDatabase;
let dbB: ScratchDatabase;
let closed = false;

const SQL =
  'select region, product, amount, day from sales where region = ${region} [[ and product = ${product} ]]';
const report = (code: string, dbSource: string, cgrSql = SQL) => ({
  head: { code, name: `销售${code}`, cgrSql, dbSource },
  items: [
    { fieldName: 'region', fieldTxt: '区域', fieldType: 'String' },
    { fieldName: 'product', fieldTxt: '产品', fieldType: 'String' },
    { fieldName: 'amount', fieldTxt: '金额', fieldType: 'Double', isTotal: 'sum' },
    { fieldName: 'day', fieldTxt: '日期', fieldType: 'Date' },
  ],
  params: [
    { paramName: 'region', paramTxt: '区域', paramType: 'string', required: 1 },
    { paramName: 'product', paramTxt: '产品', paramType: 'string' },
  ],
});
const add = (body: unknown) => ctx.send('POST', '/online/cgreport/head/add', body, analyst);
const data = (code: string, query: string, token = analyst) =>
  ctx.get<Page>(`/online/cgreport/api/getData/${code}?${query}`, token);

beforeAll(async () => {
  dbA = await createScratchDatabase(
    URL_,
    'zj_src_a',
    SALES(`('华东', '茶叶', 100.50, '2026-01-02'), ('华东', '瓷器', 20, '2026-01-03'),
      ('华东', '茶叶', 5, '2026-01-04'), ('华南', '茶叶', 7, '2026-01-05')`),
  );
  dbB = await createScratchDatabase(URL_, 'zj_src_b', SALES(`('华东', '丝绸', 1000, '2026-02-01')`));
  ctx = await createEntityContext({
    config: { dataSourceKey: KEY, report: { ...REPORT_DEFAULTS, timeoutMs: 1000, exportRows: 2 } },
  });
  analyst = await ctx.login('fengyu', DEMO_PASSWORD);
  for (const [code, db] of [
    ['sales_a', dbA],
    ['sales_b', dbB],
  ] as const)
    expect(await ctx.send('POST', '/sys/dataSource/add', sourceForm(URL_, code, db.name))).toMatchObject({
      success: true,
    });
});
afterAll(async () => {
  if (!closed) await ctx.close();
  await dbA.drop();
  await dbB.drop();
});

describe('the designer on a data source', () => {
  it('parses a statement on the chosen source, not on the own database', async () => {
    const parse = (dbSource?: string) =>
      ctx.send<{ fields: { fieldName: string; fieldType: string }[]; params: { paramName: string }[] }>(
        'POST',
        '/online/cgreport/head/parseSql',
        { sql: SQL, ...(dbSource ? { dbSource } : {}) },
        analyst,
      );
    const parsed = await parse('sales_a');
    expect(parsed.success).toBe(true);
    expect(parsed.result!.fields.map((f) => [f.fieldName, f.fieldType])).toEqual([
      ['region', 'String'],
      ['product', 'String'],
      ['amount', 'Double'],
      ['day', 'Date'],
    ]);
    expect(parsed.result!.params.map((p) => p.paramName)).toEqual(['region', 'product']);
    expect(await parse()).toMatchObject({
      success: false,
      message: '报表只能读取报表数据集中的表，发现：sales',
    });
  });

  it('lists the sources by code and name only', async () => {
    const list = await ctx.get<Record<string, unknown>[]>('/online/cgreport/head/dataSources', analyst);
    expect(list.result!.map((s) => s.code)).toEqual(expect.arrayContaining(['sales_a', 'sales_b']));
    expect(Object.keys(list.result![0]).sort()).toEqual(['code', 'dbType', 'name']);
  });

  it('refuses a write statement on a source, as on the own database', async () => {
    for (const sql of ['update sales set amount = 0', 'select 1; delete from sales'])
      expect(
        await ctx.send('POST', '/online/cgreport/head/parseSql', { sql, dbSource: 'sales_a' }, analyst),
      ).toMatchObject({ success: false });
    expect(await add(report('sales_write', 'sales_a', 'update sales set amount = 0'))).toMatchObject({
      success: false,
      message: '只能是SELECT语句，发现：UPDATE',
    });
  });
});

describe('a report on a data source', () => {
  it('runs getData there with two parameters (one optional), totals over the whole result', async () => {
    expect(await add(report('sales_east', 'sales_a'))).toMatchObject({ success: true });
    const all = await data('sales_east', 'self_region=华东&column=amount&order=desc');
    expect(all.result).toMatchObject({ total: 3, totals: { amount: 125.5 } });
    expect(all.result!.records.map((r) => Number(r.amount))).toEqual([100.5, 20, 5]);
    const tea = await data('sales_east', 'self_region=华东&self_product=茶叶');
    expect(tea.result).toMatchObject({ total: 2, totals: { amount: 105.5 } });
    const injected = await data('sales_east', `self_region=${encodeURIComponent("华东' or '1'='1")}`);
    expect(injected.result).toMatchObject({ total: 0 });
  });

  it('cannot write even when the guard is bypassed: the transaction is read-only', async () => {
    const pools = new ReportSourcePools(ctx.database.db, createSecretBox(KEY, '/nonexistent'), () => {});
    try {
      const source = await pools.resolve('sales_a');
      for (const statement of ['update sales set amount = 0', 'create table stolen (id int)'])
        await expect(
          withSourceSession(source, { timeoutMs: 2000, tenantId: 1 }, (s) => s.query(statement, [])),
        ).rejects.toThrow(SourceMessages.readOnly);
      const tenant = await withSourceSession(source, { timeoutMs: 2000, tenantId: 7 }, (s) =>
        s.query<{ t: string }>("select current_setting('zj.tenant_id') as t", []),
      );
      expect(tenant.rows[0].t).toBe('7');
    } finally {
      await pools.close();
    }
    const [{ n }] = await dbA.query<{ n: string }>('select sum(amount)::text as n from sales');
    expect(n).toBe('132.50');
  });

  it('stops a long statement at the timeout, and the source serves the next report', async () => {
    const runaway = {
      head: {
        code: 'sales_runaway',
        name: '长时间查询',
        dbSource: 'sales_a',
        cgrSql:
          'with recursive r(n) as (select 1 union all select n + 1 from r where n < 100000000) select count(*) as n from r',
      },
      items: [{ fieldName: 'n', fieldTxt: 'n', fieldType: 'Integer' }],
      params: [],
    };
    expect(await add(runaway)).toMatchObject({ success: true });
    const started = Date.now();
    expect(await data('sales_runaway', '')).toMatchObject({
      success: false,
      message: SessionMessages.timeout,
    });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(await data('sales_east', 'self_region=华南')).toMatchObject({
      success: true,
      result: { total: 1 },
    });
  });

  it('exports from the source, cut at the row cap and saying so', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/online/cgreport/api/exportXls/sales_east?self_region=${encodeURIComponent('华东')}`,
      headers: { 'x-access-token': analyst },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-report-total']).toBe('3');
    expect(res.headers['x-report-truncated']).toBe('true');
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it("applies the data rules of the report's menu entry to the source's rows", async () => {
    const id = (
      await ctx.get<{ records: { id: string }[] }>('/online/cgreport/head/list?code=sales_east', analyst)
    ).result!.records[0].id;
    const menu = await ctx.send<{ id: string }>(
      'POST',
      '/online/cgreport/head/addToMenu',
      { id, name: '华东销售' },
      analyst,
    );
    const db = ctx.database.db;
    const staff = await db
      .selectFrom('sysRole')
      .select('id')
      .where('roleCode', '=', 'staff')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('sysPermissionDataRule')
      .values({
        id: 'rule-tea',
        permissionId: menu.result!.id,
        ruleName: '只看茶叶',
        ruleColumn: 'product',
        ruleConditions: 'eq',
        ruleValue: '茶叶',
        status: '1',
      })
      .execute();
    await db
      .insertInto('sysRolePermission')
      .values({ roleId: staff.id, permissionId: menu.result!.id, dataRuleIds: 'rule-tea' })
      .execute();
    const scoped = await data('sales_east', 'self_region=华东', ctx.staffToken);
    expect(scoped.result).toMatchObject({ total: 2, totals: { amount: 105.5 } });
  });
});

describe('two sources', () => {
  it('answer the same SQL each from its own database, and an edited source at once', async () => {
    expect(await add(report('sales_other', 'sales_b'))).toMatchObject({ success: true });
    expect((await data('sales_other', 'self_region=华东')).result).toMatchObject({
      total: 1,
      totals: { amount: 1000 },
    });
    expect((await data('sales_east', 'self_region=华东')).result).toMatchObject({ total: 3 });
    // Within the 30 s of the cache: source B now points at A's database.
    const b = await ctx.get<{ records: { id: string }[] }>('/sys/dataSource/list?code=sales_b');
    expect(
      await ctx.send('PUT', '/sys/dataSource/edit', { id: b.result!.records[0].id, databaseName: dbA.name }),
    ).toMatchObject({ success: true });
    expect((await data('sales_other', 'self_region=华东')).result).toMatchObject({ total: 3 });
  });

  it('end their pools when the server closes', async () => {
    const open = () =>
      dbA.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity
          where application_name = 'zhihui-jiedai-report' and datname = any($1)`,
        [[dbA.name, dbB.name]],
      );
    expect((await open())[0].n).toBeGreaterThan(0);
    await ctx.close();
    closed = true;
    for (let i = 0; i < 40 && (await open())[0].n > 0; i += 1) await new Promise((r) => setTimeout(r, 50));
    expect((await open())[0].n).toBe(0);
  });
});
