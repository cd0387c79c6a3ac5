import { describe, expect, it } from 'vitest';
import { compileSort } from '../../runtime/model/query/sort.js';
import { fieldOf } from './query-fixture.js';

const DEFAULT = { field: 'createTime', order: 'desc' } as const;
const sort = (column?: string, order?: string) => compileSort(column, order, fieldOf, DEFAULT);

describe('sort', () => {
  it('defaults to the declared sort', () => {
    expect(sort()).toEqual([DEFAULT]);
    expect(sort('', 'asc')).toEqual([DEFAULT]);
  });
  it('asc when order contains asc, else desc', () => {
    expect(sort('name', 'asc')).toEqual([{ field: 'name', order: 'asc' }]);
    expect(sort('name', 'ASC')).toEqual([{ field: 'name', order: 'asc' }]);
    expect(sort('name', 'desc')).toEqual([{ field: 'name', order: 'desc' }]);
    expect(sort('name', 'desc,(select 1)')).toEqual([{ field: 'name', order: 'desc' }]);
    expect(sort('name')).toEqual([{ field: 'name', order: 'desc' }]);
  });
  it('strips _dictText and takes several columns', () => {
    expect(sort('name_dictText,age', 'asc')).toEqual([
      { field: 'name', order: 'asc' },
      { field: 'age', order: 'asc' },
    ]);
  });
  it.each([
    ['nope', '请注意，将要排序的列字段不存在：nope'],
    ['price', '请注意，将要排序的列字段不存在：price'],
    ['password', '请注意，将要排序的列字段不存在：password'],
    [
      '(case when 1=1 then id else name end)',
      '请注意，将要排序的列字段不存在：(case when 1=1 then id else name end)',
    ],
    ['name;drop table x', '请注意，将要排序的列字段不存在：name;drop table x'],
    ['a,b,c,d,e,f', '排序字段过多'],
  ])('refuses column=%s', (column, message) => {
    expect(() => sort(column, 'asc')).toThrow(message);
  });
});
