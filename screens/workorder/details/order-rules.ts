/**
 * Pure decisions of the details page over the order row and the viewer: the colours, overdue, who is
 * related to the order, who may add a note, urge, or manage sub-orders. The server decides again on
 * every call (docs/modules/workorder.md); these only keep useless controls away.
 */
import type { Row } from '../../../runtime/render/data/adapter';

/** work_order_status: 0 待接收, 2 处理中, 1 已完成, 3 已关闭, 4 已撤回. */
export const OrderStatus = {
  waiting: '0',
  finished: '1',
  inHand: '2',
  closed: '3',
  withdrawn: '4',
} as const;

export const STATUS_COLORS: Readonly<Record<string, string>> = {
  '0': 'orange',
  '2': 'processing',
  '1': 'success',
  '3': 'default',
  '4': 'purple',
};

/** urgent_level: 1 一般, 2 重要, 3 紧急. */
export const PRIORITY_COLORS: Readonly<Record<string, string>> = {
  '1': 'default',
  '2': 'orange',
  '3': 'red',
};

/** Timeline dot colour per work_order_action. */
export const ACTION_COLORS: Readonly<Record<string, string>> = {
  create: 'blue',
  accept: 'blue',
  dispatch: 'blue',
  finish: 'green',
  subFinish: 'green',
  reopen: 'orange',
  withdraw: 'gray',
  close: 'red',
  note: 'gray',
};

export interface Viewer {
  username: string;
  /** The permission codes the viewer holds. */
  perms: readonly string[];
}

export const text = (row: Row, field: string): string => {
  const value = row[field];
  return value === null || value === undefined ? '' : String(value);
};

export function members(value: unknown): string[] {
  return typeof value === 'string'
    ? value
        .split(',')
        .map((v) => v.trim())
        .filter((v) => v !== '')
    : [];
}

const isOpen = (order: Row) =>
  [OrderStatus.waiting, OrderStatus.inHand].includes(text(order, 'status') as '0');

/** Waiting or in hand with a deadline before today (YYYY-MM-DD, the app's day). */
export function isOverdue(order: Row, today: string): boolean {
  const deadline = text(order, 'deadline').slice(0, 10);
  return isOpen(order) && deadline !== '' && deadline < today;
}

/** Launcher, person in charge, participant or the handler of one of its sub-orders. */
export function isRelated(order: Row, subs: readonly Row[], viewer: Viewer): boolean {
  const me = viewer.username;
  return (
    text(order, 'launcher') === me ||
    text(order, 'charge') === me ||
    members(order.participants).includes(me) ||
    subs.some((s) => text(s, 'handler') === me)
  );
}

/** The 添加动态 box: not on a closed or withdrawn order; for those the server lets add a note. */
export function mayAddNote(order: Row, subs: readonly Row[], viewer: Viewer): boolean {
  const status = text(order, 'status');
  if (status === OrderStatus.closed || status === OrderStatus.withdrawn) return false;
  if (!viewer.perms.includes('workOrder:deal')) return false;
  return isRelated(order, subs, viewer) || viewer.perms.includes('workOrder:list');
}

/** 催办: an open order, a viewer holding workOrder:urge who is not its person in charge. */
export function mayUrge(order: Row, viewer: Viewer): boolean {
  return (
    isOpen(order) && viewer.perms.includes('workOrder:urge') && text(order, 'charge') !== viewer.username
  );
}

/** 新增 / 编辑 / 删除 of sub-orders: the person in charge while the order is open. */
export function mayManageSubs(order: Row, viewer: Viewer): boolean {
  return isOpen(order) && text(order, 'charge') === viewer.username;
}

/** The reminder's default words. */
export function urgeText(order: Row): string {
  const deadline = text(order, 'deadline').slice(0, 10);
  return `工单「${text(order, 'title')}」（${text(order, 'orderNo')}）${deadline ? `截止日期为${deadline}，` : ''}请尽快处理。`;
}

/** Plain text as the HTML of a notice body: escaped, one paragraph per line. */
export function paragraphs(plain: string): string {
  const escape = (s: string) =>
    s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  return plain
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '')
    .map((line) => `<p>${escape(line)}</p>`)
    .join('');
}
