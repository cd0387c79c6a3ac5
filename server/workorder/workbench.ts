/**
 * GET /sys/workOrder/workbenchSummary - the workbench's cards: the caller's own figures (to do,
 * overdue, finished this week, open orders they launched) and, for holders of workOrder:list
 * (managers), their department's (its code and every department below it): open, overdue and
 * finished this week. One statement each, on the (charge, status), (launcher, status) and
 * (handler, status) indexes; the department figures read sys_org_code.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { hasPermission } from '../auth/permission-codes.js';
import { access, guarded } from '../entity/route-kit.js';
import { ok } from '../result.js';
import { todoCounts } from '../todo/query.js';
import type { TodoRegistry } from '../todo/source.js';
import { callerOf, type WorkOrderContext } from './context.js';
import { todayIn } from './rules.js';

/** Monday of the week of `today` (YYYY-MM-DD): weeks start on Monday in China. */
export function weekStart(today: string): string {
  const d = new Date(`${today}T00:00:00Z`);
  const back = (d.getUTCDay() + 6) % 7;
  d.setUTCDate(d.getUTCDate() - back);
  return d.toISOString().slice(0, 10);
}

interface Figures {
  [name: string]: string | number | null;
}

const numbers = (row: Figures | undefined, names: readonly string[]) =>
  Object.fromEntries(names.map((n) => [n, Number(row?.[n] ?? 0)]));

async function summary(ctx: WorkOrderContext, registry: TodoRegistry, request: FastifyRequest) {
  const caller = callerOf(request);
  const today = todayIn(ctx.timeZone);
  const monday = weekStart(today);
  const who = { userId: caller.userId, username: caller.username, tenantId: caller.tenantId };
  const counts = await todoCounts(ctx.db, registry, who, today);
  // Monday 00:00 in the app's time zone as an instant (finish and update times are timestamptz).
  const since = sql`(${monday}::timestamp at time zone ${ctx.timeZone})`;
  const { rows } = await sql<Figures>`select
      (select count(*) from biz_work_order where tenant_id = ${caller.tenantId} and charge = ${caller.username}
        and status = '1' and finish_time >= ${since}) +
      (select count(*) from biz_work_order_sub where tenant_id = ${caller.tenantId}
        and handler = ${caller.username} and status = '1' and update_time >= ${since}) as "finishedWeek",
      (select count(*) from biz_work_order where tenant_id = ${caller.tenantId}
        and launcher = ${caller.username} and status in ('0', '2')) as "launchedOpen"`.execute(ctx.db);
  const mine = {
    todo: counts.todo,
    overdue: counts.overdue,
    done: counts.done,
    ...numbers(rows[0], ['finishedWeek', 'launchedOpen']),
  };
  const orgCode = caller.orgCode ?? '';
  if (!orgCode || !(await hasPermission(ctx.db, caller.userId, 'workOrder:list')))
    return { mine, depart: null };
  const depart = await sql<Figures>`select
      count(*) filter (where status in ('0', '2')) as open,
      count(*) filter (where status in ('0', '2') and deadline < ${today}::date) as overdue,
      count(*) filter (where status = '1' and finish_time >= ${since}) as "finishedWeek",
      (select depart_name from sys_depart where org_code = ${orgCode} and del_flag = 0 limit 1) as "departName"
    from biz_work_order where tenant_id = ${caller.tenantId} and sys_org_code like ${`${orgCode}%`}`.execute(
    ctx.db,
  );
  const row = depart.rows[0];
  return {
    mine,
    depart: { departName: row?.departName ?? null, ...numbers(row, ['open', 'overdue', 'finishedWeek']) },
  };
}

export function registerWorkbenchRoutes(
  app: FastifyInstance,
  ctx: WorkOrderContext,
  registry: TodoRegistry,
): void {
  app.get('/sys/workOrder/workbenchSummary', access(null), (request) =>
    guarded(async () => ok(await summary(ctx, registry, request))),
  );
}
