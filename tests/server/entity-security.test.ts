/**
 * Injection through identifiers (security.md J01, J06, J07, J08): sort columns, parameter names,
 * advanced-query fields, duplicate-check names and id lists never reach SQL. Each attempt gets a
 * clear message, and no statement touching the entity's table runs.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { routeTable } from '../../server/http/access.js';
import { createEntityContext, type EntityTestContext } from './entity-helpers.js';

let ctx: EntityTestContext;
beforeAll(async () => {
  ctx = await createEntityContext();
  await ctx.send('POST', '/sys/customer/add', { name: '样本', code: 'S001' });
});
beforeEach(() => {
  ctx.statements.length = 0;
});
afterAll(() => ctx.close());

const touchedTable = () => ctx.statements.filter((s) => s.includes('biz_customer'));
const superQuery = (items: unknown) => `superQueryParams=${encodeURIComponent(JSON.stringify(items))}`;

describe('identifier injection gets a clear error and runs no SQL on the table', () => {
  it.each([
    [
      'column=(case when 1=1 then id else name end)&order=asc',
      '请注意，将要排序的列字段不存在：(case when 1=1 then id else name end)',
    ],
    [
      'column=name;drop table biz_customer&order=asc',
      '请注意，将要排序的列字段不存在：name;drop table biz_customer',
    ],
    ['column=updatexml(1,concat(0x7e,user()),1)', '请注意，将要排序的列字段不存在：updatexml(1'],
    ['column=code&column=name', '参数错误：column只能有一个值'],
    ['name or 1=1=x', '查询字段不存在：name or 1'],
    ['code%09and%091%3D1=x', '查询字段不存在：code\tand\t1=1'],
    ['"code"=x', '查询字段不存在："code"'],
    ['code_begin) or (1=1=x', '查询字段不存在：code_begin) or (1'],
    [superQuery([{ field: 'name) or 1=1 --', rule: 'eq', val: 'x' }]), '高级查询字段不存在：name) or 1=1 --'],
    [superQuery([{ field: 'name', rule: "eq' or '1'='1", val: 'x' }]), "高级查询规则不存在：eq' or '1'='1"],
    [
      superQuery([{ field: 'name', rule: 'eq', val: 'x', _tableFilterSql: '1=1' }]),
      '高级查询条件含有不支持的属性：_tableFilterSql',
    ],
    ['superQueryParams=%5B%7Bbroken', '高级查询参数格式不正确'],
  ])('list?%s', async (query, message) => {
    const res = await ctx.get(`/sys/customer/list?${query}`);
    expect(res).toMatchObject({ success: false, message });
    expect(touchedTable()).toEqual([]);
  });

  it('an order value is never SQL: anything but asc sorts descending', async () => {
    const res = await ctx.get('/sys/customer/list?column=code&order=desc,(select%201)');
    expect(res.success).toBe(true);
    expect(touchedTable().join('\n')).not.toContain('select 1');
  });

  it('a value is always bound, never spliced', async () => {
    const res = await ctx.get<{ total: number }>(
      `/sys/customer/list?name=${encodeURIComponent("x' or '1'='1")}`,
    );
    expect(res).toMatchObject({ success: true, result: { total: 0 } });
    expect(touchedTable().join('\n')).not.toContain("'1'='1");
  });

  it.each([
    ['tableName=biz_customer&fieldName=code%20and%201%3D1&fieldVal=x'],
    ['tableName=biz_customer&fieldName=(select%201)&fieldVal=x'],
    ['tableName=sys_user&fieldName=password_hash&fieldVal=x'],
    ['tableName=biz_customer%20t&fieldName=code&fieldVal=x'],
    ['tableName=public.biz_customer&fieldName=code&fieldVal=x'],
  ])('duplicate check ?%s', async (query) => {
    const res = await ctx.get(`/sys/duplicate/check?${query}`);
    expect(res).toMatchObject({ success: false, message: '该表或字段不支持唯一性校验' });
    expect(ctx.statements.filter((s) => s.includes('biz_customer') || s.includes('password_hash'))).toEqual(
      [],
    );
  });

  it.each([
    ['/sys/customer/deleteBatch?ids=1) or (1=1', '参数错误：id格式不正确'],
    ["/sys/customer/deleteBatch?ids=a','b", '参数错误：id格式不正确'],
    ['/sys/customer/delete?id=x%27%20or%20%271%27%3D%271', '参数错误：id格式不正确'],
  ])('%s', async (url, message) => {
    const res = await ctx.send('DELETE', url);
    expect(res).toMatchObject({ success: false, message });
    expect(touchedTable()).toEqual([]);
  });

  it('the row is still there', async () => {
    expect((await ctx.get<{ total: number }>('/sys/customer/list')).result?.total).toBe(1);
  });
});

describe('route access', () => {
  it('every entity route declares its permission from the declaration', () => {
    const routes = routeTable(ctx.app)
      .filter((r) => r.url.startsWith('/api/sys/customer') && r.method !== 'HEAD')
      .map((r) => `${r.method} ${r.url} ${typeof r.access === 'string' ? r.access : r.access.perm}`)
      .sort();
    expect(routes).toEqual([
      'DELETE /api/sys/customer/delete customer:delete',
      'DELETE /api/sys/customer/deleteBatch customer:delete',
      'GET /api/sys/customer/exportXls customer:export',
      'GET /api/sys/customer/list customer:list',
      'GET /api/sys/customer/queryById customer:list',
      'POST /api/sys/customer/add customer:add',
      'POST /api/sys/customer/edit customer:edit',
      'POST /api/sys/customer/importExcel customer:import',
      'PUT /api/sys/customer/edit customer:edit',
    ]);
  });
});
