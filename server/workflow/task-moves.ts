/**
 * The assignee's own moves on a to-do task (docs/modules/workflow.md, "Slice 3"), each one
 * transaction with its history row: 退回 (to the previous node or the starter), 转办 (the task
 * moves to another user), 前加签 (an added signer approves first, then the task returns).
 * The engine is not moved by any of them: it keeps waiting at its node, and the detour's tasks
 * lead back there (`back_to`).
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { ApiError } from '../result.js';
import { lockRunningTask, recordAction, type Bindings, type TaskRow } from './actions.js';
import type { ProcessModel } from './bpmn-model.js';
import { pendingIndexes } from './engine.js';
import { enterNode, insertTask } from './nodes.js';
import { backAssignee, doneNodes, refuseBranchReturn, type DoneNode } from './return-targets.js';
import { storeResults } from './notify.js';
import {
  definitionById,
  newEffects,
  saveInstance,
  writeHistory,
  type Actor,
  type Binding,
  type Effects,
  type InstanceRow,
} from './service.js';

/** The node the engine waits at is entered again (after a return's detour). */
export async function reenter(
  trx: Db,
  instance: InstanceRow,
  model: ProcessModel,
  elementId: string,
  effects: Effects,
  binding: Binding | undefined,
): Promise<void> {
  const multi = model.elements[elementId]?.multi;
  const indexes = multi ? await pendingIndexes(instance.id, instance.state, elementId) : undefined;
  await enterNode(trx, instance, model, elementId, effects, indexes);
  const currentNode = model.elements[elementId]?.name || elementId;
  await saveInstance(trx, instance, { status: 'running', currentNode });
  await binding?.onChange(trx, instance);
}

/** An added signer approved: the task is the adding assignee's again, as it was. */
export async function returnToParent(
  trx: Db,
  task: TaskRow,
  instance: InstanceRow,
  effects: Effects,
  notice?: { title: string; content: string },
) {
  const { rows } = await sql<TaskRow & { doneBy: string }>`select element_id as "elementId", name, kind,
      back_to as "backTo", parent_id as "parentId", multi, loop_index as "loopIndex", done_by as "doneBy"
    from wf_task where id = ${task.parentId ?? ''}`.execute(trx);
  const parent = rows[0];
  if (!parent) throw new ApiError('加签来源任务不存在');
  await insertTask(
    trx,
    instance,
    parent,
    { assignee: parent.doneBy, candidates: [] },
    {
      kind: parent.kind,
      backTo: parent.backTo,
      parentId: parent.parentId,
      multi: parent.multi,
      loopIndex: parent.loopIndex,
      notice,
    },
    effects,
  );
  await saveInstance(trx, instance, { status: 'running', currentNode: parent.name });
}

/** An active user of the tenant, by username; refused with `missing` otherwise. */
export async function activeUser(trx: Db, username: string, tenantId: number, missing: string) {
  const { rows } = await sql<{ realname: string }>`select realname from sys_user
    where username = ${username} and del_flag = 0 and status = 1
      and (${tenantId} = 0 or (',' || rel_tenant_ids || ',') like ${`%,${tenantId},%`})`.execute(trx);
  if (!rows[0]) throw new ApiError(missing);
  return rows[0].realname;
}

export async function openPeople(trx: Db, instanceId: string): Promise<string[]> {
  const { rows } = await sql<{
    assignee: string | null;
    candidates: string | null;
  }>`select assignee, candidates
    from wf_task where instance_id = ${instanceId} and status = 'todo'`.execute(trx);
  return rows
    .flatMap((t) => [t.assignee, ...(t.candidates ?? '').split(',')])
    .filter((u): u is string => !!u);
}

export type Run = (trx: Db, task: TaskRow, instance: InstanceRow, effects: Effects) => Promise<void>;

/** One transaction around a move: the task and instance locked, the notices stored, pushed after. */
export async function move(db: Db, id: string, actor: Actor, run: Run): Promise<Effects> {
  const effects = newEffects();
  await db.transaction().execute(async (trx) => {
    const { task, instance } = await lockRunningTask(trx, id, actor);
    if (task.kind === 'resubmit') throw new ApiError('请重新提交或撤回该申请');
    if (task.kind === 'delegate') throw new ApiError('委派任务请填写意见后提交，由委派人继续审批');
    await run(trx, task, instance, effects);
    effects.pushes = await storeResults(trx, effects, actor.tenantId, actor);
  });
  return effects;
}

/**
 * 退回: to the previous node or any earlier node the instance passed (its last approver gets a
 * task that leads back here), or to the starter (the business row reads 已驳回 and may be edited;
 * submitting it continues this instance). A return cancels every other open task of the instance
 * (the siblings of a 会签 node).
 */
export function returnTask(
  db: Db,
  bindings: Bindings,
  id: string,
  actor: Actor,
  input: { target: 'previous' | 'starter' | 'node'; elementId?: string; comment: string },
): Promise<Effects> {
  return move(db, id, actor, async (trx, task, instance, effects) => {
    if (task.kind === 'addsign' || task.kind === 'after')
      throw new ApiError('加签任务不能退回，请同意或驳回');
    const def = await definitionById(trx, instance.definitionId);
    if (!def) throw new ApiError('流程定义不存在');
    refuseBranchReturn(def.model, task);
    const backTo = task.backTo ?? task.elementId;
    let previous: DoneNode | undefined;
    let who = { assignee: instance.starter as string | null, candidates: [] as string[] };
    if (input.target !== 'starter') {
      if (task.kind === 'back') throw new ApiError('该任务由退回产生，只能退回发起人');
      const done = await doneNodes(trx, instance.id, task.elementId);
      previous = input.target === 'node' ? done.find((n) => n.elementId === input.elementId) : done[0];
      if (!previous && input.target === 'node') throw new ApiError('只能退回到本流程已经过的审批节点');
      if (!previous) throw new ApiError('当前已是第一个审批节点，请选择退回发起人');
      who = await backAssignee(trx, instance, def.model, previous);
    }
    for (const u of await openPeople(trx, instance.id)) effects.todo.add(u);
    await recordAction(trx, task, instance, actor, 'return', input.comment);
    await sql`update wf_task set status = 'cancelled', row_version = row_version + 1
      where instance_id = ${instance.id} and status = 'todo'`.execute(trx);
    const target = previous ?? { elementId: task.elementId, name: '发起人修改' };
    // The people it goes back to are told (流程审批, 我的待办) through the new task.
    const notice = {
      title: `审批已退回：${instance.title}`,
      content: `「${instance.title}」被${actor.realname}从「${task.name}」退回${previous ? `到「${previous.name}」` : '，请修改后重新提交'}：${input.comment}`,
    };
    await insertTask(
      trx,
      instance,
      target,
      who,
      { kind: previous ? 'back' : 'resubmit', backTo, notice },
      effects,
    );
    const currentNode = previous ? previous.name : '已退回发起人';
    await saveInstance(trx, instance, { status: 'running', currentNode });
    const binding = bindings.get(instance.processKey);
    // The binding's statuses have no 已退回: the row reads 已驳回 (editable, submitted again).
    if (previous) await binding?.onChange(trx, instance);
    else await binding?.onChange(trx, { ...instance, status: 'rejected' }, { returned: true });
  });
}

/** 转办: the task becomes another active user's; the old assignee may no longer act on it. */
export function transferTask(
  db: Db,
  id: string,
  actor: Actor,
  input: { username: string; comment: string },
): Promise<Effects> {
  return move(db, id, actor, async (trx, task, instance, effects) => {
    const name = await activeUser(trx, input.username, instance.tenantId, '转办对象不存在或已停用');
    if (input.username === actor.username) throw new ApiError('不能转办给自己');
    if ((await openPeople(trx, instance.id)).includes(input.username))
      throw new ApiError(`${name}已是本流程的待办处理人`);
    await sql`update wf_task set assignee = ${input.username}, candidates = null, row_version = row_version + 1
      where id = ${task.id}`.execute(trx);
    const note = `转办给${name}`;
    await writeHistory(trx, instance, {
      action: 'transfer',
      username: actor.username,
      taskId: task.id,
      elementId: task.elementId,
      nodeName: task.name,
      comment: input.comment ? `${note}：${input.comment}` : note,
    });
    for (const u of [actor.username, input.username]) effects.todo.add(u);
    effects.assigned.push({
      username: input.username,
      instanceId: instance.id,
      processKey: instance.processKey,
      businessKey: instance.businessKey,
      title: `转办待审批：${instance.title}`,
      content: `${actor.realname}将「${instance.title}」的「${task.name}」转办给您${input.comment ? `：${input.comment}` : ''}`,
    });
  });
}

/** 前加签: the added signer approves first; then the task returns to this assignee. */
export function addSignTask(
  db: Db,
  id: string,
  actor: Actor,
  input: { username: string; comment: string },
): Promise<Effects> {
  return move(db, id, actor, async (trx, task, instance, effects) => {
    const name = await activeUser(trx, input.username, instance.tenantId, '加签对象不存在或已停用');
    if (input.username === actor.username) throw new ApiError('不能给自己加签');
    if ((await openPeople(trx, instance.id)).includes(input.username))
      throw new ApiError(`${name}已是本流程的待办处理人`);
    await recordAction(trx, task, instance, actor, 'addsign', input.comment || `加签给${name}`);
    const node = { elementId: task.elementId, name: `${task.name}（加签）` };
    await insertTask(
      trx,
      instance,
      node,
      { assignee: input.username, candidates: [] },
      {
        kind: 'addsign',
        parentId: task.id,
        backTo: task.backTo,
        notice: {
          title: `加签待审批：${instance.title}`,
          content: `${actor.realname}请您先审批「${instance.title}」的「${task.name}」${input.comment ? `：${input.comment}` : ''}`,
        },
      },
      effects,
    );
    effects.todo.add(actor.username);
    await saveInstance(trx, instance, { status: 'running', currentNode: node.name });
  });
}
