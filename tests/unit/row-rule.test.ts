import { describe, expect, it } from 'vitest';
import {
  evaluateRowRule,
  parseRowRule,
  type RowRuleFields,
} from '../../runtime/model/declaration/row-rule.js';
import { loadDeclaration, loadDeclarations } from '../../runtime/model/declaration/validate.js';
import { formatIssue, type Declaration } from '../../runtime/model/declaration/types.js';

const me = (field: string) => ({ '==': [{ var: `row.${field}` }, { var: 'user.username' }] });
const fields: RowRuleFields = {
  has: (n) => ['charge', 'participants', 'status', 'departCode', 'createBy'].includes(n),
};
const user = { username: 'lina', orgCode: 'A01A04' };

function allowed(rule: unknown, row: Record<string, unknown>, perms: string[] = []): boolean {
  return evaluateRowRule(parseRowRule(rule as never, fields, true), row, user, perms);
}

describe('row access rules in memory (the browser and the server write checks)', () => {
  it('compares a row field with the caller', () => {
    expect(allowed(me('charge'), { charge: 'lina' })).toBe(true);
    expect(allowed(me('charge'), { charge: 'linan' })).toBe(false);
    expect(allowed(me('charge'), { charge: null })).toBe(false);
  });

  it('in over a row field is membership of its comma list, not a substring', () => {
    const rule = { in: [{ var: 'user.username' }, { var: 'row.participants' }] };
    expect(allowed(rule, { participants: 'wangfang,lina' })).toBe(true);
    // json-logic-js would say "lina" is in "linan,wangfang": a substring. Here it is not.
    expect(allowed(rule, { participants: 'linan,wangfang' })).toBe(false);
    expect(allowed(rule, { participants: null })).toBe(false);
  });

  it('has answers from the caller codes; ! and or combine two-valued results', () => {
    const rule = { or: [me('createBy'), { has: 'workOrder:list' }] };
    expect(allowed(rule, { createBy: 'zhangwei' })).toBe(false);
    expect(allowed(rule, { createBy: 'zhangwei' }, ['workOrder:list'])).toBe(true);
    expect(allowed({ '!': me('charge') }, { charge: null })).toBe(true);
  });

  it('under is the caller department or one below it', () => {
    const rule = { under: [{ var: 'row.departCode' }, { var: 'user.orgCode' }] };
    expect(allowed(rule, { departCode: 'A01A04A01' })).toBe(true);
    expect(allowed(rule, { departCode: 'A01A04' })).toBe(true);
    expect(allowed(rule, { departCode: 'A01A02' })).toBe(false);
    expect(
      evaluateRowRule(
        parseRowRule(rule, fields, false),
        { departCode: 'A01' },
        { username: 'x', orgCode: null },
        [],
      ),
    ).toBe(false);
  });

  it('refuses what it cannot mean the same on both ends', () => {
    expect(() => parseRowRule({ cat: ['a', 'b'] } as never, fields, true)).toThrow(/not allowed/);
    expect(() => parseRowRule({ '==': [{ var: 'row.secret' }, 'x'] }, fields, true)).toThrow(
      /row.<declared field>/,
    );
    expect(() => parseRowRule({ '==': [{ var: 'user.password' }, 'x'] }, fields, true)).toThrow(
      /user.username/,
    );
    expect(() => parseRowRule({ in: [{ var: 'user.username' }, 'lina,wang'] }, fields, true)).toThrow(
      /membership/,
    );
    expect(() => parseRowRule({ exists: ['workOrderSub', 'orderId', true] }, fields, false)).toThrow(
      /read rules only/,
    );
  });
});

function declaration(rowAccess: unknown): Declaration {
  return {
    schemaVersion: 3,
    name: 'ticket',
    title: '工单',
    table: 'biz_ticket',
    basePath: '/sys/ticket',
    kind: 'list',
    permissionPrefix: 'ticket',
    rowAccess,
    fields: [{ name: 'charge', title: '负责人', type: 'string' }],
  } as Declaration;
}

describe('rowAccess in a declaration', () => {
  it('is checked when the declaration loads, naming the rule', () => {
    const bad = loadDeclaration({
      file: 'x.json',
      json: declaration({ read: { '==': [{ var: 'row.owner' }, 1] } }),
    });
    expect(bad.issues.map(formatIssue)).toEqual([expect.stringContaining('x.json: /rowAccess/read')]);
    const good = loadDeclaration({ file: 'x.json', json: declaration({ read: me('charge') }) });
    expect(good.value!.model.rowAccess).toMatchObject({
      read: { kind: 'eq' },
      edit: { kind: 'eq' },
      editMessage: '无权编辑该记录',
    });
  });

  it('an exists in read needs its own edit rule and a declared entity', () => {
    const read = { or: [me('charge'), { exists: ['sub', 'ticketId', me('createBy')] }] };
    const missingEdit = loadDeclaration({ file: 'x.json', json: declaration({ read }) });
    expect(missingEdit.issues.map(formatIssue)).toEqual([expect.stringContaining('/rowAccess/edit')]);
    const unknown = loadDeclarations([{ file: 'x.json', json: declaration({ read, edit: me('charge') }) }]);
    expect(unknown.issues.map(formatIssue)).toEqual([
      expect.stringContaining('"sub" is not a declared entity'),
    ]);
  });
});
