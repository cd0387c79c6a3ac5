/**
 * A deleted project's stage flow (docs/modules/projects.md, "Stages"): soft-deleting the project
 * suspends its running flow, restoring it resumes the flow where it stood, purging removes the
 * flow's rows. Each runs inside the caller's transaction (delete, 恢复, 彻底删除).
 *
 * The workflow has no instance-level suspension (its `suspended` is a definition's), so the flow is
 * paused by its open tasks: `todo` → `suspended` takes them out of every to-do list and out of the
 * engine's reach (its actions need a `todo` task), and their pending timers become `suspended` first,
 * so the workflow's trigger (which cancels a task's pending timers when it leaves `todo`) leaves
 * them alone and the timer job (which fires `pending` ones) skips them. The instance stays
 * `running`. Resuming reverses both; a timer due meanwhile fires at the job's next run.
 * server/workflow is not changed: these are its tables, written here with the instance row locked
 * the way its own actions lock it (tasks, then the instance).
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { STAGE_PROCESS_KEY } from './stage-model.js';

/** The running stage instances of `projectIds`, locked (tasks first, as the engine's actions do). */
async function lockRunning(trx: Db, projectIds: readonly string[]): Promise<string[]> {
  if (projectIds.length === 0) return [];
  const { rows } = await sql<{ id: string }>`select i.id from wf_instance i
    where i.process_key = ${STAGE_PROCESS_KEY} and i.business_key in (${sql.join(projectIds)})
      and i.status = 'running' order by i.id`.execute(trx);
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return [];
  await sql`select id from wf_task where instance_id in (${sql.join(ids)}) order by id for update`.execute(
    trx,
  );
  await sql`select id from wf_instance where id in (${sql.join(ids)}) order by id for update`.execute(trx);
  return ids;
}

/** Soft delete: the projects' running flows pause (open tasks and their timers suspended). */
export async function suspendStages(trx: Db, projectIds: readonly string[]): Promise<void> {
  const ids = await lockRunning(trx, projectIds);
  if (ids.length === 0) return;
  await sql`update wf_timer set status = 'suspended' where status = 'pending'
    and task_id in (select id from wf_task where instance_id in (${sql.join(ids)}) and status = 'todo')`.execute(
    trx,
  );
  await sql`update wf_task set status = 'suspended', row_version = row_version + 1
    where instance_id in (${sql.join(ids)}) and status = 'todo'`.execute(trx);
}

/** 恢复: the project's paused flow goes on (tasks back to 待办, timers pending again). */
export async function resumeStages(trx: Db, projectId: string): Promise<void> {
  const ids = await lockRunning(trx, [projectId]);
  if (ids.length === 0) return;
  await sql`update wf_task set status = 'todo', row_version = row_version + 1
    where instance_id in (${sql.join(ids)}) and status = 'suspended'`.execute(trx);
  await sql`update wf_timer set status = 'pending' where status = 'suspended'
    and instance_id in (${sql.join(ids)})`.execute(trx);
}

/** 彻底删除: every stage instance of the project with its timers, tasks and history. */
export async function purgeStages(trx: Db, projectId: string): Promise<void> {
  const instances = sql`select id from wf_instance
    where process_key = ${STAGE_PROCESS_KEY} and business_key = ${projectId}`;
  await sql`delete from wf_timer where instance_id in (${instances})`.execute(trx);
  await sql`delete from wf_history where instance_id in (${instances})`.execute(trx);
  await sql`delete from wf_task where instance_id in (${instances})`.execute(trx);
  await sql`delete from wf_instance where process_key = ${STAGE_PROCESS_KEY}
    and business_key = ${projectId}`.execute(trx);
}
