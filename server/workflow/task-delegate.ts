/**
 * 委派 and 后加签 (docs/modules/workflow.md, "Slice 4"), each one transaction like the other moves
 * (task-moves.ts). Neither signals the engine by itself:
 * - 委派: the assignee's task is done (outcome `delegate`) and the delegate gets a `delegate`
 *   task; resolving it (同意 with an opinion) hands the task back to the assignee as it was, who
 *   then approves or rejects. The delegate may not reject, return or pass it on.
 * - 后加签: the assignee approves (outcome `approve`) and the added signer gets an `after` task;
 *   only their approval moves the engine on, as the assignee's own would have (actions.ts).
 */
import type { Db } from '../db/database.js';
import { ApiError } from '../result.js';
import { finishTask, type TaskRow } from './actions.js';
import { insertTask } from './nodes.js';
import { activeUser, move, openPeople, returnToParent } from './task-moves.js';
import {
  saveInstance,
  writeHistory,
  type Actor,
  type Effects,
  type HistoryAction,
  type InstanceRow,
} from './service.js';

interface Input {
  username: string;
  comment: string;
}

/** The person named is an active user, not the actor, and not already holding a task of the instance. */
async function checkPerson(trx: Db, instance: InstanceRow, actor: Actor, input: Input, what: string) {
  const name = await activeUser(trx, input.username, instance.tenantId, `${what}对象不存在或已停用`);
  if (input.username === actor.username) throw new ApiError(`不能${what}给自己`);
  if ((await openPeople(trx, instance.id)).includes(input.username))
    throw new ApiError(`${name}已是本流程的待办处理人`);
  return name;
}

const withComment = (note: string, comment: string) => (comment ? `${note}：${comment}` : note);

/** Ends the actor's task with `outcome` and writes the history line of `action` on it. */
async function endTask(
  trx: Db,
  instance: InstanceRow,
  task: TaskRow,
  actor: Actor,
  outcome: Parameters<typeof finishTask>[3],
  action: HistoryAction,
  comment: string,
): Promise<void> {
  await finishTask(trx, task, actor, outcome, comment);
  await writeHistory(trx, instance, {
    action,
    username: actor.username,
    taskId: task.id,
    elementId: task.elementId,
    nodeName: task.name,
    comment,
  });
}

/** Gives the node to `assignee` as a `kind` task leading back to `task`, shown as `name（suffix）`. */
async function handOn(
  trx: Db,
  instance: InstanceRow,
  task: TaskRow,
  actor: Actor,
  next: {
    assignee: string;
    kind: 'delegate' | 'after';
    suffix: string;
    notice: { title: string; content: string };
  },
  effects: Effects,
): Promise<void> {
  const node = { elementId: task.elementId, name: `${task.name}（${next.suffix}）` };
  await insertTask(
    trx,
    instance,
    node,
    { assignee: next.assignee, candidates: [] },
    { kind: next.kind, parentId: task.id, backTo: task.backTo, notice: next.notice },
    effects,
  );
  effects.todo.add(actor.username);
  await saveInstance(trx, instance, { status: 'running', currentNode: node.name });
}

export function delegateTask(db: Db, id: string, actor: Actor, input: Input): Promise<Effects> {
  return move(db, id, actor, async (trx, task, instance, effects) => {
    const name = await checkPerson(trx, instance, actor, input, '委派');
    const note = withComment(`委派给${name}`, input.comment);
    await endTask(trx, instance, task, actor, 'delegate', 'delegate', note);
    await handOn(
      trx,
      instance,
      task,
      actor,
      {
        assignee: input.username,
        kind: 'delegate',
        suffix: '委派',
        notice: {
          title: `委派待处理：${instance.title}`,
          content: `${actor.realname}将「${instance.title}」的「${task.name}」委派给您处理，处理后将交回${actor.realname}审批${input.comment ? `：${input.comment}` : ''}`,
        },
      },
      effects,
    );
  });
}

/** The delegate's 同意 with their opinion: the task returns to the assignee who delegated it. */
export async function resolveDelegated(
  trx: Db,
  task: TaskRow,
  instance: InstanceRow,
  actor: Actor,
  comment: string,
  effects: Effects,
): Promise<void> {
  await endTask(trx, instance, task, actor, 'resolve', 'resolve', comment);
  // The task goes back to who delegated it, telling them (流程审批, 我的待办).
  await returnToParent(trx, task, instance, effects, {
    title: `委派已处理：${instance.title}`,
    content: `${actor.realname}已处理您委派的「${instance.title}」${comment ? `，意见：${comment}` : ''}，请继续审批。`,
  });
}

/** 后加签: the assignee approves; the added signer approves after, then the flow moves on. */
export function addAfterTask(db: Db, id: string, actor: Actor, input: Input): Promise<Effects> {
  return move(db, id, actor, async (trx, task, instance, effects) => {
    if (task.kind !== 'approve' && task.kind !== 'back') throw new ApiError('该任务不能后加签');
    const name = await checkPerson(trx, instance, actor, input, '加签');
    const note = withComment(`同意，后加签给${name}`, input.comment);
    await endTask(trx, instance, task, actor, 'approve', 'addafter', note);
    await handOn(
      trx,
      instance,
      task,
      actor,
      {
        assignee: input.username,
        kind: 'after',
        suffix: '后加签',
        notice: {
          title: `加签待审批：${instance.title}`,
          content: `${actor.realname}已同意「${instance.title}」的「${task.name}」，请您再审批${input.comment ? `：${input.comment}` : ''}`,
        },
      },
      effects,
    );
  });
}
