/**
 * The typed condition tree the query compiler produces. It names declared fields only and holds
 * typed values; it contains no SQL. The server turns it into Kysely expressions with bound values;
 * a browser could evaluate it over cached rows.
 */
import type { FieldType } from '../declaration/types.js';

export type CompareOp = 'eq' | 'ne' | 'gt' | 'ge' | 'lt' | 'le';
/** contains = the contract's like, startsWith = right_like, endsWith = left_like. */
export type LikeMatch = 'contains' | 'startsWith' | 'endsWith';
export type QueryValue = string | number;

export type Condition =
  | { kind: 'compare'; field: string; op: CompareOp; value: QueryValue }
  | { kind: 'like'; field: string; match: LikeMatch; value: string }
  | { kind: 'in'; field: string; values: QueryValue[] }
  | { kind: 'all'; items: Condition[] }
  | { kind: 'any'; items: Condition[] };

export interface SortTerm {
  field: string;
  order: 'asc' | 'desc';
}

/** What the compiler needs to know about a field (an EntityModel's FieldModel fits). */
export interface QueryField {
  name: string;
  title: string;
  type: FieldType;
  filterable: boolean;
  sortable: boolean;
}

/** A query the caller got wrong; the message is shown to the user as is. */
export class QueryError extends Error {}

export const QueryMessages = {
  unknownParam: (name: string) => `查询字段不存在：${name}`,
  repeated: (name: string) => `参数错误：${name}只能有一个值`,
  tooLong: (name: string) => `查询条件过长：${name}`,
  badValue: (title: string, kind: string, raw: string) => `${title}的查询值必须是${kind}：${raw}`,
  unknownSort: (column: string) => `请注意，将要排序的列字段不存在：${column}`,
  tooManySorts: '排序字段过多',
  superFormat: '高级查询参数格式不正确',
  superTooMany: (max: number) => `高级查询条件过多，最多${max}个`,
  superUnknownKey: (key: string) => `高级查询条件含有不支持的属性：${key}`,
  superUnknownField: (field: string) => `高级查询字段不存在：${field}`,
  superUnknownRule: (rule: string) => `高级查询规则不存在：${rule}`,
  superBadValue: (field: string) => `高级查询条件的值不正确：${field}`,
  superMatchType: '高级查询匹配方式只能是and或or',
  tooManyValues: (name: string, max: number) => `查询条件的值过多：${name}，最多${max}个`,
} as const;

/** Longest raw value accepted in one parameter. */
export const MAX_VALUE_LENGTH = 1000;
/** Most values of one `in` list. */
export const MAX_IN_VALUES = 200;

export function all(items: Condition[]): Condition | null {
  if (items.length === 0) return null;
  return items.length === 1 ? items[0] : { kind: 'all', items };
}
