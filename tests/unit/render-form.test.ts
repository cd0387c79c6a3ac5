import { describe, expect, it } from 'vitest';
import { checkField } from '../../runtime/render/form/field-check.js';
import {
  fieldOfMessage,
  fieldStates,
  formWidth,
  keepStates,
  initialValues,
  submitBody,
} from '../../runtime/render/form/form-state.js';
import { detailColumns, displayText } from '../../runtime/render/detail/detail-items.js';
import { customerModel, modelOf } from './render-fixture.js';

const model = customerModel();
const field = (name: string) => model.field(name)!;
const show = () => 'show' as const;

describe('form checks give the server messages', () => {
  it('required, pattern and length', () => {
    expect(checkField(field('name'), '')).toBe('请输入客户名称!');
    expect(checkField(field('phone'), '12345')).toBe('请输入正确手机号');
    expect(checkField(field('phone'), '13912345678')).toBeNull();
    expect(checkField(field('phone'), '')).toBeNull();
    expect(checkField(field('code'), 'C-1')).toBe('请输入20位以内的英文字符和数字');
    expect(checkField(field('email'), 'bad@')).toBe('邮箱格式不正确');
    expect(checkField(field('name'), 'x'.repeat(101))).toBe('最大长度100位字符');
  });

  it('a json-logic rule can make a field required', () => {
    expect(checkField(field('email'), '', true)).toBe('请输入邮箱!');
  });

  it('selection counts, numbers and switches', () => {
    const demo = modelOf({
      fields: [
        {
          name: 'tags',
          title: '标签',
          type: 'string',
          widget: 'checkbox',
          dict: 'tags',
          minItems: 2,
          maxItems: 3,
        },
        { name: 'sort', title: '排序值', type: 'int', max: 255 },
        { name: 'on', title: '启用', type: 'boolean' },
        { name: 'day', title: '日期', type: 'date' },
      ],
    });
    const f = (n: string) => demo.field(n)!;
    expect(checkField(f('tags'), 'a')).toBe('最少选择2项');
    expect(checkField(f('tags'), 'a,b,c,d')).toBe('最多选择3项');
    expect(checkField(f('tags'), 'a,b')).toBeNull();
    expect(checkField(f('sort'), 256)).toBe('排序值不可以大于255');
    expect(checkField(f('sort'), 1.5)).toBe('排序值必须是整数');
    expect(checkField(f('on'), 'X')).toBe('启用只能是Y或N');
    expect(checkField(f('day'), '2023-02-30')).toBe('日期格式不正确，应为YYYY-MM-DD');
  });
});

describe('form state', () => {
  it('starts a new record with the literal defaults', () => {
    expect(initialValues(model, 'add', null)).toEqual({ level: 'M' });
  });

  it('applies the json-logic required rule to the current values', () => {
    const email = (level: string) =>
      fieldStates(model, { level }, [], show).find((s) => s.field.name === 'email')?.required;
    expect(email('H')).toBe(true);
    expect(email('M')).toBe(false);
  });

  it('keeps the same states while typing into a field no rule watches, and new ones when a rule turns', () => {
    const first = fieldStates(model, { level: 'M', name: '华' }, [], show);
    const typed = keepStates(first, fieldStates(model, { level: 'M', name: '华东' }, [], show));
    expect(typed).toBe(first);
    const turned = keepStates(typed, fieldStates(model, { level: 'H', name: '华东' }, [], show));
    expect(turned).not.toBe(first);
    expect(turned.find((s) => s.field.name === 'email')?.required).toBe(true);
    expect(keepStates(null, first)).toBe(first);
  });

  it('hides or disables fields by permission', () => {
    const states = fieldStates(model, {}, [], (f) =>
      f.name === 'phone' ? 'hide' : f.name === 'code' ? 'disable' : 'show',
    );
    expect(states.find((s) => s.field.name === 'phone')?.visible).toBe(false);
    expect(states.find((s) => s.field.name === 'code')?.disabled).toBe(true);
  });

  it('sends only visible, enabled fields, empty text as null, and the id and loaded row version on edit', () => {
    const states = fieldStates(model, {}, [], (f) => (f.name === 'code' ? 'disable' : 'show'));
    const body = submitBody(states, { name: '甲', code: 'C1', phone: '', level_dictText: '中' }, 'edit', {
      id: 'id1',
      rowVersion: 3,
    });
    expect(body).toEqual({ name: '甲', phone: null, id: 'id1', rowVersion: 3 });
  });

  it('puts a server refusal under the field it names', () => {
    const states = fieldStates(model, {}, [], show);
    expect(fieldOfMessage(states, '客户编码：该值不可用，系统中已存在！')).toBe('code');
    expect(fieldOfMessage(states, '请输入客户名称!')).toBe('name');
    expect(fieldOfMessage(states, '数据库中已存在该记录')).toBeNull();
  });

  it('sizes the modal by its layout columns', () => {
    expect(formWidth(model)).toBe(800);
  });
});

describe('detail', () => {
  it('shows dictionary text and at most 4 columns', () => {
    expect(displayText(field('level'), { level: 'H', level_dictText: '高' })).toBe('高');
    expect(displayText(field('name'), { name: null })).toBe('');
    expect(detailColumns(model)).toBe(2);
    expect(detailColumns(modelOf({ detail: { columns: 4 } }))).toBe(4);
  });
});
