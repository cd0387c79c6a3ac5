import { describe, expect, it } from 'vitest';
import fixture from '../../runtime/render/grid/fixtures/plan-task.json';
import { buildEntityModel } from '../../runtime/model/declaration/model.js';
import type { Declaration, FieldDecl } from '../../runtime/model/declaration/types.js';
import { gridColumns } from '../../runtime/model/grid/columns.js';
import { GridRows } from '../../runtime/model/grid/rows.js';
import { firstGridError, GridValidator } from '../../runtime/model/grid/validate.js';

const decl = fixture as unknown as Declaration;

function gridOf(fields: FieldDecl[]) {
  const columns = gridColumns(buildEntityModel({ ...decl, fields }));
  return new GridValidator(columns);
}

const rowsOf = (...values: Record<string, unknown>[]) => values.map((v, i) => ({ key: `r${i}`, values: v }));

describe('grid cell validation', () => {
  const validator = new GridValidator(gridColumns(buildEntityModel(decl), ['planId']));

  it('required fails on null and empty with the shared message', () => {
    const errors = validator.validateAll(rowsOf({ taskName: '' }, { taskName: null }, { taskName: '甲' }));
    expect(errors.get('r0')?.taskName).toBe('请输入任务名称!');
    expect(errors.get('r1')?.taskName).toBe('请输入任务名称!');
    expect(errors.get('r2')).toBeUndefined();
  });

  it("shows a cross-field check on its field's cell, in a whole check, a column and a draft", () => {
    // As the product's plan task says it (schemas/project/plan-task.json), over this fixture's fields.
    const rule = {
      or: [{ '!': { var: 'startDate' } }, { '>=': [{ var: 'deadline' }, { var: 'startDate' }] }],
    };
    const model = buildEntityModel({
      ...decl,
      checks: [{ rule, message: '截止时间不能早于开始日期', field: 'deadline' }],
    });
    const checked = new GridValidator(gridColumns(model, ['planId']), undefined, model.declaration.checks);
    const rows = rowsOf(
      { taskName: '甲', startDate: '2026-12-10', deadline: '2026-12-01 18:00:00' },
      { taskName: '乙', startDate: '2026-12-01', deadline: '2026-12-10 18:00:00' },
    );
    expect(checked.checkedKeys).toEqual(['deadline']);
    expect(checked.validateAll(rows).get('r0')).toEqual({ deadline: '截止时间不能早于开始日期' });
    expect(checked.validateAll(rows).get('r1')).toBeUndefined();
    expect(checked.validateColumn('deadline', rows).get('r0')).toBe('截止时间不能早于开始日期');
    // Typing a later deadline into the failing row clears it before the commit.
    expect(checked.checkCell('deadline', 'r0', '2026-12-20 18:00:00', rows)).toBeNull();
    // Without the checks the grid knows only each cell's own rules.
    expect(validator.validateAll(rows).size).toBe(0);
  });

  it('unique fails on every row holding a repeated value, and clears when one changes', () => {
    const rows = new GridRows([
      { id: '1', taskName: '甲' },
      { id: '2', taskName: '乙' },
    ]);
    rows.set('2', 'taskName', '甲');
    let errors = validator.validateAll(rows.rows());
    expect(errors.get('1')?.taskName).toBe('任务名称不能重复');
    expect(errors.get('2')?.taskName).toBe('任务名称不能重复');
    rows.set('2', 'taskName', '丙');
    errors = validator.validateAll(rows.rows());
    expect(errors.size).toBe(0);
  });

  it('validateColumn answers the column for every row (a unique edit changes other rows)', () => {
    const result = validator.validateColumn(
      'taskName',
      rowsOf({ taskName: '甲' }, { taskName: '甲' }, { taskName: '' }),
    );
    expect([...result.values()]).toEqual(['任务名称不能重复', '任务名称不能重复', '请输入任务名称!']);
  });

  it('checks pattern codes only on non-empty values', () => {
    const errors = validator.validateAll(
      rowsOf(
        { taskName: 'a', owner: '12345' },
        { taskName: 'b', owner: '' },
        { taskName: 'c', owner: '13812345678' },
      ),
    );
    expect(errors.get('r0')?.owner).toBe('请输入正确的手机号码');
    expect(errors.get('r1')).toBeUndefined();
    expect(errors.get('r2')).toBeUndefined();
  });

  it.each([
    ['n6-16', '12345', '请输入6到16位数字', '123456'],
    ['*6-16', 'abc', '请输入6到16位任意字符', 'abc def'],
    ['s6-18', 'abc123', '请输入6到18位字母', 'abcdef'],
    ['url', 'ftp//x', '请输入正确的网址', 'https://a.cn/x'],
    ['e', 'a@b', '请输入正确的电子邮件', 'a@b.cn'],
    ['p', '012345', '请输入正确的邮政编码', '100000'],
    ['s', 'a1', '请输入字母', 'ab'],
    ['n', '1.2.3', '请输入数字', '-1.5'],
    ['z', '1.5', '请输入整数', '-15'],
    ['money', '-1', '请输入正确的金额', '12.34'],
  ])('pattern %s', (pattern, bad, message, good) => {
    const v = gridOf([{ name: 'x', title: 'X', type: 'string', pattern }]);
    expect(v.validateAll(rowsOf({ x: bad })).get('r0')?.x).toBe(message);
    expect(v.validateAll(rowsOf({ x: good })).size).toBe(0);
  });

  it('a custom expression with message placeholders title, key, defaultValue', () => {
    const v = gridOf([
      {
        name: 'code',
        title: '编号',
        type: 'string',
        default: 'AB01',
        pattern: '^[A-Z]{2}\\d{2}$',
        message: '${title}(${key})应形如${defaultValue}',
      },
    ]);
    expect(v.validateAll(rowsOf({ code: 'x' })).get('r0')?.code).toBe('编号(code)应形如AB01');
  });

  it('first failure wins: required before unique before pattern', () => {
    const v = gridOf([
      { name: 'm', title: '手机', type: 'string', required: true, unique: true, pattern: 'm' },
    ]);
    const errors = v.validateAll(rowsOf({ m: '' }, { m: '123' }, { m: '123' }, { m: '456' }));
    expect(errors.get('r0')?.m).toBe('请输入手机!');
    expect(errors.get('r1')?.m).toBe('手机不能重复');
    expect(errors.get('r2')?.m).toBe('手机不能重复');
    expect(errors.get('r3')?.m).toBe('请输入正确的手机号码');
  });

  it("pattern 'only' is the unique rule, with its own message when given", () => {
    const v = gridOf([
      { name: 'c', title: '编码', type: 'string', pattern: 'only', message: '${title}已存在' },
    ]);
    const errors = v.validateAll(rowsOf({ c: 'only-not-a-regex' }, { c: 'x' }, { c: 'x' }));
    expect(errors.get('r0')).toBeUndefined();
    expect(errors.get('r1')?.c).toBe('编码已存在');
  });

  it('reuses the type, length and range rules of the forms', () => {
    const v = gridOf([
      { name: 'n', title: '数量', type: 'int', min: 0, max: 255 },
      { name: 's', title: '名称', type: 'string', maxLength: 3 },
      { name: 'd', title: '日期', type: 'date' },
    ]);
    const errors = v.validateAll(rowsOf({ n: 1.5, s: 'abcd', d: '2023-02-30' }, { n: 300 }, { n: -1 }));
    expect(errors.get('r0')).toEqual({
      n: '数量必须是整数',
      s: '最大长度3位字符',
      d: '日期格式不正确，应为YYYY-MM-DD',
    });
    expect(errors.get('r1')?.n).toBe('数量不可以大于255');
    expect(errors.get('r2')?.n).toBe('数量不可以小于0');
  });

  it('firstGridError names the first failing row and column in grid order', () => {
    const rows = rowsOf({ taskName: 'a' }, { taskName: 'b', owner: 'x' }, { taskName: '' });
    const errors = validator.validateAll(rows);
    expect(firstGridError(errors, rows, validator.columns)).toEqual({
      rowIndex: 1,
      key: 'owner',
      message: '请输入正确的手机号码',
    });
  });
});
