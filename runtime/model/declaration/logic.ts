/**
 * Form rules (visible / disabled / required) are json-logic data. Only an allow-listed set of
 * operations may appear, checked when a declaration is loaded and again before each evaluation, so
 * a rule can never reach an operation nobody reviewed. `has` (the spec's permission directive)
 * answers from the caller's permission list given to the evaluation, never from module state.
 * Every rule runs under a budget (issue 31): a bound on its shape (logic-bounds.ts, refused at
 * load with its path) and a count of its steps as it runs (logic-run.ts, 规则计算超出限制).
 */
import { BOUND_MARK, logicBoundProblems } from './logic-bounds.js';
import { LogicError, runLogic } from './logic-run.js';
import type { LogicRule } from './types.js';

export { LOGIC_LIMITS } from './logic-bounds.js';
export { LOGIC_STEPS, LogicError, LogicLimitError, LogicMessages } from './logic-run.js';

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

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Problems of a rule: a shape beyond the budget's bounds (too many values, per-item operations
 * nested too deep), unknown operations, objects that are not one-operation nodes, and `var`
 * references to names outside `knownVars`. Paths are JSON pointers relative to the rule.
 */
export function checkLogic(rule: unknown, knownVars: ReadonlySet<string> | null, path = ''): string[] {
  const bounds = logicBoundProblems(rule, path);
  // A rule too large is not walked further: its size is the problem (and the walk would be long).
  return bounds.length > 0 && bounds[0].includes('JSON values')
    ? bounds
    : [...bounds, ...checkNodes(rule, knownVars, path)];
}

function checkNodes(rule: unknown, knownVars: ReadonlySet<string> | null, path: string): string[] {
  if (Array.isArray(rule)) return rule.flatMap((item, i) => checkNodes(item, knownVars, `${path}/${i}`));
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
      ...checkNodes(source, knownVars, `${path}/${op}/0`),
      ...perItem.flatMap((item, i) => checkNodes(item, null, `${path}/${op}/${i + 1}`)),
    ];
  }
  if (op === 'has') {
    return typeof args === 'string' ? [] : [`${path}/has: must be a permission code`];
  }
  return checkNodes(args, knownVars, `${path}/${op}`);
}

/** Whether a problem of checkLogic makes a rule unusable (names it cannot resolve do not: they read null). */
export function isLogicRefusal(problem: string): boolean {
  return (
    problem.includes('is not allowed') || problem.includes('exactly one') || problem.includes(BOUND_MARK)
  );
}

/** A rule's refusals, worked out once per rule object (declarations do not change once loaded). */
const refusalsOf = new WeakMap<object, string[]>();

function refuseUnusable(rule: object): void {
  let refusals = refusalsOf.get(rule);
  if (refusals === undefined) {
    refusals = checkLogic(rule, null).filter(isLogicRefusal);
    refusalsOf.set(rule, refusals);
  }
  if (refusals.length > 0) throw new LogicError(refusals.join('; '));
}

/**
 * Evaluates a rule over a record; `perms` answers `has`. Refuses operations outside the allow-list
 * and shapes beyond the bounds (LogicError), and a run past its budget (LogicLimitError).
 */
export function evaluateLogic(
  rule: LogicRule | undefined,
  data: Record<string, unknown>,
  perms: readonly string[] = [],
): boolean {
  if (rule === undefined) return false;
  if (typeof rule === 'boolean') return rule;
  refuseUnusable(rule);
  return Boolean(runLogic(rule, data, perms));
}

/**
 * The value of a computed field's rule (`fields[].compute`) over the record: a number is rounded to
 * 2 decimals (a sum of 0.1 + 0.2 reads 0.3); anything not finite or not a number is null.
 */
export function computeLogic(rule: LogicRule, data: Record<string, unknown>): number | string | null {
  if (typeof rule === 'boolean') return null;
  refuseUnusable(rule);
  const result: unknown = runLogic(rule, data);
  if (typeof result === 'string') return result;
  const n = typeof result === 'number' ? result : Number(result);
  return Number.isFinite(n) ? Math.round(n * 100) / 100 : null;
}
