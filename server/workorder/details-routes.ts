/**
 * What the work-order details page needs beyond the generated routes:
 * GET /sys/workOrder/urgeTarget?id - the person in charge of an open order as a 催办 (POST
 *   /sys/notice/urge) must name them: by user id. Answers {userId, username, realname} of an active
 *   member of the caller's tenant; refused when the order is not waiting or in hand (0, 2), when the
 *   caller is the person in charge, or when that person left the tenant or was frozen.
 * Guarded by workOrder:urge, the code that shows 催办 on the page (managers and admin).
 */
import { sql } from 'kysely';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { access, EntityMessages, guarded, idParam } from '../entity/route-kit.js';
import { ApiError, ok } from '../result.js';
import { callerOf, type WorkOrderContext } from './context.js';
import { ORDER_ENTITY } from './dynamics.js';

export const URGE_CODE = 'workOrder:urge';

export const UrgeMessages = {
  notOpen: '只能催办待接收或处理中的工单',
  self: '您是该工单的负责人，无需催办',
  noCharge: '工单负责人不存在或已被冻结，不能催办',
} as const;

/** The statuses an order can be urged in: 0 待接收, 2 处理中. */
const OPEN = new Set(['0', '2']);

export interface UrgeTarget {
  userId: string;
  username: string;
  realname: string;
}

async function urgeTarget(ctx: WorkOrderContext, request: FastifyRequest): Promise<UrgeTarget> {
  const caller = callerOf(request);
  const order = await ctx.store(ORDER_ENTITY).findById(caller, idParam(request));
  if (!order) throw new ApiError(EntityMessages.notFound);
  if (!OPEN.has(String(order.status))) throw new ApiError(UrgeMessages.notOpen);
  const charge = typeof order.charge === 'string' ? order.charge : '';
  if (charge === caller.username) throw new ApiError(UrgeMessages.self);
  const tenantId = caller.tenantId;
  const found = await sql<{ id: string; username: string; realname: string | null }>`
    select id, username, realname from sys_user
    where username = ${charge} and del_flag = 0 and status = 1
      and (${tenantId} = 0 or position(${`,${tenantId},`} in ',' || coalesce(rel_tenant_ids, '') || ',') > 0)`.execute(
    ctx.db,
  );
  const user = found.rows[0];
  if (!user) throw new ApiError(UrgeMessages.noCharge);
  return { userId: user.id, username: user.username, realname: user.realname ?? user.username };
}

export function registerWorkOrderDetailsRoutes(app: FastifyInstance, ctx: WorkOrderContext): void {
  app.get('/sys/workOrder/urgeTarget', access(URGE_CODE), (request) =>
    guarded(async () => ok(await urgeTarget(ctx, request))),
  );
}
