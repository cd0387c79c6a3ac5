/**
 * schemaVersion 3: built-in buttons by default (list.disable turns one off), declared actions
 * (requests, forms, panels) placed by list.toolbar / list.rowActions, fixed list parameters,
 * restrictDelete, fill rules and the screen's menu entry; plus the step from version 2.
 */
import { describe, expect, it } from 'vitest';
import { migrateDeclaration } from '../../runtime/model/declaration/migrations.js';
import { ORG_CODE_FIELD, USER_NAME_DICT } from '../../runtime/model/declaration/model.js';
import { formatIssue, type Declaration } from '../../runtime/model/declaration/types.js';
import { loadDeclaration } from '../../runtime/model/declaration/validate.js';
import { actionCall, actionFormModel, actionState } from '../../runtime/render/actions/action-call.js';

const FILE = 'schemas/system/demo.json';

function declaration(): Declaration {
  return {
    schemaVersion: 3,
    name: 'demo',
    title: '示例',
    table: 'biz_demo',
    basePath: '/sys/demo',
    kind: 'list',
    routes: 'external',
    permissionPrefix: 'demo',
    fields: [
      { name: 'username', title: '账号', type: 'string', required: true },
      { name: 'status', title: '状态', type: 'int', widget: 'select', dict: 'user_status' },
    ],
    actions: [
      {
        name: 'frozen',
        title: '冻结',
        confirm: '确定冻结吗?',
        visible: { '==': [{ var: 'status' }, 1] },
        request: { path: 'frozenBatch', ids: 'ids', body: { status: 2 } },
      },
      {
        name: 'resetPassword',
        title: '密码',
        permission: 'demo:reset',
        request: { path: 'changePassword', carry: ['username'] },
        form: {
          title: '修改密码',
          fields: [{ name: 'password', title: '新密码', type: 'string', widget: 'password', required: true }],
        },
      },
      { name: 'authorize', title: '授权', panel: { component: 'rolePermission', mode: 'drawer' } },
    ],
    list: {
      toolbar: ['frozen', 'authorize'],
      rowActions: ['resetPassword', 'frozen'],
      disable: ['importExcel'],
    },
  };
}

function issues(change: (d: Declaration) => void): string[] {
  const d = declaration();
  change(d);
  return loadDeclaration({ file: FILE, json: d }).issues.map(formatIssue);
}

function model(change: (d: Declaration) => void = () => undefined) {
  const d = declaration();
  change(d);
  const loaded = loadDeclaration({ file: FILE, json: d });
  if (!loaded.value) throw new Error(loaded.issues.map(formatIssue).join('\n'));
  return loaded.value.model;
}

describe('the model of a version 3 list', () => {
  it('offers every built-in button but the disabled ones, and the extras in order', () => {
    const m = model();
    expect(m.offers('add')).toBe(true);
    expect(m.offers('superQuery')).toBe(true);
    expect(m.offers('importExcel')).toBe(false);
    expect(m.toolbarExtras).toEqual(['frozen', 'authorize']);
    expect(m.rowExtras).toEqual(['resetPassword', 'frozen']);
  });

  it('gives an action the permission <prefix>:<name> unless it names one', () => {
    const m = model();
    expect(m.action('frozen')?.permission).toBe('demo:frozen');
    expect(m.action('resetPassword')?.permission).toBe('demo:reset');
  });

  it('lists every transition as a row link when rowActions is not given', () => {
    const m = model((d) => {
      d.list = {};
      d.transitions = [{ name: 'open', title: '开启', field: 'status', from: ['0'], to: '1' }];
    });
    expect(m.rowExtras).toEqual(['open']);
  });

  it("shows who changed a row by name, and records the creator's department on generated tables only", () => {
    const external = model();
    expect(external.field('createBy')?.dict).toBe(USER_NAME_DICT);
    expect(external.field(ORG_CODE_FIELD)).toBeUndefined();
    const generated = model((d) => {
      delete d.routes;
      d.actions = [];
      d.list = {};
    });
    expect(generated.field(ORG_CODE_FIELD)).toMatchObject({ column: 'sys_org_code', system: true });
  });

  it('sends fixed parameters as text', () => {
    expect(model((d) => (d.list = { fixedParams: { status: 1 } })).fixedParams).toEqual({ status: '1' });
  });
});

describe('semantic checks of version 3', () => {
  const cases: [string, (d: Declaration) => void, string][] = [
    [
      'a built-in named as a row link',
      (d) => (d.list!.rowActions = ['edit']),
      '/list/rowActions/0: "edit" is built in: every list has it unless list.disable names it',
    ],
    [
      'a row link that is nothing',
      (d) => (d.list!.rowActions = ['fly']),
      '/list/rowActions/0: "fly" is not a transition, a view or an action',
    ],
    [
      'a toolbar entry that is not an action',
      (d) => (d.list!.toolbar = ['add']),
      '/list/toolbar/0: "add" is not an action (built-in buttons need no listing)',
    ],
    [
      'a one-row request on the toolbar',
      (d) => (d.list!.toolbar = ['resetPassword']),
      '/list/toolbar/0: action "resetPassword" acts on one row: give its request "ids": "ids" to use it on the selection',
    ],
    [
      'an action with neither request nor panel',
      (d) => delete d.actions![2].panel,
      '/actions/2: an action has one of a request, a panel, a link or an add form',
    ],
    [
      'an action with both',
      (d) => (d.actions![2].request = { path: 'x' }),
      '/actions/2: an action has one of a request, a panel, a link or an add form',
    ],
    [
      'a duplicate action',
      (d) => (d.actions![1].name = 'frozen'),
      '/actions/1/name: duplicate action "frozen"',
    ],
    [
      'an action named like a built-in',
      (d) => (d.actions![1].name = 'delete'),
      '/actions/1/name: duplicate action "delete"',
    ],
    [
      'carrying an unknown field',
      (d) => (d.actions![1].request!.carry = ['nope']),
      '/actions/1/request/carry/0: "nope" is not a field of the row',
    ],
    [
      'a row rule over an unknown field',
      (d) => (d.actions![0].visible = { '==': [{ var: 'nope' }, 1] }),
      '/actions/0/visible/==/0/var: "nope" is not a declared field',
    ],
    [
      'a form field that cannot be',
      (d) => (d.actions![1].form!.fields[0].widget = 'number'),
      '/actions/1/form/fields/0/widget: widget "number" cannot edit a string field',
    ],
    [
      'a stored rule on a form field',
      (d) => (d.actions![1].form!.fields[0].unique = true),
      '/actions/1/form/fields/0: a form field of an action is not stored: no unique, index or fillRule',
    ],
    [
      'a fixed parameter that is not a field',
      (d) => (d.list!.fixedParams = { logType: '1' }),
      '/list/fixedParams/logType: "logType" is not a declared field',
    ],
    [
      'restrictDelete on external routes',
      (d) => (d.restrictDelete = [{ table: 'sys_user_role', column: 'role_id', message: '在用' }]),
      '/restrictDelete: not allowed with "routes": "external" (the hand-written server deletes rows)',
    ],
    [
      'a fill rule on a number',
      (d) => (d.fields[1].fillRule = 'seq'),
      '/fields/1/fillRule: only for string fields',
    ],
    [
      'a fill rule and a default',
      (d) => Object.assign(d.fields[0], { fillRule: 'seq', default: 'x' }),
      '/fields/0/fillRule: a field is filled by a rule or by a default, not both',
    ],
    [
      'a disabled button that does not exist',
      (d) => (d.list!.disable = ['fly' as 'add']),
      '/list/disable/0: must be one of "add", "edit", "detail", "delete", "deleteBatch", "exportXls", "importExcel", "superQuery"',
    ],
    [
      'a menu without its parent',
      (d) => (d.menu = { path: '/system/demo' } as Declaration['menu']),
      '/menu: must have the property "parent"',
    ],
  ];
  it.each(cases)('%s', (_, change, expected) => {
    expect(issues(change)).toContain(`${FILE}: ${expected}`);
  });

  it('accepts the declaration as written, with a menu entry', () => {
    expect(
      issues((d) => (d.menu = { parent: '/system', path: '/system/demo', icon: 'UserOutlined' })),
    ).toEqual([]);
  });
});

describe('migration 2 -> 3', () => {
  const v2 = (list?: Record<string, unknown>, transitions?: unknown[]) =>
    migrateDeclaration({
      schemaVersion: 2,
      name: 'x',
      ...(list ? { list } : {}),
      ...(transitions ? { transitions } : {}),
    }).doc!;

  it("keeps version 2's defaults: 新增 and 批量删除 on the toolbar, the three row links and every transition", () => {
    const doc = v2(undefined, [{ name: 'open' }]);
    expect(doc.schemaVersion).toBe(3);
    expect(doc.list).toEqual({ disable: ['exportXls', 'importExcel', 'superQuery'] });
  });

  it('turns listed buttons into disables of the rest and keeps the extras in order', () => {
    const doc = v2(
      {
        columns: ['a'],
        toolbar: ['add', 'exportXls'],
        rowActions: ['edit', 'release', 'readStatistics', 'delete'],
      },
      [{ name: 'release' }, { name: 'revoke' }],
    );
    expect(doc.list).toEqual({
      columns: ['a'],
      rowActions: ['release', 'readStatistics'],
      disable: ['importExcel', 'superQuery', 'deleteBatch', 'detail'],
    });
  });

  it('leaves nothing behind for a list that showed everything', () => {
    const doc = v2({
      toolbar: ['add', 'exportXls', 'importExcel', 'superQuery', 'deleteBatch'],
      rowActions: ['edit', 'detail', 'delete'],
    });
    expect(doc.list).toBeUndefined();
  });
});

describe('what an action sends', () => {
  const m = model();
  const row = { id: 'u1', username: 'zhangwei', status: 1 };

  it('a row request: the id, the carried fields, the form values and the constants', () => {
    expect(actionCall(m, m.action('resetPassword')!, { kind: 'row', row }, { password: 'x' })).toEqual({
      method: 'PUT',
      url: '/sys/demo/changePassword',
      payload: { id: 'u1', username: 'zhangwei', password: 'x' },
    });
  });

  it('on the selection: the ids joined with commas and the constants', () => {
    expect(actionCall(m, m.action('frozen')!, { kind: 'selection', ids: ['a', 'b'] })).toEqual({
      method: 'PUT',
      url: '/sys/demo/frozenBatch',
      payload: { ids: 'a,b', status: 2 },
    });
  });

  it('shows a row link only where its rule holds and to holders of its permission', () => {
    const frozen = m.action('frozen')!;
    const granted = () => 'show' as const;
    expect(actionState(frozen, row, granted)).toBe('show');
    expect(actionState(frozen, { ...row, status: 2 }, granted)).toBe('hide');
    expect(actionState(frozen, row, () => 'hide')).toBe('hide');
    expect(actionState(frozen, null, granted)).toBe('show');
  });

  it("draws a form from the action's own fields, with the screen's base path", () => {
    const form = actionFormModel(m, m.action('resetPassword')!);
    expect(form.declared.map((f) => f.name)).toEqual(['password']);
    expect(form.basePath).toBe('/sys/demo');
  });
});
