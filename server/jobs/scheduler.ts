/**
 * One timer per server, set for the nearest fire time of the running jobs (at most MAX_SLEEP_MS
 * away, so a change whose bus event was lost is still seen). On each wake: reload the running jobs,
 * claim and run what is due (schedule.ts, runner.ts), re-arm. A change of a job (here or on another
 * server, over the event bus) re-plans at once. stop() clears the timer and waits for the runs in
 * progress, so a closing app leaves nothing behind.
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { claim, runClaimed, type RunnerDeps } from './runner.js';
import { JobMessages } from './messages.js';
import { dueFires, type JobRow, type Trigger } from './schedule.js';

const MAX_SLEEP_MS = 60_000;

export async function loadJobs(db: Db, where: 'running' | { id: string }): Promise<JobRow[]> {
  const filter = where === 'running' ? sql`status = '1'` : sql`id = ${where.id}`;
  const { rows } =
    await sql<JobRow>`select id, job_name as "jobName", handler, cron_expression as "cronExpression",
      parameter, status, misfire_policy as "misfirePolicy", catch_up_limit as "catchUpLimit",
      overrun_policy as "overrunPolicy", last_fire_time as "lastFireTime", create_time as "createTime",
      update_time as "updateTime"
    from sys_quartz_job where ${filter}`.execute(db);
  return rows;
}

export class JobScheduler {
  private timer: NodeJS.Timeout | null = null;
  private planning: Promise<void> = Promise.resolve();
  private readonly runs = new Set<Promise<void>>();
  private closed = false;

  constructor(
    private readonly deps: Omit<RunnerDeps, 'stopped'>,
    private readonly timeZone: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  private get runner(): RunnerDeps {
    return { ...this.deps, stopped: () => this.closed };
  }

  /** Re-plans after the current planning (if any); the promise settles when it is done. */
  replan(): Promise<void> {
    this.planning = this.planning
      .then(() => this.plan())
      .catch((error: unknown) => {
        this.deps.context.log.error({ err: error }, 'job scheduling failed');
        this.arm(MAX_SLEEP_MS);
      });
    return this.planning;
  }

  private async plan(): Promise<void> {
    if (this.closed) return;
    const jobs = await loadJobs(this.deps.db, 'running');
    const now = this.now();
    let nearest = now.getTime() + MAX_SLEEP_MS;
    for (const job of jobs) {
      const due = dueFires(job, now, this.timeZone);
      if (due.skipped) {
        const id = await claim(this.deps.db, job, due.skipped, 'misfire', this.deps.instance, 'skipped');
        if (id)
          await sql`update sys_quartz_job_log set end_time = now(), duration_ms = 0, result = ${JobMessages.misfireSkipped}
          where id = ${id}`.execute(this.deps.db);
      }
      if (due.fires.length > 0) this.track(this.fireAll(job, due.fires));
      if (due.next) nearest = Math.min(nearest, due.next.getTime());
    }
    if (this.closed) return;
    this.arm(nearest - this.now().getTime());
  }

  /** The firings of one job, one after the other (a catch-up runs oldest first). */
  private async fireAll(job: JobRow, fires: { at: Date; trigger: Trigger }[]): Promise<void> {
    for (const fire of fires) {
      if (this.closed) return;
      const runId = await claim(this.deps.db, job, fire.at, fire.trigger, this.deps.instance);
      if (runId) await runClaimed(this.runner, job, runId, fire.at);
    }
  }

  /** Run now (执行): a manual firing at this instant, through the same claim and log. */
  async execute(job: JobRow): Promise<void> {
    const at = this.now();
    const runId = await claim(this.deps.db, job, at, 'manual', this.deps.instance);
    if (!runId) return;
    const run = runClaimed(this.runner, job, runId, at);
    this.track(run);
    await run;
  }

  private track(run: Promise<void>): void {
    const tracked = run.catch((error: unknown) =>
      this.deps.context.log.error({ err: error }, 'job run failed'),
    );
    this.runs.add(tracked);
    void tracked.finally(() => this.runs.delete(tracked));
  }

  private arm(delay: number): void {
    if (this.timer) clearTimeout(this.timer);
    if (this.closed) return;
    this.timer = setTimeout(() => void this.replan(), Math.max(0, Math.min(delay, MAX_SLEEP_MS)));
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.planning;
    await Promise.all([...this.runs]);
  }
}
