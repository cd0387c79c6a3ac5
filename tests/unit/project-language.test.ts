/**
 * What the project module added to the declaration language (schemas/README.md): the `listPicker`
 * widget (rows of a hand-written list call, e.g. the project picker) needs an API path as its
 * source, and a read-only view may sit on a generated declaration, the server refusing to start
 * while no route serves it (as for an action's request).
 */
import { describe, expect, it } from 'vitest';
import { formatIssue, type Declaration } from '../../runtime/model/declaration/types.js';
import { loadDeclaration } from '../../runtime/model/declaration/validate.js';
import { missingActionRoutes } from '../../server/entity/action-routes-check.js';

const FILE = 'schemas/system/demo.json';

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
      { name: 'name', title: '名称', type: 'string', required: true },
      {
        name: 'projectId',
        title: '所属项目',
        type: 'string',
        widget: 'listPicker',
        widgetOptions: { source: '/sys/project/selectProject', textKey: 'name' },
      },
    ],
    list: { rowActions: ['history'] },
    views: [
      {
        name: 'history',
        title: '流转记录',
        tabs: [{ key: 'records', title: '流转记录', columns: [{ name: 'note', title: '说明' }] }],
      },
    ],
  };
}

function load(change: (d: Declaration) => void = () => undefined) {
  const decl = structuredClone(declaration());
  change(decl);
  return loadDeclaration({ file: FILE, json: decl });
}

describe('the listPicker widget', () => {
  it('loads with an API path as its source', () => {
    expect(load().issues).toEqual([]);
  });

  it('is refused without a source, or with another origin as one', () => {
    const message = `${FILE}: /fields/1/widgetOptions: widget "listPicker" needs widgetOptions.source, an API path such as /sys/x/list`;
    expect(load((d) => (d.fields[1].widgetOptions = {})).issues.map(formatIssue)).toEqual([message]);
    expect(
      load((d) => (d.fields[1].widgetOptions = { source: '//evil.example/list' })).issues.map(formatIssue),
    ).toEqual([message]);
  });
});

describe('a view on a generated declaration', () => {
  it('stops the start while no route serves it, and passes once one does', () => {
    const loaded = load().value!;
    expect(missingActionRoutes([], [loaded], '/api')).toEqual([
      `${FILE}: /views/0: no route serves GET /api/sys/demo/history`,
    ]);
    const served = [{ method: 'GET', url: '/api/sys/demo/history', access: 'authenticated' as const }];
    expect(missingActionRoutes(served, [loaded], '/api')).toEqual([]);
  });
});
