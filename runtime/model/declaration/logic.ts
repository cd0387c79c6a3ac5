/**
 * Form rules (visible / disabled / required) are json-logic data. Only an allow-listed set of
 * operations may appear, checked when a declaration is loaded and again before each evaluation, so
 * a rule can never reach an operation nobody reviewed. `has` (the spec's permission directive) is
 * rewritten into a plain `in` over the caller's permission list rather than registered globally on
 * json-logic-js, which would be hidden module state shared by every caller.
 */
import jsonLogic from 'json-logic-js';
import type { LogicRule } from './types.js';

export const LOGIC_OPERATIONS: ReadonlySet<string> = new Set([
  'var',
  'missing',
  '==',
  '===',
  '!=',
  '!==',
  '!',
  '!!',
  'and',
  'or',
  'if',
  '>',
  '>=',
  '<',
  '<=',
  'in',
  'has',
  // Arithmetic and array operations for cross-field checks over a parent and its child rows
  // (a total of child quantities within a limit): pure functions of the data, nothing more.
  '+',
  '-',
  '*',
  '/',
  '%',
  'max',
  'min',
  'cat',
  'reduce',
  'map',
  'filter',
  'all',
  'some',
  'none',
]);

/**
 * Operations whose later arguments run once per array item: there `var` names the item's keys
 * (or `current` / `accumulator` in reduce), not the record's fields, so those names are not checked.
 */
const ITEM_OPERATIONS: ReadonlySet<string> = new Set(['reduce', 'map', 'filter', 'all', 'some', 'none']);

/** Data key holding the permission codes while a rule runs; not a valid field name, so no clash. */
const PERMS_KEY = '$perms';

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Problems of a rule: unknown operations, objects that are not one-operation nodes, and `var`
 * references to names outside `knownVars`. Paths are JSON pointers relative to the rule.
 */
export function checkLogic(rule: unknown, knownVars: ReadonlySet<string> | null, path = ''): string[] {
  if (Array.isArray(rule)) return rule.flatMap((item, i) => checkLogic(item, knownVars, `${path}/${i}`));
  if (!isPlainObject(rule)) return [];
  const ops = Object.keys(rule);
  if (ops.length !== 1) return [`${path || '/'}: a json-logic node has exactly one operation`];
  const op = ops[0];
  if (!LOGIC_OPERATIONS.has(op)) return [`${path || '/'}: json-logic operation "${op}" is not allowed`];
  const args = rule[op];
  if (op === 'var') {
    const name = Array.isArray(args) ? args[0] : args;
    if (typeof name !== 'string') return [`${path}/var: must name a field`];
    const head = name.split('.')[0];
    // null: inside a per-item operation, where the names are the item's.
    return knownVars === null || knownVars.has(head) || name === ''
      ? []
      : [`${path}/var: "${name}" is not a declared field`];
  }
  if (ITEM_OPERATIONS.has(op) && Array.isArray(args)) {
    const [source, ...perItem] = args;
    return [
      ...checkLogic(source, knownVars, `${path}/${op}/0`),
      ...perItem.flatMap((item, i) => checkLogic(item, null, `${path}/${op}/${i + 1}`)),
    ];
  }
  if (op === 'has') {
    return typeof args === 'string' ? [] : [`${path}/has: must be a permission code`];
  }
  return checkLogic(args, knownVars, `${path}/${op}`);
}

function rewriteHas(rule: unknown): unknown {
  if (Array.isArray(rule)) return rule.map(rewriteHas);
  if (!isPlainObject(rule)) return rule;
  const [op] = Object.keys(rule);
  if (op === 'has') return { in: [rule.has, { var: PERMS_KEY }] };
  return { [op]: rewriteHas(rule[op]) };
}

export class LogicError extends Error {}

/** Evaluates a rule over a record; `perms` answers `has`. Refuses operations outside the allow-list. */
export function evaluateLogic(
  rule: LogicRule | undefined,
  data: Record<string, unknown>,
  perms: readonly string[] = [],
): boolean {
  if (rule === undefined) return false;
  if (typeof rule === 'boolean') return rule;
  const problems = checkLogic(rule, new Set(Object.keys(data)));
  const forbidden = problems.filter((p) => p.includes('is not allowed') || p.includes('exactly one'));
  if (forbidden.length > 0) throw new LogicError(forbidden.join('; '));
  const result: unknown = jsonLogic.apply(rewriteHas(rule) as jsonLogic.RulesLogic, {
    ...data,
    [PERMS_KEY]: [...perms],
  });
  return Boolean(result);
}

/**
 * The value of a computed field's rule (`fields[].compute`) over the record: a number is rounded to
 * 2 decimals (a sum of 0.1 + 0.2 reads 0.3); anything not finite or not a number is null.
 */
export function computeLogic(rule: LogicRule, data: Record<string, unknown>): number | string | null {
  if (typeof rule === 'boolean') return null;
  const problems = checkLogic(rule, null);
  if (problems.some((p) => p.includes('is not allowed') || p.includes('exactly one')))
    throw new LogicError(problems.join('; '));
  const result: unknown = jsonLogic.apply(rule as jsonLogic.RulesLogic, { ...data });
  if (typeof result === 'string') return result;
  const n = typeof result === 'number' ? result : Number(result);
  return Number.isFinite(n) ? Math.round(n * 100) / 100 : null;
}
