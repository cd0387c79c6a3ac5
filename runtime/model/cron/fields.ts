/**
 * The seven fields of a Quartz schedule expression and their bounds (spec 000 sections 3, 5, 9):
 * second, minute, hour, day-of-month, month, day-of-week, year. Week values are 0-6 from Sunday
 * (SUN..SAT); 7 is read as 0. Data only: the parser, the formatter and the editor read these.
 */

export type CronFieldKey = 'second' | 'minute' | 'hour' | 'day' | 'month' | 'week' | 'year';

/**
 * The modes of a field: not set (?), every (*), range (a-b), loop (a/b), work day (nW), last (L,
 * week: aL), nth weekday (week: a#b), specified (a comma list).
 */
export type CronMode = 'none' | 'every' | 'range' | 'loop' | 'workday' | 'last' | 'nth' | 'specified';

export interface Bounds {
  min: number;
  max: number;
}

export interface FieldSpec {
  key: CronFieldKey;
  /** The Chinese name used in tabs and messages. */
  title: string;
  /** The modes this field offers, in the editor's order. */
  modes: readonly CronMode[];
  /** Values a range, a list or a work day may hold. */
  value: Bounds;
  /** Loop start and interval. */
  loopStart: Bounds;
  interval: Bounds;
  /** What the specified list offers (spec: the day list offers 0-31). */
  options: readonly number[];
  /** Month and week names (JAN..DEC, SUN..SAT) the parser accepts. */
  names?: readonly string[];
}

export const FIELD_KEYS: readonly CronFieldKey[] = [
  'second',
  'minute',
  'hour',
  'day',
  'month',
  'week',
  'year',
];

/**
 * Spec 000 section 5: second 0-59, minute 0-59 (interval 1-60), hour 0-23, day 1-31, week interval
 * 1-7, nth weekday 1-5, month 1-12, year 2019-2119 (interval 1-99; start min 0, end / interval min
 * 1). The year's 2019-2119 is what its list offers; a range or loop start may be any year from 0
 * (the default range, this year to +100, passes 2119 from 2020 on).
 */
export const YEAR_BOUNDS: Bounds = { min: 2019, max: 2119 };
export const YEAR_VALUES: Bounds = { min: 0, max: 9999 };
export const NTH_WEEK_BOUNDS: Bounds = { min: 1, max: 5 };

const span = (min: number, max: number): number[] => Array.from({ length: max - min + 1 }, (_, i) => min + i);

export const MONTH_NAMES = [
  'JAN',
  'FEB',
  'MAR',
  'APR',
  'MAY',
  'JUN',
  'JUL',
  'AUG',
  'SEP',
  'OCT',
  'NOV',
  'DEC',
];
export const WEEK_NAMES = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];
/** 周日..周六 for week values 0..6. */
export const WEEK_TITLES = ['周日', '周一', '周二', '周三', '周四', '周五', '周六'];

const CLOCK: readonly CronMode[] = ['every', 'range', 'loop', 'specified'];

export const FIELD_SPECS: Readonly<Record<CronFieldKey, FieldSpec>> = {
  second: {
    key: 'second',
    title: '秒',
    modes: CLOCK,
    value: { min: 0, max: 59 },
    loopStart: { min: 0, max: 59 },
    interval: { min: 1, max: 60 },
    options: span(0, 59),
  },
  minute: {
    key: 'minute',
    title: '分',
    modes: CLOCK,
    value: { min: 0, max: 59 },
    loopStart: { min: 0, max: 59 },
    interval: { min: 1, max: 60 },
    options: span(0, 59),
  },
  hour: {
    key: 'hour',
    title: '时',
    modes: CLOCK,
    value: { min: 0, max: 23 },
    loopStart: { min: 0, max: 23 },
    interval: { min: 1, max: 24 },
    options: span(0, 23),
  },
  day: {
    key: 'day',
    title: '日',
    modes: ['none', 'every', 'range', 'loop', 'workday', 'last', 'specified'],
    value: { min: 1, max: 31 },
    loopStart: { min: 1, max: 31 },
    interval: { min: 1, max: 31 },
    options: span(0, 31),
  },
  month: {
    key: 'month',
    title: '月',
    modes: CLOCK,
    value: { min: 1, max: 12 },
    loopStart: { min: 1, max: 12 },
    interval: { min: 1, max: 12 },
    options: span(1, 12),
    names: MONTH_NAMES,
  },
  week: {
    key: 'week',
    title: '周',
    modes: ['none', 'every', 'range', 'loop', 'nth', 'last', 'specified'],
    value: { min: 0, max: 6 },
    loopStart: { min: 0, max: 6 },
    interval: { min: 1, max: 7 },
    options: span(0, 6),
    names: WEEK_NAMES,
  },
  year: {
    key: 'year',
    title: '年',
    modes: ['none', 'every', 'range', 'loop', 'specified'],
    value: YEAR_VALUES,
    loopStart: YEAR_VALUES,
    interval: { min: 1, max: 99 },
    options: span(YEAR_BOUNDS.min, YEAR_BOUNDS.max),
  },
};
