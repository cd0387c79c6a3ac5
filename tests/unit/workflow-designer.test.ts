/**
 * The modeler's editors as data (docs/modules/workflow.md, "Models and the modeler"): a condition's
 * clauses written as the json-logic the server accepts and read back, the assignee rules spelled
 * as the engine reads them, and the zh_CN labels of bpmn-js.
 */
import { describe, expect, it } from 'vitest';
import { checkLogic } from '../../runtime/model/declaration/logic';
import { formatRule, parseRule } from '../../screens/workflow/assignee-rule';
import { translate } from '../../screens/workflow/bpmn/translate';
import { clauseProblem, describe as say, fromLogic, toLogic } from '../../screens/workflow/condition';

describe('conditions', () => {
  it('writes one clause as a comparison and several under and, numbers as numbers', () => {
    expect(toLogic([{ field: 'days', op: '>', value: '3' }])).toEqual({ '>': [{ var: 'days' }, 3] });
    const two = toLogic([
      { field: 'amount', op: '>=', value: '5000' },
      { field: 'leaveType', op: '==', value: '年假' },
    ]);
    expect(two).toEqual({
      and: [{ '>=': [{ var: 'amount' }, 5000] }, { '==': [{ var: 'leaveType' }, '年假'] }],
    });
    expect(checkLogic(two!, null).filter((p) => p.includes('not allowed'))).toEqual([]);
    expect(toLogic([])).toBeNull();
  });

  it('reads back what it wrote, and refuses to show anything else', () => {
    const clauses = [
      { field: 'amount', op: '<' as const, value: '100' },
      { field: 'kind', op: '!=' as const, value: 'x' },
    ];
    expect(fromLogic(JSON.stringify(toLogic(clauses)))).toEqual(clauses);
    expect(fromLogic('{"> ": [{"var": "days"}, 3]}')).toBeNull();
    expect(fromLogic('{"or": [{">": [{"var": "days"}, 3]}]}')).toBeNull();
    expect(fromLogic('not json')).toBeNull();
    expect(fromLogic('')).toEqual([]);
    expect(say(clauses)).toBe('amount 小于 100 且 kind 不等于 x');
  });

  it('names what is missing in Chinese', () => {
    expect(clauseProblem({ field: '', op: '>', value: '1' })).toBe('请选择或输入字段（英文字母开头）');
    expect(clauseProblem({ field: 'days', op: '>', value: ' ' })).toBe('请输入比较值');
    expect(clauseProblem({ field: 'a.b;drop', op: '>', value: '1' })).not.toBeNull();
    expect(clauseProblem({ field: 'days', op: '>', value: '1' })).toBeNull();
  });
});

describe('assignee rules', () => {
  it('round-trips every kind and writes nothing while a user or role is not chosen', () => {
    for (const text of ['starter', 'deptManager', 'generalManager', 'user:zhangwei', 'role:manager'])
      expect(formatRule(parseRule(text))).toBe(text);
    expect(formatRule({ kind: 'user', code: '' })).toBe('');
    expect(parseRule('${boss}')).toEqual({ kind: null, code: '' });
  });
});

describe('translate', () => {
  it('answers the palette in Chinese and fills placeholders', () => {
    expect(translate('Create start event')).toBe('开始事件');
    expect(translate('Exclusive gateway')).toBe('排他网关');
    expect(translate('Unknown {x}', { x: '1' })).toBe('Unknown 1');
  });
});
