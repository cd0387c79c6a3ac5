/**
 * `"routes": "external"`: a declaration whose API is hand-written. It is validated like any other,
 * but whatever only the engine's table or routes would honour is refused with file, path and rule.
 */
import { describe, expect, it } from 'vitest';
import { formatIssue, type Declaration } from '../../runtime/model/declaration/types.js';
import { loadDeclaration, loadDeclarations } from '../../runtime/model/declaration/validate.js';

const FILE = 'schemas/system/demo.json';
const REASON = 'not allowed with "routes": "external"';

function external(): Declaration {
  return {
    schemaVersion: 2,
    name: 'demo',
    title: '示例',
    table: 'biz_demo',
    basePath: '/sys/demo',
    kind: 'list',
    routes: 'external',
    permissionPrefix: 'demo',
    fields: [
      { name: 'name', title: '名称', type: 'string', required: true },
      { name: 'status', title: '状态', type: 'string', widget: 'select', dict: 'valid_status' },
    ],
    transitions: [
      { name: 'open', title: '开启', field: 'status', from: ['0'], to: '1', method: 'GET', path: 'doOpen' },
    ],
  };
}

function issues(change: (d: Declaration) => void): string[] {
  const decl = structuredClone(external());
  change(decl);
  return loadDeclaration({ file: FILE, json: decl }).issues.map(formatIssue);
}

describe('routes: external', () => {
  it('loads, marks the model external and keeps a GET transition', () => {
    const { value, issues: found } = loadDeclaration({ file: FILE, json: external() });
    expect(found).toEqual([]);
    expect(value!.model.external).toBe(true);
    expect(value!.model.transitions[0]).toMatchObject({ method: 'GET', path: 'doOpen' });
  });

  it('defaults to generated routes', () => {
    const decl = structuredClone(external());
    delete decl.routes;
    expect(loadDeclaration({ file: FILE, json: decl }).value!.model.external).toBe(false);
    decl.routes = 'generated';
    expect(loadDeclaration({ file: FILE, json: decl }).value!.model.external).toBe(false);
  });

  it('refuses an unknown routes mode through the meta-schema', () => {
    expect(issues((d) => (d.routes = 'manual' as never))).toEqual([
      `${FILE}: /routes: must be one of "generated", "external"`,
    ]);
  });

  it('refuses adoptTable, softDelete and tenantScoped by path', () => {
    const found = issues((d) => {
      d.adoptTable = true;
      d.softDelete = true;
      d.tenantScoped = true;
    });
    expect(found).toEqual([
      `${FILE}: /adoptTable: ${REASON} (the engine makes or adopts no table)`,
      `${FILE}: /softDelete: ${REASON} (the hand-written server decides how rows are deleted)`,
      `${FILE}: /tenantScoped: ${REASON} (the hand-written server decides the tenant scope)`,
    ]);
  });

  it('accepts the same switches turned off', () => {
    expect(
      issues((d) => {
        d.adoptTable = false;
        d.softDelete = false;
        d.tenantScoped = false;
        d.indexes = [];
      }),
    ).toEqual([]);
  });

  it('refuses indexes, unique and index fields', () => {
    const found = issues((d) => {
      d.indexes = [{ fields: ['name'] }];
      d.fields[0].unique = true;
      d.fields[1].index = true;
    });
    expect(found).toEqual([
      `${FILE}: /indexes: ${REASON} (the engine makes no table to index)`,
      `${FILE}: /fields/0/unique: ${REASON} (the duplicate check only knows engine tables)`,
      `${FILE}: /fields/1/index: ${REASON} (the engine makes no table to index)`,
    ]);
  });

  it('refuses children of its own, and being the child of a generated entity', () => {
    expect(
      issues((d) => (d.children = [{ entity: 'other', relation: 'oneToMany', foreignKey: 'x' }])),
    ).toEqual([`${FILE}: /children: ${REASON} (the engine serves no queryById to attach children to)`]);
    const parent: Declaration = {
      ...structuredClone(external()),
      name: 'parent',
      table: 'biz_parent',
      basePath: '/sys/parent',
      kind: 'erp',
      routes: 'generated',
      children: [{ entity: 'demo', relation: 'oneToMany', foreignKey: 'name' }],
    };
    const result = loadDeclarations([
      { file: FILE, json: external() },
      { file: 'schemas/system/parent.json', json: parent },
    ]);
    expect(result.issues.map(formatIssue)).toEqual([
      'schemas/system/parent.json: /children/0/entity: "demo" has "routes": "external"; a child must have generated routes',
    ]);
  });

  it('still takes part in the checks across files (table and basePath stay unique)', () => {
    const twin = { ...structuredClone(external()), name: 'twin', routes: 'generated' as const };
    const result = loadDeclarations([
      { file: FILE, json: external() },
      { file: 'schemas/system/twin.json', json: twin },
    ]);
    expect(result.issues.map(formatIssue)).toEqual([
      `schemas/system/twin.json: /table: "biz_demo" is already used by ${FILE}`,
      `schemas/system/twin.json: /basePath: "/sys/demo" is already used by ${FILE}`,
    ]);
  });
});

describe('transition methods', () => {
  it('accept GET on generated routes too and refuse PATCH', () => {
    expect(issues((d) => (d.routes = 'generated'))).toEqual([]);
    expect(issues((d) => (d.transitions![0].method = 'PATCH' as never))).toEqual([
      `${FILE}: /transitions/0/method: must be one of "GET", "PUT", "POST", "DELETE"`,
    ]);
  });
});

describe('schemas/system/announcement.json', () => {
  it('is external, with GET release / revoke and msgType-driven recipient fields', async () => {
    const json = (await import('../../schemas/system/announcement.json')).default as unknown;
    const { value, issues: found } = loadDeclaration({ file: 'announcement.json', json });
    expect(found).toEqual([]);
    const model = value!.model;
    expect(model).toMatchObject({
      external: true,
      basePath: '/sys/annountCement',
      table: 'sys_announcement',
    });
    expect(model.transitions.map((t) => [t.name, t.method, t.path, t.from, t.to, t.permission])).toEqual([
      ['release', 'GET', 'doReleaseData', ['0', '2'], '1', 'announcement:release'],
      ['revoke', 'GET', 'doReovkeData', ['1'], '2', 'announcement:revoke'],
    ]);
    expect(model.permissions).toMatchObject({
      list: 'announcement:list',
      add: 'announcement:add',
      edit: 'announcement:edit',
      delete: 'announcement:delete',
    });
    const rules = Object.fromEntries((model.declaration.form?.rules ?? []).map((r) => [r.field, r]));
    expect(rules.departIds.visible).toEqual({ '==': [{ var: 'msgType' }, 'DEPART'] });
    expect(model.field('departIds')?.widget).toBe('departPicker');
  });
});
