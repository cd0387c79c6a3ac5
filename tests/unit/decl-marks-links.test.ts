/**
 * Three small keys of the language (schemas/README.md) and their one implementation each: a row
 * mark (list.rowMarks: an overdue order is tinted and tagged), a link action (actions[].link: a row
 * opens an app page) and scope tabs (list.scopes.tabs: 待办 / 已办 of one screen, also on a
 * hand-written list). Checked at load with the file and JSON path; evaluated by the same code the
 * browser runs.
 */
import { describe, expect, it } from 'vitest';
import { buildEntityModel } from '../../runtime/model/declaration/model.js';
import { rowMarkOf } from '../../runtime/model/declaration/row-access.js';
import { formatIssue, type Declaration, type RowMarkDecl } from '../../runtime/model/declaration/types.js';
import { loadDeclaration } from '../../runtime/model/declaration/validate.js';
import { actionConfirm, actionLink } from '../../runtime/render/actions/action-call.js';
import { localToday } from '../../runtime/render/list/row-marks.js';
import { hasScopeTabs } from '../../runtime/render/list/ScopeTabs.js';

const FILE = 'schemas/workorder/demo.json';
const OVERDUE: RowMarkDecl = {
  rule: {
    and: [{ in: [{ var: 'row.status' }, ['0', '2']] }, { '<': [{ var: 'row.deadline' }, { var: 'today' }] }],
  },
  mark: 'danger',
  title: '已逾期',
};

function declaration(): Declaration {
  return {
    schemaVersion: 3,
    name: 'demo',
    title: '示例',
    table: 'biz_demo',
    basePath: '/sys/demo',
    kind: 'list',
    permissionPrefix: 'demo',
    fields: [
      { name: 'orderId', title: '工单', type: 'string' },
      { name: 'status', title: '状态', type: 'string' },
      { name: 'deadline', title: '截止日期', type: 'date' },
    ],
    list: { rowActions: ['open'], rowMarks: [structuredClone(OVERDUE)] },
    actions: [{ name: 'open', title: '处理', link: '/HomePage/DistributedDetails/details?id={orderId}' }],
  };
}

const issues = (d: unknown) => loadDeclaration({ file: FILE, json: d }).issues.map(formatIssue);

describe('row marks', () => {
  it('mark a row whose rule holds (first match wins) and leave the others', () => {
    const marks: RowMarkDecl[] = [
      OVERDUE,
      { rule: { '==': [{ var: 'row.status' }, '3'] }, mark: 'muted', title: '已关闭' },
    ];
    const today = '2026-11-26';
    expect(rowMarkOf(marks, { status: '2', deadline: '2026-11-25' }, today)?.title).toBe('已逾期');
    expect(rowMarkOf(marks, { status: '2', deadline: '2026-11-26' }, today)).toBeNull(); // due today
    expect(rowMarkOf(marks, { status: '1', deadline: '2026-01-01' }, today)).toBeNull(); // finished
    expect(rowMarkOf(marks, { status: '3', deadline: '2026-01-01' }, today)?.mark).toBe('muted');
    expect(rowMarkOf(undefined, { status: '2' }, today)).toBeNull();
    // A rule outside the allow-list marks nothing rather than failing the list.
    expect(rowMarkOf([{ rule: { log: [1] }, mark: 'danger', title: 'x' }], {}, today)).toBeNull();
    expect(localToday(new Date(2026, 10, 26, 23, 59))).toBe('2026-11-26');
  });

  it('are checked at load: row.<field> and today only, allow-listed operations, a known mark', () => {
    expect(issues(declaration())).toEqual([]);
    const bad = declaration();
    bad.list!.rowMarks = [
      { rule: { '<': [{ var: 'row.nobody' }, { var: 'user.username' }] }, mark: 'danger', title: 'x' },
    ];
    expect(issues(bad)).toEqual([
      `${FILE}: /list/rowMarks/0/rule/</1/var: "user.username" is not a declared field`,
      `${FILE}: /list/rowMarks/0/rule: "row.nobody" is neither row.<field> nor today`,
      `${FILE}: /list/rowMarks/0/rule: "user.username" is neither row.<field> nor today`,
    ]);
    const colour = declaration() as unknown as { list: { rowMarks: { mark: string }[] } };
    colour.list.rowMarks[0].mark = 'purple';
    expect(issues(colour).join('\n')).toContain('/list/rowMarks/0/mark');
  });
});

describe('link actions', () => {
  it('fill the placeholders from the row, encoded, and never leave the app', () => {
    const model = buildEntityModel(declaration());
    const open = model.action('open')!;
    expect(actionLink(open, { orderId: 'a1' })).toBe('/HomePage/DistributedDetails/details?id=a1');
    expect(actionLink(open, { orderId: 'x&y=/z' })).toBe(
      '/HomePage/DistributedDetails/details?id=x%26y%3D%2Fz',
    );
    expect(actionLink(open, {})).toBe('/HomePage/DistributedDetails/details?id=');
    expect(actionLink({ ...open, link: '//evil.example/{orderId}' }, { orderId: 'a' })).toBeNull();
    // `{field}` alone: the row's own app path as it is (a to-do row's page differs by kind).
    const own = { ...open, link: '{link}' };
    expect(actionLink(own, { link: '/flow/done' })).toBe('/flow/done');
    expect(actionLink(own, { link: '/modules/project/index?id=p1' })).toBe('/modules/project/index?id=p1');
    for (const away of ['//evil.example/x', '/\\evil.example', 'https://evil.example', '', null])
      expect(actionLink(own, { link: away })).toBeNull();
    // No confirmation, and no permission code of its own unless one is declared.
    expect(actionConfirm({ ...open, confirm: '确定吗？' })).toBeNull();
    expect(open.permission).toBe('');
  });

  it('are checked at load: an app path, row fields only, nothing else to do', () => {
    const unknown = declaration();
    unknown.actions![0].link = '/x?id={nobody}';
    expect(issues(unknown)).toEqual([`${FILE}: /actions/0/link: "nobody" is not a field of the row`]);
    const away = declaration();
    away.actions![0].link = '//evil.example/x';
    expect(issues(away).join('\n')).toContain('/actions/0/link');
    const both = declaration();
    both.actions![0].request = { path: 'open' };
    expect(issues(both)).toEqual([
      `${FILE}: /actions/0: an action has one of a request, a panel, a link or an add form`,
    ]);
  });
});

describe('scope tabs', () => {
  const tabbed = (): Declaration => ({
    ...declaration(),
    routes: 'external',
    list: {
      scopes: {
        param: 'type',
        tabs: true,
        values: [
          { value: '1', title: '待办' },
          { value: '2', title: '已办' },
        ],
      },
    },
    actions: undefined,
  });

  it('show when the menu leaves the parameter open, not when it fixes it', () => {
    const model = buildEntityModel(tabbed());
    expect(hasScopeTabs(model)).toBe(true);
    expect(hasScopeTabs({ ...model, fixedParams: { type: '2' } })).toBe(false);
    const plain = tabbed();
    plain.list!.scopes!.tabs = undefined;
    expect(hasScopeTabs(buildEntityModel(plain))).toBe(false);
  });

  it('are allowed on a hand-written list only without conditions (the engine would have to honour them)', () => {
    expect(issues(tabbed())).toEqual([]);
    const withWhere = tabbed();
    withWhere.list!.scopes!.values[0].where = [{ field: 'status', rule: 'eq', value: '0' }];
    expect(issues(withWhere)).toEqual([
      `${FILE}: /list/scopes: the engine serves scope conditions; external routes cannot honour them (declare values without where)`,
    ]);
  });
});
