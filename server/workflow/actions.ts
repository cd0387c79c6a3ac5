/**
 * The actions on a running instance, each one transaction: approve (同意) and reject (驳回, to the
 * starter) on a task by its assignee, withdraw (撤回) by the starter while no approver has acted.
 * The task row lock makes a task complete once, also across servers (docs/modules/workflow.md).
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { ApiError } from '../result.js';
import { mayAct } from './assignee.js';
import { signalEngine } from './engine.js';
import { storeResults } from './notify.js';
import {
  applyStep,
  definitionById,
  lockInstance,
  newEffects,
  resultMessage,
  saveInstance,
  writeHistory,
  type Actor,
  type Binding,
  type Effects,
  type InstanceRow,
} from './service.js';

export interface TaskRow {
  id: string;
  instanceId: string;
  elementId: string;
  name: string;
  assignee: string | null;
  candidates: string | null;
  status: string;
  tenantId: number;
}

const MAX_COMMENT = 1000;

export function readComment(value: unknown, required: boolean): string {
  const comment = typeof value === 'string' ? value.trim() : '';
  if (required && !comment) throw new ApiError('请填写审批意见');
  if (comment.length > MAX_COMMENT) throw new ApiError(`审批意见不能超过${MAX_COMMENT}个字`);
  return comment;
}

async function lockTask(trx: Db, id: string, actor: Actor): Promise<TaskRow> {
  const { rows } = await sql<TaskRow>`select id, instance_id as "instanceId", element_id as "elementId", name,
      assignee, candidates, status, tenant_id as "tenantId"
    from wf_task where id = ${id} for update`.execute(trx);
  const task = rows[0];
  if (!task || task.tenantId !== actor.tenantId) throw new ApiError('任务不存在');
  if (task.status !== 'todo') throw new ApiError('该任务已被处理');
  if (!mayAct(task, actor.username)) throw new ApiError('您不是该任务的审批人，无权处理');
  return task;
}

async function finishTask(trx: Db, task: TaskRow, actor: Actor, outcome: string, comment: string) {
  const result =
    await sql`update wf_task set status = 'done', outcome = ${outcome}, comment = ${comment || null},
      done_by = ${actor.username}, done_time = now(), row_version = row_version + 1
    where id = ${task.id} and status = 'todo'`.execute(trx);
  if (Number(result.numAffectedRows ?? 0) !== 1) throw new ApiError('该任务已被处理');
}

export type Bindings = ReadonlyMap<string, Binding>;

/** The task and then its instance, locked in that order (as withdraw locks), while it runs. */
async function lockRunningTask(trx: Db, id: string, actor: Actor) {
  const task = await lockTask(trx, id, actor);
  const instance = await lockInstance(trx, task.instanceId);
  if (instance.status !== 'running') throw new ApiError('流程已结束');
  return { task, instance };
}

/** The task finished with the assignee's outcome, and the step written to the history. */
async function recordAction(
  trx: Db,
  task: TaskRow,
  instance: InstanceRow,
  actor: Actor,
  outcome: 'approve' | 'reject',
  comment: string,
) {
  await finishTask(trx, task, actor, outcome, comment);
  await writeHistory(trx, instance, {
    action: outcome,
    username: actor.username,
    taskId: task.id,
    elementId: task.elementId,
    nodeName: task.name,
    comment,
  });
}

export async function approveTask(
  db: Db,
  bindings: Bindings,
  id: string,
  actor: Actor,
  comment: string,
): Promise<Effects> {
  const effects = newEffects();
  await db.transaction().execute(async (trx) => {
    const { task, instance } = await lockRunningTask(trx, id, actor);
    const def = await definitionById(trx, instance.definitionId);
    if (!def) throw new ApiError('流程定义不存在');
    await recordAction(trx, task, instance, actor, 'approve', comment);
    const step = await signalEngine(instance.id, instance.state, task.elementId);
    await applyStep(trx, instance, step, def.model, effects, bindings.get(instance.processKey));
    effects.pushes = await storeResults(trx, effects, actor.tenantId);
  });
  return effects;
}

/** Closes the instance: open tasks cancelled, status and history written, the binding told. */
export async function close(
  trx: Db,
  instance: InstanceRow,
  bindings: Bindings,
  status: 'rejected' | 'withdrawn' | 'terminated',
) {
  await sql`update wf_task set status = 'cancelled', row_version = row_version + 1
    where instance_id = ${instance.id} and status = 'todo'`.execute(trx);
  await saveInstance(trx, instance, { status, currentNode: null });
  await bindings.get(instance.processKey)?.onChange(trx, instance);
}

export async function rejectTask(
  db: Db,
  bindings: Bindings,
  id: string,
  actor: Actor,
  comment: string,
): Promise<Effects> {
  const effects = newEffects();
  await db.transaction().execute(async (trx) => {
    const { task, instance } = await lockRunningTask(trx, id, actor);
    await recordAction(trx, task, instance, actor, 'reject', comment);
    await close(trx, instance, bindings, 'rejected');
    effects.results.push({
      ...resultMessage(instance),
      content: `您发起的「${instance.title}」已被驳回：${comment}`,
    });
    effects.pushes = await storeResults(trx, effects, actor.tenantId);
  });
  return effects;
}

/** The starter takes the instance back while no approver has acted in it. */
export async function withdrawInstance(
  db: Db,
  bindings: Bindings,
  id: string,
  actor: Actor,
): Promise<Effects> {
  const effects = newEffects();
  await db.transaction().execute(async (trx) => {
    // Task rows first, then the instance: the order approve and reject lock in (no deadlock).
    await sql`select id from wf_task where instance_id = ${id} order by id for update`.execute(trx);
    const instance = await lockInstance(trx, id);
    if (instance.tenantId !== actor.tenantId) throw new ApiError('流程实例不存在');
    if (instance.starter !== actor.username) throw new ApiError('只有发起人可以撤回');
    if (instance.status !== 'running') throw new ApiError('流程已结束，无法撤回');
    const acted = await sql<{ n: number }>`select count(*)::int as n from wf_history
      where instance_id = ${instance.id} and action in ('approve', 'reject')`.execute(trx);
    if (Number(acted.rows[0]?.n ?? 0) > 0) throw new ApiError('下一节点已处理，无法撤回');
    const open = await sql<{ assignee: string | null; candidates: string | null }>`select assignee, candidates
      from wf_task where instance_id = ${instance.id} and status = 'todo'`.execute(trx);
    for (const t of open.rows)
      for (const u of [t.assignee, ...(t.candidates ?? '').split(',')]) if (u) effects.todo.add(u);
    await writeHistory(trx, instance, { action: 'withdraw', username: actor.username, nodeName: '撤回' });
    await close(trx, instance, bindings, 'withdrawn');
  });
  return effects;
}
