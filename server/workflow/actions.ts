/**
 * The actions on a running instance, each one transaction: approve (同意) and reject (驳回, to the
 * starter) on a task by its assignee, withdraw (撤回) by the starter while no approver has acted.
 * The task row lock makes a task complete once, also across servers (docs/modules/workflow.md).
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { ApiError } from '../result.js';
import { mayAct } from './assignee.js';
import type { ProcessModel } from './bpmn-model.js';
import { signalEngine } from './engine.js';
import { writeForm } from './fields.js';
import { signerCounts, starterOf } from './nodes.js';
import { storeResults, type Push } from './notify.js';
import { copyOnApprove } from './cc-model.js';
import { resubmit } from './resubmit.js';
import { closeFailures, serviceRunner } from './service-tasks.js';
import { resolveDelegated } from './task-delegate.js';
import { reenter, returnToParent } from './task-moves.js';
import {
  applyStep,
  definitionById,
  historyInsert,
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

/** approve: a node's task; back / resubmit: made by a return; addsign / after: 前 / 后加签; delegate: 委派. */
export type TaskKind = 'approve' | 'back' | 'resubmit' | 'addsign' | 'after' | 'delegate';

export interface TaskRow {
  id: string;
  instanceId: string;
  elementId: string;
  name: string;
  assignee: string | null;
  candidates: string | null;
  status: string;
  tenantId: number;
  kind: TaskKind;
  backTo: string | null;
  parentId: string | null;
  multi: 'all' | 'any' | null;
  loopIndex: number | null;
}

const MAX_COMMENT = 1000;

export function readComment(value: unknown, required: boolean): string {
  const comment = typeof value === 'string' ? value.trim() : '';
  if (required && !comment) throw new ApiError('请填写审批意见');
  if (comment.length > MAX_COMMENT) throw new ApiError(`审批意见不能超过${MAX_COMMENT}个字`);
  return comment;
}

const TASK_COLUMNS = sql`id, instance_id as "instanceId", element_id as "elementId", name, assignee,
  candidates, status, tenant_id as "tenantId", kind, back_to as "backTo", parent_id as "parentId", multi,
  loop_index as "loopIndex"`;

export async function readTask(db: Db, id: string): Promise<TaskRow | undefined> {
  const { rows } = await sql<TaskRow>`select ${TASK_COLUMNS} from wf_task where id = ${id}`.execute(db);
  return rows[0];
}

/**
 * Locks every open task of the task's instance (in id order, as withdraw and terminate do) and reads
 * the task among them, in one statement: two signers of one 或签 node queue here, and the second
 * reads its task cancelled (a row locked after a wait is read again as committed).
 */
async function lockTask(trx: Db, id: string, actor: Actor): Promise<TaskRow> {
  const { rows } = await sql<TaskRow>`select ${TASK_COLUMNS} from wf_task
    where instance_id = (select instance_id from wf_task where id = ${id}) and (status = 'todo' or id = ${id})
    order by id for update`.execute(trx);
  const task = rows.find((r) => r.id === id);
  if (!task || task.tenantId !== actor.tenantId) throw new ApiError('任务不存在');
  if (task.status !== 'todo') throw new ApiError('该任务已被处理');
  if (!mayAct(task, actor.username)) throw new ApiError('您不是该任务的审批人，无权处理');
  return task;
}

/** The columns a finished task gets (finishTask, and recordAction's statement). */
const doneBy = (actor: Actor, outcome: string, comment: string) =>
  sql`status = 'done', outcome = ${outcome}, comment = ${comment || null}, done_by = ${actor.username},
    done_time = now(), row_version = row_version + 1`;

export async function finishTask(trx: Db, task: TaskRow, actor: Actor, outcome: string, comment: string) {
  const result = await sql`update wf_task set ${doneBy(actor, outcome, comment)}
    where id = ${task.id} and status = 'todo'`.execute(trx);
  if (Number(result.numAffectedRows ?? 0) !== 1) throw new ApiError('该任务已被处理');
}

export type Bindings = ReadonlyMap<string, Binding>;

/** The task and then its instance, locked in that order (as withdraw locks), while it runs. */
export async function lockRunningTask(trx: Db, id: string, actor: Actor) {
  const task = await lockTask(trx, id, actor);
  const instance = await lockInstance(trx, task.instanceId);
  if (instance.status !== 'running') throw new ApiError('流程已结束');
  return { task, instance };
}

/** The task finished with the assignee's outcome, and the step written to the history. */
export async function recordAction(
  trx: Db,
  task: TaskRow,
  instance: InstanceRow,
  actor: Actor,
  outcome: 'approve' | 'reject' | 'return' | 'addsign',
  comment: string,
) {
  const line = {
    taskId: sql.ref('t.id'),
    elementId: task.elementId,
    nodeName: task.name,
    action: outcome,
    username: actor.username,
    comment,
  };
  // finishTask and writeHistory in one statement: the history line exists only if the task was still open.
  const result = await sql`with t as (update wf_task set ${doneBy(actor, outcome, comment)}
      where id = ${task.id} and status = 'todo' returning id)
    ${historyInsert(instance.id, instance.form, line, 't')}
    returning id`.execute(trx);
  if (result.rows.length !== 1) throw new ApiError('该任务已被处理');
}

/** The task an added signer's task came from (后加签: the assignee's approved one). */
async function parentOf(trx: Db, task: TaskRow): Promise<TaskRow> {
  const parent = await readTask(trx, task.parentId ?? '');
  if (!parent) throw new ApiError('加签来源任务不存在');
  return parent;
}

export async function approveTask(
  db: Db,
  bindings: Bindings,
  id: string,
  actor: Actor,
  comment: string,
  form?: Record<string, unknown>,
): Promise<Effects> {
  const effects = newEffects();
  await db.transaction().execute(async (trx) => {
    const { task, instance } = await lockRunningTask(trx, id, actor);
    const binding = bindings.get(instance.processKey);
    const def = await definitionById(trx, instance.definitionId);
    let copies: Push[] = [];
    if (!def) throw new ApiError('流程定义不存在');
    if (task.kind !== 'resubmit' && def.model.elements[task.elementId]?.commentRequired && !comment)
      throw new ApiError('请填写审批意见');
    if (form) await writeForm(trx, instance, def.model.elements[task.elementId], form);
    if (task.kind === 'resubmit') {
      await resubmit(
        trx,
        instance,
        { id: task.id, backTo: task.backTo ?? task.elementId },
        actor,
        effects,
        binding,
      );
    } else if (task.kind === 'delegate') {
      await resolveDelegated(trx, task, instance, actor, comment, effects);
    } else {
      await recordAction(trx, task, instance, actor, 'approve', comment);
      // 抄送 of the node (zh:ccUsers); 前加签's approval only hands the task back, so none then.
      if (task.kind !== 'addsign') copies = await copyOnApprove(trx, instance, def.model, task, actor);
      await afterApprove(trx, task, instance, def.model, effects, binding);
    }
    effects.pushes = [...(await storeResults(trx, effects, actor.tenantId, actor)), ...copies];
  });
  return effects;
}

/**
 * What an approval moves: an added signer's task returns to the assignee who added them; a task
 * made by a return leads back to the node the engine waits at; a 会签 signer completes only their
 * iteration; a 或签 signer completes the node (the others' tasks cancelled).
 */
export async function afterApprove(
  trx: Db,
  task: TaskRow,
  instance: InstanceRow,
  model: ProcessModel,
  effects: Effects,
  binding: Binding | undefined,
) {
  if (task.kind === 'addsign') return returnToParent(trx, task, instance, effects);
  // 后加签: the added signer's approval completes what the assignee's would have.
  if (task.kind === 'after')
    return afterApprove(trx, await parentOf(trx, task), instance, model, effects, binding);
  if (task.kind === 'back')
    return reenter(trx, instance, model, task.backTo ?? task.elementId, effects, binding);
  let indexes: number[] | 'all' | undefined;
  if (task.multi === 'any') {
    // 或签: one approval completes the node; the other signers' tasks (and their added signers') end.
    const others = await sql<{ assignee: string | null }>`update wf_task set status = 'cancelled',
        row_version = row_version + 1
      where instance_id = ${instance.id} and element_id = ${task.elementId} and status = 'todo'
      returning assignee`.execute(trx);
    for (const r of others.rows) if (r.assignee) effects.todo.add(r.assignee);
    indexes = 'all';
  } else if (task.multi === 'all') indexes = [task.loopIndex ?? 0];
  const counts = await signerCounts(trx, model, starterOf(instance));
  const step = await signalEngine(instance.id, instance.state, task.elementId, {
    form: JSON.parse(instance.form) as Record<string, unknown>,
    counts,
    indexes,
    service: serviceRunner(trx, instance, model, effects),
  });
  await applyStep(trx, instance, step, model, effects, binding);
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
  await closeFailures(trx, instance.id);
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
    if (task.kind === 'delegate') throw new ApiError('委派任务不能驳回，请填写意见后提交，由委派人继续审批');
    await recordAction(trx, task, instance, actor, 'reject', comment);
    await close(trx, instance, bindings, 'rejected');
    effects.results.push({
      ...resultMessage(instance),
      content: `您发起的「${instance.title}」已被驳回：${comment}`,
    });
    effects.pushes = await storeResults(trx, effects, actor.tenantId, actor);
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
      where instance_id = ${instance.id} and action in ('approve', 'reject', 'return', 'transfer', 'addsign',
        'delegate', 'resolve', 'addafter', 'autopass', 'escalate')`.execute(trx);
    const open = await sql<{
      assignee: string | null;
      candidates: string | null;
      kind: string;
    }>`select assignee,
        candidates, kind from wf_task where instance_id = ${instance.id} and status = 'todo'`.execute(trx);
    // Returned to the starter: the request is theirs again, they may also take it back.
    const returned = open.rows.length > 0 && open.rows.every((t) => t.kind === 'resubmit');
    if (Number(acted.rows[0]?.n ?? 0) > 0 && !returned) throw new ApiError('下一节点已处理，无法撤回');
    for (const t of open.rows)
      for (const u of [t.assignee, ...(t.candidates ?? '').split(',')]) if (u) effects.todo.add(u);
    await writeHistory(trx, instance, { action: 'withdraw', username: actor.username, nodeName: '撤回' });
    await close(trx, instance, bindings, 'withdrawn');
  });
  return effects;
}
