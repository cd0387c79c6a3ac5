/**
 * `views`: declared read-only row views (e.g. 阅读统计). A good one loads with its defaults; a name
 * shared with a row action, a taken route, an unknown key and a view on generated routes are
 * refused with file, path and rule.
 */
import { describe, expect, it } from 'vitest';
import { formatIssue, type Declaration } from '../../runtime/model/declaration/types.js';
import { loadDeclaration } from '../../runtime/model/declaration/validate.js';
import { rowViews, viewTabs, cellText } from '../../runtime/render/views/view-tabs.js';

const FILE = 'schemas/system/demo.json';

function declaration(): Declaration {
  return {
    schemaVersion: 2,
    name: 'demo',
    title: '示例',
    table: 'biz_demo',
    basePath: '/sys/demo',
    kind: 'list',
    routes: 'external',
    permissionPrefix: 'demo',
    permissions: { list: 'demo:list' },
    fields: [
      { name: 'name', title: '名称', type: 'string', required: true },
      { name: 'status', title: '状态', type: 'string', widget: 'select', dict: 'valid_status' },
    ],
    list: { rowActions: ['edit', 'open', 'readStatistics', 'delete'] },
    transitions: [{ name: 'open', title: '开启', field: 'status', from: ['0'], to: '1', method: 'GET' }],
    views: [
      {
        name: 'readStatistics',
        title: '阅读统计',
        tabs: [
          {
            key: 'unReadList',
            title: '未读',
            countKey: 'unReadCount',
            columns: [{ name: 'realname', title: '姓名' }],
          },
          {
            key: 'readList',
            title: '已读',
            columns: [
              { name: 'realname', title: '姓名' },
              { name: 'readTime', title: '阅读时间' },
            ],
          },
        ],
      },
    ],
  };
}

function issues(change: (d: Declaration & Record<string, unknown>) => void): string[] {
  const decl = structuredClone(declaration()) as Declaration & Record<string, unknown>;
  change(decl);
  return loadDeclaration({ file: FILE, json: decl }).issues.map(formatIssue);
}

describe('views', () => {
  it('load with the list permission and the name as route by default', () => {
    const { value, issues: found } = loadDeclaration({ file: FILE, json: declaration() });
    expect(found).toEqual([]);
    expect(value!.model.views[0]).toMatchObject({
      name: 'readStatistics',
      permission: 'demo:list',
      path: 'readStatistics',
    });
  });

  it('keep a declared permission and path', () => {
    const decl = declaration();
    Object.assign(decl.views![0], { permission: 'demo:stats', path: 'stats' });
    expect(loadDeclaration({ file: FILE, json: decl }).value!.model.views[0]).toMatchObject({
      permission: 'demo:stats',
      path: 'stats',
    });
  });

  it('refuse a name shared with a transition, a standard action or another view', () => {
    expect(issues((d) => (d.views![0].name = 'open'))).toContain(
      `${FILE}: /views/0/name: duplicate row action "open"`,
    );
    expect(issues((d) => (d.views![0].name = 'detail'))).toContain(
      `${FILE}: /views/0/name: duplicate row action "detail"`,
    );
    expect(issues((d) => d.views!.push({ ...structuredClone(d.views![0]), path: 'other' }))).toEqual([
      `${FILE}: /views/1/name: duplicate row action "readStatistics"`,
    ]);
  });

  it('refuse a route that is taken', () => {
    expect(issues((d) => (d.views![0].path = 'queryById'))).toEqual([
      `${FILE}: /views/0/path: route "queryById" is already taken`,
    ]);
    expect(issues((d) => (d.views![0].path = 'open'))).toEqual([
      `${FILE}: /views/0/path: route "open" is already taken`,
    ]);
  });

  it('refuse unknown keys and malformed shapes through the meta-schema', () => {
    expect(issues((d) => Object.assign(d.views![0], { method: 'POST' }))).toEqual([
      `${FILE}: /views/0: must NOT have the property "method"`,
    ]);
    expect(issues((d) => Object.assign(d.views![0].tabs[0], { rows: 'x' }))).toEqual([
      `${FILE}: /views/0/tabs/0: must NOT have the property "rows"`,
    ]);
    expect(issues((d) => Object.assign(d.views![0].tabs[1].columns[0], { width: 100 }))).toEqual([
      `${FILE}: /views/0/tabs/1/columns/0: must NOT have the property "width"`,
    ]);
    expect(issues((d) => (d.views![0].tabs = []))).toHaveLength(1);
    expect(issues((d) => (d.views![0].tabs[0].key = 'Un-read'))[0]).toMatch(
      /^schemas\/system\/demo\.json: \/views\/0\/tabs\/0\/key: must match pattern/,
    );
  });

  it('refuse duplicate tabs and columns within a view', () => {
    expect(issues((d) => (d.views![0].tabs[1].key = 'unReadList'))).toEqual([
      `${FILE}: /views/0/tabs/1/key: duplicate tab "unReadList"`,
    ]);
    expect(issues((d) => (d.views![0].tabs[1].columns[1].name = 'realname'))).toEqual([
      `${FILE}: /views/0/tabs/1/columns/1/name: duplicate column "realname"`,
    ]);
  });

  it('may sit on generated routes too (hand-written code serves the view; the server checks at start)', () => {
    expect(issues((d) => delete d.routes)).toEqual([]);
  });

  it('are row actions only when the list names them, and the rule message says so', () => {
    expect(issues((d) => (d.list!.rowActions = ['stats']))).toEqual([
      `${FILE}: /list/rowActions/0: "stats" is not a transition, a view or an action`,
    ]);
    const model = loadDeclaration({ file: FILE, json: declaration() }).value!.model;
    expect(rowViews(model, () => 'show').map((v) => v.view.name)).toEqual(['readStatistics']);
    expect(rowViews(model, () => 'hide')).toEqual([]);
    expect(rowViews(model, () => 'disable')[0].disabled).toBe(true);
    const unnamed = declaration();
    delete unnamed.list;
    const plain = loadDeclaration({ file: FILE, json: unnamed }).value!.model;
    expect(rowViews(plain, () => 'show')).toEqual([]);
  });

  it('turn an answer into tabs with counts, tolerating a missing array', () => {
    const model = loadDeclaration({ file: FILE, json: declaration() }).value!.model;
    const tabs = viewTabs(model.views[0], {
      unReadCount: 2,
      unReadList: [{ realname: '赵磊' }, { realname: '黄敏' }],
    });
    expect(tabs.map((t) => t.label)).toEqual(['未读(2)', '已读(0)']);
    expect(tabs[0].rows).toEqual([
      { realname: '赵磊', $key: '0' },
      { realname: '黄敏', $key: '1' },
    ]);
    expect(viewTabs(model.views[0], null).map((t) => t.rows.length)).toEqual([0, 0]);
    expect([cellText(null), cellText(3), cellText('a'), cellText({ a: 1 })]).toEqual([
      '',
      '3',
      'a',
      '{"a":1}',
    ]);
  });
});
