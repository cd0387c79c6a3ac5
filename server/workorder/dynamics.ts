/**
 * The work-order timeline (工单动态, schemas/workorder/work-order-dynamic.json): one entry per
 * status change, written by the transition hooks below in the change's own transaction, and one per
 * note a person adds (saveOrderDynamic). Entries are only ever added.
 */
import type { Db } from '../db/database.js';
import type { EntityModel } from '../../runtime/model/declaration/model.js';
import { newRowId } from '../entity/child-write.js';
import type { EntityDeps } from '../entity/route-kit.js';
import { EntityStore, type Caller, type Row } from '../entity/store.js';
import type { TransitionEvent, TransitionHook, TransitionHooks } from '../entity/transition-hooks.js';
import type { SaveHooks } from '../entity/save-hooks.js';
import { orderMoved, orderSaved, subOrderSaved } from './assign-notices.js';

export const DYNAMIC_ENTITY = 'workOrderDynamic';
export const ORDER_ENTITY = 'workOrder';
export const SUB_ENTITY = 'workOrderSub';

export interface DynamicValues {
  orderId: string;
  orderSubId?: string | null;
  action: string;
  fromStatus?: string | null;
  toStatus?: string | null;
  content?: string | null;
  attachments?: string | null;
}

/** Where entries are written: the dynamic entity's model and the app's time zone. */
export interface DynamicTarget {
  model: EntityModel;
  timeZone: string;
}

export function dynamicTarget(deps: EntityDeps): DynamicTarget {
  const model = deps.storeOf(DYNAMIC_ENTITY)?.model;
  if (!model) throw new Error('the workOrderDynamic declaration is missing');
  return { model, timeZone: deps.timeZone };
}

/** Adds one timeline entry over `db` (a transaction when part of a change). */
export async function addDynamic(
  db: Db,
  target: DynamicTarget,
  caller: Caller,
  values: DynamicValues,
): Promise<void> {
  await new EntityStore(db, target.model, target.timeZone).insert(caller, newRowId(), { ...values });
}

/** The note a transition call may carry (`remark` / `content`), trimmed and bounded. */
function noteOf(input: Readonly<Record<string, unknown>>): string | null {
  const raw = input.remark ?? input.content;
  if (typeof raw !== 'string' || raw.trim() === '') return null;
  return raw.trim().slice(0, 2000);
}

const text = (row: Row, name: string) =>
  row[name] === null || row[name] === undefined ? null : String(row[name]);

/** A work order's status change: its dynamic, and the finish time when it is finished (cleared on reopen). */
const orderHook: TransitionHook = async (trx, event: TransitionEvent) => {
  const { transition: t, id } = event;
  if (t.to === '1' || t.name === 'reopen')
    await event.store.update(event.caller, id, { finishTime: t.to === '1' ? event.deps.now() : null });
  await addDynamic(trx, dynamicTarget(event.deps), event.caller, {
    orderId: id,
    action: t.name,
    fromStatus: text(event.row, t.field),
    toStatus: t.to,
    content: noteOf(event.input),
  });
  // Back to 待接收 (重新派发, 重新打开): the person in charge is told, in this transaction.
  await orderMoved(trx, event);
};

/** A sub-order finished: a dynamic on its order, naming the sub-order. */
const subHook: TransitionHook = async (trx, event: TransitionEvent) => {
  const orderId = text(event.row, 'orderId');
  if (!orderId) return;
  await addDynamic(trx, dynamicTarget(event.deps), event.caller, {
    orderId,
    orderSubId: event.id,
    action: 'subFinish',
    content: noteOf(event.input) ?? `子工单“${text(event.row, 'title') ?? ''}”已完成`,
  });
};

export const WORK_ORDER_HOOKS: TransitionHooks = new Map([
  [ORDER_ENTITY, orderHook],
  [SUB_ENTITY, subHook],
]);

/** The person in charge of an order and the handler of a sub-order told of their work (assign-notices.ts). */
export const WORK_ORDER_SAVE_HOOKS: SaveHooks = new Map([
  [ORDER_ENTITY, orderSaved],
  [SUB_ENTITY, subOrderSaved],
]);
