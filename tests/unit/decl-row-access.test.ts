/**
 * Row access in the language (runtime/model/declaration/row-access.ts): a transition's `allow` rule
 * over {row, user}, evaluated by the same code on server and browser, and a list's `scopes`; their
 * checks at load; the browser's row links follow the rule.
 */
import { describe, expect, it } from 'vitest';
import { buildEntityModel } from '../../runtime/model/declaration/model.js';
import { rowAllowed } from '../../runtime/model/declaration/row-access.js';
import { formatIssue, type Declaration } from '../../runtime/model/declaration/types.js';
import { loadDeclaration } from '../../runtime/model/declaration/validate.js';
import { rowTransitions } from '../../runtime/render/transitions/row-transitions.js';

const FILE = 'schemas/workorder/demo.json';
const ONLY_CHARGE = { '==': [{ var: 'row.charge' }, { var: 'user.username' }] };

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
      { name: 'charge', title: '负责人', type: 'string' },
      { name: 'members', title: '参与人', type: 'text' },
      { name: 'status', title: '状态', type: 'string', dict: 'work_order_status' },
      { name: 'amount', title: '金额', type: 'int' },
    ],
    transitions: [
      {
        name: 'accept',
        title: '接收',
        field: 'status',
        from: ['0'],
        to: '2',
        allow: ONLY_CHARGE,
        allowMessage: '只有负责人可以接收',
      },
      { name: 'close', title: '关闭', field: 'status', from: ['0', '2'], to: '3' },
    ],
    list: {
      scopes: {
        param: 'type',
        unscopedPermission: 'demo:all',
        values: [
          {
            value: '1',
            title: '我负责的',
            where: [{ field: 'charge', rule: 'eq', value: '#{sysUserCode}' }],
          },
          {
            value: '3',
            title: '我参与的',
            where: [{ field: 'members', rule: 'member', value: '#{sysUserCode}' }],
          },
          {
            value: '9',
            title: '我创建的',
            where: [{ field: 'createBy', rule: 'eq', value: '#{sysUserCode}' }],
          },
        ],
      },
    },
  };
}

const issues = (d: Declaration) => loadDeclaration({ file: FILE, json: d }).issues.map(formatIssue);

describe('transition allow rules', () => {
  it('let only the person the rule names through; no rule lets everyone', () => {
    const row = { charge: 'zhaolei', status: '0' };
    expect(rowAllowed(ONLY_CHARGE, row, { username: 'zhaolei', orgCode: 'A01' })).toBe(true);
    expect(rowAllowed(ONLY_CHARGE, row, { username: 'chenjing', orgCode: 'A01' })).toBe(false);
    expect(rowAllowed(undefined, row, { username: 'chenjing', orgCode: null })).toBe(true);
    const managerOrCharge = { or: [ONLY_CHARGE, { has: 'demo:manage' }] };
    expect(rowAllowed(managerOrCharge, row, { username: 'x', orgCode: null }, ['demo:manage'])).toBe(true);
  });

  it('are checked at load: allow-listed operations over row.<field> and user.username / orgCode', () => {
    expect(issues(declaration())).toEqual([]);
    const bad = declaration();
    bad.transitions![0].allow = { '==': [{ var: 'row.nobody' }, { var: 'user.password' }] };
    expect(issues(bad)).toEqual([
      `${FILE}: /transitions/0/allow: "row.nobody" is neither row.<field> nor user.username / user.orgCode`,
      `${FILE}: /transitions/0/allow: "user.password" is neither row.<field> nor user.username / user.orgCode`,
    ]);
    bad.transitions![0].allow = { log: [1] };
    expect(issues(bad)).toEqual([`${FILE}: /transitions/0/allow: json-logic operation "log" is not allowed`]);
  });

  it('hide a row link the user may not use, as the server refuses it', () => {
    const model = buildEntityModel(declaration());
    const row = { charge: 'zhaolei', status: '0' };
    const names = (username: string | null) =>
      rowTransitions(model, row, () => 'show', {
        user: username ? { username, orgCode: null } : null,
        perms: [],
      }).map((t) => t.transition.name);
    expect(names('zhaolei')).toEqual(['accept', 'close']);
    expect(names('chenjing')).toEqual(['close']);
    expect(names(null)).toEqual(['close']);
  });
});

describe('list scopes', () => {
  it('are checked at load: text fields, known variables, unique values, a parameter that is no field', () => {
    const bad = declaration();
    bad.list!.scopes!.param = 'charge';
    bad.list!.scopes!.values.push(
      { value: '1', title: '重复' },
      { value: '5', title: '金额', where: [{ field: 'amount', rule: 'eq', value: '#{sysUserId}' }] },
    );
    expect(issues(bad)).toEqual([
      `${FILE}: /list/scopes/param: "charge" is a declared field`,
      `${FILE}: /list/scopes/values/3/value: duplicate scope "1"`,
      `${FILE}: /list/scopes/values/4/where/0/field: "amount" is not a declared text field`,
      `${FILE}: /list/scopes/values/4/where/0/value: unknown variable #{sysUserId}`,
    ]);
  });

  it('refuse an unknown rule by the meta-schema', () => {
    const bad = declaration();
    (bad.list!.scopes!.values[0].where![0] as { rule: string }).rule = 'like';
    expect(issues(bad).join('\n')).toContain('/list/scopes/values/0/where/0/rule');
  });
});
