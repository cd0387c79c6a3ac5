/**
 * The editor's model of one field (spec 000 section 3: a type, range start / end, loop start /
 * interval, specified list, work-day number) and its defaults (section 9).
 */
import { FIELD_SPECS, type CronFieldKey, type CronMode } from './fields';

export interface FieldState {
  mode: CronMode;
  rangeStart: number;
  rangeEnd: number;
  loopStart: number;
  loopInterval: number;
  specified: number[];
  /** Day: the n of nW. */
  workday: number;
  /** Week: a#b is weekday a in week b of the month. */
  nthDay: number;
  nthWeek: number;
  /** Week: aL is the last weekday a of the month. */
  lastDay: number;
}

export type CronState = Record<CronFieldKey, FieldState>;

/** Spec 000 section 9: second, minute, hour, day, month '*'; week '?'; year '*'. */
export const DEFAULT_MODES: Readonly<Record<CronFieldKey, CronMode>> = {
  second: 'every',
  minute: 'every',
  hour: 'every',
  day: 'every',
  month: 'every',
  week: 'none',
  year: 'every',
};

/** Spec 000 section 9: loop start 0, interval 1; year increments start 2017. */
export const LOOP_DEFAULT = { start: 0, interval: 1 } as const;
export const YEAR_LOOP_START = 2017;
/** Spec 000 section 9: year range from this year to +100. */
export const YEAR_RANGE_SPAN = 100;

/**
 * A field's defaults in every mode. Loop start 0 does not exist for day and month (1-31, 1-12):
 * there it starts at the field's first value.
 */
export function defaultField(key: CronFieldKey, thisYear: number): FieldState {
  const spec = FIELD_SPECS[key];
  const state: FieldState = {
    mode: DEFAULT_MODES[key],
    rangeStart: spec.value.min,
    rangeEnd: spec.value.max,
    loopStart: Math.max(LOOP_DEFAULT.start, spec.loopStart.min),
    loopInterval: LOOP_DEFAULT.interval,
    specified: [spec.value.min],
    workday: 1,
    nthDay: 1,
    nthWeek: 1,
    lastDay: 5,
  };
  if (key === 'week') {
    state.rangeStart = 1;
    state.rangeEnd = 5;
  }
  if (key === 'year') {
    state.rangeStart = thisYear;
    state.rangeEnd = thisYear + YEAR_RANGE_SPAN;
    state.loopStart = YEAR_LOOP_START;
    state.specified = [thisYear];
  }
  return state;
}

export function defaultState(thisYear: number): CronState {
  return {
    second: defaultField('second', thisYear),
    minute: defaultField('minute', thisYear),
    hour: defaultField('hour', thisYear),
    day: defaultField('day', thisYear),
    month: defaultField('month', thisYear),
    week: defaultField('week', thisYear),
    year: defaultField('year', thisYear),
  };
}
