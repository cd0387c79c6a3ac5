/**
 * Where a task may be returned to (退回, docs/modules/workflow.md "Slice 4"): every earlier node
 * the instance has passed, newest first, each with who approved it there last (the person the
 * `back` task goes to). A node approved by the timer (超时自动通过) goes to whoever its rule names now.
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { ApiError } from '../result.js';
import { readTask } from './actions.js';
import { assign, type Assignment } from './assignee.js';
import type { ProcessModel } from './bpmn-model.js';
import { starterOf } from './nodes.js';
import { definitionById, type InstanceRow } from './service.js';

async function definitionOf(db: Db, instanceId: string) {
  const { rows } = await sql<{ definitionId: string }>`select definition_id as "definitionId" from wf_instance
    where id = ${instanceId}`.execute(db);
  return rows[0] ? definitionById(db, rows[0].definitionId) : undefined;
}

export interface DoneNode {
  elementId: string;
  name: string;
  doneBy: string;
  realname: string;
}

/** The nodes approved in this instance other than `current`, newest first, one row per node. */
export async function doneNodes(db: Db, instanceId: string, current: string): Promise<DoneNode[]> {
  const { rows } = await sql<DoneNode>`select t.element_id as "elementId", t.name, t.done_by as "doneBy",
      coalesce((select u.realname from sys_user u where u.username = t.done_by limit 1), '系统') as realname
    from wf_task t
    where t.instance_id = ${instanceId} and t.status = 'done' and t.outcome = 'approve' and t.kind = 'approve'
      and t.element_id <> ${current}
    order by t.done_time desc, t.id desc`.execute(db);
  const seen = new Set<string>();
  return rows.filter((r) => !seen.has(r.elementId) && seen.add(r.elementId));
}

/** Who the `back` task at a done node goes to. */
export async function backAssignee(
  trx: Db,
  instance: InstanceRow,
  model: ProcessModel,
  node: DoneNode,
): Promise<Assignment> {
  if (node.doneBy !== 'system') return { assignee: node.doneBy, candidates: [] };
  const rule = model.elements[node.elementId]?.assignee ?? '';
  return assign(trx, rule, node.name, starterOf(instance));
}

/**
 * 退回 from a task on a parallel branch is refused: the engine waits at both branches, and a
 * detour back through an earlier node (or the starter) would cancel the sibling branch's task with
 * no way to make it again. 同意 or 驳回 (which ends the instance and cancels the sibling) remain.
 */
export function refuseBranchReturn(model: ProcessModel, task: { elementId: string; name: string }): void {
  if (model.elements[task.elementId]?.branch)
    throw new ApiError(`节点「${task.name}」处于并行分支中，不能退回；请同意，或驳回给发起人`);
}

/** GET /workflow/task/returnable?id=: the 退回 dialog's choices for the task's assignee. */
export async function returnChoices(db: Db, taskId: string, username: string, tenantId: number) {
  const task = await readTask(db, taskId);
  const mine =
    task &&
    task.tenantId === tenantId &&
    task.status === 'todo' &&
    (task.assignee === username || (task.candidates ?? '').includes(`,${username},`));
  if (!task || !mine) return undefined;
  // The same refusals as the return itself, shown by the dialog before anyone types a reason.
  if (task.kind === 'addsign' || task.kind === 'after') throw new ApiError('加签任务不能退回，请同意或驳回');
  if (task.kind === 'delegate') throw new ApiError('委派任务请填写意见后提交，由委派人继续审批');
  if (task.kind === 'resubmit') throw new ApiError('请重新提交或撤回该申请');
  const def = await definitionOf(db, task.instanceId);
  if (def) refuseBranchReturn(def.model, task);
  // A task made by a return goes back to the starter only; so does the first node.
  const nodes = task.kind === 'approve' ? await doneNodes(db, task.instanceId, task.elementId) : [];
  return nodes.map((n) => ({ elementId: n.elementId, name: n.name, realname: n.realname }));
}
