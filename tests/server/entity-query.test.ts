import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEntityContext, type EntityTestContext, type Page } from './entity-helpers.js';

interface Customer {
  code: string;
  name: string;
  level: string;
  level_dictText: string;
}

let ctx: EntityTestContext;
let today: string;
beforeAll(async () => {
  ctx = await createEntityContext();
  const rows: [string, string, string, string?][] = [
    ['A001', '北京华联', 'H', 'a@x.cn'],
    ['A002', '上海华联', 'M'],
    ['A003', '北京燕莎', 'L'],
    ['A004', '广州_测试', 'M'],
    ['A005', '100%纯', 'L'],
  ];
  for (const [code, name, level, email] of rows) {
    const res = await ctx.send('POST', '/sys/customer/add', { code, name, level, email });
    if (!res.success) throw new Error(res.message);
  }
  today = new Intl.DateTimeFormat('sv-SE', { timeZone: ctx.config.timeZone }).format(new Date());
});
afterAll(() => ctx.close());

const list = (query: string) => ctx.get<Page<Customer>>(`/sys/customer/list?${query}`);
const codes = async (query: string) => {
  const res = await list(query);
  if (!res.success) throw new Error(res.message);
  return res.result!.records.map((r) => r.code).sort();
};
const superQuery = (items: unknown[], match?: string) =>
  `superQueryParams=${encodeURIComponent(encodeURIComponent(JSON.stringify(items)))}${match ? `&superQueryMatchType=${match}` : ''}`;

describe('list: the value micro-syntax', () => {
  it.each([
    ['name', '北京华联', ['A001']],
    ['name', '*华联*', ['A001', 'A002']],
    ['name', '北京*', ['A001', 'A003']],
    ['name', '*华联', ['A001', 'A002']],
    ['code', 'A001,A003', ['A001', 'A003']],
    ['level', '!M', ['A001', 'A003', 'A005']],
    ['code', '> A003', ['A004', 'A005']],
    ['code', '>A003', ['A004', 'A005']],
    ['code', '>= A004', ['A004', 'A005']],
    ['code', '< A002', ['A001']],
    ['code', '<=A002', ['A001', 'A002']],
    ['level', ',H,L,', ['A001', 'A003', 'A005']],
    ['name', '*_*', ['A004']],
    ['name', '*%*', ['A005']],
  ])('%s=%s', async (name, value, expected) => {
    expect(await codes(`${name}=${encodeURIComponent(value)}`)).toEqual(expected);
  });

  it('an empty value is no filter', async () => {
    expect(await codes('name=&code=A001')).toEqual(['A001']);
  });

  it('ranges: date-only begin is 00:00:00 and end 23:59:59', async () => {
    expect(await codes(`createTime_begin=${today}&createTime_end=${today}`)).toHaveLength(5);
    expect(await codes(`createTime_begin=${today}%2000:00:00`)).toHaveLength(5);
    expect(await codes('createTime_end=2000-01-01')).toEqual([]);
    expect(await codes(`createTime=${today}`)).toHaveLength(5);
  });

  it('refuses a parameter that is not a declared field', async () => {
    expect(await list('nickname=x')).toMatchObject({ success: false, message: '查询字段不存在：nickname' });
    expect(await list('createTime_begin=yesterday')).toMatchObject({
      success: false,
      message: '创建日期的查询值必须是日期时间(YYYY-MM-DD HH:mm:ss)：yesterday',
    });
  });
});

describe('list: the advanced query', () => {
  it.each([
    ['eq', 'level', 'H', ['A001']],
    ['ne', 'level', 'M', ['A001', 'A003', 'A005']],
    ['like', 'name', '华联', ['A001', 'A002']],
    ['right_like', 'name', '北京', ['A001', 'A003']],
    ['left_like', 'name', '燕莎', ['A003']],
    ['in', 'code', 'A002,A004', ['A002', 'A004']],
    ['gt', 'code', 'A004', ['A005']],
    ['ge', 'code', 'A004', ['A004', 'A005']],
    ['lt', 'code', 'A002', ['A001']],
    ['le', 'code', 'A002', ['A001', 'A002']],
  ])('rule %s', async (rule, field, val, expected) => {
    expect(await codes(superQuery([{ field, rule, val }]))).toEqual(expected);
  });

  it('joins with and by default, or when asked, and ANDs the group with the plain filters', async () => {
    const items = [
      { field: 'level', rule: 'eq', val: 'H' },
      { field: 'level', rule: 'eq', val: 'L' },
    ];
    expect(await codes(superQuery(items))).toEqual([]);
    expect(await codes(superQuery(items, 'and'))).toEqual([]);
    expect(await codes(superQuery(items, 'or'))).toEqual(['A001', 'A003', 'A005']);
    expect(await codes(`name=${encodeURIComponent('*北京*')}&${superQuery(items, 'or')}`)).toEqual([
      'A001',
      'A003',
    ]);
  });

  it('refuses an unknown field or rule with a clear message', async () => {
    expect(await list(superQuery([{ field: 'secret', rule: 'eq', val: 'x' }]))).toMatchObject({
      success: false,
      message: '高级查询字段不存在：secret',
    });
    expect(await list(superQuery([{ field: 'name', rule: 'between', val: 'x' }]))).toMatchObject({
      success: false,
      message: '高级查询规则不存在：between',
    });
  });
});

describe('list: sort, page and dictionary text', () => {
  const sorted = async (query: string) => (await list(query)).result!.records.map((r) => r.code);
  it('sorts by declared sortable fields, asc or desc', async () => {
    expect(await sorted('column=code&order=asc')).toEqual(['A001', 'A002', 'A003', 'A004', 'A005']);
    expect(await sorted('column=code&order=desc')).toEqual(['A005', 'A004', 'A003', 'A002', 'A001']);
    expect(await sorted('column=level_dictText,code&order=asc')).toEqual([
      'A001',
      'A003',
      'A005',
      'A002',
      'A004',
    ]);
  });
  it('refuses a sort on a field that is not declared sortable', async () => {
    expect(await list('column=phone&order=asc')).toMatchObject({
      success: false,
      code: 500,
      message: '请注意，将要排序的列字段不存在：phone',
    });
  });
  it('pages in the contract shape', async () => {
    const page = (await list('column=code&order=asc&pageNo=2&pageSize=2')).result!;
    expect(page).toMatchObject({ total: 5, size: 2, current: 2, pages: 3, orders: [], searchCount: true });
    expect(page.records.map((r) => r.code)).toEqual(['A003', 'A004']);
    expect((await list('pageNo=9&pageSize=2')).result).toMatchObject({ records: [], total: 5 });
  });
  it('adds <field>_dictText for dictionary fields', async () => {
    const rows = (await list('column=code&order=asc')).result!.records;
    expect(rows.map((r) => [r.level, r.level_dictText])).toEqual([
      ['H', '高'],
      ['M', '中'],
      ['L', '低'],
      ['M', '中'],
      ['L', '低'],
    ]);
  });
});
