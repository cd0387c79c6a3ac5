/**
 * Online reports end to end on the server: a report built through the designer's calls (two
 * parameters, one optional; a dictionary column; a total; a chart), then the report screen's calls
 * (columns, query info, data with parameters, filters, sort, page and totals over the whole result),
 * the cache, who may open a report, and the export.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEntityContext, type EntityTestContext } from './entity-helpers.js';
import { DEMO_PASSWORD } from './helpers.js';

interface Page {
  records: Record<string, unknown>[];
  total: number;
  totals: Record<string, number> | null;
}

let ctx: EntityTestContext;
let analyst: string;
let reportId: string;

const CUSTOMERS = [
  ['华东', 'HD01', 'H'],
  ['江南', 'JN01', 'H'],
  ['滨江', 'BJ01', 'M'],
  ['西湖', 'XH01', 'M'],
  ['海宁', 'HN01', 'L'],
] as const;

const REPORT = {
  head: {
    code: 'level_count',
    name: '客户等级统计',
    cgrSql:
      'select c.level, count(*) as customer_count, min(c.name) as first_name\nfrom biz_customer c\nwhere c.code like ${prefix} [[ and c.level = ${level} ]]\ngroup by c.level',
    chart: { type: 'bar', x: 'level', y: ['customer_count'] },
  },
  items: [
    {
      fieldName: 'level',
      fieldTxt: '客户等级',
      fieldType: 'String',
      dictCode: 'priority',
      isSearch: 1,
      searchMode: 'single',
    },
    { fieldName: 'customer_count', fieldTxt: '客户数', fieldType: 'Integer', isTotal: 'sum', isOrder: 1 },
    { fieldName: 'first_name', fieldTxt: '首个客户', fieldType: 'String' },
  ],
  params: [
    { paramName: 'prefix', paramTxt: '编码前缀', paramType: 'string', paramValue: '%01', required: 1 },
    { paramName: 'level', paramTxt: '等级', paramType: 'dict', dictCode: 'priority' },
  ],
};

beforeAll(async () => {
  ctx = await createEntityContext();
  analyst = await ctx.login('fengyu', DEMO_PASSWORD);
  // A high-level customer needs an e-mail (the customer form's rule).
  for (const [name, code, level] of CUSTOMERS)
    expect(
      await ctx.send('POST', '/sys/customer/add', {
        name,
        code,
        level,
        email: `${code.toLowerCase()}@example.com`,
      }),
    ).toMatchObject({ success: true });
  const added = await ctx.send('POST', '/online/cgreport/head/add', REPORT, analyst);
  expect(added).toMatchObject({ success: true });
  const list = await ctx.get<{ records: { id: string; code: string }[] }>(
    '/online/cgreport/head/list?code=level_count',
    analyst,
  );
  reportId = list.result!.records[0].id;
});
afterAll(() => ctx.close());

const data = (query: string, token = analyst) =>
  ctx.get<Page>(`/online/cgreport/api/getData/${reportId}?${query}`, token);

describe('the designer', () => {
  it('parses a statement into its columns (with types) and parameters', async () => {
    const parsed = await ctx.send<{
      fields: { fieldName: string; fieldType: string }[];
      params: { paramName: string; paramType: string }[];
    }>('POST', '/online/cgreport/head/parseSql', { sql: REPORT.head.cgrSql }, analyst);
    expect(parsed.result!.fields.map((f) => [f.fieldName, f.fieldType])).toEqual([
      ['level', 'String'],
      ['customer_count', 'Integer'],
      ['first_name', 'String'],
    ]);
    expect(parsed.result!.params.map((p) => p.paramName)).toEqual(['prefix', 'level']);
  });

  it('answers the definition, its columns and parameters', async () => {
    const def = await ctx.get<{
      head: { code: string; chart: unknown };
      items: unknown[];
      params: unknown[];
    }>(`/online/cgreport/head/queryById?id=${reportId}`, analyst);
    expect(def.result).toMatchObject({ head: { code: 'level_count', chart: REPORT.head.chart } });
    expect(
      (await ctx.get<unknown[]>(`/online/cgreport/item/listByHeadId?headId=${reportId}`, analyst)).result,
    ).toHaveLength(3);
    expect(
      (await ctx.get<unknown[]>(`/online/cgreport/param/listByHeadId?headId=${reportId}`, analyst)).result,
    ).toHaveLength(2);
  });

  it('refuses a duplicate code, a column that is not a name, and a parameter it does not declare', async () => {
    expect(await ctx.send('POST', '/online/cgreport/head/add', REPORT, analyst)).toMatchObject({
      success: false,
      message: '报表编码已存在',
    });
    const bad = {
      ...REPORT,
      head: { ...REPORT.head, code: 'x1', cgrSql: 'select 1 as a from biz_customer where code = ${nope}' },
      items: [{ fieldName: 'a', fieldTxt: 'a', fieldType: 'Integer' }],
      params: [],
    };
    expect(await ctx.send('POST', '/online/cgreport/head/add', bad, analyst)).toMatchObject({
      success: false,
      message: 'SQL中的参数未定义：nope',
    });
    const badColumn = {
      ...bad,
      head: { ...bad.head, cgrSql: 'select 1 as a from biz_customer' },
      items: [{ fieldName: 'a b', fieldTxt: 'x', fieldType: 'String' }],
    };
    expect(await ctx.send('POST', '/online/cgreport/head/add', badColumn, analyst)).toMatchObject({
      success: false,
      message: '列名不正确：a b',
    });
  });
});

describe('the report screen', () => {
  it('answers its columns with the dictionary options and the chart', async () => {
    const columns = await ctx.get<{
      columns: { dataIndex: string }[];
      dictOptions: Record<string, unknown[]>;
      cgRpConfigId: string;
      chart: unknown;
    }>('/online/cgreport/api/getRpColumns/level_count', analyst);
    expect(columns.result!.columns.map((c) => c.dataIndex)).toEqual([
      'level',
      'customer_count',
      'first_name',
    ]);
    expect(columns.result!.dictOptions.level).toEqual(expect.arrayContaining([{ value: 'H', text: '高' }]));
    expect(columns.result!.cgRpConfigId).toBe(reportId);
    const info = await ctx.get<{ field: string; mode: string }[]>(
      `/online/cgreport/api/getQueryInfo/${reportId}`,
      analyst,
    );
    expect(info.result).toEqual([expect.objectContaining({ field: 'level', mode: 'single' })]);
  });

  it('runs with the default parameter, sorts, and totals the whole result', async () => {
    const page = await data('column=customer_count&order=desc&pageNo=1&pageSize=2');
    expect(page.result!.total).toBe(3);
    expect(page.result!.records).toHaveLength(2);
    expect(page.result!.records.map((r) => r.customer_count)).toEqual([2, 2]);
    expect(page.result!.records[0]).toHaveProperty('level_dictText');
    // The total is over all three rows, not the two of the page.
    expect(page.result!.totals).toEqual({ customer_count: 5 });
  });

  it('binds the optional parameter and the query field', async () => {
    expect((await data('self_level=M')).result!.records).toEqual([
      expect.objectContaining({ level: 'M', customer_count: 2, level_dictText: '中' }),
    ]);
    expect((await data('level=H')).result!.total).toBe(1);
  });

  it('treats SQL in a parameter as a value', async () => {
    const page = await data(`self_prefix=${encodeURIComponent("%' or '1'='1")}`);
    expect(page).toMatchObject({ success: true, result: { total: 0 } });
  });

  it('refuses a missing required parameter and an unknown sort column', async () => {
    expect(await data('self_prefix=')).toMatchObject({ success: false, message: '请填写参数：编码前缀' });
    expect(await data('column=password_hash&order=asc')).toMatchObject({
      success: false,
      message: '请注意，将要排序的列字段不存在：password_hash',
    });
  });

  it('answers from its cache for 30 s, until the designer saves the report', async () => {
    const before = (await data('self_level=L')).result!.total;
    await ctx.send('POST', '/sys/customer/add', { name: '新增低级客户', code: 'NEW01', level: 'L' });
    expect((await data('self_level=L')).result!.total).toBe(before);
    const def = await ctx.get<{ head: Record<string, unknown>; items: unknown[]; params: unknown[] }>(
      `/online/cgreport/head/queryById?id=${reportId}`,
      analyst,
    );
    expect(await ctx.send('PUT', '/online/cgreport/head/edit', def.result, analyst)).toMatchObject({
      success: true,
    });
    const after = await data('self_level=L');
    expect(after.result!.records[0]).toMatchObject({ customer_count: 2 });
  });

  it('refuses a save from a stale copy of the definition', async () => {
    const def = await ctx.get<{ head: Record<string, unknown>; items: unknown[]; params: unknown[] }>(
      `/online/cgreport/head/queryById?id=${reportId}`,
      analyst,
    );
    expect(await ctx.send('PUT', '/online/cgreport/head/edit', def.result, analyst)).toMatchObject({
      success: true,
    });
    expect(await ctx.send('PUT', '/online/cgreport/head/edit', def.result, analyst)).toMatchObject({
      success: false,
      message: '报表已被他人修改，请刷新后重试',
    });
  });

  it('opens for designers and for roles given its menu entry, not for others', async () => {
    expect(await data('', ctx.staffToken)).toMatchObject({ success: false, code: 510 });
    const added = await ctx.send<{ id: string }>(
      'POST',
      '/online/cgreport/head/addToMenu',
      { id: reportId, name: '客户等级统计' },
      analyst,
    );
    expect(added).toMatchObject({ success: true });
    const staff = await ctx.database.db
      .selectFrom('sysRole')
      .select('id')
      .where('roleCode', '=', 'staff')
      .executeTakeFirstOrThrow();
    await ctx.database.db
      .insertInto('sysRolePermission')
      .values({ roleId: staff.id, permissionId: added.result!.id })
      .execute();
    expect(await data('', ctx.staffToken)).toMatchObject({ success: true, result: { total: 3 } });
  });

  it('exports the whole result as a workbook', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/online/cgreport/api/exportXls/${reportId}`,
      headers: { 'x-access-token': analyst },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['x-report-total']).toBe('3');
    expect(res.headers['x-report-truncated']).toBe('false');
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});
