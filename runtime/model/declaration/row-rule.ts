/**
 * Row access rules (`rowAccess.read / edit / delete`): who may read, edit or delete a row, as
 * json-logic over `{row, user}` in a small subset that means the same thing on both ends. The
 * server turns a rule into one SQL condition ANDed into every statement that reaches rows (so a
 * list, a queryById, an export and a child list all see the same rows); the browser and the
 * server's write checks evaluate the same parsed rule over a row in memory, so a hidden 编辑 link
 * and a refused edit cannot disagree.
 *
 * Why a subset and not json-logic-js itself: `in` over a string is a substring test there, so
 * "lin" would be "in" the participants "lina,wangfang"; here `in` over a row field is membership
 * of its comma list, as the SQL does. Every operation is two-valued (a missing value is false,
 * never unknown), so `!` means the same in SQL and in memory.
 */
import type { LogicRule } from './types.js';

/** What a rule may ask of the caller. */
export const ROW_RULE_USER_KEYS = ['username', 'orgCode', 'userId'] as const;
export type RowRuleUserKey = (typeof ROW_RULE_USER_KEYS)[number];

export type RowRuleLiteral = string | number | boolean;

/** One side of a comparison: a column of the row, a fact about the caller, or a constant. */
export type RowOperand =
  | { kind: 'row'; field: string }
  | { kind: 'user'; key: RowRuleUserKey }
  | { kind: 'literal'; value: RowRuleLiteral | null };

export type RowRuleNode =
  | { kind: 'const'; value: boolean }
  | { kind: 'and' | 'or'; items: RowRuleNode[] }
  | { kind: 'not'; item: RowRuleNode }
  | { kind: 'eq' | 'ne'; left: RowOperand; right: RowOperand }
  /** `value` is one item of the row field's comma list (a multi-person field). */
  | { kind: 'member'; value: RowOperand; field: string }
  /** The row field holds one of the constants. */
  | { kind: 'oneOf'; field: string; values: RowRuleLiteral[] }
  /** The row field is the caller's department code or one below it (A01A02 covers A01A02A01). */
  | { kind: 'under'; field: string; value: RowOperand }
  /** The caller holds the permission code (`has`). */
  | { kind: 'has'; code: string }
  /**
   * Some row of another declared entity whose `field` holds this row's id satisfies `where`
   * (over that row): the handler of one of a work order's sub-orders. SQL only: read rules.
   */
  | { kind: 'exists'; entity: string; field: string; where: RowRuleNode };

export class RowRuleError extends Error {}

/** The fields of the row and of related entities a parsed rule may name (for the load-time check). */
export interface RowRuleFields {
  /** Declared and system field names of the rule's row. */
  has(name: string): boolean;
  /** The same for another entity (exists); undefined when there is no such declaration. */
  of?(entity: string): RowRuleFields | undefined;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function args(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [value];
}

function operand(raw: unknown, fields: RowRuleFields | null): RowOperand {
  if (raw === null || ['string', 'number', 'boolean'].includes(typeof raw))
    return { kind: 'literal', value: raw as RowRuleLiteral | null };
  if (isObject(raw) && Object.keys(raw).length === 1 && 'var' in raw) {
    const name = args(raw.var)[0];
    if (typeof name !== 'string') throw new RowRuleError('var must name row.<field> or user.<key>');
    const [head, key, ...rest] = name.split('.');
    if (rest.length === 0 && head === 'row' && key && (!fields || fields.has(key)))
      return { kind: 'row', field: key };
    if (rest.length === 0 && head === 'user' && (ROW_RULE_USER_KEYS as readonly string[]).includes(key))
      return { kind: 'user', key: key as RowRuleUserKey };
    throw new RowRuleError(`"${name}" is neither row.<declared field> nor user.username / orgCode / userId`);
  }
  throw new RowRuleError('a comparison takes row.<field>, user.<key> or a constant');
}

function literals(raw: unknown): RowRuleLiteral[] {
  if (!Array.isArray(raw) || raw.length === 0 || raw.length > 50)
    throw new RowRuleError('in takes a list of 1 to 50 constants');
  return raw.map((v) => {
    if (!['string', 'number', 'boolean'].includes(typeof v))
      throw new RowRuleError('in lists constants only');
    return v as RowRuleLiteral;
  });
}

function parseNode(
  rule: unknown,
  fields: RowRuleFields | null,
  depth: number,
  related: boolean,
): RowRuleNode {
  if (depth > 12) throw new RowRuleError('rule nested too deeply');
  if (typeof rule === 'boolean') return { kind: 'const', value: rule };
  if (!isObject(rule) || Object.keys(rule).length !== 1)
    throw new RowRuleError('a rule node has exactly one operation');
  const [op] = Object.keys(rule);
  const a = args(rule[op]);
  const sub = (r: unknown) => parseNode(r, fields, depth + 1, related);
  switch (op) {
    case 'and':
    case 'or':
      if (a.length === 0) throw new RowRuleError(`${op} needs at least one rule`);
      return { kind: op, items: a.map(sub) };
    case '!':
      return { kind: 'not', item: sub(a[0]) };
    case '==':
    case '===':
    case '!=':
    case '!==': {
      if (a.length !== 2) throw new RowRuleError(`${op} compares two values`);
      const [left, right] = [operand(a[0], fields), operand(a[1], fields)];
      return { kind: op.startsWith('!') ? 'ne' : 'eq', left, right };
    }
    case 'in': {
      if (a.length !== 2) throw new RowRuleError('in takes a value and a row field or a list');
      const container = a[1];
      if (Array.isArray(container)) {
        const field = operand(a[0], fields);
        if (field.kind !== 'row') throw new RowRuleError('in [...] tests a row field');
        return { kind: 'oneOf', field: field.field, values: literals(container) };
      }
      const list = operand(container, fields);
      if (list.kind !== 'row') throw new RowRuleError('in tests membership of a row field or a list');
      return { kind: 'member', value: operand(a[0], fields), field: list.field };
    }
    case 'under': {
      const [field, value] = [operand(a[0], fields), operand(a[1], fields)];
      if (a.length !== 2 || field.kind !== 'row' || value.kind === 'row')
        throw new RowRuleError('under takes a row field and user.orgCode or a constant code');
      return { kind: 'under', field: field.field, value };
    }
    case 'has':
      if (typeof a[0] !== 'string' || a[0] === '') throw new RowRuleError('has names a permission code');
      return { kind: 'has', code: a[0] };
    case 'exists': {
      if (!related)
        throw new RowRuleError('exists is for read rules only (the browser cannot see other rows)');
      const [entity, field, where] = a;
      if (typeof entity !== 'string' || typeof field !== 'string')
        throw new RowRuleError('exists takes [entity, its field holding this row id, rule]');
      const other = fields?.of ? fields.of(entity) : null;
      if (fields?.of && !other) throw new RowRuleError(`exists: "${entity}" is not a declared entity`);
      if (other && !other.has(field)) throw new RowRuleError(`exists: "${entity}" has no field "${field}"`);
      return { kind: 'exists', entity, field, where: parseNode(where, other ?? null, depth + 1, false) };
    }
    default:
      throw new RowRuleError(`operation "${op}" is not allowed in a row access rule`);
  }
}

/**
 * Parses a rule; `fields` checks the names (null: trust them, the declaration was checked at load).
 * `read` allows `exists`, which only SQL can answer.
 */
export function parseRowRule(rule: LogicRule, fields: RowRuleFields | null, read: boolean): RowRuleNode {
  return parseNode(rule, fields, 0, read);
}

/** The caller as a rule sees it. */
export interface RowRuleUser {
  username: string;
  orgCode: string | null;
  userId?: string;
}

function valueOf(o: RowOperand, row: Readonly<Record<string, unknown>>, user: RowRuleUser): unknown {
  if (o.kind === 'literal') return o.value;
  if (o.kind === 'user') return user[o.key] ?? null;
  return row[o.field];
}

const present = (v: unknown) => v !== null && v !== undefined;

/** Evaluates a parsed rule over a row in memory (the browser, the server's write checks). */
export function evaluateRowRule(
  node: RowRuleNode,
  row: Readonly<Record<string, unknown>>,
  user: RowRuleUser,
  perms: ReadonlySet<string> | readonly string[],
): boolean {
  const held = perms instanceof Set ? perms : new Set(perms as readonly string[]);
  const run = (n: RowRuleNode): boolean => {
    switch (n.kind) {
      case 'const':
        return n.value;
      case 'and':
        return n.items.every(run);
      case 'or':
        return n.items.some(run);
      case 'not':
        return !run(n.item);
      case 'eq':
      case 'ne': {
        const [l, r] = [valueOf(n.left, row, user), valueOf(n.right, row, user)];
        const equal = present(l) && present(r) && String(l) === String(r);
        return n.kind === 'eq' ? equal : !equal;
      }
      case 'member': {
        const v = valueOf(n.value, row, user);
        const list = row[n.field];
        if (!present(v) || String(v) === '') return false;
        return `,${present(list) ? String(list) : ''},`.includes(`,${String(v)},`);
      }
      case 'oneOf': {
        const v = row[n.field];
        return present(v) && n.values.some((c) => String(c) === String(v));
      }
      case 'under': {
        const [v, code] = [row[n.field], valueOf(n.value, row, user)];
        return present(v) && present(code) && String(code) !== '' && String(v).startsWith(String(code));
      }
      case 'has':
        return held.has(n.code);
      case 'exists':
        // Not answerable from one row: a read rule's business, which the server answers in SQL.
        return false;
    }
  };
  return run(node);
}
