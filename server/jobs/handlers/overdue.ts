/**
 * The daily reminder of overdue work orders: for every tenant with overdue orders
 * (server/workorder/overdue.ts), one reminder (催办) per order to its person in charge, written and
 * pushed like a reminder sent by hand (server/notice/urge.ts), from 系统.
 */
import { sql } from 'kysely';
import { createUrges } from '../../notice/urge.js';
import { noticeDb } from '../../notice/tables.js';
import { createDateFormatter } from '../../http/dates.js';
import { workOrderContext } from '../../workorder/context.js';
import { OPEN_STATUSES, overdueOrders } from '../../workorder/overdue.js';
import { todayIn } from '../../workorder/rules.js';
import type { JobHandler } from './types.js';

const SYSTEM = { userId: 'system', username: 'system', realname: '系统' };

export const overdueReminder: JobHandler = {
  name: 'overdueReminder',
  title: '逾期工单提醒',
  params: {
    type: 'object',
    additionalProperties: false,
    properties: { limit: { type: 'integer', minimum: 1, maximum: 5000 } },
  },
  async run(ctx, params) {
    const limit = typeof params.limit === 'number' ? params.limit : 1000;
    const timeZone = ctx.config.timeZone;
    const format = createDateFormatter(timeZone);
    const orders = workOrderContext(ctx.db, timeZone, () => format(new Date()), ctx.declarations);
    const tenants = await sql<{ tenantId: number }>`select distinct tenant_id as "tenantId"
      from biz_work_order where status in (${sql.join([...OPEN_STATUSES])}) and deadline < ${todayIn(timeZone)}`.execute(
      ctx.db,
    );
    const db = noticeDb(ctx.db);
    let sent = 0;
    for (const { tenantId } of tenants.rows) {
      const rows = await overdueOrders(orders, tenantId, limit);
      for (const order of rows) {
        const charge = await db
          .selectFrom('sysUser')
          .select('id')
          .where('username', '=', String(order.charge ?? ''))
          .where('delFlag', '=', 0)
          .executeTakeFirst();
        if (!charge) continue;
        const title = `工单已逾期：${String(order.title ?? '')}`;
        const content = `工单 ${String(order.orderNo ?? '')}「${String(order.title ?? '')}」截止日期 ${String(order.deadline ?? '')}，已逾期，请尽快处理。`;
        try {
          const made = await createUrges(
            db,
            { ...SYSTEM, tenantId },
            {
              userIds: [charge.id],
              title,
              content,
              appType: 'workOrder',
              appId: String(order.id),
            },
          );
          for (const [userId, id] of made)
            await ctx.bus.publish({
              to: 'users',
              userIds: [userId],
              message: { cmd: 'user', msgId: id, msgTxt: title },
            });
          sent += made.length;
        } catch (error) {
          // The person left the tenant since: the other reminders still go.
          ctx.log.warn({ err: error, orderId: order.id }, 'overdue reminder not sent');
        }
      }
    }
    return `发送逾期提醒${sent}条`;
  },
};
