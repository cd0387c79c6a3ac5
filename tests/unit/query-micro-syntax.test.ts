import { describe, expect, it } from 'vitest';
import { QueryError } from '../../runtime/model/query/conditions.js';
import { microSyntaxCondition, parseMicroSyntax } from '../../runtime/model/query/micro-syntax.js';
import { field } from './query-fixture.js';

describe('parseMicroSyntax', () => {
  it.each([
    ['abc', { rule: 'eq', value: 'abc' }],
    ['*abc*', { rule: 'like', value: 'abc' }],
    ['abc*', { rule: 'right_like', value: 'abc' }],
    ['*abc', { rule: 'left_like', value: 'abc' }],
    ['*', { rule: 'eq', value: '*' }],
    ['a*b', { rule: 'eq', value: 'a*b' }],
    ['a,b,c', { rule: 'in', value: 'a,b,c' }],
    [',a,b,', { rule: 'anyLike', value: ',a,b,' }],
    ['!abc', { rule: 'ne', value: 'abc' }],
    ['!= abc', { rule: 'ne', value: 'abc' }],
    ['> 5', { rule: 'gt', value: '5' }],
    ['>5', { rule: 'gt', value: '5' }],
    ['>= 5', { rule: 'ge', value: '5' }],
    ['>=5', { rule: 'ge', value: '5' }],
    ['< 5', { rule: 'lt', value: '5' }],
    ['<5', { rule: 'lt', value: '5' }],
    ['<= 5', { rule: 'le', value: '5' }],
    ['<=5', { rule: 'le', value: '5' }],
    ['  abc  ', { rule: 'eq', value: 'abc' }],
  ])('%j', (raw, expected) => {
    expect(parseMicroSyntax(raw)).toEqual(expected);
  });

  it('an empty value asks for nothing', () => {
    expect(parseMicroSyntax('')).toBeNull();
    expect(parseMicroSyntax('   ')).toBeNull();
  });
});

describe('microSyntaxCondition', () => {
  it('equal, typed by the field', () => {
    expect(microSyntaxCondition(field('name'), '张三')).toEqual({
      kind: 'compare',
      field: 'name',
      op: 'eq',
      value: '张三',
    });
    expect(microSyntaxCondition(field('age'), '30')).toEqual({
      kind: 'compare',
      field: 'age',
      op: 'eq',
      value: 30,
    });
    expect(microSyntaxCondition(field('price'), '>= 9.5')).toEqual({
      kind: 'compare',
      field: 'price',
      op: 'ge',
      value: 9.5,
    });
  });
  it('like, right_like and left_like', () => {
    expect(microSyntaxCondition(field('name'), '*张*')).toEqual({
      kind: 'like',
      field: 'name',
      match: 'contains',
      value: '张',
    });
    expect(microSyntaxCondition(field('name'), '张*')).toEqual({
      kind: 'like',
      field: 'name',
      match: 'startsWith',
      value: '张',
    });
    expect(microSyntaxCondition(field('name'), '*三')).toEqual({
      kind: 'like',
      field: 'name',
      match: 'endsWith',
      value: '三',
    });
    expect(microSyntaxCondition(field('name'), '**')).toBeNull();
  });
  it('in, with typed values', () => {
    expect(microSyntaxCondition(field('age'), '1,2,3')).toEqual({
      kind: 'in',
      field: 'age',
      values: [1, 2, 3],
    });
    expect(microSyntaxCondition(field('name'), 'a, b,')).toEqual({
      kind: 'in',
      field: 'name',
      values: ['a', 'b'],
    });
  });
  it('or-of-likes over a comma list column', () => {
    expect(microSyntaxCondition(field('tags'), ',a,b,')).toEqual({
      kind: 'any',
      items: [
        { kind: 'like', field: 'tags', match: 'contains', value: 'a' },
        { kind: 'like', field: 'tags', match: 'contains', value: 'b' },
      ],
    });
  });
  it('not equal and the comparisons', () => {
    expect(microSyntaxCondition(field('name'), '!张三')).toEqual({
      kind: 'compare',
      field: 'name',
      op: 'ne',
      value: '张三',
    });
    expect(microSyntaxCondition(field('age'), '< 18')).toEqual({
      kind: 'compare',
      field: 'age',
      op: 'lt',
      value: 18,
    });
    expect(microSyntaxCondition(field('age'), '<=18')).toEqual({
      kind: 'compare',
      field: 'age',
      op: 'le',
      value: 18,
    });
    expect(microSyntaxCondition(field('age'), '>18')).toEqual({
      kind: 'compare',
      field: 'age',
      op: 'gt',
      value: 18,
    });
  });
  it('a date-only value on a date-time field is the whole day', () => {
    expect(microSyntaxCondition(field('createTime'), '2024-05-01')).toEqual({
      kind: 'all',
      items: [
        { kind: 'compare', field: 'createTime', op: 'ge', value: '2024-05-01 00:00:00' },
        { kind: 'compare', field: 'createTime', op: 'le', value: '2024-05-01 23:59:59' },
      ],
    });
    expect(microSyntaxCondition(field('createTime'), '> 2024-05-01')).toEqual({
      kind: 'compare',
      field: 'createTime',
      op: 'gt',
      value: '2024-05-01 23:59:59',
    });
  });
  it('dates, times and switches are checked', () => {
    expect(microSyntaxCondition(field('birthday'), '>= 2000-01-01')).toMatchObject({
      op: 'ge',
      value: '2000-01-01',
    });
    expect(microSyntaxCondition(field('slot'), '08:30')).toMatchObject({ value: '08:30:00' });
    expect(microSyntaxCondition(field('active'), 'Y')).toMatchObject({ value: 'Y' });
  });
  it.each([
    ['age', 'abc', '年龄的查询值必须是整数：abc'],
    ['age', '> x', '年龄的查询值必须是整数：x'],
    ['price', '1e9', '价格的查询值必须是数字：1e9'],
    ['birthday', '2023-02-30', '生日的查询值必须是日期(YYYY-MM-DD)：2023-02-30'],
    [
      'createTime',
      '2024-05-01T00:00',
      '创建日期的查询值必须是日期时间(YYYY-MM-DD HH:mm:ss)：2024-05-01T00:00',
    ],
    ['active', 'true', '启用的查询值必须是Y或N：true'],
  ])('%s=%s is refused with a clear message', (name, raw, message) => {
    expect(() => microSyntaxCondition(field(name), raw)).toThrow(new QueryError(message));
  });
  it('refuses an in-list that is too long', () => {
    expect(() =>
      microSyntaxCondition(field('age'), Array.from({ length: 201 }, (_, i) => i).join(',')),
    ).toThrow('查询条件的值过多：age，最多200个');
  });
});
