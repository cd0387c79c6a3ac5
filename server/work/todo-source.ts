/**
 * Work items in the one to-do source (server/todo/): to do - the open items (待开始, 进行中) a
 * person executes, daily, department and routine ones alike; done - the ones they finished. Each
 * select reads the (assignee, status) index. A row opens 日常工作, where 开始 / 完成 are.
 */
import { sql } from 'kysely';
import type { TodoSource, TodoState, TodoWho } from '../todo/source.js';

export const DAILY_WORK_PAGE = '/HomePage/dailyWork';

function select(state: TodoState, who: TodoWho, today: string) {
  const statuses = state === 'todo' ? sql`('0', '1')` : sql`('2')`;
  return sql`select 'workItem'::text as kind, w.id, w.id as target_id, w.period_key as item_no, w.title,
      w.status, null::text as priority, w.deadline, w.assigner as launcher, w.create_time,
      w.finish_time as done_time, (w.status in ('0', '1') and w.deadline < ${today}::date) as overdue
    from biz_work_item w
    where w.tenant_id = ${who.tenantId} and w.assignee = ${who.username} and w.status in ${statuses}`;
}

export const WORK_ITEM_TODO: TodoSource = {
  kind: 'workItem',
  statusDict: 'work_item_status',
  link: () => DAILY_WORK_PAGE,
  select,
};
