import { describe, expect, it } from 'vitest';
import {
  buildQueryParams,
  queryFields,
  queryFromSearch,
  singleValue,
  totalText,
  visibleQueryFields,
} from '../../runtime/render/list/query-params.js';
import { listColumns } from '../../runtime/render/list/useListController.js';
import { customerModel, modelOf } from './render-fixture.js';

const page = { current: 1, size: 10 };

describe('query parameters from the query form', () => {
  const model = customerModel();

  it("takes a link's filter from the address: query fields only, non-empty", () => {
    expect(queryFromSearch(model, '?name=%E7%89%A9%E6%B5%81&code=&remark=x&pageNo=3')).toEqual({
      name: '物流',
    });
    expect(queryFromSearch(model, '')).toEqual({});
  });

  it('queries the declared fields in order', () => {
    expect(queryFields(model).map((f) => f.name)).toEqual(['name', 'code', 'phone', 'level']);
  });

  it('wraps a like field in *v*, sends other text exactly, joins an in rule with commas', () => {
    const params = buildQueryParams(model, { name: ' 物流 ', code: 'C001', level: ['H', 'M'] }, null, page);
    expect(params).toEqual({
      name: '*物流*',
      code: 'C001',
      level: 'H,M',
      column: 'createTime',
      order: 'desc',
      pageNo: 1,
      pageSize: 10,
    });
  });

  it('sends nothing for empty values, and the default sort (createTime descending) without a sort', () => {
    expect(buildQueryParams(model, { name: '', code: undefined, level: [] }, null, page)).toEqual({
      column: 'createTime',
      order: 'desc',
      pageNo: 1,
      pageSize: 10,
    });
  });

  it("sends a screen's fixed parameters and does not offer their fields in the query form", () => {
    const logs = modelOf({
      fields: [
        { name: 'logType', title: '日志类型', type: 'string', query: { mode: 'single' } },
        { name: 'logContent', title: '日志内容', type: 'string', query: { mode: 'single', rule: 'like' } },
      ],
      list: { fixedParams: { logType: 1 } },
    });
    expect(queryFields(logs).map((f) => f.name)).toEqual(['logContent']);
    expect(buildQueryParams(logs, { logType: '2', logContent: 'x' }, null, page)).toMatchObject({
      logType: '1',
      logContent: '*x*',
    });
  });

  it('sends the sort column and order, and the page', () => {
    const params = buildQueryParams(model, {}, { field: 'code', order: 'asc' }, { current: 3, size: 30 });
    expect(params).toEqual({ column: 'code', order: 'asc', pageNo: 3, pageSize: 30 });
  });

  it('writes every rule in the micro-syntax', () => {
    expect(singleValue('right_like', 'ab')).toBe('ab*');
    expect(singleValue('left_like', 'ab')).toBe('*ab');
    expect(singleValue('ne', 'x')).toBe('!x');
    expect(singleValue('ge', '5')).toBe('>=5');
    expect(singleValue('lt', '5')).toBe('<5');
    expect(singleValue('eq', 'x')).toBe('x');
    expect(singleValue(undefined, 3)).toBe('3');
  });

  it('sends a range field as _begin / _end', () => {
    const ranged = modelOf({
      fields: [
        { name: 'birthday', title: '生日', type: 'date', query: { mode: 'range' } },
        { name: 'age', title: '年龄', type: 'int', query: { mode: 'range' } },
      ],
    });
    const params = buildQueryParams(
      ranged,
      { birthday: ['2024-01-01', '2024-12-31'], age: [18] },
      null,
      page,
    );
    expect(params).toEqual({
      birthday_begin: '2024-01-01',
      birthday_end: '2024-12-31',
      age_begin: '18',
      column: 'createTime',
      order: 'desc',
      pageNo: 1,
      pageSize: 10,
    });
  });
});

describe('pagination and layout', () => {
  it("shows the spec's total text", () => {
    expect(totalText(45, [11, 20])).toBe('11-20 共45条');
    expect(totalText(0, [0, 0])).toBe('0-0 共0条');
  });

  it('collapses the query form beyond three items', () => {
    expect(visibleQueryFields([1, 2, 3, 4], false)).toEqual([1, 2, 3]);
    expect(visibleQueryFields([1, 2, 3, 4], true)).toEqual([1, 2, 3, 4]);
    expect(visibleQueryFields([1, 2, 3], false)).toEqual([1, 2, 3]);
  });

  it('uses the page sizes 10/20/30/60 by default', () => {
    expect(customerModel().pageSizes).toEqual([10, 20, 30, 60]);
  });

  it('takes the declared list columns and leaves out hidden ones', () => {
    const model = customerModel();
    expect(listColumns(model).map((f) => f.name)).toEqual([
      'name',
      'code',
      'phone',
      'email',
      'level',
      'address',
      'createTime',
    ]);
    expect(listColumns(model, (f) => f.name === 'phone').map((f) => f.name)).not.toContain('phone');
  });
});
