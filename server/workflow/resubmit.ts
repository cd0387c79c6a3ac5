/**
 * After a return to the starter (退回发起人, docs/modules/workflow.md "Slice 3"): submitting the
 * business row again, or 重新提交 from 我的待办, continues the same instance at the node the engine
 * waits at, with the row's new values as the form.
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { ApiError } from '../result.js';
import { pendingIndexes } from './engine.js';
import { enterNode } from './nodes.js';
import {
  definitionById,
  lockInstance,
  saveInstance,
  writeHistory,
  type Actor,
  type Binding,
  type Effects,
  type InstanceRow,
} from './service.js';

/**
 * A business row returned to its starter (退回发起人) and submitted again: the same instance goes on,
 * with the edited form, back at the node the engine waits at (docs/modules/workflow.md, "Slice 3").
 */
export async function continueReturned(
  trx: Db,
  input: { processKey: string; businessKey: string; form: Record<string, unknown> },
  actor: Actor,
  effects: Effects,
  binding: Binding | undefined,
): Promise<InstanceRow | undefined> {
  const { rows } = await sql<{ id: string; instanceId: string; backTo: string }>`select t.id,
      t.instance_id as "instanceId", t.back_to as "backTo"
    from wf_task t join wf_instance i on i.id = t.instance_id
    where i.process_key = ${input.processKey} and i.business_key = ${input.businessKey}
      and i.status = 'running' and t.kind = 'resubmit' and t.status = 'todo'
    order by t.create_time desc limit 1`.execute(trx);
  const task = rows[0];
  if (!task) return undefined;
  await sql`select id from wf_task where instance_id = ${task.instanceId} and status = 'todo'
    order by id for update`.execute(trx);
  const instance = await lockInstance(trx, task.instanceId);
  if (instance.starter !== actor.username) throw new ApiError('只有发起人可以重新提交');
  await resubmit(trx, instance, task, actor, effects, binding, input.form);
  return instance;
}

/** The starter's resubmit task done: the form stored, the node the engine waits at entered again. */
export async function resubmit(
  trx: Db,
  instance: InstanceRow,
  task: { id: string; backTo: string },
  actor: Actor,
  effects: Effects,
  binding: Binding | undefined,
  form?: Record<string, unknown>,
): Promise<void> {
  const done =
    await sql`update wf_task set status = 'done', outcome = 'resubmit', done_by = ${actor.username},
      done_time = now(), row_version = row_version + 1 where id = ${task.id} and status = 'todo'`.execute(
      trx,
    );
  if (Number(done.numAffectedRows ?? 0) !== 1) throw new ApiError('该任务已被处理');
  const def = await definitionById(trx, instance.definitionId);
  if (!def) throw new ApiError('流程定义不存在');
  if (form) {
    await sql`update wf_instance set form = ${JSON.stringify(form)} where id = ${instance.id}`.execute(trx);
    instance.form = JSON.stringify(form);
  }
  await writeHistory(trx, instance, {
    action: 'resubmit',
    username: actor.username,
    taskId: task.id,
    nodeName: '重新提交',
  });
  const element = def.model.elements[task.backTo];
  const indexes = element?.multi ? await pendingIndexes(instance.id, instance.state, task.backTo) : undefined;
  await enterNode(trx, instance, def.model, task.backTo, effects, indexes);
  await saveInstance(trx, instance, { status: 'running', currentNode: element?.name || task.backTo });
  await binding?.onChange(trx, instance);
}
