/**
 * The contract's value micro-syntax of plain list parameters (JeecgBoot's QueryGenerator):
 *   `*v*` like, `v*` right_like, `*v` left_like, `*` alone equals '*',
 *   `>= v`, `> v`, `<= v`, `< v`, `!= v` (the space is optional here),
 *   `,a,b,` any of the values inside a comma list, `a,b` in, `!v` not equal, else equal.
 */
import type { QueryRule } from '../declaration/types.js';
import type { Condition, QueryField } from './conditions.js';
import { anyLike, ruleCondition } from './rules.js';

export type ParsedValue = { rule: QueryRule; value: string } | { rule: 'anyLike'; value: string };

const OPERATORS: readonly [string, QueryRule][] = [
  ['>=', 'ge'],
  ['<=', 'le'],
  ['!=', 'ne'],
  ['>', 'gt'],
  ['<', 'lt'],
];

/** The rule a raw value asks for, and the operand; null for an empty value. */
export function parseMicroSyntax(raw: string): ParsedValue | null {
  const value = raw.trim();
  if (value === '') return null;
  for (const [symbol, rule] of OPERATORS) {
    if (value.startsWith(symbol) && value.length > symbol.length) {
      return { rule, value: value.slice(symbol.length).trim() };
    }
  }
  if (value === '*') return { rule: 'eq', value };
  const starts = value.startsWith('*');
  const ends = value.endsWith('*');
  if (starts && ends) return { rule: 'like', value: value.slice(1, -1) };
  if (starts) return { rule: 'left_like', value: value.slice(1) };
  if (ends) return { rule: 'right_like', value: value.slice(0, -1) };
  if (value.length > 2 && value.startsWith(',') && value.endsWith(',')) return { rule: 'anyLike', value };
  if (value.includes(',')) return { rule: 'in', value };
  if (value.startsWith('!') && value.length > 1) return { rule: 'ne', value: value.slice(1) };
  return { rule: 'eq', value };
}

/** The condition of one plain parameter on a field; null when it asks for nothing. */
export function microSyntaxCondition(field: QueryField, raw: string): Condition | null {
  const parsed = parseMicroSyntax(raw);
  if (!parsed) return null;
  if (parsed.rule === 'anyLike') return anyLike(field, parsed.value);
  return ruleCondition(field, parsed.rule, parsed.value);
}
