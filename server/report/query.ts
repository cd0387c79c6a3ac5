/**
 * From a report's definition and a request to the statements that answer it. The author's SQL
 * (the template, with its parameters bound) becomes a subquery `q`; the screen's query fields, the
 * caller's data rules, the sort and the page wrap it with the engine's own condition SQL, over a
 * model whose fields are the report's columns (names checked when the report was saved).
 */
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import {
  buildEntityModel,
  type EntityModel,
  type FieldModel,
} from '../../runtime/model/declaration/model.js';
import type { FieldType } from '../../runtime/model/declaration/types.js';
import {
  compileListQuery,
  single,
  type ListQuery,
  type QueryParams,
} from '../../runtime/model/query/compile.js';
import type { SortTerm } from '../../runtime/model/query/conditions.js';
import {
  compileTemplateParts,
  TemplateMessages,
  type ParamValue,
  type ParamValues,
} from '../../runtime/model/report/template.js';
import { conditionSql } from '../entity/sql.js';
import { ApiError } from '../result.js';
import type { ReportDefinition } from './definition.js';

export const REPORT_ALIAS = 'q';
/** A page holds at most this many rows. */
export const MAX_PAGE_SIZE = 1000;
export const PARAM_PREFIX = 'self_';

const TYPES: Record<string, FieldType> = {
  String: 'string',
  Integer: 'int',
  Double: 'number',
  Date: 'date',
  Datetime: 'datetime',
};

/** The report's columns as an entity model: filters, sorts and data rules name them. */
export function reportModel(def: ReportDefinition): EntityModel {
  const built = buildEntityModel({
    schemaVersion: 3,
    name: `report_${def.head.code}`,
    title: def.head.name,
    table: 'q',
    basePath: '/online/cgreport',
    kind: 'list',
    routes: 'external',
    permissionPrefix: 'report',
    fields: def.items.map((item) => ({
      name: item.fieldName,
      title: item.fieldTxt,
      type: TYPES[item.fieldType] ?? 'string',
      ...(item.dictCode ? { dict: item.dictCode } : {}),
      ...(item.isSearch
        ? { query: { mode: item.searchMode === 'group' ? ('range' as const) : ('single' as const) } }
        : {}),
      sortable: true,
    })),
  });
  // The column is the name the statement returns, not a snake_case spelling of it.
  const declared: FieldModel[] = built.declared.map((f) => ({ ...f, column: f.name }));
  const byName = new Map(declared.map((f) => [f.name, f]));
  return { ...built, fields: declared, declared, field: (name) => byName.get(name) };
}

export interface Caller {
  username: string;
  orgCode: string | null;
  /** 'YYYY-MM-DD HH:mm:ss' in the app's time zone. */
  now: string;
}

function defaultOf(raw: string | null, caller: Caller): string {
  if (!raw) return '';
  const day = caller.now.slice(0, 10);
  const [y, m] = day.split('-').map(Number);
  const monthEnd = new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
  return raw
    .replace(/#\{sysUserCode\}/g, caller.username)
    .replace(/#\{sysOrgCode\}/g, caller.orgCode ?? '')
    .replace(/#\{date\}/g, day)
    .replace(/#\{monthStart\}/g, `${day.slice(0, 8)}01`)
    .replace(/#\{monthEnd\}/g, monthEnd);
}

const splitList = (text: string) =>
  text
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v !== '');

/** The parameters' values from `self_<name>` (defaults when absent); a missing required one is refused. */
export function paramValues(def: ReportDefinition, query: QueryParams, caller: Caller): ParamValues {
  const out: Record<string, ParamValue> = {};
  for (const param of def.params) {
    const key = `${PARAM_PREFIX}${param.paramName}`;
    const sent = single(query, key);
    const raw =
      sent === undefined && single(query, `${key}_begin`) === undefined
        ? defaultOf(param.paramValue, caller)
        : (sent ?? '');
    if (param.paramType === 'dateRange') {
      const [begin = '', end = ''] = raw.includes(',')
        ? raw.split(',')
        : [single(query, `${key}_begin`) ?? raw, single(query, `${key}_end`) ?? ''];
      out[param.paramName] = { begin: begin.trim(), end: end.trim() };
      out[`${param.paramName}_begin`] = begin.trim();
      out[`${param.paramName}_end`] = end.trim();
      if (param.required && !begin.trim() && !end.trim())
        throw new ApiError(TemplateMessages.required(param.paramTxt));
      continue;
    }
    const items = splitList(raw);
    if (param.required && items.length === 0) throw new ApiError(TemplateMessages.required(param.paramTxt));
    out[param.paramName] = items.length > 1 ? items : (items[0] ?? '');
  }
  return out;
}

/** The author's statement with the parameters bound, as a query-builder fragment. */
export function innerSql(def: ReportDefinition, values: ParamValues): RawBuilder<unknown> {
  const parts = compileTemplateParts(def.head.cgrSql, values);
  return sql.join(
    parts.map((part) => (typeof part === 'string' ? sql.raw(part) : sql`${part.value}`)),
    sql``,
  );
}

/** The row count's name in a summary: no report column can be named so (columns are identifiers). */
export const COUNT_ALIAS = '#total';

export interface ReportStatements {
  count: RawBuilder<{ total: number }>;
  /** The count and the footer totals in one pass over the result (COUNT_ALIAS, then one per column). */
  summary: RawBuilder<Record<string, unknown>>;
  page: RawBuilder<Record<string, unknown>>;
  /** The whole (filtered, sorted) result, for an export. */
  all(limit: number): RawBuilder<Record<string, unknown>>;
  query: ListQuery;
}

/** count, page, totals and the whole result over the subquery, with the screen's filters, the scope and the sort. */
export function reportStatements(
  def: ReportDefinition,
  model: EntityModel,
  inner: RawBuilder<unknown>,
  query: QueryParams,
  scope: RawBuilder<SqlBool> | null,
  timeZone: string,
): ReportStatements {
  const ignore = new Set(Object.keys(query).filter((k) => k.startsWith(PARAM_PREFIX)));
  const compiled = compileListQuery(query, (name) => model.field(name), {
    defaultSort: { field: '', order: 'asc' },
    ignore,
  });
  const pageSize = Math.min(compiled.pageSize, MAX_PAGE_SIZE);
  const ctx = { model, timeZone, alias: REPORT_ALIAS };
  const parts: RawBuilder<SqlBool>[] = [];
  if (compiled.where) parts.push(conditionSql(ctx, compiled.where));
  if (scope) parts.push(scope);
  const where = parts.length > 0 ? sql` where ${sql.join(parts, sql` and `)}` : sql``;
  const from = sql`from (${inner}) as ${sql.id(REPORT_ALIAS)}${where}`;
  const sort = compiled.sort.filter((t: SortTerm) => t.field !== '' && model.field(t.field));
  const orderBy =
    sort.length > 0
      ? sql` order by ${sql.join(sort.map((t) => sql`${sql.ref(`${REPORT_ALIAS}.${t.field}`)} ${sql.raw(t.order === 'asc' ? 'asc' : 'desc')}`))}`
      : sql``;
  const totals = def.items.filter((i) => i.isTotal === 'sum' || i.isTotal === 'avg');
  const aggregates = totals.map(
    (i) =>
      sql`${sql.raw(i.isTotal === 'avg' ? 'avg' : 'sum')}(${sql.ref(`${REPORT_ALIAS}.${i.fieldName}`)})::float8 as ${sql.id(i.fieldName)}`,
  );
  return {
    count: sql<{ total: number }>`select count(*)::int as total ${from}`,
    summary: sql<
      Record<string, unknown>
    >`select ${sql.join([sql`count(*)::int as ${sql.id(COUNT_ALIAS)}`, ...aggregates])} ${from}`,
    page: sql<
      Record<string, unknown>
    >`select * ${from}${orderBy} limit ${pageSize} offset ${(compiled.pageNo - 1) * pageSize}`,
    all: (limit) => sql<Record<string, unknown>>`select * ${from}${orderBy} limit ${limit}`,
    query: { ...compiled, pageSize },
  };
}
