/**
 * Claiming and running one firing. The claim is the run log row itself: (job id, fire time) is
 * unique and inserted with ON CONFLICT DO NOTHING, so of several servers reaching the same firing
 * exactly one gets the row and runs it. The winner then moves the job's last_fire_time forward.
 * The overrun policy looks at earlier runs of the job still marked running (on any server; rows
 * older than STALE_RUN_MS are taken for a server that died mid-run): skip logs this one as skipped,
 * queue waits for them, allow runs alongside.
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { newId } from '../db/seed/ids.js';
import type { HandlerRegistry, JobContext } from './handlers/index.js';
import { JobMessages } from './messages.js';
import type { JobRow, Trigger } from './schedule.js';

const STALE_RUN_MS = 3_600_000;
const QUEUE_POLL_MS = 250;
const RESULT_MAX = 1000;
const ERROR_MAX = 2000;

export interface RunnerDeps {
  db: Db;
  handlers: HandlerRegistry;
  instance: string;
  /** Everything a handler gets but the job and the fire time. */
  context: Omit<JobContext, 'jobId' | 'fireTime'>;
  stopped(): boolean;
}

/** Inserts the run row; null when another server (or an earlier tick) has it already. */
export async function claim(
  db: Db,
  job: JobRow,
  at: Date,
  trigger: Trigger,
  instance: string,
  status = 'running',
) {
  const id = newId();
  const inserted = await sql`insert into sys_quartz_job_log (id, job_id, job_name, fire_time, trigger_type,
      status, start_time, instance, create_by)
    values (${id}, ${job.id}, ${job.jobName}, ${at}, ${trigger}, ${status}, now(), ${instance}, 'system')
    on conflict (job_id, fire_time) do nothing`.execute(db);
  if (Number(inserted.numAffectedRows ?? 0) === 0) return null;
  if (trigger !== 'manual')
    await sql`update sys_quartz_job set last_fire_time = ${at}
      where id = ${job.id} and (last_fire_time is null or last_fire_time < ${at})`.execute(db);
  return id;
}

async function earlierRunning(db: Db, job: JobRow, runId: string, at: Date): Promise<boolean> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from sys_quartz_job_log
    where job_id = ${job.id} and status = 'running' and id <> ${runId} and fire_time < ${at}
      and start_time > ${new Date(Date.now() - STALE_RUN_MS)}`.execute(db);
  return Number(rows[0]?.n ?? 0) > 0;
}

async function finish(db: Db, runId: string, status: string, result: string | null, error: string | null) {
  await sql`update sys_quartz_job_log set status = ${status}, end_time = now(),
      duration_ms = (extract(epoch from (now() - start_time)) * 1000)::int,
      result = ${result?.slice(0, RESULT_MAX) ?? null}, error = ${error?.slice(0, ERROR_MAX) ?? null}
    where id = ${runId}`.execute(db);
}

function parametersOf(job: JobRow): Record<string, unknown> {
  if (!job.parameter || job.parameter.trim() === '') return {};
  const value: unknown = JSON.parse(job.parameter);
  if (!value || typeof value !== 'object' || Array.isArray(value))
    throw new Error(JobMessages.parameterNotObject);
  return value as Record<string, unknown>;
}

/** Runs a claimed firing to its end and logs the outcome; never throws. */
export async function runClaimed(deps: RunnerDeps, job: JobRow, runId: string, at: Date): Promise<void> {
  const { db } = deps;
  try {
    if (job.overrunPolicy !== '3') {
      while (await earlierRunning(db, job, runId, at)) {
        if (job.overrunPolicy === '1')
          return await finish(db, runId, 'skipped', JobMessages.overrunSkipped, null);
        if (deps.stopped()) return await finish(db, runId, 'skipped', JobMessages.stoppedWhileQueued, null);
        await new Promise((resolve) => setTimeout(resolve, QUEUE_POLL_MS));
      }
    }
    const handler = deps.handlers.get(job.handler);
    if (!handler) return await finish(db, runId, 'failure', null, JobMessages.unknownHandler(job.handler));
    const result = await handler.run({ ...deps.context, jobId: job.id, fireTime: at }, parametersOf(job));
    await finish(db, runId, 'success', result, null);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    try {
      await finish(db, runId, 'failure', null, message);
    } catch (logError) {
      deps.context.log.error({ err: logError, jobId: job.id }, 'job run not logged');
    }
  }
}
