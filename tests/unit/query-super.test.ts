import { describe, expect, it } from 'vitest';
import { superQueryCondition } from '../../runtime/model/query/super-query.js';
import { fieldOf } from './query-fixture.js';

const encode = (items: unknown) => encodeURIComponent(JSON.stringify(items));
const run = (items: unknown, match?: string) => superQueryCondition(encode(items), match, fieldOf);

describe('superQueryParams', () => {
  it.each([
    ['eq', '张三', { kind: 'compare', field: 'name', op: 'eq', value: '张三' }],
    ['ne', '张三', { kind: 'compare', field: 'name', op: 'ne', value: '张三' }],
    ['like', '张', { kind: 'like', field: 'name', match: 'contains', value: '张' }],
    ['right_like', '张', { kind: 'like', field: 'name', match: 'startsWith', value: '张' }],
    ['left_like', '三', { kind: 'like', field: 'name', match: 'endsWith', value: '三' }],
    ['in', 'a,b', { kind: 'in', field: 'name', values: ['a', 'b'] }],
  ])('rule %s', (rule, val, expected) => {
    expect(run([{ field: 'name', rule, val }])).toEqual(expected);
  });

  it.each([
    ['gt', { op: 'gt', value: 18 }],
    ['ge', { op: 'ge', value: 18 }],
    ['lt', { op: 'lt', value: 18 }],
    ['le', { op: 'le', value: 18 }],
  ])('rule %s types the value by the field', (rule, expected) => {
    expect(run([{ field: 'age', rule, val: '18' }])).toEqual({ kind: 'compare', field: 'age', ...expected });
  });

  it('accepts the rule symbols, array values for in, and the widget keys the builder sends', () => {
    expect(run([{ field: 'age', rule: '>=', val: 18, type: 'int', dbType: 'int', dictCode: '' }])).toEqual({
      kind: 'compare',
      field: 'age',
      op: 'ge',
      value: 18,
    });
    expect(run([{ field: 'age', rule: 'in', val: ['1', '2'] }])).toEqual({
      kind: 'in',
      field: 'age',
      values: [1, 2],
    });
  });

  it('joins with and by default and with or when asked', () => {
    const items = [
      { field: 'name', rule: 'eq', val: 'a' },
      { field: 'age', rule: 'gt', val: '1' },
    ];
    expect(run(items)).toMatchObject({ kind: 'all' });
    expect(run(items, 'and')).toMatchObject({ kind: 'all' });
    expect(run(items, 'or')).toMatchObject({ kind: 'any' });
  });

  it('reads JSON that is not encoded, and drops half-filled entries', () => {
    expect(
      superQueryCondition(JSON.stringify([{ field: 'name', rule: 'eq', val: 'x' }]), undefined, fieldOf),
    ).toMatchObject({
      kind: 'compare',
    });
    expect(
      run([
        { field: 'name', rule: 'eq', val: '' },
        { field: '', rule: 'eq', val: 'x' },
      ]),
    ).toBeNull();
    expect(superQueryCondition('', undefined, fieldOf)).toBeNull();
  });

  it.each([
    [[{ field: 'nope', rule: 'eq', val: 'x' }], undefined, '高级查询字段不存在：nope'],
    [[{ field: 'name) or 1=1 --', rule: 'eq', val: 'x' }], undefined, '高级查询字段不存在：name) or 1=1 --'],
    [[{ field: 'password', rule: 'eq', val: 'x' }], undefined, '高级查询字段不存在：password'],
    [[{ field: 'name', rule: 'regex', val: 'x' }], undefined, '高级查询规则不存在：regex'],
    [[{ field: 'name', rule: 'eq', val: 'x', sql: '1=1' }], undefined, '高级查询条件含有不支持的属性：sql'],
    [[{ field: 'name', rule: 'eq', val: { $gt: 1 } }], undefined, '高级查询条件的值不正确：name'],
    [[{ field: 'age', rule: 'eq', val: 'x' }], undefined, '年龄的查询值必须是整数：x'],
    [{ field: 'name' }, undefined, '高级查询参数格式不正确'],
    [[{ field: 'name', rule: 'eq', val: 'x' }], 'xor', '高级查询匹配方式只能是and或or'],
    [
      Array.from({ length: 31 }, () => ({ field: 'name', rule: 'eq', val: 'x' })),
      undefined,
      '高级查询条件过多，最多30个',
    ],
  ])('refuses %j', (items, match, message) => {
    expect(() => run(items, match)).toThrow(message);
  });

  it('refuses text that is not JSON', () => {
    expect(() => superQueryCondition('%%%not json', undefined, fieldOf)).toThrow('高级查询参数格式不正确');
  });
});
