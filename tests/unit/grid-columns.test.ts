import { describe, expect, it } from 'vitest';
import fixture from '../../runtime/render/grid/fixtures/plan-task.json';
import { gridColumnProblems, gridColumns, newRowValues } from '../../runtime/model/grid/columns.js';
import { GRID_COLUMN_TYPES } from '../../runtime/model/grid/constants.js';
import type { GridRow } from '../../runtime/model/grid/rows.js';
import { GridValidator } from '../../runtime/model/grid/validate.js';
import { buildEntityModel } from '../../runtime/model/declaration/model.js';
import type { Declaration } from '../../runtime/model/declaration/types.js';
import { loadDeclaration } from '../../runtime/model/declaration/validate.js';

const decl = fixture as unknown as Declaration;
const model = buildEntityModel(decl);

describe('grid columns from a child declaration', () => {
  it('the fixture is a valid declaration', () => {
    expect(loadDeclaration({ file: 'plan-task.json', json: fixture }).issues).toEqual([]);
  });

  it('maps fields to column types, leaving out the foreign key', () => {
    const cols = gridColumns(model, ['planId']);
    expect(cols.map((c) => [c.key, c.type])).toEqual([
      ['taskName', 'input'],
      ['owner', 'input'],
      ['quantity', 'inputNumber'],
      ['priority', 'select'],
      ['done', 'checkbox'],
      ['startDate', 'date'],
      ['deadline', 'datetime'],
      ['keyTask', 'switch'],
      ['label', 'tags'],
      ['orderNum', 'hidden'],
    ]);
  });

  it('uses the spec widths: datetime 200 (min 190), date min 135, default 120', () => {
    const byKey = new Map(gridColumns(model).map((c) => [c.key, c]));
    expect(byKey.get('deadline')).toMatchObject({ width: 200, minWidth: 190 });
    expect(byKey.get('startDate')).toMatchObject({ width: 135, minWidth: 135 });
    expect(byKey.get('taskName')).toMatchObject({ width: 120 });
  });

  it('fills defaults: declared default, checkbox unchecked value, switch N, number empty', () => {
    const row = newRowValues(gridColumns(model, ['planId']));
    expect(row).toMatchObject({ priority: '2', done: '0', keyTask: 'N', quantity: null, taskName: '' });
  });

  it('reads statistics, custom checkbox values, options, required and unique', () => {
    const byKey = new Map(gridColumns(model).map((c) => [c.key, c]));
    expect(byKey.get('quantity')?.statistics).toEqual(['sum', 'average']);
    expect(byKey.get('done')).toMatchObject({ checkedValue: '1', uncheckedValue: '0' });
    expect(byKey.get('priority')?.options).toEqual([
      { value: '1', text: '高' },
      { value: '2', text: '中' },
      { value: '3', text: '低' },
    ]);
    expect(byKey.get('taskName')).toMatchObject({ required: true, unique: true });
    expect(byKey.get('owner')).toMatchObject({ required: false, unique: false });
  });

  it("treats the pattern code 'only' as unique and '*' as required", () => {
    const m = buildEntityModel({
      ...decl,
      fields: [
        { name: 'a', title: 'A', type: 'string', pattern: 'only' },
        { name: 'b', title: 'B', type: 'string', pattern: '*' },
      ],
    });
    const [a, b] = gridColumns(m);
    expect(a).toMatchObject({ unique: true, required: false });
    expect(b).toMatchObject({ unique: false, required: true });
  });

  it("checks a once-per-parent field in the cell: the grid holds one parent's rows", () => {
    const m = buildEntityModel({
      ...decl,
      fields: [{ name: 'member', title: '成员', type: 'string', uniqueInParent: true }],
    });
    const [member] = gridColumns(m);
    expect(member).toMatchObject({ unique: true });
    const errors = new GridValidator(gridColumns(m)).validateAll([
      { key: 'r1', values: { member: 'chenjing' } },
      { key: 'r2', values: { member: 'chenjing' } },
    ] satisfies GridRow[]);
    expect(errors.get('r2')).toEqual({ member: '成员不能重复' });
  });

  it('refuses an unknown grid type with its JSON path', () => {
    const fields = [
      { name: 'a', title: 'A', type: 'string' as const },
      { name: 'b', title: 'B', type: 'string' as const, widgetOptions: { gridType: 'spinner' } },
    ];
    expect(gridColumnProblems(fields)).toEqual([
      { path: '/fields/1/widgetOptions/gridType', message: 'unknown grid column type "spinner"' },
    ]);
    expect(() => gridColumns(buildEntityModel({ ...decl, fields }))).toThrow(
      'gridPlanTask: /fields/1/widgetOptions/gridType: unknown grid column type "spinner"',
    );
  });

  it('knows every column type the spec names', () => {
    expect(GRID_COLUMN_TYPES).toHaveLength(21);
  });
});
