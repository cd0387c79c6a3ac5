/**
 * The work-order calls a declaration cannot serve (spec 001 §7 "Work order"):
 * PUT /sys/workOrder/saveOrderDynamic?orderSubId - a person related to the order adds a note with
 *   attachments to its timeline (refused on a closed or withdrawn order);
 * GET /sys/workOrderDynamic/queryById?orderId - the order's timeline, oldest first, opened by its
 *   creation;
 * GET /sys/workOrder/overdueCount?type - how many open orders of a list are past their deadline;
 * GET /sys/dailyOrder/selectByPrimaryKey?id - the contract's name for a daily order's queryById.
 * The generated routes (list, add, edit, transitions ...) come from schemas/workorder/*.json.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { single } from '../../runtime/model/query/compile.js';
import { fieldAccessOf } from '../entity/field-permissions.js';
import { presentRows } from '../entity/present.js';
import {
  access,
  checkId,
  EntityMessages,
  guarded,
  idParam,
  queryOf,
  readAccess,
  scopedCaller,
} from '../entity/route-kit.js';
import type { Row } from '../entity/store.js';
import { ApiError, ok, okMessage } from '../result.js';
import { checkOwnUploads } from '../sys/upload-owner.js';
import { callerOf, type WorkOrderContext } from './context.js';
import { addDynamic, DYNAMIC_ENTITY, ORDER_ENTITY, SUB_ENTITY } from './dynamics.js';
import { overdueCount } from './overdue.js';
import { WorkOrderMessages } from './rules.js';

export const DynamicMessages = {
  saved: '保存成功！',
} as const;

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

async function saveOrderDynamic(ctx: WorkOrderContext, request: FastifyRequest) {
  const caller = callerOf(request);
  const body = (request.body ?? {}) as Record<string, unknown>;
  const orderId = checkId(body.orderId ?? body.id);
  // The order's read rule is who it concerns (launcher, person in charge, participants, sub-order
  // handlers, or 查看全部工单): anyone else finds no such order to write on.
  const orders = ctx.store(ORDER_ENTITY);
  const order = await orders.findById(await scopedCaller(request, ctx, orders), orderId);
  if (!order) throw new ApiError(EntityMessages.notFound);
  if (order.status === '3') throw new ApiError(WorkOrderMessages.closedOrder);
  if (order.status === '4') throw new ApiError(WorkOrderMessages.withdrawnOrder);
  const content = text(body.content).slice(0, 2000);
  const attachments = text(body.attachments).slice(0, 2000);
  if (content === '' && attachments === '') throw new ApiError(WorkOrderMessages.emptyDynamic);
  // A note attaches only files its author uploaded (文件不存在或不是您上传的).
  await checkOwnUploads(ctx.db, request.auth?.userId ?? '', attachments);
  const rawSub =
    single(queryOf(request), 'orderSubId') ?? (typeof body.orderSubId === 'string' ? body.orderSubId : '');
  let orderSubId: string | null = null;
  if (rawSub !== '') {
    const sub = await ctx.store(SUB_ENTITY).findById(caller, checkId(rawSub));
    if (!sub || sub.orderId !== orderId) throw new ApiError(WorkOrderMessages.subNotOfOrder);
    orderSubId = String(sub.id);
  }
  await addDynamic(ctx.db, { model: ctx.store(DYNAMIC_ENTITY).model, timeZone: ctx.timeZone }, caller, {
    orderId,
    orderSubId,
    action: 'note',
    content: content || null,
    attachments: attachments || null,
  });
  return okMessage(DynamicMessages.saved);
}

async function timeline(ctx: WorkOrderContext, request: FastifyRequest) {
  const orderId = idParam(request, 'orderId');
  // Only an order the caller may read (its row access: launcher, person in charge, participants,
  // sub-order handlers, or 查看全部工单) shows its timeline.
  const orders = ctx.store(ORDER_ENTITY);
  const order = await orders.findById(await scopedCaller(request, ctx, orders), orderId);
  if (!order) throw new ApiError(EntityMessages.notFound);
  const store = ctx.store(DYNAMIC_ENTITY);
  const entries = await store.list(
    await scopedCaller(request, ctx, store),
    { kind: 'compare', field: 'orderId', op: 'eq', value: orderId },
    [{ field: 'createTime', order: 'asc' }],
    1000,
  );
  // The creation is the order row itself: no second record to keep in step with it.
  const created: Row = {
    id: `${orderId}-create`,
    orderId,
    orderSubId: null,
    action: 'create',
    fromStatus: null,
    toStatus: '0',
    attachments: null,
    content: order.title,
    createBy: order.launcher ?? order.createBy,
    createTime: order.createTime,
  };
  const access = await fieldAccessOf(ctx.db, store.model, callerOf(request).userId);
  return ok(await presentRows(ctx.db, store.model, [created, ...entries], access));
}

export function registerWorkOrderRoutes(app: FastifyInstance, ctx: WorkOrderContext): void {
  app.put('/sys/workOrder/saveOrderDynamic', access('workOrder:deal'), (request) =>
    guarded(() => saveOrderDynamic(ctx, request)),
  );
  app.get('/sys/workOrderDynamic/queryById', readAccess(ctx.store(DYNAMIC_ENTITY)), (request) =>
    guarded(() => timeline(ctx, request)),
  );
  app.get('/sys/workOrder/overdueCount', readAccess(ctx.store(ORDER_ENTITY)), (request) =>
    guarded(async () => ok(await overdueCount(ctx, request))),
  );
  // The contract's name for a daily order's queryById: the same code and row access.
  app.get('/sys/dailyOrder/selectByPrimaryKey', readAccess(ctx.store('dailyOrder')), (request) =>
    guarded(async () => {
      const caller = callerOf(request);
      const store = ctx.store('dailyOrder');
      const row = await store.findById(await scopedCaller(request, ctx, store), idParam(request));
      if (!row) throw new ApiError(EntityMessages.notFound);
      const fieldAccess = await fieldAccessOf(ctx.db, store.model, caller.userId);
      return ok((await presentRows(ctx.db, store.model, [row], fieldAccess))[0]);
    }),
  );
}
