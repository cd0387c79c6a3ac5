/**
 * Dates leave the API as 'YYYY-MM-DD HH:mm:ss' in the configured time zone (the contract's format).
 *
 * Formatting with Intl costs some microseconds per date, and creating an Intl.DateTimeFormat a
 * fraction of a millisecond - measurable on a list of a few dozen rows (a profile of the workbench's
 * to-do list put ~15 % of its server time there). So the zone's UTC offset is asked of Intl once per
 * 15-minute stretch of time and cached; the digits are written by hand. Every real zone changes its
 * offset on a quarter-hour boundary, and a stretch whose two ends disagree (a change inside it, or a
 * historical local-mean-time zone) is formatted by Intl itself, as are years outside 1000-9999.
 */

const STRETCH_MS = 15 * 60_000;
const MAX_STRETCHES = 4096;

export interface ZonedClock {
  /** 'YYYY-MM-DD HH:mm:ss' of the instant in the zone. */
  dateTime(d: Date): string;
  /** 'YYYY-MM-DD' of the instant in the zone. */
  date(d: Date): string;
}

const clocks = new Map<string, ZonedClock>();

/** One clock per time zone for the whole process (they only cache what Intl says). */
export function zonedClock(timeZone: string): ZonedClock {
  let clock = clocks.get(timeZone);
  if (!clock) clocks.set(timeZone, (clock = createZonedClock(timeZone)));
  return clock;
}

const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));

function createZonedClock(timeZone: string): ZonedClock {
  // The Swedish locale writes ISO-like 'YYYY-MM-DD HH:mm:ss'.
  const intl = new Intl.DateTimeFormat('sv-SE', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  const numeric = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
    hourCycle: 'h23',
  });
  const offsets = new Map<number, number | null>();

  /** Wall clock minus UTC at an instant, in ms (whole seconds). */
  function offsetAt(ms: number): number {
    const whole = Math.floor(ms / 1000) * 1000;
    const part: Record<string, number> = {};
    for (const p of numeric.formatToParts(new Date(whole)))
      if (p.type !== 'literal') part[p.type] = Number(p.value);
    const wall = new Date(0);
    wall.setUTCFullYear(part.year, part.month - 1, part.day);
    wall.setUTCHours(part.hour, part.minute, part.second, 0);
    return wall.getTime() - whole;
  }

  /** The instant shifted so its UTC fields read the zone's wall clock, or null where Intl must answer. */
  function wall(d: Date): Date | null {
    const ms = d.getTime();
    if (Number.isNaN(ms)) return null;
    const stretch = Math.floor(ms / STRETCH_MS);
    let offset = offsets.get(stretch);
    if (offset === undefined) {
      const start = offsetAt(stretch * STRETCH_MS);
      offset = start === offsetAt(stretch * STRETCH_MS + STRETCH_MS - 1000) ? start : null;
      if (offsets.size >= MAX_STRETCHES) offsets.clear();
      offsets.set(stretch, offset);
    }
    if (offset === null) return null;
    const shifted = new Date(ms + offset);
    const year = shifted.getUTCFullYear();
    return year < 1000 || year > 9999 ? null : shifted;
  }

  const date = (w: Date) => `${w.getUTCFullYear()}-${pad2(w.getUTCMonth() + 1)}-${pad2(w.getUTCDate())}`;
  return {
    dateTime(d) {
      const w = wall(d);
      if (!w) return intl.format(d);
      return `${date(w)} ${pad2(w.getUTCHours())}:${pad2(w.getUTCMinutes())}:${pad2(w.getUTCSeconds())}`;
    },
    date(d) {
      const w = wall(d);
      return w ? date(w) : intl.format(d).slice(0, 10);
    },
  };
}

export function createDateFormatter(timeZone: string): (d: Date) => string {
  const clock = zonedClock(timeZone);
  return (d) => clock.dateTime(d);
}

const isPlainObject = (value: object): boolean => {
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
};

/**
 * The payload with every Date (in plain objects and arrays) replaced by its text; what holds no Date
 * is returned as it is, and nothing the caller owns is changed (a container with a Date is copied).
 */
function formatDates(value: unknown, format: (d: Date) => string): unknown {
  if (value instanceof Date) return format(value);
  if (Array.isArray(value)) {
    let copy: unknown[] | null = null;
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      const shown = formatDates(item, format);
      if (shown !== item) (copy ??= value.slice())[i] = shown;
    }
    return copy ?? value;
  }
  if (value !== null && typeof value === 'object' && isPlainObject(value)) {
    const source = value as Record<string, unknown>;
    let copy: Record<string, unknown> | null = null;
    for (const key of Object.keys(source)) {
      const item = source[key];
      const shown = formatDates(item, format);
      if (shown !== item) (copy ??= { ...source })[key] = shown;
    }
    return copy ?? value;
  }
  return value;
}

/**
 * JSON with dates in the zone. The dates are replaced before JSON.stringify instead of by a replacer:
 * a replacer is called for every value and takes stringify off its fast path (about twice the time
 * of a page of rows, measured in docs/BENCHMARKS.md "Project page data").
 */
export function createJsonSerializer(timeZone: string): (payload: unknown) => string {
  const format = createDateFormatter(timeZone);
  return (payload) => JSON.stringify(formatDates(payload, format));
}
