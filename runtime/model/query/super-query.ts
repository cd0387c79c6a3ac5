/**
 * The advanced query: `superQueryParams` is a (URL-encoded) JSON array of {field, rule, val} and
 * `superQueryMatchType` joins them with and (default) or or. Every field must be a declared,
 * filterable field and every rule one of the contract's; anything else is a clear error.
 */
import type { QueryRule } from '../declaration/types.js';
import { QueryError, QueryMessages, type Condition, type QueryField } from './conditions.js';
import { ruleCondition } from './rules.js';

export const MAX_SUPER_CONDITIONS = 30;

const RULES: Readonly<Record<string, QueryRule>> = {
  eq: 'eq',
  '=': 'eq',
  ne: 'ne',
  '!=': 'ne',
  '<>': 'ne',
  gt: 'gt',
  '>': 'gt',
  ge: 'ge',
  '>=': 'ge',
  lt: 'lt',
  '<': 'lt',
  le: 'le',
  '<=': 'le',
  in: 'in',
  like: 'like',
  right_like: 'right_like',
  left_like: 'left_like',
};

/** Keys the query builder sends besides field/rule/val; they describe the widget and are ignored. */
const IGNORED_KEYS: ReadonlySet<string> = new Set([
  'type',
  'dbType',
  'dictCode',
  'dictTable',
  'dictText',
  'extendOption',
  'customReturnField',
  'popup',
  'options',
  'title',
]);

function decode(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    // The client URL-encodes the JSON before the query string is encoded again.
  }
  try {
    return JSON.parse(decodeURIComponent(raw));
  } catch {
    throw new QueryError(QueryMessages.superFormat);
  }
}

function rawValue(val: unknown, field: string): string | string[] {
  if (typeof val === 'string') return val;
  if (typeof val === 'number' && Number.isFinite(val)) return String(val);
  if (typeof val === 'boolean') return val ? 'Y' : 'N';
  if (Array.isArray(val) && val.every((v) => typeof v === 'string' || typeof v === 'number'))
    return val.map(String);
  throw new QueryError(QueryMessages.superBadValue(field));
}

function isBlank(value: unknown): boolean {
  return (
    value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)
  );
}

/** The condition of the advanced query, or null when it holds no usable entry. */
export function superQueryCondition(
  params: string | undefined,
  matchType: string | undefined,
  fieldOf: (name: string) => QueryField | undefined,
): Condition | null {
  if (params === undefined || params.trim() === '') return null;
  const join = (matchType ?? '').trim() || 'and';
  if (join !== 'and' && join !== 'or') throw new QueryError(QueryMessages.superMatchType);
  const entries = decode(params);
  if (!Array.isArray(entries)) throw new QueryError(QueryMessages.superFormat);
  if (entries.length > MAX_SUPER_CONDITIONS)
    throw new QueryError(QueryMessages.superTooMany(MAX_SUPER_CONDITIONS));
  const items: Condition[] = [];
  for (const entry of entries) {
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry))
      throw new QueryError(QueryMessages.superFormat);
    const record = entry as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      if (key !== 'field' && key !== 'rule' && key !== 'val' && !IGNORED_KEYS.has(key)) {
        throw new QueryError(QueryMessages.superUnknownKey(key));
      }
    }
    const { field: name, rule: ruleName, val } = record;
    // Like the contract, an entry missing its field, rule or value is dropped (a half-filled row).
    if (isBlank(name) || isBlank(ruleName) || isBlank(val)) continue;
    if (typeof name !== 'string') throw new QueryError(QueryMessages.superFormat);
    const field = fieldOf(name);
    if (!field || !field.filterable) throw new QueryError(QueryMessages.superUnknownField(name));
    const rule = typeof ruleName === 'string' && Object.hasOwn(RULES, ruleName) ? RULES[ruleName] : undefined;
    if (!rule) throw new QueryError(QueryMessages.superUnknownRule(String(ruleName)));
    const condition = ruleCondition(field, rule, rawValue(val, name));
    if (condition) items.push(condition);
  }
  if (items.length === 0) return null;
  if (items.length === 1) return items[0];
  return join === 'or' ? { kind: 'any', items } : { kind: 'all', items };
}
