/**
 * The pure half of a form with child tables (runtime/render/form/child-tables.ts): tables are
 * checked in order after the form, the first failure names its table index, pane and row; the save
 * body carries each grid's payload with the line of every row; server refusals find their table.
 */
import { describe, expect, it } from 'vitest';
import { buildEntityModel } from '../../runtime/model/declaration/model';
import type { Declaration } from '../../runtime/model/declaration/types';
import type { GridSavePayload, GridState } from '../../runtime/model/grid/rows';
import {
  firstTableFailure,
  tableOfMessage,
  tablePayloads,
  tableRows,
  type FormTable,
  type GridHandle,
} from '../../runtime/render/form/child-tables';

const child = (name: string, title: string): Declaration => ({
  schemaVersion: 3,
  name,
  title,
  table: `demo_${name.toLowerCase()}`,
  basePath: `/demo/${name}`,
  kind: 'list',
  permissionPrefix: name,
  fields: [
    { name: 'planId', title: '计划', type: 'string' },
    { name: 'taskName', title: '任务名称', type: 'string', uniqueInParent: true },
    { name: 'startDate', title: '开始日期', type: 'date' },
    { name: 'endDate', title: '结束日期', type: 'date' },
  ],
  checks: [
    { rule: { '>=': [{ var: 'endDate' }, { var: 'startDate' }] }, message: '结束日期不能早于开始日期' },
  ],
});

/** A grid handle over fixed rows: keys `k<n>`, the given ones new or edited. */
function handle(
  rows: Record<string, unknown>[],
  cellFailure: ReturnType<GridHandle['validate']> = null,
  kinds: ('new' | 'edited' | 'saved')[] = rows.map(() => 'new'),
): GridHandle {
  const keyed = rows.map((values, i) => ({ key: `k${i}`, values }));
  const state: GridState = {
    rows: keyed,
    added: keyed.filter((_, i) => kinds[i] === 'new').map((r) => r.key),
    edited: keyed.filter((_, i) => kinds[i] === 'edited').map((r) => r.key),
    removed: ['gone1'],
  };
  const payload: GridSavePayload = {
    added: keyed.filter((_, i) => kinds[i] === 'new').map((r) => ({ ...r.values })),
    edited: keyed.filter((_, i) => kinds[i] === 'edited').map((r) => ({ id: r.key.slice(1), ...r.values })),
    deletedIds: ['gone1'],
  };
  return { validate: () => cellFailure, payload: () => payload, state: () => state };
}

function table(decl: Declaration, h: GridHandle | null, title = decl.title): FormTable {
  return {
    decl: { entity: decl.name, relation: 'oneToMany', foreignKey: 'planId', title },
    model: buildEntityModel(decl),
    paneKey: decl.name,
    title,
    handle: h,
  };
}

const tasks = child('planTask', '计划任务');
const members = child('planMember', '计划成员');
const ok = { taskName: 'a', startDate: '2026-12-01', endDate: '2026-12-02' };

describe('firstTableFailure', () => {
  it('is null when every table passes; a table never opened (no handle) is skipped', () => {
    expect(firstTableFailure([table(tasks, handle([ok])), table(members, null)])).toBeNull();
  });

  it("answers the first failing table in order with its index, pane, row and the grid's message", () => {
    const failing = handle([ok, ok, { taskName: '' }], {
      rowIndex: 2,
      key: 'taskName',
      message: '请输入任务名称!',
    });
    const other = handle([{}], { rowIndex: 0, key: 'taskName', message: '请输入任务名称!' });
    expect(firstTableFailure([table(tasks, failing), table(members, other)])).toEqual({
      kind: 'table',
      tableIndex: 0,
      paneKey: 'planTask',
      rowIndex: 2,
      field: 'taskName',
      message: '请输入任务名称!',
      text: '计划任务第3行：请输入任务名称!',
    });
  });

  it('then the unique-within-parent rule and the cross-field checks of each row', () => {
    const repeated = handle([ok, { ...ok, taskName: 'b' }, ok]);
    expect(firstTableFailure([table(tasks, handle([ok])), table(members, repeated)])).toMatchObject({
      tableIndex: 1,
      paneKey: 'planMember',
      text: '计划成员第3行：任务名称不能重复',
    });
    const reversed = handle([ok, { taskName: 'b', startDate: '2026-12-09', endDate: '2026-12-01' }]);
    expect(firstTableFailure([table(tasks, reversed)])?.text).toBe('计划任务第2行：结束日期不能早于开始日期');
  });
});

describe('the save body', () => {
  it("carries each grid's payload, every row with its 1-based line", () => {
    const h = handle([{ taskName: 'x' }, { taskName: 'y' }, { taskName: 'z' }], null, [
      'edited',
      'saved',
      'new',
    ]);
    expect(tablePayloads([table(tasks, h), table(members, null)])).toEqual({
      planTask: {
        added: [{ taskName: 'z', $row: 3 }],
        edited: [{ id: '0', taskName: 'x', $row: 1 }],
        deletedIds: ['gone1'],
      },
    });
    expect(tableRows([table(tasks, h)])).toEqual({
      planTask: [{ taskName: 'x' }, { taskName: 'y' }, { taskName: 'z' }],
    });
  });

  it('finds the table a server refusal names, by its title (row or not)', () => {
    const tables = [table(tasks, null), table(members, null)];
    expect(tableOfMessage(tables, '计划成员第2行：成员不能重复')).toBe('planMember');
    expect(tableOfMessage(tables, '计划任务：没有权限，请联系管理员授权')).toBe('planTask');
    expect(tableOfMessage(tables, '请输入计划名称!')).toBeNull();
  });
});
