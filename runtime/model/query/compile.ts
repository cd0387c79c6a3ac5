/**
 * The list query compiler: the request's query parameters in, a typed condition tree, the sort and
 * the page out. Every parameter is a declared filterable field (plain value or `_begin`/`_end`), a
 * known paging/sort/advanced-query parameter, or an error.
 */
import {
  all,
  QueryError,
  QueryMessages,
  type Condition,
  type QueryField,
  type SortTerm,
} from './conditions.js';
import { microSyntaxCondition } from './micro-syntax.js';
import { compileSort } from './sort.js';
import { superQueryCondition } from './super-query.js';
import { typeValue } from './values.js';

/** Parameters that are not filters: paging, sort, column choice, cache buster, advanced query. */
export const NON_FILTER_PARAMS: ReadonlySet<string> = new Set([
  'pageNo',
  'pageSize',
  'column',
  'order',
  'field',
  '_t',
  'superQueryParams',
  'superQueryMatchType',
  'superQueryFlag',
]);

export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 1000;

export type QueryParams = Readonly<Record<string, string | readonly string[] | undefined>>;

export interface CompileOptions {
  defaultSort: SortTerm;
  /** More parameter names the route reads itself (a tree call's pid, hasQuery ...). */
  ignore?: ReadonlySet<string>;
}

export interface ListQuery {
  where: Condition | null;
  sort: SortTerm[];
  pageNo: number;
  pageSize: number;
}

/** One value per parameter: a repeated parameter is refused rather than guessed. */
export function single(params: QueryParams, name: string): string | undefined {
  const value = params[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw new QueryError(QueryMessages.repeated(name));
  return value;
}

function positive(raw: string | undefined, fallback: number, max: number): number {
  const n = Number(raw);
  if (raw === undefined || raw === '' || !Number.isInteger(n) || n < 1) return fallback;
  return Math.min(n, max);
}

/** The filter conditions of the plain parameters (micro-syntax and ranges). */
export function filterConditions(
  params: QueryParams,
  fieldOf: (name: string) => QueryField | undefined,
  ignore: ReadonlySet<string> = new Set(),
): Condition[] {
  const out: Condition[] = [];
  for (const name of Object.keys(params)) {
    if (NON_FILTER_PARAMS.has(name) || ignore.has(name)) continue;
    const raw = single(params, name);
    if (raw === undefined) continue;
    const direct = fieldOf(name);
    if (direct?.filterable) {
      const condition = microSyntaxCondition(direct, raw);
      if (condition) out.push(condition);
      continue;
    }
    const range = /^(.+)_(begin|end)$/.exec(name);
    const field = range ? fieldOf(range[1]) : undefined;
    if (!range || !field?.filterable) throw new QueryError(QueryMessages.unknownParam(name));
    if (raw.trim() === '') continue;
    const end = range[2] === 'end';
    out.push({
      kind: 'compare',
      field: field.name,
      op: end ? 'le' : 'ge',
      value: typeValue(field, raw, end ? 'end' : 'begin'),
    });
  }
  return out;
}

export function compileListQuery(
  params: QueryParams,
  fieldOf: (name: string) => QueryField | undefined,
  options: CompileOptions,
): ListQuery {
  const conditions = filterConditions(params, fieldOf, options.ignore);
  const advanced = superQueryCondition(
    single(params, 'superQueryParams'),
    single(params, 'superQueryMatchType'),
    fieldOf,
  );
  // The advanced query is one group ANDed with the plain filters, whatever its own join.
  if (advanced) conditions.push(advanced);
  return {
    where: all(conditions),
    sort: compileSort(single(params, 'column'), single(params, 'order'), fieldOf, options.defaultSort),
    pageNo: positive(single(params, 'pageNo'), 1, Number.MAX_SAFE_INTEGER),
    pageSize: positive(single(params, 'pageSize'), DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE),
  };
}
