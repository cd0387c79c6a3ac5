/**
 * The fill rule generators a rule may name (rule_class) and their parameters (rule_params, JSON),
 * checked when a rule is saved. Pure: the counter and the database are generate.ts's.
 *
 * - dateSequence: prefix + date + separator + zero-padded counter that restarts with every new
 *   date text, e.g. {"prefix":"WO","datePattern":"yyyyMMdd","separator":"-","digits":4} gives
 *   WO20261122-0001 (yyyyMM would restart monthly).
 * - sequence: prefix + zero-padded counter that never restarts, e.g. HT000001.
 * - orgCode: department codes (A01, A01A01, ...: server/sys/depart/codes.ts) under the parent the
 *   record names (parentField, default parentId).
 */
import { ApiError } from '../../result.js';
import { zonedClock } from '../../http/dates.js';

export type FillRuleClass = 'dateSequence' | 'sequence' | 'orgCode';

export const FILL_RULE_CLASSES: readonly FillRuleClass[] = ['dateSequence', 'sequence', 'orgCode'];

export interface DateSequenceParams {
  prefix: string;
  datePattern: string;
  separator: string;
  digits: number;
}

export interface SequenceParams {
  prefix: string;
  digits: number;
  start: number;
}

export interface OrgCodeParams {
  parentField: string;
}

export type FillRuleParams =
  | { ruleClass: 'dateSequence'; params: DateSequenceParams }
  | { ruleClass: 'sequence'; params: SequenceParams }
  | { ruleClass: 'orgCode'; params: OrgCodeParams };

export const FillRuleMessages = {
  badClass: '规则类型只能是 dateSequence、sequence 或 orgCode',
  notJson: '规则参数必须是JSON对象',
  unknownParam: (name: string) => `规则参数不认识：${name}`,
  prefix: '前缀最多20个字符，只能包含字母、数字、下划线和短横线',
  separator: '分隔符最多3个字符，不能包含空白',
  digits: '流水号位数必须是1到12之间的整数',
  start: '起始值必须是0到999999999之间的整数',
  datePattern: '日期格式只能由 yyyy、yy、MM、dd、HH 组成（可含 - _ /）',
  parentField: '上级字段必须是字段名，如 parentId',
  unknownRule: (code: string) => `填值规则不存在：${code}`,
  exhausted: (code: string) => `填值规则 ${code} 的编号已用完`,
  noParent: '上级部门不存在',
} as const;

const PREFIX = /^[A-Za-z0-9_-]{0,20}$/;
const SEPARATOR = /^[^\s]{0,3}$/;
const DATE_PATTERN = /^(yyyy|yy|MM|dd|HH|[-_/])+$/;
const FIELD = /^[a-z][a-zA-Z0-9]{0,49}$/;

function integer(value: unknown, min: number, max: number, message: string, fallback: number): number {
  if (value === undefined) return fallback;
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < min || n > max) throw new ApiError(message);
  return n;
}

function textParam(value: unknown, pattern: RegExp, message: string, fallback: string): string {
  if (value === undefined) return fallback;
  if (typeof value !== 'string' || !pattern.test(value)) throw new ApiError(message);
  return value;
}

function onlyKeys(raw: Record<string, unknown>, allowed: readonly string[]): void {
  for (const key of Object.keys(raw))
    if (!allowed.includes(key)) throw new ApiError(FillRuleMessages.unknownParam(key));
}

/** A rule's class and parameters, checked and with their defaults; throws ApiError on a mistake. */
export function parseFillRule(ruleClass: string, paramsJson: string): FillRuleParams {
  if (!(FILL_RULE_CLASSES as readonly string[]).includes(ruleClass))
    throw new ApiError(FillRuleMessages.badClass);
  let raw: unknown;
  try {
    raw = JSON.parse(paramsJson.trim() === '' ? '{}' : paramsJson);
  } catch {
    throw new ApiError(FillRuleMessages.notJson);
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    throw new ApiError(FillRuleMessages.notJson);
  const p = raw as Record<string, unknown>;
  switch (ruleClass as FillRuleClass) {
    case 'dateSequence':
      onlyKeys(p, ['prefix', 'datePattern', 'separator', 'digits']);
      return {
        ruleClass: 'dateSequence',
        params: {
          prefix: textParam(p.prefix, PREFIX, FillRuleMessages.prefix, ''),
          datePattern: textParam(p.datePattern, DATE_PATTERN, FillRuleMessages.datePattern, 'yyyyMMdd'),
          separator: textParam(p.separator, SEPARATOR, FillRuleMessages.separator, ''),
          digits: integer(p.digits, 1, 12, FillRuleMessages.digits, 4),
        },
      };
    case 'sequence':
      onlyKeys(p, ['prefix', 'digits', 'start']);
      return {
        ruleClass: 'sequence',
        params: {
          prefix: textParam(p.prefix, PREFIX, FillRuleMessages.prefix, ''),
          digits: integer(p.digits, 1, 12, FillRuleMessages.digits, 6),
          start: integer(p.start, 0, 999_999_999, FillRuleMessages.start, 1),
        },
      };
    case 'orgCode':
      onlyKeys(p, ['parentField']);
      return {
        ruleClass: 'orgCode',
        params: { parentField: textParam(p.parentField, FIELD, FillRuleMessages.parentField, 'parentId') },
      };
  }
}

/** The wall-clock parts of `now` in a time zone. */
function clockParts(now: Date, timeZone: string): Record<'yyyy' | 'MM' | 'dd' | 'HH', string> {
  // 'YYYY-MM-DD HH:mm:ss' from the process-wide clock of the zone.
  const t = zonedClock(timeZone).dateTime(now);
  return { yyyy: t.slice(0, 4), MM: t.slice(5, 7), dd: t.slice(8, 10), HH: t.slice(11, 13) };
}

/** `now` written with a date pattern (yyyy yy MM dd HH and - _ /), in the app's time zone. */
export function formatDatePattern(pattern: string, now: Date, timeZone: string): string {
  const clock = clockParts(now, timeZone);
  return pattern.replace(/yyyy|yy|MM|dd|HH/g, (token) =>
    token === 'yy' ? clock.yyyy.slice(2) : clock[token as 'yyyy' | 'MM' | 'dd' | 'HH'],
  );
}

/** A counter value zero-padded to `digits` (a longer number is written in full, never cut). */
export function padded(value: number, digits: number): string {
  return String(value).padStart(digits, '0');
}

/** The n-th department code segment (1 -> A01, 99 -> A99, 100 -> B01), or null past Z99. */
export function segmentOf(n: number): string | null {
  if (!Number.isInteger(n) || n < 1 || n > 26 * 99) return null;
  const letter = String.fromCharCode('A'.charCodeAt(0) + Math.floor((n - 1) / 99));
  return `${letter}${String(((n - 1) % 99) + 1).padStart(2, '0')}`;
}

/** The position of a segment (A01 -> 1, B01 -> 100), or 0 when it is not one. */
export function segmentNumber(segment: string): number {
  if (!/^[A-Z][0-9]{2}$/.test(segment) || segment.endsWith('00')) return 0;
  return (segment.charCodeAt(0) - 'A'.charCodeAt(0)) * 99 + Number(segment.slice(1));
}
