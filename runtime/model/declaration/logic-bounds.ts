/**
 * The static half of the rule budget (issue 31): what a json-logic rule's shape may be, checked
 * when a declaration, a form design or a process model is loaded or saved, and again before each
 * evaluation. A per-item operation (map, filter, reduce, all, some, none) multiplies the work of
 * the rule inside it by the length of its array, so at most LOGIC_LIMITS.itemNesting of them may
 * sit inside each other; and a rule has at most LOGIC_LIMITS.values JSON values. The run-time
 * budget (logic-run.ts) still counts every step: these bounds only refuse, with the rule's path,
 * what is already sure to be too much. The largest rule in schemas/ has 83 values and one level.
 */

export const LOGIC_LIMITS = {
  /** JSON values in one rule (objects, arrays and scalars alike). */
  values: 1000,
  /** Per-item operations nested inside each other's per-item rule. */
  itemNesting: 2,
} as const;

const ITEM_OPERATIONS: ReadonlySet<string> = new Set(['reduce', 'map', 'filter', 'all', 'some', 'none']);

/** Marks the problems of this module, so callers can tell them from naming problems. */
export const BOUND_MARK = 'json-logic rule exceeds';

/** How many JSON values a rule holds, counted without recursion and stopping past `max`. */
function valueCount(rule: unknown, max: number): number {
  const stack: unknown[] = [rule];
  let count = 1;
  while (stack.length > 0 && count <= max) {
    const value = stack.pop();
    if (typeof value !== 'object' || value === null) continue;
    for (const inner of Array.isArray(value) ? value : Object.values(value)) {
      count += 1;
      if (count > max) break;
      stack.push(inner);
    }
  }
  return count;
}

/** The first per-item operation nested deeper than allowed, as `path: message`; null when none. */
function tooDeep(rule: unknown, level: number, path: string): string | null {
  if (Array.isArray(rule)) {
    for (let i = 0; i < rule.length; i++) {
      const found = tooDeep(rule[i], level, `${path}/${i}`);
      if (found) return found;
    }
    return null;
  }
  if (typeof rule !== 'object' || rule === null) return null;
  for (const [op, args] of Object.entries(rule)) {
    if (!ITEM_OPERATIONS.has(op) || !Array.isArray(args)) {
      const found = tooDeep(args, level, `${path}/${op}`);
      if (found) return found;
      continue;
    }
    const own = level + 1;
    if (own > LOGIC_LIMITS.itemNesting)
      return `${path || '/'}: ${BOUND_MARK} ${LOGIC_LIMITS.itemNesting} levels of per-item operations ("${op}" is level ${own})`;
    for (let i = 0; i < args.length; i++) {
      // The array (and reduce's initial value) is evaluated outside the items; the rule per item inside.
      const inside = i === 1 || (i > 1 && op !== 'reduce');
      const found = tooDeep(args[i], inside ? own : level, `${path}/${op}/${i}`);
      if (found) return found;
    }
  }
  return null;
}

/** Problems of a rule's shape, as `path: message` (paths relative to the rule, like checkLogic's). */
export function logicBoundProblems(rule: unknown, path = ''): string[] {
  const count = valueCount(rule, LOGIC_LIMITS.values);
  if (count > LOGIC_LIMITS.values)
    return [`${path || '/'}: ${BOUND_MARK} ${LOGIC_LIMITS.values} JSON values`];
  const deep = tooDeep(rule, 0, path);
  return deep ? [deep] : [];
}
