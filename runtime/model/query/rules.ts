/**
 * One rule applied to one field: the shared step of the list micro-syntax and the advanced query.
 * Values are typed by the field; a date-only value on a date-time field means the whole day.
 */
import type { QueryRule } from '../declaration/types.js';
import {
  MAX_IN_VALUES,
  MAX_VALUE_LENGTH,
  QueryError,
  QueryMessages,
  type CompareOp,
  type Condition,
  type LikeMatch,
  type QueryField,
} from './conditions.js';
import { DAY_END, DAY_START, isDayOfDateTime, typeValue } from './values.js';

const LIKE: Partial<Record<QueryRule, LikeMatch>> = {
  like: 'contains',
  right_like: 'startsWith',
  left_like: 'endsWith',
};

function splitList(raw: string | string[]): string[] {
  const items = Array.isArray(raw) ? raw : raw.split(',');
  return items.map((v) => v.trim()).filter((v) => v !== '');
}

/** A comparison where a date-only value on a date-time field stands for the whole day. */
function compare(field: QueryField, op: CompareOp, raw: string): Condition {
  if (isDayOfDateTime(field, raw)) {
    const day = raw.trim();
    const start = day + DAY_START;
    const end = day + DAY_END;
    const at = (o: CompareOp, value: string): Condition => ({
      kind: 'compare',
      field: field.name,
      op: o,
      value,
    });
    switch (op) {
      case 'eq':
        return { kind: 'all', items: [at('ge', start), at('le', end)] };
      case 'ne':
        return { kind: 'any', items: [at('lt', start), at('gt', end)] };
      case 'gt':
      case 'le':
        return at(op, end);
      default:
        return at(op, start);
    }
  }
  const role = op === 'le' || op === 'lt' ? 'end' : 'begin';
  return {
    kind: 'compare',
    field: field.name,
    op,
    value: typeValue(field, raw, op === 'eq' || op === 'ne' ? 'value' : role),
  };
}

/** The condition of `rule` over `raw`; null when the value is empty (an empty filter is no filter). */
export function ruleCondition(field: QueryField, rule: QueryRule, raw: string | string[]): Condition | null {
  const match = LIKE[rule];
  if (match) {
    const value = (Array.isArray(raw) ? raw.join(',') : raw).trim();
    if (value.length > MAX_VALUE_LENGTH) throw new QueryError(QueryMessages.tooLong(field.name));
    return value === '' ? null : { kind: 'like', field: field.name, match, value };
  }
  if (rule === 'in') {
    const items = splitList(raw);
    if (items.length === 0) return null;
    if (items.length > MAX_IN_VALUES)
      throw new QueryError(QueryMessages.tooManyValues(field.name, MAX_IN_VALUES));
    return { kind: 'in', field: field.name, values: items.map((v) => typeValue(field, v)) };
  }
  const value = Array.isArray(raw) ? (raw[0] ?? '') : raw;
  if (value.trim() === '') return null;
  // The like rules and 'in' returned above; what is left is a comparison.
  return compare(field, rule as CompareOp, value);
}

/** `,a,b,`: a multi-select column stored as a comma list holds any of the values. */
export function anyLike(field: QueryField, raw: string): Condition | null {
  const items = splitList(raw);
  if (items.length === 0) return null;
  if (items.length > MAX_IN_VALUES)
    throw new QueryError(QueryMessages.tooManyValues(field.name, MAX_IN_VALUES));
  const likes: Condition[] = items.map((value) => ({
    kind: 'like',
    field: field.name,
    match: 'contains',
    value,
  }));
  return likes.length === 1 ? likes[0] : { kind: 'any', items: likes };
}
