/**
 * 抄送 (docs/modules/workflow.md, "Slice 5b"): a task's approver copies the instance to colleagues
 * with a note. One `wf_copy` row per person (once per instance), a history row 抄送 and a bell
 * notice that opens 我的抄送, in one transaction. A recipient may read that instance (its detail,
 * history and diagram) read-only; opening their copy marks it read.
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { newId } from '../db/seed/ids.js';
import { ApiError } from '../result.js';
import type { Push } from './notify.js';
import { NoticeCategory } from '../notice/assigned.js';
import type { Actor } from './service.js';

export const COPY_MAX_PEOPLE = 50;
const COPY_PAGE = '/flow/copy';
/** Filed with the workflow's other notices under 流程审批 (migration 0050). */
const CATEGORY = NoticeCategory.approval;

export interface CopyInput {
  taskId: string;
  usernames: string[];
  note: string;
}

export function readUsernames(value: unknown): string[] {
  const list = typeof value === 'string' ? value.split(',') : Array.isArray(value) ? value : [];
  const names = [...new Set(list.map((v) => (typeof v === 'string' ? v.trim() : '')).filter(Boolean))];
  if (names.length === 0) throw new ApiError('请选择抄送给谁');
  if (names.length > COPY_MAX_PEOPLE) throw new ApiError(`一次最多抄送${COPY_MAX_PEOPLE}人`);
  return names;
}

interface TaskInfo {
  instanceId: string;
  name: string;
  status: string;
  assignee: string | null;
  candidates: string | null;
  doneBy: string | null;
  title: string;
  form: string;
  tenantId: number;
}

/** Copies the task's instance to the people named; answers the bell notices to push after the commit. */
export async function copyTask(db: Db, input: CopyInput, actor: Actor): Promise<Push[]> {
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<TaskInfo>`select t.instance_id as "instanceId", t.name, t.status, t.assignee,
        t.candidates, t.done_by as "doneBy", i.title, i.form, i.tenant_id as "tenantId"
      from wf_task t join wf_instance i on i.id = t.instance_id where t.id = ${input.taskId}
      for update of i`.execute(trx);
    const task = rows[0];
    if (!task || task.tenantId !== actor.tenantId) throw new ApiError('任务不存在');
    const holds =
      task.status === 'todo' &&
      (task.assignee === actor.username || (task.candidates ?? '').split(',').includes(actor.username));
    if (!holds && task.doneBy !== actor.username) throw new ApiError('您不是该任务的审批人，无权抄送');
    if (input.usernames.includes(actor.username)) throw new ApiError('不能抄送给自己');
    const users = await sql<{ id: string; username: string; realname: string }>`select id, username, realname
      from sys_user where username in (${sql.join(input.usernames)}) and del_flag = 0 and status = 1
        and (${actor.tenantId} = 0 or ',' || coalesce(rel_tenant_ids, '') || ',' like ${`%,${actor.tenantId},%`})
      order by username`.execute(trx);
    if (users.rows.length !== input.usernames.length) throw new ApiError('抄送对象不存在或已停用');
    const already = await sql<{ realname: string }>`select coalesce(su.realname, c.username) as realname
      from wf_copy c left join sys_user su on su.username = c.username
      where c.instance_id = ${task.instanceId} and c.username in (${sql.join(input.usernames)})`.execute(trx);
    if (already.rows.length > 0)
      throw new ApiError(`${already.rows.map((r) => r.realname).join('、')}已收到过本流程的抄送`);
    const { instanceId, name: taskName, title, form } = task;
    const target = { instanceId, taskId: input.taskId, taskName, title, form };
    return writeCopies(trx, target, actor, users.rows, input.note);
  });
}

export interface CopyTarget {
  instanceId: string;
  taskId: string;
  taskName: string;
  title: string;
  /** The instance's form (JSON text), kept on the history row like every action's. */
  form: string;
}

/**
 * The rows of a copy to `users` (checked by the caller: active, in the tenant, none holding a copy
 * yet): a `wf_copy` row and a bell notice each, one history row 抄送; answers the pushes.
 */
export async function writeCopies(
  trx: Db,
  target: CopyTarget,
  from: Pick<Actor, 'username' | 'realname' | 'tenantId'>,
  users: readonly { id: string; username: string; realname: string }[],
  note: string,
): Promise<Push[]> {
  const pushes: Push[] = [];
  const title = `抄送：${target.title}`.slice(0, 200);
  const content = `${from.realname}将「${target.title}」抄送给您${note ? `：${note}` : '。'}`;
  for (const user of users) {
    await sql`insert into wf_copy (id, instance_id, task_id, from_user, username, note, tenant_id)
      values (${newId()}, ${target.instanceId}, ${target.taskId}, ${from.username}, ${user.username},
        ${note}, ${from.tenantId})`.execute(trx);
    const noticeId = newId();
    await sql`insert into sys_announcement (id, tenant_id, titile, msg_content, msg_abstract, sender, priority,
        msg_category, msg_type, user_ids, send_status, send_time, bus_type, bus_id, open_type, open_page, create_by)
      values (${noticeId}, ${from.tenantId}, ${title}, ${content}, ${content.slice(0, 500)}, ${from.realname},
        'L', ${CATEGORY}, 'USER', ${user.id}, '1', now(), 'workflow', ${target.instanceId}, 'url', ${COPY_PAGE},
        ${from.username})`.execute(trx);
    await sql`insert into sys_announcement_send (id, annt_id, user_id, read_flag)
      values (${newId()}, ${noticeId}, ${user.id}, '0')`.execute(trx);
    pushes.push({ userId: user.id, msgId: noticeId, msgTxt: title });
  }
  const names = users.map((u) => u.realname).join('、');
  await sql`insert into wf_history (id, instance_id, task_id, node_name, action, username, comment, form, create_time)
    values (${newId()}, ${target.instanceId}, ${target.taskId}, ${target.taskName}, 'copy', ${from.username},
      ${`抄送给${names}${note ? `：${note}` : ''}`.slice(0, 1000)}, ${target.form}, clock_timestamp())`.execute(
    trx,
  );
  return pushes;
}

/** The caller's copy (by its id), marked read; undefined when it is not theirs. */
export async function openCopy(db: Db, id: string, actor: Actor) {
  const { rows } = await sql<{ instanceId: string }>`update wf_copy
    set read_flag = '1', read_time = coalesce(read_time, now())
    where id = ${id} and username = ${actor.username} and tenant_id = ${actor.tenantId}
    returning instance_id as "instanceId"`.execute(db);
  return rows[0];
}
