/**
 * Work orders given to someone (issue 33): the person in charge of a new order, the new person in
 * charge of an edited one (转派), the person in charge again when the launcher sends it out anew
 * (重新派发) or reopens it, and the handler of a sub-order added or handed to them - each gets a bell
 * notice in 工单派发 that opens the order's details. Written by the engine's save and transition
 * hooks inside the change's transaction (server/notice/assigned.ts); pushed once it answered.
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { SaveHook } from '../entity/save-hooks.js';
import type { TransitionEvent } from '../entity/transition-hooks.js';
import type { Row } from '../entity/store.js';
import {
  NoticeCategory,
  queueNoticePushes,
  storeAssignments,
  WORK_ORDER_PAGE,
  type Assignment,
} from '../notice/assigned.js';

const text = (row: Readonly<Row>, name: string) =>
  row[name] === null || row[name] === undefined ? '' : String(row[name]).trim();

/** 「WO20261126-0004 投影仪无法开机」: the order by its number and title. */
const orderName = (order: Readonly<Row>) =>
  [text(order, 'orderNo'), text(order, 'title')].filter(Boolean).join(' ');

function orderNotice(
  to: string,
  orderId: string,
  title: string,
  content: string,
  from: Assignment['from'],
): Assignment {
  return {
    to,
    title,
    content,
    category: NoticeCategory.workOrder,
    busType: 'workOrder',
    busId: orderId,
    openPage: `${WORK_ORDER_PAGE}?id=${encodeURIComponent(orderId)}`,
    from,
  };
}

const deadlineText = (row: Readonly<Row>) =>
  text(row, 'deadline') ? `，截止日期 ${text(row, 'deadline').slice(0, 10)}` : '';

/** 待接收 and 处理中: the statuses in which an order is someone's work. */
const OPEN = new Set(['0', '2']);

/** A new order, or an edit that names another person in charge. */
export const orderSaved: SaveHook = async (trx, event) => {
  const charge = text(event.values, 'charge');
  if (!charge || (event.before && text(event.before, 'charge') === charge)) return;
  // Only an order someone works on is handed on: a withdrawn one is told when it is sent out again
  // (重新派发), a finished or closed one when it is reopened.
  if (event.before && !OPEN.has(text(event.before, 'status'))) return;
  const order = { ...(event.before ?? {}), ...event.values };
  const auth = event.request.auth;
  const from = auth ? { username: auth.username, realname: auth.realname } : null;
  const who = from?.realname ?? '系统';
  const notice = event.before
    ? orderNotice(
        charge,
        event.id,
        `工单转派：${text(order, 'title')}`,
        `${who}将工单「${orderName(order)}」转派给您负责${deadlineText(order)}，请及时接收处理。`,
        from,
      )
    : orderNotice(
        charge,
        event.id,
        `新工单待接收：${text(order, 'title')}`,
        `${who}将工单「${orderName(order)}」派发给您负责${deadlineText(order)}，请及时接收处理。`,
        from,
      );
  queueNoticePushes(event.request, await storeAssignments(trx, event.caller.tenantId, [notice]));
};

/** A sub-order added with a handler, or handed to another one. */
export const subOrderSaved: SaveHook = async (trx, event) => {
  const handler = text(event.values, 'handler');
  if (!handler || (event.before && text(event.before, 'handler') === handler)) return;
  const sub = { ...(event.before ?? {}), ...event.values };
  const orderId = text(sub, 'orderId');
  if (!orderId) return;
  const order = await orderOf(trx, orderId);
  const auth = event.request.auth;
  const from = auth ? { username: auth.username, realname: auth.realname } : null;
  const notice = orderNotice(
    handler,
    orderId,
    `子工单待处理：${text(sub, 'title')}`,
    `${from?.realname ?? '系统'}将工单「${order ? orderName(order) : ''}」的子工单「${text(sub, 'title')}」交给您处理${deadlineText(sub)}。`,
    from,
  );
  queueNoticePushes(event.request, await storeAssignments(trx, event.caller.tenantId, [notice]));
};

async function orderOf(trx: Db, id: string): Promise<Row | undefined> {
  const { rows } = await sql<Row>`select order_no as "orderNo", title, charge, deadline::text as deadline
    from biz_work_order where id = ${id}`.execute(trx);
  return rows[0];
}

/** What a transition back to 待接收 tells the person in charge (重新派发, 重新打开). */
const AGAIN: Readonly<Record<string, [string, string]>> = {
  dispatch: ['工单重新派发', '重新派发给您负责'],
  reopen: ['工单重新打开', '重新打开，仍由您负责'],
};

/** In the transition's transaction, after the status changed (server/workorder/dynamics.ts). */
export async function orderMoved(trx: Db, event: TransitionEvent): Promise<void> {
  const again = AGAIN[event.transition.name];
  if (!again) return;
  const order = await orderOf(trx, event.id);
  const charge = order ? text(order, 'charge') : '';
  if (!order || !charge) return;
  const auth = event.request.auth;
  const from = auth ? { username: auth.username, realname: auth.realname } : null;
  const notice = orderNotice(
    charge,
    event.id,
    `${again[0]}：${text(order, 'title')}`,
    `${from?.realname ?? '系统'}将工单「${orderName(order)}」${again[1]}${deadlineText(order)}，请及时接收处理。`,
    from,
  );
  queueNoticePushes(event.request, await storeAssignments(trx, event.caller.tenantId, [notice]));
}
