/**
 * Values of query parameters, typed by the field: numbers for int/number/money, checked dates and
 * times, Y/N for switches. A value that does not fit is a clear error rather than a silent miss.
 */
import { isDate, isDateTime, isTime } from '../validation/formats.js';
import {
  MAX_VALUE_LENGTH,
  QueryError,
  QueryMessages,
  type QueryField,
  type QueryValue,
} from './conditions.js';

/** Where a value sits: a plain value, or the lower / upper end of a range. */
export type ValueRole = 'value' | 'begin' | 'end';

const INTEGER = /^-?\d{1,15}$/;
const DECIMAL = /^-?\d{1,15}(\.\d{1,10})?$/;

export const DAY_START = ' 00:00:00';
export const DAY_END = ' 23:59:59';

/** A date-only value given for a date-time field (the whole day is meant). */
export function isDayOfDateTime(field: QueryField, raw: string): boolean {
  return field.type === 'datetime' && isDate(raw.trim());
}

export function typeValue(field: QueryField, raw: string, role: ValueRole = 'value'): QueryValue {
  const value = raw.trim();
  if (value.length > MAX_VALUE_LENGTH) throw new QueryError(QueryMessages.tooLong(field.name));
  const bad = (kind: string) => new QueryError(QueryMessages.badValue(field.title, kind, raw));
  switch (field.type) {
    case 'int':
      if (!INTEGER.test(value)) throw bad('整数');
      return Number(value);
    case 'number':
    case 'money':
      if (!DECIMAL.test(value)) throw bad('数字');
      return Number(value);
    case 'date':
      if (!isDate(value)) throw bad('日期(YYYY-MM-DD)');
      return value;
    case 'datetime':
      // The contract: a date-only begin means 00:00:00 of that day, a date-only end 23:59:59.
      if (isDate(value)) return value + (role === 'end' ? DAY_END : DAY_START);
      if (!isDateTime(value)) throw bad('日期时间(YYYY-MM-DD HH:mm:ss)');
      return value;
    case 'time': {
      const full = /^\d{2}:\d{2}$/.test(value) ? `${value}:00` : value;
      if (!isTime(full)) throw bad('时间(HH:mm:ss)');
      return full;
    }
    case 'boolean':
      if (value !== 'Y' && value !== 'N') throw bad('Y或N');
      return value;
    default:
      return value;
  }
}
