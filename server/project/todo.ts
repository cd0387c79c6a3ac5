/**
 * Demands in the one to-do source (server/todo/): to do - the open demands a person
 * is the current handler of (新建, 流转中); done - the closed demands they were handling last. A row opens the
 * project page, whose 需求 tab lists it. After a demand is added, edited, closed or deleted through
 * the generated routes, its handler's lists reload live ({cmd: 'todo'} over the notice bus).
 */
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { EventBus } from '../bus/index.js';
import type { TodoSource, TodoState, TodoWho } from '../todo/source.js';
import { publishTodo } from '../todo/push.js';

export const DEMAND_TODO_KIND: [string, string] = ['demand', '项目需求'];
export const PROJECT_PAGE = '/modules/project/index';

function select(state: TodoState, who: TodoWho, today: string) {
  const statuses = state === 'todo' ? sql`('0', '1')` : sql`('3')`;
  return sql`select 'demand'::text as kind, d.id, d.project_id as target_id, d.demand_no as item_no, d.title,
      d.status, d.priority, d.expect_date as deadline, d.create_by as launcher, d.create_time,
      d.close_time as done_time, (d.status in ('0', '1') and d.expect_date < ${today}::date) as overdue
    from biz_demand d
    where d.tenant_id = ${who.tenantId} and d.handler = ${who.username} and d.status in ${statuses}`;
}

export const DEMAND_TODO: TodoSource = {
  kind: 'demand',
  statusDict: 'demand_status',
  link: (projectId) => `${PROJECT_PAGE}?id=${encodeURIComponent(projectId)}`,
  select,
};

const PUSHED = new Set(['add', 'edit', 'closeDemand', 'delete', 'deleteBatch']);
const handlersBefore = new WeakMap<FastifyRequest, string[]>();

function idsOf(request: FastifyRequest): string[] {
  const body = (typeof request.body === 'object' && request.body !== null ? request.body : {}) as Record<
    string,
    unknown
  >;
  const query = (request.query ?? {}) as Record<string, unknown>;
  return [body.id, query.id, query.ids]
    .filter((v): v is string => typeof v === 'string')
    .flatMap((v) => v.split(','))
    .filter((v) => /^[A-Za-z0-9_-]{1,64}$/.test(v));
}

export function installDemandTodoPush(app: FastifyInstance, db: Db, bus: EventBus, apiBase: string): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const path = route.url.startsWith(apiBase) ? route.url.slice(apiBase.length) : route.url;
    if (!path.startsWith('/sys/demand/') || !PUSHED.has(path.slice('/sys/demand/'.length))) return;
    const remember = async (request: FastifyRequest) => {
      const ids = idsOf(request);
      if (ids.length === 0) return;
      const { rows } = await sql<{ handler: string }>`select handler from biz_demand
        where id in (${sql.join(ids)})`.execute(db);
      handlersBefore.set(
        request,
        rows.map((r) => r.handler),
      );
    };
    const push = async (request: FastifyRequest, reply: { statusCode: number }, payload: unknown) => {
      if (reply.statusCode !== 200 || (payload as { success?: unknown })?.success !== true) return payload;
      const body = (request.body ?? {}) as Record<string, unknown>;
      const named = typeof body.handler === 'string' ? [body.handler] : [];
      publishTodo(db, bus, [...(handlersBefore.get(request) ?? []), ...named]).catch((error: unknown) =>
        request.log.error({ err: error }, 'to-do publish failed'),
      );
      return payload;
    };
    const pre = route.preHandler;
    route.preHandler = pre === undefined ? [remember] : [...(Array.isArray(pre) ? pre : [pre]), remember];
    const ser = route.preSerialization;
    route.preSerialization = ser === undefined ? [push] : [...(Array.isArray(ser) ? ser : [ser]), push];
  });
}
