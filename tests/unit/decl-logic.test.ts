import { describe, expect, it } from 'vitest';
import { checkLogic, evaluateLogic, LogicError } from '../../runtime/model/declaration/logic.js';

const fields = new Set(['level', 'email', 'status']);

describe('json-logic allow-list', () => {
  it('accepts allowed operations over declared fields', () => {
    expect(
      checkLogic({ and: [{ '==': [{ var: 'level' }, 'H'] }, { '!': { var: 'email' } }] }, fields),
    ).toEqual([]);
    expect(checkLogic({ in: [{ var: 'status' }, ['1', '2']] }, fields)).toEqual([]);
    expect(checkLogic({ has: 'customer:add' }, fields)).toEqual([]);
  });

  it('names operations that are not allowed and where they are', () => {
    expect(checkLogic({ or: [{ log: 'x' }] }, fields)).toEqual([
      '/or/0: json-logic operation "log" is not allowed',
    ]);
    expect(checkLogic({ method: [{ var: 'email' }, 'toUpperCase'] }, fields)).toEqual([
      '/: json-logic operation "method" is not allowed',
    ]);
  });

  it('names variables that are not declared fields, and malformed nodes', () => {
    expect(checkLogic({ '==': [{ var: 'password' }, 1] }, fields)).toEqual([
      '/==/0/var: "password" is not a declared field',
    ]);
    expect(checkLogic({ '==': [1, 1], '!=': [1, 2] }, fields)).toEqual([
      '/: a json-logic node has exactly one operation',
    ]);
    expect(checkLogic({ has: 1 }, fields)).toEqual(['/has: must be a permission code']);
  });
});

describe('json-logic evaluation', () => {
  it('evaluates a rule over a record', () => {
    const rule = { '==': [{ var: 'level' }, 'H'] };
    expect(evaluateLogic(rule, { level: 'H' })).toBe(true);
    expect(evaluateLogic(rule, { level: 'L' })).toBe(false);
    expect(evaluateLogic(true, {})).toBe(true);
    expect(evaluateLogic(undefined, {})).toBe(false);
  });

  it('answers has from the permission list given, without global registration', () => {
    const rule = { has: 'customer:add' };
    expect(evaluateLogic(rule, {}, ['customer:add'])).toBe(true);
    expect(evaluateLogic(rule, {}, [])).toBe(false);
    expect(
      evaluateLogic({ and: [{ has: 'a:b' }, { '==': [{ var: 'level' }, 'H'] }] }, { level: 'H' }, ['a:b']),
    ).toBe(true);
  });

  it('refuses to evaluate an operation outside the allow-list', () => {
    expect(() => evaluateLogic({ method: ['x', 'toString'] }, {})).toThrow(LogicError);
  });
});
