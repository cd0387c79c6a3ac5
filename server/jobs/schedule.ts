/**
 * Which firings of a job are due now: pure, from the job row, the clock and the app's time zone.
 *
 * A job owes the fire times after its reference: the last firing claimed (`last_fire_time`), or
 * the last save of the row (a resume or an edit owes nothing from before it). Times at most
 * MISFIRE_THRESHOLD_MS old are simply due (a timer that woke a little late runs them all); when
 * the oldest owed time is older, the job misfired (every server was down, or busy) and its policy
 * decides: fire now (the latest owed time, once), skip (logged once as skipped), catch up N (the
 * latest N owed times, oldest first).
 */
import { nextFireTimes } from '../../runtime/model/cron/index.js';

export const MISFIRE_THRESHOLD_MS = 5_000;
/** Owed times are looked for in growing windows back from now, each enumeration capped. */
const WINDOWS_MS = [60_000, 3_600_000, 86_400_000, 31 * 86_400_000, 366 * 86_400_000, 10 * 366 * 86_400_000];
const WINDOW_CAP = 5_000;

export type MisfirePolicy = '1' | '2' | '3';
export type Trigger = 'cron' | 'misfire' | 'manual';

export interface JobRow {
  id: string;
  jobName: string;
  handler: string;
  cronExpression: string;
  parameter: string | null;
  status: string;
  misfirePolicy: string;
  catchUpLimit: number;
  overrunPolicy: string;
  lastFireTime: Date | null;
  createTime: Date;
  updateTime: Date | null;
}

export interface Due {
  /** Firings to claim and run, oldest first. */
  fires: { at: Date; trigger: Trigger }[];
  /** A misfire the policy skips: claimed and logged as skipped. */
  skipped: Date | null;
  /** The next fire time after now (null: none, or the expression no longer reads). */
  next: Date | null;
}

export function referenceOf(job: JobRow): Date {
  const times = [job.lastFireTime, job.updateTime, job.createTime].filter((t): t is Date => t !== null);
  return new Date(Math.max(...times.map((t) => t.getTime())));
}

/** The owed fire times in (reference, now], the latest `need` of them at most. */
function owed(job: JobRow, reference: Date, now: Date, tz: string, need: number): Date[] {
  for (const window of WINDOWS_MS) {
    const from = new Date(Math.max(reference.getTime(), now.getTime() - window));
    const found = nextFireTimes(job.cronExpression, { from, count: WINDOW_CAP, tz, until: now });
    if (!found.ok) return [];
    const times = found.value;
    if (times.length >= need || from.getTime() === reference.getTime()) return times.slice(-need);
  }
  return [];
}

export function dueFires(job: JobRow, now: Date, tz: string): Due {
  const upcoming = nextFireTimes(job.cronExpression, { from: now, count: 1, tz });
  const next = upcoming.ok ? (upcoming.value[0] ?? null) : null;
  const reference = referenceOf(job);
  const first = nextFireTimes(job.cronExpression, { from: reference, count: 1, tz });
  const oldest = first.ok ? first.value[0] : undefined;
  if (!oldest || oldest > now) return { fires: [], skipped: null, next };
  if (now.getTime() - oldest.getTime() <= MISFIRE_THRESHOLD_MS) {
    const times = owed(job, reference, now, tz, WINDOW_CAP);
    return { fires: times.map((at) => ({ at, trigger: 'cron' as const })), skipped: null, next };
  }
  const policy = job.misfirePolicy as MisfirePolicy;
  const need = policy === '3' ? Math.max(1, Math.min(100, job.catchUpLimit)) : 1;
  const times = owed(job, reference, now, tz, need);
  if (times.length === 0) return { fires: [], skipped: null, next };
  if (policy === '2') return { fires: [], skipped: times[times.length - 1], next };
  return { fires: times.map((at) => ({ at, trigger: 'misfire' as const })), skipped: null, next };
}
