/**
 * An action that opens the screen's own add form with values from the row (`actions[].add`, issue 33
 * item 7: 项目任务's 添加子任务): checked at load, the add code by default, and the values a row
 * gives the form (placeholders, constants, fixed fields); plus 项目任务's own declaration.
 */
import { describe, expect, it } from 'vitest';
import { buildEntityModel } from '../../runtime/model/declaration/model.js';
import { formatIssue, type Declaration } from '../../runtime/model/declaration/types.js';
import { loadDeclaration } from '../../runtime/model/declaration/validate.js';
import { actionAddValues, actionConfirm } from '../../runtime/render/actions/action-call.js';
import { parentScopedModel } from '../../runtime/render/inner-table/child-scope.js';
import { loadDeclarationFiles } from '../../server/entity/load.js';

const FILE = 'schemas/project/task-demo.json';

function declaration(): Declaration {
  return {
    schemaVersion: 3,
    name: 'taskDemo',
    title: '任务',
    table: 'biz_task_demo',
    basePath: '/demo/task',
    kind: 'list',
    permissionPrefix: 'taskDemo',
    fields: [
      { name: 'planId', title: '所属计划', type: 'string', required: true },
      { name: 'taskName', title: '任务名称', type: 'string', required: true },
      { name: 'parentTask', title: '上级任务', type: 'string' },
      { name: 'startDate', title: '开始日期', type: 'date' },
      { name: 'note', title: '说明', type: 'string' },
      { name: 'code', title: '编号', type: 'string', readOnly: true },
    ],
    actions: [
      {
        name: 'addSubtask',
        title: '添加子任务',
        add: {
          values: {
            planId: '{planId}',
            parentTask: '{taskName}',
            startDate: '{startDate}',
            note: '{taskName}的子任务',
          },
          fixed: ['planId', 'parentTask'],
        },
      },
    ],
    list: { rowActions: ['addSubtask'] },
  };
}

function issues(change: (d: Declaration) => void): string[] {
  const d = declaration();
  change(d);
  return loadDeclaration({ file: FILE, json: d }).issues.map(formatIssue);
}

const add = (d: Declaration) => d.actions![0].add!;

describe('an add action', () => {
  it('is accepted as written and asks for the add code unless it names one', () => {
    expect(issues(() => undefined)).toEqual([]);
    const model = buildEntityModel(declaration());
    expect(model.action('addSubtask')!.permission).toBe('taskDemo:add');
    expect(actionConfirm(model.action('addSubtask')!)).toBeNull();
  });

  it.each<[string, (d: Declaration) => void, string]>([
    [
      'a value for no field',
      (d) => (add(d).values.nope = 'x'),
      '/actions/0/add/values/nope: "nope" is not a declared field',
    ],
    [
      'a value for a field the form does not send',
      (d) => (add(d).values.code = 'x'),
      '/actions/0/add/values/code: "code" is not in the add form (form: false, readOnly or computed)',
    ],
    [
      'a placeholder that is not a field of the row',
      (d) => (add(d).values.note = '{nope}'),
      '/actions/0/add/values/note: "nope" is not a field of the row',
    ],
    [
      'a fixed field without a value',
      (d) => (add(d).fixed = ['taskName']),
      '/actions/0/add/fixed/0: "taskName" has no value in add.values',
    ],
    [
      'a screen without add',
      (d) => (d.list!.disable = ['add']),
      '/actions/0/add: the screen does not offer add (list.disable names it)',
    ],
    [
      'an add form with a request too',
      (d) => (d.actions![0].request = { path: 'x' }),
      '/actions/0: an action has one of a request, a panel, a link or an add form',
    ],
    [
      'row values on the toolbar',
      (d) => (d.list!.toolbar = ['addSubtask']),
      '/list/toolbar/0: action "addSubtask" fills its form from a row ({field}): a row link, not a toolbar button',
    ],
  ])('refuses %s', (_, change, expected) => {
    expect(issues(change)).toContain(`${FILE}: ${expected}`);
  });

  it('accepts constants on the toolbar', () => {
    expect(
      issues((d) => {
        d.actions!.push({ name: 'addNote', title: '新增备注', add: { values: { note: '备注' } } });
        d.list!.toolbar = ['addNote'];
      }),
    ).toEqual([]);
  });

  it('starts the form with the row values; an empty placeholder leaves its field to the default', () => {
    const action = buildEntityModel(declaration()).action('addSubtask')!;
    expect(
      actionAddValues(action, { id: 't1', planId: 'p1', taskName: '现场勘查', startDate: '2026-12-01' }),
    ).toEqual({
      values: { planId: 'p1', parentTask: '现场勘查', startDate: '2026-12-01', note: '现场勘查的子任务' },
      fixed: ['planId', 'parentTask'],
    });
    expect(actionAddValues(action, { id: 't2', planId: 'p1', taskName: '', startDate: null })).toEqual({
      values: { planId: 'p1' },
      fixed: ['planId'],
    });
  });
});

describe('项目任务 (schemas/project/plan-task.json)', () => {
  const planTask = loadDeclarationFiles().find((d) => d.model.name === 'planTask')!.model;

  it('lists, filters and picks the plan; under a plan its list leaves the plan out', () => {
    expect(planTask.field('planId')).toMatchObject({
      dict: 'biz_project_plan,plan_name,id',
      immutable: true,
    });
    const scoped = parentScopedModel(planTask, 'planId');
    expect(scoped.declaration.list?.columns).not.toContain('planId');
    expect(scoped.field('planId')).toMatchObject({ list: false, form: false, detail: false });
    expect(scoped.field('planId')?.query).toBeUndefined();
    expect(parentScopedModel(planTask, 'planId')).toBe(scoped);
  });

  it('adds a subtask under the row, in its plan, within its dates by default', () => {
    const action = planTask.action('addSubtask')!;
    expect(action.permission).toBe('planTask:add');
    const row = {
      id: 't1',
      planId: 'p1',
      taskName: '现场勘查',
      owner: 'chenjing',
      startDate: '2026-12-01',
      endDate: '2026-12-10',
    };
    expect(actionAddValues(action, row)).toEqual({
      values: {
        planId: 'p1',
        parentTask: '现场勘查',
        owner: 'chenjing',
        startDate: '2026-12-01',
        endDate: '2026-12-10',
      },
      fixed: ['planId', 'parentTask'],
    });
  });
});
