/**
 * 流程实例 / 流程历史 for admins (docs/modules/workflow.md, "Admin"): every instance of the tenant
 * with filters, terminate (终止, with a reason) and reassign a waiting task (转派). Each action is one
 * transaction with its history row; the live pushes go out after the commit.
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { ApiError } from '../result.js';
import { close, type Bindings } from './actions.js';
import { storeResults } from './notify.js';
import { dictText, like, page, paging, realname, type PageQuery } from './queries.js';
import {
  lockInstance,
  newEffects,
  resultMessage,
  writeHistory,
  type Actor,
  type Effects,
} from './service.js';

export interface MonitorQuery extends PageQuery {
  processKey?: string;
  starter?: string;
  startTime_begin?: string;
  startTime_end?: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function day(value: string | undefined, name: string): string | null {
  if (!value) return null;
  const date = value.slice(0, 10);
  if (!DAY.test(date) || Number.isNaN(Date.parse(`${date}T00:00:00Z`)))
    throw new ApiError(`${name}格式不正确`);
  return date;
}

/** type=1: running instances; 2: finished ones (流程历史). */
export async function monitorPage(db: Db, actor: Actor, query: MonitorQuery, timeZone: string) {
  const p = paging(query);
  const begin = day(query.startTime_begin, '开始日期');
  const end = day(query.startTime_end, '结束日期');
  const where = [
    query.type === '2' ? sql`i.status <> 'running'` : sql`i.status = 'running'`,
    query.processKey ? sql`i.process_key = ${query.processKey}` : sql`true`,
    query.starter ? sql`i.starter = ${query.starter}` : sql`true`,
    query.status ? sql`i.status = ${query.status}` : sql`true`,
    begin ? sql`i.create_time >= (${begin}::date)::timestamp at time zone ${timeZone}` : sql`true`,
    end ? sql`i.create_time < (${end}::date + 1)::timestamp at time zone ${timeZone}` : sql`true`,
  ];
  return page(
    sql<{ total: number }>`select i.id, i.title, i.process_key as "processKey", d.name as "processName",
        d.version, i.starter, ${realname(sql`i.starter`)} as "starter_dictText", i.status,
        ${dictText('wf_instance_status', sql`i.status`)} as "status_dictText", i.current_node as "currentNode",
        (select string_agg(coalesce(${realname(sql`t.assignee`)}, t.assignee, '候选人'), '、' order by t.create_time, t.name)
          from wf_task t where t.instance_id = i.id and t.status = 'todo') as "assignees",
        i.create_time as "startTime", i.end_time as "endTime", i.business_key as "businessKey",
        count(*) over () as total
      from wf_instance i join wf_definition d on d.id = i.definition_id
      where i.tenant_id = ${actor.tenantId} and ${sql.join(where, sql` and `)} ${like(query.title, sql`i.title`)}
      order by i.create_time desc, i.id limit ${p.pageSize} offset ${p.offset}`,
    db,
    p,
  );
}

const peopleOf = (t: { assignee: string | null; candidates: string | null }) =>
  [t.assignee, ...(t.candidates ?? '').split(',')].filter((u): u is string => Boolean(u));

/** Ends a running instance as 已终止: open tasks cancelled, the business row follows, the starter told. */
export async function terminateInstance(
  db: Db,
  bindings: Bindings,
  id: string,
  actor: Actor,
  reason: string,
): Promise<Effects> {
  const effects = newEffects();
  await db.transaction().execute(async (trx) => {
    // Task rows first, then the instance: the order approve and withdraw lock in.
    const open = await sql<{ assignee: string | null; candidates: string | null; status: string }>`select
        assignee, candidates, status from wf_task where instance_id = ${id} order by id for update`.execute(
      trx,
    );
    const instance = await lockInstance(trx, id);
    if (instance.tenantId !== actor.tenantId) throw new ApiError('流程实例不存在');
    if (instance.status !== 'running') throw new ApiError('流程已结束，无法终止');
    for (const t of open.rows) if (t.status === 'todo') for (const u of peopleOf(t)) effects.todo.add(u);
    await writeHistory(trx, instance, {
      action: 'terminate',
      username: actor.username,
      nodeName: '终止',
      comment: reason,
    });
    await close(trx, instance, bindings, 'terminated');
    effects.results.push({
      ...resultMessage(instance),
      content: `您发起的「${instance.title}」已被${actor.realname}终止：${reason}`,
    });
    effects.pushes = await storeResults(trx, effects, actor.tenantId, actor);
  });
  return effects;
}

interface OpenTask {
  id: string;
  name: string;
  elementId: string;
  assignee: string | null;
  candidates: string | null;
}

/** Hands an instance's waiting task (the one, or `taskId` of several) to another active user. */
export async function reassignTask(
  db: Db,
  input: { instanceId: string; taskId: string | null; username: string; comment: string },
  actor: Actor,
): Promise<Effects> {
  const effects = newEffects();
  await db.transaction().execute(async (trx) => {
    const { rows } = await sql<OpenTask>`select id, name, element_id as "elementId", assignee, candidates
      from wf_task where instance_id = ${input.instanceId} and status = 'todo'
        ${input.taskId ? sql`and id = ${input.taskId}` : sql``}
      order by id for update`.execute(trx);
    const instance = await lockInstance(trx, input.instanceId);
    if (instance.tenantId !== actor.tenantId) throw new ApiError('流程实例不存在');
    if (instance.status !== 'running') throw new ApiError('流程已结束，无法转派');
    if (rows.length === 0) throw new ApiError('该流程没有待处理的任务');
    if (rows.length > 1) throw new ApiError('该流程有多个待处理的任务，请指定要转派的任务');
    const task = rows[0]!;
    const { rows: users } = await sql<{ realname: string }>`select realname from sys_user
      where username = ${input.username} and del_flag = 0 and status = 1`.execute(trx);
    if (!users[0]) throw new ApiError('转派对象不存在或已停用');
    if (task.assignee === input.username) throw new ApiError(`任务已由${users[0].realname}处理，无需转派`);
    await sql`update wf_task set assignee = ${input.username}, candidates = null, row_version = row_version + 1
      where id = ${task.id}`.execute(trx);
    const note = `转派给${users[0].realname}`;
    await writeHistory(trx, instance, {
      action: 'reassign',
      username: actor.username,
      taskId: task.id,
      elementId: task.elementId,
      nodeName: task.name,
      comment: input.comment ? `${note}：${input.comment}` : note,
    });
    for (const u of [...peopleOf(task), input.username]) effects.todo.add(u);
    effects.assigned.push({
      username: input.username,
      instanceId: instance.id,
      processKey: instance.processKey,
      businessKey: instance.businessKey,
      title: `转派待审批：${instance.title}`,
      content: `${actor.realname}将「${instance.title}」的「${task.name}」转派给您${input.comment ? `：${input.comment}` : ''}`,
    });
    effects.pushes = await storeResults(trx, effects, actor.tenantId, actor);
  });
  return effects;
}
