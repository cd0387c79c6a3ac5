/**
 * The json-logic evaluator of the declarations, with an operation budget (issue 31). json-logic-js
 * has no hook to count work, and three nested `map`s over 150-element arrays made one add take
 * 11-15 s with the event loop blocked. So every node is evaluated here, one step each, and the
 * semantics of each allow-listed operation are json-logic-js 2.0.5's, ported operation by operation
 * (tests/unit/decl-logic-budget.test.ts compares the two on every rule of schemas/). Values an
 * operation reads whole cost their size too (an array its items and their texts, a text one step
 * per 64 characters, `cat` its result), so neither time nor the texts a rule builds can outgrow the
 * budget.
 * Counting as we go is exact whatever the data is; a static bound (logic-bounds.ts) only refuses
 * rules whose shape already says they multiply.
 */

/** Steps one evaluation may take: a few milliseconds of work (measured in the test above). */
export const LOGIC_STEPS = 100_000;

export const LogicMessages = {
  limit: '规则计算超出限制',
} as const;

/** A rule that cannot run (an operation outside the allow-list); its message says why. */
export class LogicError extends Error {}

/** A rule that ran past its budget: refused with 规则计算超出限制, never a partial answer. */
export class LogicLimitError extends LogicError {
  constructor() {
    super(LogicMessages.limit);
  }
}

interface Run {
  left: number;
  perms: readonly string[];
}

type Node = Record<string, unknown>;

function spend(run: Run, steps: number): void {
  run.left -= steps;
  if (run.left < 0) throw new LogicLimitError();
}

/**
 * What reading a value whole costs beyond its step: an array's items, a text's 64-character blocks,
 * and within an array the same of every item, nested arrays included: an operation that coerces an
 * array (`==` against a text, `+`, `in` over a text) joins every item, so an array of two 4 MB
 * texts read 900 times must cost its texts, not 2 (it had taken 10-18 s within the budget).
 * Counted only up to `limit`: past it the run stops anyway.
 */
function weight(value: unknown, limit: number): number {
  if (typeof value === 'string') return value.length >>> 6;
  if (!Array.isArray(value)) return 0;
  let total = 0;
  const lists: unknown[][] = [value];
  while (lists.length > 0 && total <= limit) {
    const list = lists.pop()!;
    total += list.length;
    for (const item of list) {
      if (typeof item === 'string') total += item.length >>> 6;
      else if (Array.isArray(item)) lists.push(item);
      if (total > limit) break;
    }
  }
  return total;
}

/** json-logic's is_logic: an object (not an array) with exactly one key. */
function isNode(value: unknown): value is Node {
  return (
    typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length === 1
  );
}

/** json-logic's truthiness: an empty array is false, everything else as JavaScript says. */
export function truthy(value: unknown): boolean {
  return Array.isArray(value) && value.length === 0 ? false : Boolean(value);
}

/**
 * json-logic's `var`: a dotted path into the data, `fallback` (or null) when a step is missing.
 * Own properties only, so `constructor` or `__proto__` never reach a prototype (json-logic-js
 * would answer Object's functions there; an array's and a text's `length` are own properties).
 */
function lookup(data: unknown, name: unknown, fallback: unknown): unknown {
  const notFound = fallback === undefined ? null : fallback;
  if (name === undefined || name === '' || name === null) return data;
  let at: unknown = data;
  for (const key of String(name).split('.')) {
    if (at === null || at === undefined) return notFound;
    at = Object.hasOwn(Object(at) as object, key) ? (at as Record<string, unknown>)[key] : undefined;
    if (at === undefined) return notFound;
  }
  return at;
}

/** The operations that take their arguments evaluated, as json-logic-js defines them. */
function leaf(op: string, v: unknown[], data: unknown, run: Run): unknown {
  let cost = 0;
  for (const value of v) cost += weight(value, run.left - cost);
  spend(run, cost);
  // Typed loosely on purpose: JavaScript's coercions (== and != are loose) are json-logic's semantics.
  const [a, b, c] = v as [number, number, number | undefined];
  switch (op) {
    case 'var':
      return lookup(data, v[0], v[1]);
    case 'missing': {
      const keys = Array.isArray(v[0]) ? (v[0] as unknown[]) : v;
      spend(run, keys.length);
      return keys.filter((key) => {
        const value = lookup(data, key, undefined);
        return value === null || value === '';
      });
    }
    case '==':
      return a == b;
    case '===':
      return a === b;
    case '!=':
      return a != b;
    case '!==':
      return a !== b;
    case '>':
      return a > b;
    case '>=':
      return a >= b;
    case '<':
      return c === undefined ? a < b : a < b && b < c;
    case '<=':
      return c === undefined ? a <= b : a <= b && b <= c;
    case '!!':
      return truthy(a);
    case '!':
      return !truthy(a);
    case '%':
      return a % b;
    case 'in': {
      const list = v[1] as { indexOf?: unknown } | null | undefined;
      if (!list || typeof list.indexOf === 'undefined') return false;
      // Searching a text is not linear: V8 took 57 s to look for 25,000 a, a b and 25,000 a in
      // 2 MB of a. So a search costs the text's 64-character blocks once per 8 characters sought.
      if (typeof list === 'string') spend(run, (list.length >>> 6) * Math.ceil(String(v[0]).length / 8));
      return (list as unknown[]).indexOf(v[0]) !== -1;
    }
    case 'has':
      return run.perms.indexOf(v[0] as string) !== -1;
    case 'cat': {
      const text = v.join('');
      spend(run, text.length >>> 6);
      return text;
    }
    case '+':
      // parseFloat reads its argument as text: String() first changes nothing but the types.
      return v.reduce<number>((sum, x) => parseFloat(String(sum)) + parseFloat(String(x)), 0);
    case '*':
      return v.reduce((product, x) => parseFloat(String(product)) * parseFloat(String(x)));
    case '-':
      return b === undefined ? -a : a - b;
    case '/':
      return a / b;
    case 'min':
      return Math.min(...(v as number[]));
    case 'max':
      return Math.max(...(v as number[]));
  }
  throw new LogicError(`json-logic operation "${op}" is not allowed`);
}

/** map, filter, reduce, all, some, none: the rule runs once per item, with the item as its data. */
function perItem(op: string, args: unknown[], data: unknown, run: Run): unknown {
  const items = evaluate(args[0], data, run);
  const rule = args[1];
  const each = (item: unknown) => evaluate(rule, item, run);
  if (op === 'reduce') {
    const initial = args[2] !== undefined ? evaluate(args[2], data, run) : null;
    if (!Array.isArray(items)) return initial;
    return items.reduce(
      (accumulator: unknown, current: unknown) => evaluate(rule, { current, accumulator }, run),
      initial,
    );
  }
  if (op === 'map') return Array.isArray(items) ? items.map(each) : [];
  if (op === 'filter') return Array.isArray(items) ? items.filter((item) => truthy(each(item))) : [];
  if (!Array.isArray(items) || items.length === 0) return op === 'none';
  if (op === 'all') return items.every((item) => truthy(each(item)));
  if (op === 'some') return items.some((item) => truthy(each(item)));
  return !items.some((item) => truthy(each(item))); // none
}

const ITEM_OPS: ReadonlySet<string> = new Set(['map', 'filter', 'reduce', 'all', 'some', 'none']);

function evaluate(rule: unknown, data: unknown, run: Run): unknown {
  spend(run, 1);
  if (Array.isArray(rule)) return rule.map((item) => evaluate(item, data, run));
  if (!isNode(rule)) return rule;
  const op = Object.keys(rule)[0]!;
  const raw = rule[op];
  const args = Array.isArray(raw) ? raw : [raw];
  if (ITEM_OPS.has(op)) return perItem(op, args, data, run);
  // if, and, or evaluate only what they need, in order (json-logic's short-circuits).
  if (op === 'if') {
    let i = 0;
    for (; i < args.length - 1; i += 2)
      if (truthy(evaluate(args[i], data, run))) return evaluate(args[i + 1], data, run);
    return args.length === i + 1 ? evaluate(args[i], data, run) : null;
  }
  if (op === 'and' || op === 'or') {
    let current: unknown;
    for (const arg of args) {
      current = evaluate(arg, data, run);
      if (truthy(current) === (op === 'or')) return current;
    }
    return current;
  }
  return leaf(
    op,
    args.map((arg) => evaluate(arg, data, run)),
    data,
    run,
  );
}

/**
 * Evaluates a rule (already checked against the allow-list) over `data`; `has` answers from
 * `perms`. Throws LogicLimitError past `steps`.
 */
export function runLogic(
  rule: unknown,
  data: unknown,
  perms: readonly string[] = [],
  steps = LOGIC_STEPS,
): unknown {
  return evaluate(rule, data, { left: steps, perms });
}
