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

/** Fields of the query form, in declaration order. */
export function queryFields(model: EntityModel): FieldModel[] {
  return model.declared.filter((f) => f.query && f.filterable);
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
  const params: ListParams = {};
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
  if (sort) {
    params.column = sort.field;
    params.order = sort.order;
  }
  params.pageNo = page.current;
  params.pageSize = page.size;
  return params;
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
