/**
 * From the query form's values to the list call's parameters, in the contract's micro-syntax:
 * a field queried `like` sends `*v*` (right_like `v*`, left_like `*v`, ne `!v`, gt/ge/lt/le the
 * operator prefix), `in` a comma list, anything else the exact value; a range field sends
 * `<field>_begin` / `<field>_end`. Empty values send nothing (an empty filter is no filter).
 */
import type { EntityModel, FieldModel } from '../../model/declaration/model';
import type { QueryRule } from '../../model/declaration/types';
import type { ListParams } from '../data/adapter';

export type QueryValues = Record<string, unknown>;

export interface SortState {
  field: string;
  order: 'asc' | 'desc';
}

/** Fields of the query form, in declaration order; a screen's fixed parameters are not offered. */
export function queryFields(model: EntityModel): FieldModel[] {
  return model.declared.filter((f) => f.query && f.filterable && !(f.name in model.fixedParams));
}

/**
 * The query a link opened the list with (`/system/quartzJobLog?jobName=…`: 执行日志 of a job): the
 * single-mode query fields named in the address, as the form's first values. The user can change
 * or clear them like any query; other parameters in the address are ignored.
 */
export function queryFromSearch(model: EntityModel, search: string): QueryValues {
  const given = new URLSearchParams(search);
  const out: QueryValues = {};
  for (const field of queryFields(model)) {
    const value = given.get(field.name);
    if (value !== null && value !== '' && field.query?.mode !== 'range') out[field.name] = value;
  }
  return out;
}

const PREFIX: Partial<Record<QueryRule, string>> = { ne: '!', gt: '>', ge: '>=', lt: '<', le: '<=' };

function text(value: unknown): string {
  if (Array.isArray(value)) return value.map(String).join(',');
  return value === undefined || value === null ? '' : String(value).trim();
}

/** One single-mode value in the micro-syntax of the field's rule. */
export function singleValue(rule: QueryRule | undefined, raw: unknown): string {
  const value = text(raw);
  if (value === '') return '';
  switch (rule) {
    case 'like':
      return `*${value}*`;
    case 'right_like':
      return `${value}*`;
    case 'left_like':
      return `*${value}`;
    case 'in':
      return value;
    default: {
      const prefix = rule ? PREFIX[rule] : undefined;
      return prefix ? `${prefix}${value}` : value;
    }
  }
}

export function buildQueryParams(
  model: EntityModel,
  values: QueryValues,
  sort: SortState | null,
  page: { current: number; size: number },
): ListParams {
  const params: ListParams = { ...model.fixedParams };
  for (const field of queryFields(model)) {
    if (field.query?.mode === 'range') {
      const [begin, end] = Array.isArray(values[field.name]) ? (values[field.name] as unknown[]) : [];
      if (text(begin) !== '') params[`${field.name}_begin`] = text(begin);
      if (text(end) !== '') params[`${field.name}_end`] = text(end);
      continue;
    }
    const value = singleValue(field.query?.rule, values[field.name]);
    if (value !== '') params[field.name] = value;
  }
  // Without a sort of the user's the call names the screen's default, so every list sorts the same
  // way on the server as in the request (spec 001 section 9: createTime descending unless declared).
  const { field, order } = sort ?? model.defaultSort;
  params.column = field;
  params.order = order;
  params.pageNo = page.current;
  params.pageSize = page.size;
  return params;
}

/** Characters a query label shows on one line; a longer one wraps to a second line. */
export const QUERY_LABEL_CHARS = 6;
const LABEL_CHAR_PX = 14;
/** The colon antd's zh_CN layout adds and the gap before the input. */
const LABEL_EXTRA_PX = 22;

/** The query form's label width: its longest label, up to QUERY_LABEL_CHARS characters. */
export function queryLabelWidth(fields: readonly { title: string }[]): number {
  const longest = Math.max(2, ...fields.map((f) => [...f.title].length));
  return Math.min(longest, QUERY_LABEL_CHARS) * LABEL_CHAR_PX + LABEL_EXTRA_PX;
}

/** The spec's total text: 'a-b 共N条'. */
export function totalText(total: number, range: readonly [number, number]): string {
  return `${range[0]}-${range[1]} 共${total}条`;
}

/** How many query items show before 展开 (the form collapses beyond this). */
export const COLLAPSED_QUERY_ITEMS = 3;

export function visibleQueryFields<T>(fields: readonly T[], expanded: boolean): readonly T[] {
  return expanded || fields.length <= COLLAPSED_QUERY_ITEMS ? fields : fields.slice(0, COLLAPSED_QUERY_ITEMS);
}
