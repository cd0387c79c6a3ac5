/**
 * The advanced query's pure model: the rows the builder edits, the rules it offers, and the
 * `superQueryParams` / `superQueryMatchType` pair the list sends (a URL-encoded JSON array of
 * {field, rule, val, type, dictCode}, the contract's shape; runtime/model/query/super-query.ts reads it).
 */
import type { FieldModel } from '../../model/declaration/model';
import type { QueryRule } from '../../model/declaration/types';

export type MatchType = 'and' | 'or';

export interface SuperQueryRow {
  /** A stable key for React while rows are added and removed. */
  key: string;
  field?: string;
  rule?: QueryRule;
  /** Wire text; an `in` rule holds a comma list. */
  val?: string;
}

/** One entry as sent and as saved (the spec's saved record shape, minus what this engine has no use for). */
export interface SuperQueryEntry {
  field: string;
  rule: QueryRule;
  val: string;
  type: string;
  dictCode?: string;
}

/** The query in effect: what the list adds to its parameters. */
export interface SuperQuery {
  matchType: MatchType;
  entries: SuperQueryEntry[];
}

export const RULE_OPTIONS: readonly { value: QueryRule; label: string }[] = [
  { value: 'eq', label: '等于' },
  { value: 'like', label: '包含' },
  { value: 'right_like', label: '以..开始' },
  { value: 'left_like', label: '以..结尾' },
  { value: 'in', label: '在...中' },
  { value: 'ne', label: '不等于' },
  { value: 'gt', label: '大于' },
  { value: 'ge', label: '大于等于' },
  { value: 'lt', label: '小于' },
  { value: 'le', label: '小于等于' },
];

export const MATCH_OPTIONS: readonly { value: MatchType; label: string }[] = [
  { value: 'and', label: 'AND（所有条件都要求匹配）' },
  { value: 'or', label: 'OR（条件中的任意一个匹配）' },
];

let counter = 0;
export function newRow(init: Omit<SuperQueryRow, 'key'> = {}): SuperQueryRow {
  counter += 1;
  return { key: `r${counter}`, ...init };
}

/** Fields the builder offers: readable, filterable, not hidden from this user; plus the create time. */
export function superQueryFields(
  model: { fields: readonly FieldModel[] },
  hidden: (field: FieldModel) => boolean,
): FieldModel[] {
  return model.fields.filter(
    (f) => f.filterable && f.readable && !hidden(f) && (!f.system || f.name === 'createTime'),
  );
}

/** The rule a field starts with: like for free text, eq for everything else. */
export function defaultRule(field: FieldModel | undefined): QueryRule {
  if (!field) return 'eq';
  return (field.type === 'string' || field.type === 'text') && !field.dict ? 'like' : 'eq';
}

/** Changing the rule: leaving `in` keeps only the first of its values (the spec's rule). */
export function changeRule(row: SuperQueryRow, rule: QueryRule): SuperQueryRow {
  if (rule === 'in' || row.val === undefined) return { ...row, rule };
  const first = row.val.split(',').find((v) => v.trim() !== '');
  return { ...row, rule, val: first?.trim() ?? '' };
}

export function isCompleteRow(row: SuperQueryRow): boolean {
  return Boolean(row.field) && Boolean(row.rule) && row.val !== undefined && row.val.trim() !== '';
}

export function isBlankRow(row: SuperQueryRow): boolean {
  return !row.field && (row.val === undefined || row.val.trim() === '');
}

/** The entries of the rows, or null when any row lacks its field, rule or value (不能查询空条件). */
export function rowsToEntries(
  rows: readonly SuperQueryRow[],
  fieldOf: (name: string) => FieldModel | undefined,
): SuperQueryEntry[] | null {
  if (rows.length === 0 || rows.some((r) => !isCompleteRow(r))) return null;
  return rows.map((r) => {
    const field = fieldOf(r.field ?? '');
    const entry: SuperQueryEntry = {
      field: r.field ?? '',
      rule: r.rule ?? 'eq',
      val: (r.val ?? '').trim(),
      type: field?.type ?? 'string',
    };
    if (field?.dict) entry.dictCode = field.dict;
    return entry;
  });
}

export function entriesToRows(entries: readonly SuperQueryEntry[]): SuperQueryRow[] {
  return entries.map((e) => newRow({ field: e.field, rule: e.rule, val: e.val }));
}

/** The list parameters of a query: the JSON URL-encoded once more, as the contract's clients send it. */
export function superQueryParams(query: SuperQuery | null): Record<string, string> {
  if (!query || query.entries.length === 0) return {};
  return {
    superQueryParams: encodeURIComponent(JSON.stringify(query.entries)),
    superQueryMatchType: query.matchType,
  };
}
