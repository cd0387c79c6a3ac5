import { describe, expect, it } from 'vitest';
import type { EntityModel } from '../../runtime/model/declaration/model.js';
import { recordSchema } from '../../runtime/model/declaration/record-schema.js';
import { createRecordValidation } from '../../runtime/model/declaration/record-validator.js';
import type { Declaration } from '../../runtime/model/declaration/types.js';
import { loadDeclaration } from '../../runtime/model/declaration/validate.js';

const decl: Declaration = {
  schemaVersion: 2,
  name: 'sample',
  title: '样例',
  table: 'biz_sample',
  basePath: '/sys/sample',
  kind: 'list',
  permissionPrefix: 'sample',
  fields: [
    { name: 'name', title: '名称', type: 'string', required: true, minLength: 2, maxLength: 10 },
    { name: 'mobile', title: '手机', type: 'string', pattern: 'mobile' },
    {
      name: 'code',
      title: '编号',
      type: 'string',
      pattern: '^[A-Z]{2}\\d{2}$',
      message: '${title}须为两个大写字母加两位数字',
    },
    { name: 'sortNo', title: '排序值', type: 'int', max: 255, min: 0 },
    { name: 'price', title: '价格', type: 'money' },
    { name: 'ratio', title: '比例', type: 'number' },
    { name: 'birthday', title: '生日', type: 'date' },
    { name: 'seenAt', title: '到访时间', type: 'datetime' },
    { name: 'slot', title: '时段', type: 'time' },
    { name: 'active', title: '启用', type: 'boolean', widget: 'switch' },
    { name: 'tags', title: '标签', type: 'string', widget: 'checkbox', dict: 'yn', minItems: 1, maxItems: 2 },
    { name: 'memo', title: '备注', type: 'string', pattern: '*' },
    { name: 'level', title: '等级', type: 'string', default: 'M' },
    { name: 'email', title: '邮箱', type: 'string', pattern: 'email' },
    { name: 'locked', title: '锁定', type: 'string', readOnly: true, required: true, default: 'N' },
  ],
  form: { rules: [{ field: 'email', required: { '==': [{ var: 'level' }, 'H'] } }] },
};

const model: EntityModel = loadDeclaration({ file: 'x', json: decl }).value!.model;
const validation = createRecordValidation();
const valid = { name: '张三', memo: 'x' };
const messages = (mode: 'add' | 'edit', data: Record<string, unknown>) =>
  validation.validate(model, mode, data).map((f) => `${f.field}: ${f.message}`);

describe('the compiled record schema', () => {
  it('carries the Chinese messages as data, and leaves read-only fields out', () => {
    const schema = recordSchema(model, 'add');
    expect(schema.required).toEqual(['name', 'memo']);
    expect(schema.properties.name).toMatchObject({
      type: ['string', 'null'],
      minLength: 2,
      maxLength: 10,
      zjRequired: true,
      zjMessages: { zjRequired: '请输入名称!', minLength: '最小长度2位字符', maxLength: '最大长度10位字符' },
    });
    expect(schema.properties.mobile.zjPattern).toEqual({ source: '^1[34578]\\d{9}$' });
    expect(schema.properties.locked).toBeUndefined();
    expect(recordSchema(model, 'edit').required).toEqual([]);
  });
  it('limits a string to its column length when no maxLength is given', () => {
    expect(recordSchema(model, 'add').properties.mobile.maxLength).toBe(255);
  });
});

describe('record validation messages', () => {
  it('passes a valid record', () => {
    expect(messages('add', { ...valid })).toEqual([]);
  });
  it('required on add: absent, null or empty', () => {
    expect(messages('add', { memo: 'x' })).toEqual(['name: 请输入名称!']);
    expect(messages('add', { name: '', memo: null })).toEqual(['name: 请输入名称!', 'memo: 请输入备注!']);
  });
  it('required on edit: absent is kept, emptied is refused', () => {
    expect(messages('edit', {})).toEqual([]);
    expect(messages('edit', { name: '' })).toEqual(['name: 请输入名称!']);
  });
  it('min and max length', () => {
    expect(messages('add', { ...valid, name: '张' })).toEqual(['name: 最小长度2位字符']);
    expect(messages('add', { ...valid, name: '张'.repeat(11) })).toEqual(['name: 最大长度10位字符']);
  });
  it('a built-in format and a custom expression with its message', () => {
    expect(messages('add', { ...valid, mobile: '123' })).toEqual(['mobile: 请输入正确手机号']);
    expect(messages('add', { ...valid, code: 'ab12' })).toEqual(['code: 编号须为两个大写字母加两位数字']);
    expect(messages('add', { ...valid, email: 'x@' })).toEqual(['email: 邮箱格式不正确']);
  });
  it('number ranges and types', () => {
    expect(messages('add', { ...valid, sortNo: 256 })).toEqual(['sortNo: 排序值不可以大于255']);
    expect(messages('add', { ...valid, sortNo: -1 })).toEqual(['sortNo: 排序值不可以小于0']);
    expect(messages('add', { ...valid, sortNo: 1.5 })).toEqual(['sortNo: 排序值必须是整数']);
    expect(messages('add', { ...valid, ratio: 'abc' })).toEqual(['ratio: 比例必须是数字']);
    expect(messages('add', { ...valid, price: 12.345 })).toEqual(['price: 请输入正确的金额']);
  });
  it('coerces numbers sent as text', () => {
    const data: Record<string, unknown> = { ...valid, sortNo: '12', mobile: 13812345678 };
    expect(validation.validate(model, 'add', data)).toEqual([]);
    expect(data).toMatchObject({ sortNo: 12, mobile: '13812345678' });
  });
  it('dates, times and switches', () => {
    expect(messages('add', { ...valid, birthday: '2023-02-30' })).toEqual([
      'birthday: 生日格式不正确，应为YYYY-MM-DD',
    ]);
    expect(messages('add', { ...valid, seenAt: '2024-01-01T00:00:00' })).toEqual([
      'seenAt: 到访时间格式不正确，应为YYYY-MM-DD HH:mm:ss',
    ]);
    expect(messages('add', { ...valid, slot: '25:00:00' })).toEqual(['slot: 时段格式不正确，应为HH:mm:ss']);
    expect(messages('add', { ...valid, active: 'yes' })).toEqual(['active: 启用只能是Y或N']);
    expect(
      messages('add', {
        ...valid,
        birthday: '2024-02-29',
        seenAt: '2024-01-01 08:00:00',
        slot: '08:30:00',
        active: 'Y',
      }),
    ).toEqual([]);
  });
  it('checkbox selection counts', () => {
    expect(messages('add', { ...valid, tags: 'a,b,c' })).toEqual(['tags: 最多选择2项']);
    expect(messages('add', { ...valid, tags: 'a' })).toEqual([]);
  });
  it('unknown fields and read-only fields are refused, first', () => {
    expect(messages('add', { ...valid, sortNo: 999, hacker: 1 })).toEqual([
      'hacker: 未知字段：hacker',
      'sortNo: 排序值不可以大于255',
    ]);
    expect(messages('edit', { locked: 'Y' })).toEqual(['locked: 未知字段：locked']);
  });
  it('a json-logic required rule: email is required for level H', () => {
    expect(messages('add', { ...valid, level: 'H' })).toEqual(['email: 请输入邮箱!']);
    expect(messages('add', { ...valid, level: 'H', email: 'a@b.cn' })).toEqual([]);
    const edit = validation.validate(model, 'edit', { level: 'H' }, { context: { level: 'H', email: null } });
    expect(edit).toEqual([{ field: 'email', message: '请输入邮箱!' }]);
  });
});
