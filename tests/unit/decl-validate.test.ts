import { describe, expect, it } from 'vitest';
import { formatIssue, type Declaration } from '../../runtime/model/declaration/types.js';
import { loadDeclaration, loadDeclarations } from '../../runtime/model/declaration/validate.js';

const FILE = 'schemas/system/demo.json';

function base(): Declaration {
  return {
    schemaVersion: 2,
    name: 'demo',
    title: '示例',
    table: 'biz_demo',
    basePath: '/sys/demo',
    kind: 'list',
    permissionPrefix: 'demo',
    fields: [
      { name: 'name', title: '名称', type: 'string', required: true, sortable: true },
      { name: 'status', title: '状态', type: 'string', widget: 'select', dict: 'valid_status' },
      { name: 'sortNo', title: '排序值', type: 'int', max: 255 },
    ],
  };
}

/** The formatted issues of a changed copy of the base declaration. */
function issues(change: (d: Declaration & Record<string, unknown>) => void): string[] {
  const decl = structuredClone(base()) as Declaration & Record<string, unknown>;
  change(decl);
  return loadDeclaration({ file: FILE, json: decl }).issues.map(formatIssue);
}

describe('a valid declaration', () => {
  it('loads into a model with defaults', () => {
    const { value, issues: found } = loadDeclaration({ file: FILE, json: base() });
    expect(found).toEqual([]);
    const model = value!.model;
    expect(model.defaultSort).toEqual({ field: 'createTime', order: 'desc' });
    expect(model.pageSizes).toEqual([10, 20, 30, 60]);
    expect(model.field('sortNo')?.column).toBe('sort_no');
    expect(model.field('createTime')).toMatchObject({ system: true, sortable: true, writable: false });
    // Deny by default, reads included: a declaration naming no code reads with <prefix>:list.
    expect(model.permissions).toMatchObject({
      list: 'demo:list',
      queryById: 'demo:list',
      add: 'demo:add',
      deleteBatch: 'demo:delete',
    });
  });

  it('opens reads to every signed-in user only with "access": "signed-in"', () => {
    const open = { ...base(), access: 'signed-in', description: '每个表单的选择器都要列出示例' };
    const { value } = loadDeclaration({ file: FILE, json: open });
    expect(value!.model.permissions).toMatchObject({ list: null, queryById: null, add: 'demo:add' });
    expect(issues((d) => (d.access = 'everyone' as never))).toEqual([expect.stringContaining('/access')]);
  });

  it('refuses "access": "signed-in" without a reason in description (none, or only blanks)', () => {
    const refusal = `${FILE}: /access: "signed-in" opens reads to every signed-in user of the tenant: give the reason in "description"`;
    expect(issues((d) => (d.access = 'signed-in'))).toEqual([refusal]);
    expect(
      issues((d) => {
        d.access = 'signed-in';
        d.description = '  ';
      }),
    ).toEqual([refusal]);
  });
});

describe('meta-schema errors name the file, the JSON path and the rule', () => {
  it('a table name that is not snake_case', () => {
    expect(issues((d) => (d.table = 'Biz-Demo'))).toEqual([
      `${FILE}: /table: must match pattern "^[a-z][a-z0-9_]{0,62}$"`,
    ]);
  });
  it('an unknown property', () => {
    expect(issues((d) => (d.fields[1] = { ...d.fields[1], color: 'red' } as never))).toEqual([
      `${FILE}: /fields/1: must NOT have the property "color"`,
    ]);
  });
  it('an unknown field type and kind', () => {
    const found = issues((d) => {
      d.fields[2].type = 'float' as never;
      d.kind = 'grid' as never;
    });
    expect(found).toContain(
      `${FILE}: /kind: must be one of "list", "tree", "erp", "tab", "innerTable", "copy", "form", "detail"`,
    );
    expect(found.some((i) => i.startsWith(`${FILE}: /fields/2/type: must be one of "string"`))).toBe(true);
  });
  it('a missing required property', () => {
    expect(issues((d) => delete (d as Partial<Declaration>).fields)).toEqual([
      `${FILE}: /: must have the property "fields"`,
    ]);
  });
  it('a field name that is not camelCase (an identifier injection attempt)', () => {
    expect(issues((d) => (d.fields[0].name = 'name; drop table x'))[0]).toMatch(
      /^schemas\/system\/demo.json: \/fields\/0\/name: must match pattern/,
    );
  });
});

describe('semantic checks', () => {
  const cases: [string, (d: Declaration) => void, string][] = [
    [
      'duplicate field names',
      (d) => (d.fields[1].name = 'name'),
      '/fields/1/name: duplicate field name "name"',
    ],
    [
      'a system field name',
      (d) => (d.fields[0].name = 'createTime'),
      '/fields/0/name: "createTime" is a system field name',
    ],
    [
      'an unknown pattern that does not compile',
      (d) => (d.fields[0].pattern = '(['),
      '/fields/0/pattern: must be a built-in format code or a valid regular expression',
    ],
    [
      'the pattern only',
      (d) => (d.fields[0].pattern = 'only'),
      '/fields/0/pattern: write "unique": true instead of the pattern "only"',
    ],
    [
      'a widget that cannot edit the type',
      (d) => (d.fields[2].widget = 'date'),
      '/fields/2/widget: widget "date" cannot edit a int field',
    ],
    [
      'a select without a dictionary',
      (d) => delete d.fields[1].dict,
      '/fields/1/dict: widget "select" needs a dict or widgetOptions.options',
    ],
    [
      'length rules on a number',
      (d) => (d.fields[2].maxLength = 3),
      '/fields/2/maxLength: only for string or text fields',
    ],
    ['min above max', (d) => (d.fields[2].min = 300), '/fields/2/min: must not exceed max'],
    [
      'a range query on text',
      (d) => (d.fields[0].query = { mode: 'range' }),
      '/fields/0/query/mode: range needs an ordered type, not string',
    ],
    [
      'a default that does not fit',
      (d) => (d.fields[2].default = 'x'),
      '/fields/2/default: does not fit a int field',
    ],
    [
      'an unknown default variable',
      (d) => (d.fields[0].default = '#{secret}'),
      '/fields/0/default: unknown variable; one of #{sysUserCode}, #{sysUserName}, #{sysOrgCode}, #{date}, #{week}, #{now}',
    ],
    [
      'a default sort on a field that is not sortable',
      (d) => (d.list = { defaultSort: { column: 'status' } }),
      '/list/defaultSort/column: "status" is not a sortable field',
    ],
    [
      'a list column that is not a field',
      (d) => (d.list = { columns: ['name', 'nope'] }),
      '/list/columns/1: "nope" is not a declared field',
    ],
    [
      'a transition over an unknown field',
      (d) => (d.transitions = [{ name: 'start', title: '启用', field: 'state', from: ['0'], to: '1' }]),
      '/transitions/0/field: "state" is not a declared field',
    ],
    [
      'a transition on a standard route',
      (d) =>
        (d.transitions = [{ name: 'go', title: '走', field: 'status', from: ['0'], to: '1', path: 'edit' }]),
      '/transitions/0/path: route "edit" is already taken',
    ],
    [
      'a row action that is nothing',
      (d) => (d.list = { rowActions: ['fly'] }),
      '/list/rowActions/0: "fly" is not a transition, a view or an action',
    ],
    [
      'a form rule over an unknown field',
      (d) => (d.form = { rules: [{ field: 'nope', visible: true }] }),
      '/form/rules/0/field: "nope" is not a declared field',
    ],
    [
      'a form rule with a forbidden operation',
      (d) => (d.form = { rules: [{ field: 'name', visible: { method: ['a', 'b'] } }] }),
      '/form/rules/0/visible: json-logic operation "method" is not allowed',
    ],
    [
      'a form rule reading an undeclared variable',
      (d) => (d.form = { rules: [{ field: 'name', required: { var: 'secret' } }] }),
      '/form/rules/0/required/var: "secret" is not a declared field',
    ],
    [
      'a tree without its block',
      (d) => (d.kind = 'tree'),
      '/kind: kind "tree" and the tree block go together',
    ],
    [
      'a tree over unknown fields',
      (d) => {
        d.kind = 'tree';
        d.tree = { parentField: 'pid', textField: 'name' };
      },
      '/tree/parentField: "pid" is not a declared field',
    ],
    ['an erp screen without children', (d) => (d.kind = 'erp'), '/kind: kind "erp" needs children'],
    [
      'an index over an unknown field',
      (d) => (d.indexes = [{ fields: ['nope'] }]),
      '/indexes/0/fields/0: "nope" is not a declared field',
    ],
    [
      'a password that is sortable',
      (d) => {
        d.fields[0].widget = 'password';
        d.fields[0].sortable = true;
      },
      '/fields/0/widget: a password field cannot be sortable, queried or unique',
    ],
    [
      'a message without a pattern',
      (d) => (d.fields[0].message = '不对'),
      '/fields/0/message: needs a pattern',
    ],
  ];
  it.each(cases)('%s', (_, change, expected) => {
    expect(issues(change)).toContain(`${FILE}: ${expected}`);
  });
});

describe('checks across declarations', () => {
  it('names, tables and base paths are unique', () => {
    const other = { ...base(), name: 'demo' };
    const result = loadDeclarations([
      { file: 'a.json', json: base() },
      { file: 'b.json', json: other },
    ]);
    expect(result.value).toBeNull();
    expect(result.issues.map(formatIssue)).toEqual([
      'b.json: /name: "demo" is already used by a.json',
      'b.json: /table: "biz_demo" is already used by a.json',
      'b.json: /basePath: "/sys/demo" is already used by a.json',
    ]);
  });

  it('children name an existing declaration and one of its fields', () => {
    const parent = {
      ...base(),
      kind: 'erp',
      children: [{ entity: 'line', relation: 'oneToMany', foreignKey: 'demoId' }],
    };
    const child = {
      ...base(),
      name: 'line',
      table: 'biz_line',
      basePath: '/sys/line',
      fields: [{ name: 'orderId', title: '单号', type: 'string' }],
    };
    const result = loadDeclarations([
      { file: 'a.json', json: parent },
      { file: 'b.json', json: child },
    ]);
    expect(result.issues.map(formatIssue)).toEqual([
      'a.json: /children/0/foreignKey: "demoId" is not a field of line',
    ]);
    const missing = loadDeclarations([{ file: 'a.json', json: parent }]);
    expect(missing.issues.map(formatIssue)).toEqual([
      'a.json: /children/0/entity: no declaration named "line"',
    ]);
  });
});
