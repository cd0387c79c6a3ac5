/**
 * What work orders add to the one to-do source (server/todo/): to do - the orders a person is in
 * charge of that wait (待接收, 处理中), the orders they launched and withdrew (waiting to be sent
 * again or closed), and the sub-orders they handle that wait; done - the orders they finished as the
 * person in charge and the sub-orders they finished. Each select reads one index: (charge, status),
 * (launcher, status), (handler, status).
 */
import { sql } from 'kysely';
import type { TodoSource, TodoState, TodoWho } from '../todo/source.js';

export const WORK_ORDER_DETAILS = '/HomePage/DistributedDetails/details';
const link = (orderId: string) => `${WORK_ORDER_DETAILS}?id=${encodeURIComponent(orderId)}`;

function orderSelect(state: TodoState, who: TodoWho, today: string) {
  const columns = sql`'workOrder'::text as kind, o.id, o.id as target_id, o.order_no as item_no, o.title,
    o.status, o.priority, o.deadline, o.launcher, o.create_time, o.finish_time as done_time,
    (o.status in ('0', '2') and o.deadline < ${today}::date) as overdue`;
  if (state === 'done')
    return sql`select ${columns} from biz_work_order o
      where o.tenant_id = ${who.tenantId} and o.charge = ${who.username} and o.status = '1'`;
  return sql`select ${columns} from biz_work_order o
      where o.tenant_id = ${who.tenantId} and o.charge = ${who.username} and o.status in ('0', '2')
    union all
    select ${columns} from biz_work_order o
      where o.tenant_id = ${who.tenantId} and o.launcher = ${who.username} and o.status = '4'`;
}

function subSelect(state: TodoState, who: TodoWho, today: string) {
  const status = state === 'todo' ? '0' : '1';
  return sql`select 'workOrderSub'::text as kind, s.id, s.order_id as target_id, o.order_no as item_no,
      s.title, s.status, o.priority, s.deadline, o.launcher, s.create_time,
      (case when s.status = '1' then s.update_time end) as done_time,
      (s.status = '0' and s.deadline < ${today}::date) as overdue
    from biz_work_order_sub s join biz_work_order o on o.id = s.order_id
    where s.tenant_id = ${who.tenantId} and s.handler = ${who.username} and s.status = ${status}`;
}

export const WORK_ORDER_TODO: TodoSource = {
  kind: 'workOrder',
  statusDict: 'work_order_status',
  link,
  select: orderSelect,
};

export const WORK_ORDER_SUB_TODO: TodoSource = {
  kind: 'workOrderSub',
  statusDict: 'work_order_sub_status',
  link,
  select: subSelect,
};
