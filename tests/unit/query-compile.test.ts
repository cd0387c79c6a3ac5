import { describe, expect, it } from 'vitest';
import { compileListQuery, type QueryParams } from '../../runtime/model/query/compile.js';
import { fieldOf } from './query-fixture.js';

const options = { defaultSort: { field: 'createTime', order: 'desc' as const } };
const compile = (params: QueryParams) => compileListQuery(params, fieldOf, options);

describe('compileListQuery', () => {
  it('no parameters: no filter, default sort, first page of 10', () => {
    expect(compile({})).toEqual({ where: null, sort: [options.defaultSort], pageNo: 1, pageSize: 10 });
  });
  it('ignores paging, sort, column choice and the cache buster as filters', () => {
    const q = compile({
      pageNo: '2',
      pageSize: '20',
      column: 'name',
      order: 'asc',
      field: 'id,,name',
      _t: '1700000000',
    });
    expect(q).toEqual({ where: null, sort: [{ field: 'name', order: 'asc' }], pageNo: 2, pageSize: 20 });
  });
  it('bad paging falls back to the defaults; huge pages are capped', () => {
    expect(compile({ pageNo: '-1', pageSize: 'x' })).toMatchObject({ pageNo: 1, pageSize: 10 });
    expect(compile({ pageSize: '100000' })).toMatchObject({ pageSize: 1000 });
  });
  it('ANDs the plain filters and skips empty ones', () => {
    expect(compile({ name: '*张*', age: '', active: 'Y' }).where).toEqual({
      kind: 'all',
      items: [
        { kind: 'like', field: 'name', match: 'contains', value: '张' },
        { kind: 'compare', field: 'active', op: 'eq', value: 'Y' },
      ],
    });
  });
  it('f_begin / f_end: date-only on a date-time field is 00:00:00 to 23:59:59', () => {
    expect(compile({ createTime_begin: '2024-05-01', createTime_end: '2024-05-31' }).where).toEqual({
      kind: 'all',
      items: [
        { kind: 'compare', field: 'createTime', op: 'ge', value: '2024-05-01 00:00:00' },
        { kind: 'compare', field: 'createTime', op: 'le', value: '2024-05-31 23:59:59' },
      ],
    });
    expect(compile({ age_begin: '18', age_end: '' }).where).toEqual({
      kind: 'compare',
      field: 'age',
      op: 'ge',
      value: 18,
    });
    expect(compile({ birthday_end: '2000-01-01' }).where).toEqual({
      kind: 'compare',
      field: 'birthday',
      op: 'le',
      value: '2000-01-01',
    });
  });
  it('adds the advanced query as one group', () => {
    const superQueryParams = encodeURIComponent(
      JSON.stringify([
        { field: 'name', rule: 'eq', val: 'a' },
        { field: 'name', rule: 'eq', val: 'b' },
      ]),
    );
    expect(compile({ age: '1', superQueryParams, superQueryMatchType: 'or' }).where).toEqual({
      kind: 'all',
      items: [
        { kind: 'compare', field: 'age', op: 'eq', value: 1 },
        {
          kind: 'any',
          items: [
            { kind: 'compare', field: 'name', op: 'eq', value: 'a' },
            { kind: 'compare', field: 'name', op: 'eq', value: 'b' },
          ],
        },
      ],
    });
  });
  it.each([
    [{ nope: 'x' }, '查询字段不存在：nope'],
    [{ 'name or 1=1': 'x' }, '查询字段不存在：name or 1=1'],
    [{ password: 'x' }, '查询字段不存在：password'],
    [{ nope_begin: 'x' }, '查询字段不存在：nope_begin'],
    [{ name: ['a', 'b'] }, '参数错误：name只能有一个值'],
    [{ column: ['name', 'age'] }, '参数错误：column只能有一个值'],
    [{ column: 'nope' }, '请注意，将要排序的列字段不存在：nope'],
    [{ name: 'x'.repeat(1001) }, '查询条件过长：name'],
  ])('refuses %j', (params, message) => {
    expect(() => compile(params)).toThrow(message);
  });
  it('a route may ignore its own parameters', () => {
    expect(
      compileListQuery({ pid: '0', hasQuery: 'true' }, fieldOf, {
        ...options,
        ignore: new Set(['pid', 'hasQuery']),
      }).where,
    ).toBeNull();
  });
});
