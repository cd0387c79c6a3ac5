/**
 * Firing the due timers of open tasks (docs/modules/workflow.md, "Slice 4"), called by the job
 * 流程定时器 (timer-job.ts) every minute and at start when minutes were missed.
 *
 * Exactly once: each timer fires in its own transaction that locks the instance's open task rows
 * and then the instance (the order every action locks in, so an approve racing a timer never
 * deadlocks), then claims the timer with a conditional update (`status = 'pending'`). A second
 * server reaching the same timer waits for the locks and finds it fired; a task finished meanwhile
 * has its timer cancelled by the trigger of migration 0038 in the same statement.
 */
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { EventBus } from '../bus/index.js';
import type { Db } from '../db/database.js';
import { ApiError } from '../result.js';
import { afterApprove, finishTask, readTask, type Bindings, type TaskRow } from './actions.js';
import { copyOnApprove } from './cc-model.js';
import { signersOf } from './assignee.js';
import type { FlowElement } from './bpmn-model.js';
import { publishEffects, storeResults, type Push } from './notify.js';
import {
  definitionById,
  lockInstance,
  newEffects,
  writeHistory,
  type Actor,
  type Effects,
  type InstanceRow,
} from './service.js';

export interface TimerDeps {
  db: Db;
  bindings: Bindings;
  bus: EventBus;
  log: FastifyBaseLogger;
}

interface TimerRow {
  id: string;
  taskId: string;
  instanceId: string;
  action: 'remind' | 'approve' | 'escalate';
  target: string | null;
}

const SYSTEM: Actor = { username: 'system', realname: '系统', orgCode: null, tenantId: 0 };

const peopleOf = (task: TaskRow) =>
  [task.assignee, ...(task.candidates ?? '').split(',')].filter((u): u is string => !!u);

async function realname(trx: Db, username: string): Promise<string> {
  const { rows } = await sql<{ realname: string }>`select realname from sys_user
    where username = ${username} and del_flag = 0`.execute(trx);
  return rows[0]?.realname ?? username;
}

/** Fires every timer due now; answers how many fired and how many failed (kept as `failed`). */
export async function fireDueTimers(
  deps: TimerDeps,
  limit = 500,
): Promise<{ fired: number; failed: number }> {
  const due = await sql<TimerRow>`select id, task_id as "taskId", instance_id as "instanceId", action, target
    from wf_timer where status = 'pending' and due_time <= now() order by due_time, id limit ${limit}`.execute(
    deps.db,
  );
  let fired = 0;
  let failed = 0;
  for (const timer of due.rows) {
    try {
      const effects = await fireOne(deps.db, deps.bindings, timer);
      if (!effects) continue;
      fired += 1;
      await publishEffects(deps.db, deps.bus, deps.log, effects, effects.pushes);
    } catch (error) {
      // The firing rolled back (e.g. the next node's rule finds nobody): kept visible, not retried each minute.
      failed += 1;
      const message = error instanceof Error ? error.message : String(error);
      await sql`update wf_timer set status = 'failed', fired_time = now(), result = ${message.slice(0, 500)}
        where id = ${timer.id} and status = 'pending'`.execute(deps.db);
      deps.log.warn({ err: error, timerId: timer.id }, 'workflow timer failed');
    }
  }
  return { fired, failed };
}

/** One timer in one transaction; null when it was no longer pending (fired elsewhere, or its task ended). */
async function fireOne(db: Db, bindings: Bindings, timer: TimerRow): Promise<Effects | null> {
  const effects = newEffects();
  let fired = false;
  await db.transaction().execute(async (trx) => {
    await sql`select id from wf_task where instance_id = ${timer.instanceId}
      and (status = 'todo' or id = ${timer.taskId}) order by id for update`.execute(trx);
    const instance = await lockInstance(trx, timer.instanceId);
    const task = await readTask(trx, timer.taskId);
    const claimed = await sql`update wf_timer set status = 'fired', fired_time = now()
      where id = ${timer.id} and status = 'pending'`.execute(trx);
    if (Number(claimed.numAffectedRows ?? 0) !== 1) return;
    if (!task || task.status !== 'todo' || instance.status !== 'running') {
      await sql`update wf_timer set status = 'cancelled' where id = ${timer.id}`.execute(trx);
      return;
    }
    const def = await definitionById(trx, instance.definitionId);
    const element = def?.model.elements[task.elementId];
    if (!def || !element?.timer) throw new ApiError('流程定义不存在');
    const text = element.timer.text;
    let copies: Push[] = [];
    if (timer.action === 'remind') await remind(trx, task, instance, text, effects);
    else if (timer.action === 'approve') {
      const system = { ...SYSTEM, tenantId: instance.tenantId };
      await finishTask(trx, task, system, 'approve', '超时自动通过');
      // An automatic approval is an approval: the node's 抄送 (zh:ccUsers) goes out, from 系统.
      if (task.kind !== 'addsign') copies = await copyOnApprove(trx, instance, def.model, task, system);
      await history(trx, instance, task, 'autopass', `超过${text}未处理，系统自动通过`);
      for (const u of peopleOf(task)) effects.todo.add(u);
      for (const u of peopleOf(task))
        effects.results.push({
          ...notice(instance, u, '审批已超时自动通过', task, text),
          page: '/flow/done',
        });
      await afterApprove(trx, task, instance, def.model, effects, bindings.get(instance.processKey));
    } else await escalate(trx, task, instance, element, effects);
    await sql`update wf_timer set result = ${timer.action} where id = ${timer.id}`.execute(trx);
    effects.pushes = [...(await storeResults(trx, effects, instance.tenantId)), ...copies];
    fired = true;
  });
  return fired ? effects : null;
}

const history = (
  trx: Db,
  instance: InstanceRow,
  task: TaskRow,
  action: 'remind' | 'autopass' | 'escalate',
  comment: string,
) =>
  writeHistory(trx, instance, {
    action,
    username: 'system',
    taskId: task.id,
    elementId: task.elementId,
    nodeName: task.name,
    comment,
  });

function notice(instance: InstanceRow, username: string, title: string, task: TaskRow, text: string) {
  return {
    username,
    instanceId: instance.id,
    title: `${title}：${instance.title}`,
    content: `「${instance.title}」的「${task.name}」已等待超过${text}。`,
  };
}

async function remind(trx: Db, task: TaskRow, instance: InstanceRow, text: string, effects: Effects) {
  const people = peopleOf(task);
  const names = await Promise.all(people.map((u) => realname(trx, u)));
  await history(trx, instance, task, 'remind', `超过${text}未处理，已提醒${names.join('、')}`);
  // Work still waiting for them: told like a task given (流程审批, 我的待办).
  for (const u of people)
    effects.assigned.push({
      ...notice(instance, u, '审批超时提醒', task, text),
      processKey: instance.processKey,
      businessKey: instance.businessKey,
      content: `「${instance.title}」的「${task.name}」已等待超过${text}，请尽快处理。`,
    });
}

/** 超时升级: the task becomes the assignee's department manager's (or the named user's). */
async function escalate(
  trx: Db,
  task: TaskRow,
  instance: InstanceRow,
  element: FlowElement,
  effects: Effects,
) {
  const timer = element.timer!;
  const holder = peopleOf(task)[0] ?? instance.starter;
  const { rows } = await sql<{ orgCode: string | null }>`select org_code as "orgCode" from sys_user
    where username = ${holder}`.execute(trx);
  const from = { username: holder, orgCode: rows[0]?.orgCode ?? null, tenantId: instance.tenantId };
  const [target] = await signersOf(trx, timer.target ?? 'deptManager', task.name, from);
  if (!target || peopleOf(task).includes(target))
    throw new ApiError(`节点「${task.name}」超时升级找不到其他处理人`);
  await sql`update wf_task set assignee = ${target}, candidates = null, row_version = row_version + 1
    where id = ${task.id}`.execute(trx);
  const name = await realname(trx, target);
  await history(trx, instance, task, 'escalate', `超过${timer.text}未处理，升级给${name}`);
  for (const u of [...peopleOf(task), target]) effects.todo.add(u);
  for (const u of peopleOf(task))
    effects.results.push(notice(instance, u, `审批已超时升级给${name}`, task, timer.text));
  effects.assigned.push({
    ...notice(instance, target, '超时升级待审批', task, timer.text),
    processKey: instance.processKey,
    businessKey: instance.businessKey,
    content: `「${instance.title}」的「${task.name}」已等待超过${timer.text}，已升级由您审批。`,
  });
}
