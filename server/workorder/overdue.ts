/**
 * Overdue work orders: open (待接收 / 处理中) and past their deadline. Counted over the same row
 * set as the list the user looks at (its scope ?type= and data rules), so 我负责的 shows "3 overdue"
 * of exactly its own rows. The daily reminder job (the jobs issue) will call overdueOrders().
 */
import type { FastifyRequest } from 'fastify';
import type { Condition } from '../../runtime/model/query/conditions.js';
import { listCaller } from '../entity/list-scope.js';
import type { Caller, Row } from '../entity/store.js';
import type { WorkOrderContext } from './context.js';
import { ORDER_ENTITY } from './dynamics.js';
import { todayIn } from './rules.js';

/** The statuses in which an order still waits for its person in charge. */
export const OPEN_STATUSES = ['0', '2'] as const;

export function overdueCondition(today: string): Condition {
  return {
    kind: 'all',
    items: [
      { kind: 'compare', field: 'deadline', op: 'lt', value: today },
      { kind: 'in', field: 'status', values: [...OPEN_STATUSES] },
    ],
  };
}

export async function overdueCount(
  ctx: WorkOrderContext,
  request: FastifyRequest,
): Promise<{ overdue: number }> {
  const store = ctx.store(ORDER_ENTITY);
  const caller = await listCaller(request, ctx, store);
  const { total } = await store.page(caller, overdueCondition(todayIn(ctx.timeZone)), [], 1, 1);
  return { overdue: total };
}

/**
 * The hook for the daily reminder job: every overdue order of a tenant (at most `limit`), oldest
 * deadline first, for the job to urge each person in charge through /sys/notice/urge's sender.
 */
export function overdueOrders(ctx: WorkOrderContext, tenantId: number, limit = 1000): Promise<Row[]> {
  const system: Caller = { username: 'system', tenantId };
  return ctx
    .store(ORDER_ENTITY)
    .list(system, overdueCondition(todayIn(ctx.timeZone)), [{ field: 'deadline', order: 'asc' }], limit);
}
