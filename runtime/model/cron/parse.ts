/**
 * Expression text to field states (? - / W L # , number, *), with a Chinese message for anything
 * else. Never throws: an editor shows the message and keeps the text.
 */
import { FIELD_KEYS, FIELD_SPECS, NTH_WEEK_BOUNDS, type Bounds, type CronFieldKey } from './fields';
import { defaultField, type CronState, type FieldState } from './state';
import { CronMessages } from './messages';

export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

const fail = <T>(message: string): Parsed<T> => ({ ok: false, message });

/** One value: a whole number or a month / week name; week 7 is Sunday (0). */
function value(key: CronFieldKey, text: string, bounds: Bounds, what = '取值'): Parsed<number> {
  const spec = FIELD_SPECS[key];
  let n: number;
  const named = spec.names?.indexOf(text) ?? -1;
  if (named >= 0) n = key === 'month' ? named + 1 : named;
  else if (/^\d{1,4}$/.test(text)) n = Number(text);
  else return fail(CronMessages.unsupported(spec.title, text));
  if (key === 'week' && n === 7) n = 0;
  if (n < bounds.min || n > bounds.max) return fail(CronMessages.outOfRange(spec.title, what, bounds));
  return { ok: true, value: n };
}

function loop(key: CronFieldKey, start: string, interval: string, base: FieldState): Parsed<FieldState> {
  const spec = FIELD_SPECS[key];
  const a =
    start === '*'
      ? { ok: true as const, value: spec.loopStart.min }
      : value(key, start, spec.loopStart, '起始值');
  if (!a.ok) return a;
  const b = value(key, interval, spec.interval, '间隔');
  if (!b.ok) return b;
  return { ok: true, value: { ...base, mode: 'loop', loopStart: a.value, loopInterval: b.value } };
}

export function parseField(key: CronFieldKey, raw: string, thisYear: number): Parsed<FieldState> {
  const spec = FIELD_SPECS[key];
  const text = raw.trim().toUpperCase();
  const base = defaultField(key, thisYear);
  if (/\d\.\d/.test(text)) return fail(CronMessages.notNumber(spec.title, raw.trim()));
  if (text === '' && key === 'year') return { ok: true, value: { ...base, mode: 'none' } };
  if (text === '?') {
    if (!spec.modes.includes('none')) return fail(CronMessages.noQuestion(spec.title));
    return { ok: true, value: { ...base, mode: 'none' } };
  }
  if (text === '*') return { ok: true, value: { ...base, mode: 'every' } };
  let m = /^(\*|\w+)\/(\w+)$/.exec(text);
  if (m) return loop(key, m[1], m[2], base);
  m = /^(\w+)-(\w+)$/.exec(text);
  if (m) {
    const a = value(key, m[1], spec.value);
    if (!a.ok) return a;
    const b = value(key, m[2], spec.value);
    if (!b.ok) return b;
    if (a.value > b.value) return fail(CronMessages.rangeOrder(spec.title));
    return { ok: true, value: { ...base, mode: 'range', rangeStart: a.value, rangeEnd: b.value } };
  }
  if (key === 'day' && text === 'L') return { ok: true, value: { ...base, mode: 'last' } };
  m = /^(\d+)W$/.exec(text);
  if (m && key === 'day') {
    const n = value(key, m[1], spec.value);
    return n.ok ? { ok: true, value: { ...base, mode: 'workday', workday: n.value } } : n;
  }
  m = /^(\w+)#(\d+)$/.exec(text);
  if (m && key === 'week') {
    const d = value(key, m[1], spec.value);
    if (!d.ok) return d;
    const n = value(key, m[2], NTH_WEEK_BOUNDS, '第几周');
    if (!n.ok) return n;
    return { ok: true, value: { ...base, mode: 'nth', nthDay: d.value, nthWeek: n.value } };
  }
  m = /^(\w+)L$/.exec(text);
  if (m && key === 'week') {
    const d = value(key, m[1], spec.value);
    return d.ok ? { ok: true, value: { ...base, mode: 'last', lastDay: d.value } } : d;
  }
  if (/^\w+(,\w+)*$/.test(text)) {
    const list: number[] = [];
    for (const part of text.split(',')) {
      const v = value(key, part, spec.value);
      if (!v.ok) return v;
      list.push(v.value);
    }
    return {
      ok: true,
      value: { ...base, mode: 'specified', specified: [...new Set(list)].sort((a, b) => a - b) },
    };
  }
  return fail(CronMessages.unsupported(spec.title, raw.trim()));
}

/** The whole expression: six or seven fields, day and week exclusive (exactly one is '?'). */
export function parseCron(expression: string, thisYear: number): Parsed<CronState> {
  const parts = expression
    .trim()
    .split(/\s+/)
    .filter((p) => p !== '');
  if (parts.length === 0) return fail(CronMessages.empty);
  if (parts.length !== 6 && parts.length !== 7) return fail(CronMessages.fieldCount(parts.length));
  const state = {} as CronState;
  for (const [i, key] of FIELD_KEYS.entries()) {
    const field = parseField(key, parts[i] ?? '', thisYear);
    if (!field.ok) return field;
    state[key] = field.value;
  }
  const dayNone = state.day.mode === 'none';
  const weekNone = state.week.mode === 'none';
  if (dayNone && weekNone) return fail(CronMessages.bothQuestion);
  if (!dayNone && !weekNone) return fail(CronMessages.dayWeekExclusive);
  return { ok: true, value: state };
}
