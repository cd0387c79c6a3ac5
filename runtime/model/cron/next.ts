/**
 * The next fire times of an expression, computed with cron-parser (the user's choice) in a time
 * zone. cron-parser reads six fields and knows no W, so two things are added around it: the year
 * field (a filter that jumps to the next allowed year) and nW (a filter that jumps to the month's
 * nearest weekday to day n, Quartz's rule: never across the month's edge). A week loop is written
 * out as a list, since cron-parser counts 1/2 up to 7 (Sunday again).
 */
import { CronDate, CronExpressionParser } from 'cron-parser';
import { formatField } from './format';
import { CronMessages } from './messages';
import { parseCron, type Parsed } from './parse';
import type { CronState, FieldState } from './state';

export interface NextOptions {
  /** Exclusive: the first time returned is after it. */
  from: Date;
  count: number;
  /**
   * Inclusive: no time after it is returned, and the enumeration stops there (the scheduler asks
   * for what is owed up to now; without it an every-minute job enumerated days ahead per wake).
   */
  until?: Date;
  /** IANA zone, e.g. Asia/Shanghai; default the process's zone. */
  tz?: string;
  /** The editor's preview ignores the year (spec 000 section 9); the scheduler honours it. */
  ignoreYear?: boolean;
}

/** Candidates looked at before giving up (an expression whose years or W days never match). */
const MAX_STEPS = 20_000;
/** How far ahead a year filter looks for an allowed year. */
const YEAR_HORIZON = 200;

function weekField(state: FieldState): string {
  if (state.mode !== 'loop') return formatField('week', state);
  const days: number[] = [];
  for (let d = state.loopStart; d <= 6; d += state.loopInterval) days.push(d);
  return days.join(',');
}

/** The six fields cron-parser reads; a work day becomes '*' and is filtered afterwards. */
export function parserExpression(state: CronState): string {
  return [
    formatField('second', state.second),
    formatField('minute', state.minute),
    formatField('hour', state.hour),
    state.day.mode === 'workday' ? '*' : formatField('day', state.day),
    formatField('month', state.month),
    weekField(state.week),
  ].join(' ');
}

export function yearAllowed(year: FieldState, y: number): boolean {
  switch (year.mode) {
    case 'range':
      return y >= year.rangeStart && y <= year.rangeEnd;
    case 'loop':
      return y >= year.loopStart && (y - year.loopStart) % year.loopInterval === 0;
    case 'specified':
      return year.specified.includes(y);
    default:
      return true;
  }
}

/** Quartz's nW: the weekday nearest to day n of the month, inside the month; null if n is past its end. */
export function workdayOf(y: number, month: number, n: number): number | null {
  const days = new Date(Date.UTC(y, month, 0)).getUTCDate();
  if (n > days) return null;
  const weekday = new Date(Date.UTC(y, month - 1, n)).getUTCDay();
  if (weekday === 6) return n === 1 ? 3 : n - 1;
  if (weekday === 0) return n === days ? n - 2 : n + 1;
  return n;
}

/** Midnight of a local day (or the first of a month / year) in the zone, as epoch ms. */
function localStart(t: number, tz: string | undefined, set: (d: CronDate) => void): number {
  const d = new CronDate(new Date(t), tz);
  set(d);
  d.setStartOfDay();
  return d.getTime();
}

export function nextFireTimes(expression: string, options: NextOptions): Parsed<Date[]> {
  const parsed = parseCron(expression, options.from.getFullYear());
  if (!parsed.ok) return parsed;
  const state = parsed.value;
  const tz = options.tz;
  const six = parserExpression(state);
  const out: Date[] = [];
  const until = options.until?.getTime() ?? Infinity;
  const start = (at: number) => CronExpressionParser.parse(six, { currentDate: new Date(at), tz });
  let iterator: ReturnType<typeof start>;
  const jump = (to: number) => {
    iterator = start(to - 1);
  };
  try {
    iterator = start(options.from.getTime());
    for (let step = 0; out.length < options.count && step < MAX_STEPS; step += 1) {
      const next = iterator.next();
      const t = next.getTime();
      if (t > until) break;
      const y = next.getFullYear();
      const month = next.getMonth() + 1;
      if (!options.ignoreYear && !yearAllowed(state.year, y)) {
        let target = y + 1;
        while (target <= y + YEAR_HORIZON && !yearAllowed(state.year, target)) target += 1;
        if (target > y + YEAR_HORIZON) break;
        jump(localStart(t, tz, (d) => (d.setDate(1), d.setMonth(0), d.setFullYear(target))));
        continue;
      }
      if (state.day.mode === 'workday') {
        const target = workdayOf(y, month, state.day.workday);
        const day = next.getDate();
        if (target === null || day > target) {
          jump(localStart(t, tz, (d) => (d.setDate(1), d.addMonth())));
          continue;
        }
        if (day < target) {
          jump(localStart(t, tz, (d) => d.setDate(target)));
          continue;
        }
      }
      out.push(new Date(t));
    }
  } catch {
    // cron-parser refuses a day no month has (30 February) or finds no further time: what was
    // found stands; the syntax itself was checked by parseCron.
  }
  return { ok: true, value: out };
}

/** Accepts the expression when it parses and has at least one future fire time. */
export function validateCron(expression: string, options: { from?: Date; tz?: string } = {}): string | null {
  const from = options.from ?? new Date();
  let times: Parsed<Date[]>;
  try {
    times = nextFireTimes(expression, { from, count: 1, tz: options.tz });
  } catch (error) {
    return error instanceof Error ? `Cron表达式有误：${error.message}` : CronMessages.noFireTime;
  }
  if (!times.ok) return times.message;
  return times.value.length === 0 ? CronMessages.noFireTime : null;
}
