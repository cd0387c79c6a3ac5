/**
 * Approval tasks in the one to-do list (server/todo/): to do - the tasks waiting for the person
 * (assignee or candidate); done - the tasks they completed. A row opens 我的待办 (done: 我的已办).
 */
import { sql } from 'kysely';
import type { TodoSource, TodoState, TodoWho } from '../todo/source.js';

export const WF_TODO_KIND: [string, string] = ['wfTask', '审批'];

function select(state: TodoState, who: TodoWho) {
  const columns = sql`'wfTask'::text as kind, t.id, t.id as target_id, null::text as item_no,
    (i.title || ' - ' || t.name) as title, t.status, null::text as priority, null::date as deadline,
    i.starter as launcher, t.create_time, t.done_time, false as overdue`;
  if (state === 'done')
    return sql`select ${columns} from wf_task t join wf_instance i on i.id = t.instance_id
      where t.tenant_id = ${who.tenantId} and t.done_by = ${who.username} and t.status = 'done'`;
  return sql`select ${columns} from wf_task t join wf_instance i on i.id = t.instance_id
    where t.tenant_id = ${who.tenantId} and t.status = 'todo'
      and (t.assignee = ${who.username} or t.candidates like ${`%,${who.username},%`})`;
}

export const WF_TASK_TODO: TodoSource = {
  kind: WF_TODO_KIND[0],
  statusDict: 'wf_task_status',
  // A waiting task is handled in 我的待办; a done one is looked at in 我的已办 (no 办理 there).
  link: (_taskId, state) => (state === 'done' ? '/flow/done' : '/flow/todo'),
  select,
};
