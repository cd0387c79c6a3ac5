/**
 * The periods of routine work (docs/modules/daily-work.md, "Routine work"), pure functions of
 * YYYY-MM-DD text: a daily routine's period is the day (2026-11-26), a weekly one's the ISO week
 * (2026-W48, Monday to Sunday), a monthly one's the month (2026-11). Each period has a plan date
 * (its day: the weekday of a weekly routine, the day of the month of a monthly one, clamped to the
 * month's last day) and a deadline `deadlineDays` after it.
 */
const DAY_MS = 24 * 3600 * 1000;

const utc = (date: string) => new Date(`${date}T00:00:00Z`);
const text = (d: Date) => d.toISOString().slice(0, 10);

export function addDays(date: string, days: number): string {
  return text(new Date(utc(date).getTime() + days * DAY_MS));
}

/** ISO weekday, 1 = Monday ... 7 = Sunday. */
export function isoWeekday(date: string): number {
  return utc(date).getUTCDay() || 7;
}

/** The ISO week key (2026-W48) of a day; the ISO year is that of the week's Thursday. */
export function weekKeyOf(date: string): string {
  const thursday = utc(addDays(date, 4 - isoWeekday(date)));
  const jan1 = Date.UTC(thursday.getUTCFullYear(), 0, 1);
  const week = Math.floor((thursday.getTime() - jan1) / DAY_MS / 7) + 1;
  return `${thursday.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

/** The Monday of a week key, or null when the text is not one. */
export function weekMonday(key: string): string | null {
  const m = /^(\d{4})-W(\d{2})$/.exec(key);
  if (!m || Number(m[2]) < 1 || Number(m[2]) > 53) return null;
  const jan4 = `${m[1]}-01-04`;
  const monday = addDays(addDays(jan4, 1 - isoWeekday(jan4)), (Number(m[2]) - 1) * 7);
  return weekKeyOf(monday) === key ? monday : null;
}

export interface RoutinePlan {
  period: string;
  periodDay: number | null;
  deadlineDays: number | null;
}

export interface PeriodOf {
  key: string;
  planDate: string;
  deadline: string;
}

/** The period holding `today` for a routine, with its plan date and deadline. */
export function periodOf(routine: RoutinePlan, today: string): PeriodOf {
  const day = Math.max(1, Number(routine.periodDay ?? 1));
  const offset = Math.max(0, Number(routine.deadlineDays ?? 0));
  let key: string;
  let planDate: string;
  if (routine.period === '2') {
    key = weekKeyOf(today);
    planDate = addDays(today, Math.min(day, 7) - isoWeekday(today));
  } else if (routine.period === '3') {
    key = today.slice(0, 7);
    const [y, m] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
    const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
    planDate = `${key}-${String(Math.min(day, last)).padStart(2, '0')}`;
  } else {
    key = today;
    planDate = today;
  }
  return { key, planDate, deadline: addDays(planDate, offset) };
}
