/**
 * Live to-do lists: after a successful change of a work order or a sub-order (add, edit, a state
 * change, a note), the people whose 待办 / 已办 may have changed get a socket message
 * `{cmd: 'todo', msgId: <order id>}` and their workbench reloads - no polling, no reload by hand.
 * Attached through onRoute to those routes only (a preSerialization hook: the handler and its
 * transaction have finished, the answer says success). A failed publish is logged, never turned into
 * a failed change (the data is committed; the workbench also reloads when it is opened).
 */
import type {
  FastifyInstance,
  FastifyRequest,
  preSerializationAsyncHookHandler,
  RouteOptions,
} from 'fastify';
import type { EventBus } from '../bus/index.js';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';

const ORDER_PREFIX = '/sys/workOrder/';
const SUB_PREFIX = '/sys/workOrderSub/';
/** Reads and calls that change nothing anyone waits for. */
const QUIET = new Set([
  'list',
  'queryById',
  'exportXls',
  'overdueCount',
  'queryWorkbenchList',
  'workOrderList',
]);

const split = (v: unknown) =>
  typeof v === 'string'
    ? v
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s !== '')
    : [];

function bodyOf(request: FastifyRequest): Record<string, unknown> {
  const body = request.body;
  return typeof body === 'object' && body !== null && !Array.isArray(body)
    ? (body as Record<string, unknown>)
    : {};
}

/** The order a call touched and the usernames named in its body (a new order has no id yet). */
async function touched(db: Db, tenantId: number, kind: 'order' | 'sub', request: FastifyRequest) {
  const body = bodyOf(request);
  const query = (request.query ?? {}) as Record<string, unknown>;
  const names = new Set([...split(body.charge), ...split(body.participants), ...split(body.handler)]);
  let orderId = typeof body.orderId === 'string' ? body.orderId : null;
  const id = typeof body.id === 'string' ? body.id : typeof query.id === 'string' ? query.id : null;
  if (kind === 'sub' && id && !orderId) {
    // Declared tables are not in the typed schema: plain statements with bound values.
    const { rows } = await sql<{
      orderId: string;
      handler: string | null;
    }>`select order_id as "orderId", handler
      from biz_work_order_sub where id = ${id} and tenant_id = ${tenantId}`.execute(db);
    if (rows[0]?.handler) names.add(rows[0].handler);
    orderId = rows[0]?.orderId ?? null;
  } else if (kind === 'order' && id) orderId = id;
  if (orderId) {
    const { rows } = await sql<{ name: string | null }>`select charge as name from biz_work_order
        where id = ${orderId} and tenant_id = ${tenantId}
      union select launcher from biz_work_order where id = ${orderId} and tenant_id = ${tenantId}
      union select unnest(string_to_array(participants, ',')) from biz_work_order
        where id = ${orderId} and tenant_id = ${tenantId}
      union select handler from biz_work_order_sub where order_id = ${orderId} and tenant_id = ${tenantId}`.execute(
      db,
    );
    for (const r of rows) if (r.name) names.add(r.name.trim());
  }
  return { orderId: orderId ?? '', names: [...names] };
}

function pusher(db: Db, bus: EventBus, kind: 'order' | 'sub'): preSerializationAsyncHookHandler {
  return async (request, reply, payload) => {
    const result = payload as { success?: unknown } | null;
    if (reply.statusCode !== 200 || result?.success !== true || !request.auth) return payload;
    const tenantId = request.auth.tenantId;
    void (async () => {
      const { orderId, names } = await touched(db, tenantId, kind, request);
      if (names.length === 0) return;
      const users = (await db
        .selectFrom('sysUser')
        .select('id')
        .where('username', 'in', names)
        .where('delFlag', '=', 0)
        .execute()) as { id: string }[];
      if (users.length === 0) return;
      await bus.publish({
        to: 'users',
        userIds: users.map((u) => u.id),
        message: { cmd: 'todo', msgId: orderId, msgTxt: '' },
      });
    })().catch((error: unknown) => request.log.error({ err: error }, 'to-do publish failed'));
    return payload;
  };
}

/** Call inside the API plugin before the entity routes are registered (like the input guards). */
export function installTodoPush(app: FastifyInstance, db: Db, bus: EventBus, apiBase: string): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (methods.every((m) => m === 'GET' || m === 'HEAD')) return;
    const path = route.url.startsWith(apiBase) ? route.url.slice(apiBase.length) : route.url;
    const kind = path.startsWith(ORDER_PREFIX) ? 'order' : path.startsWith(SUB_PREFIX) ? 'sub' : null;
    if (!kind || QUIET.has(path.slice(path.lastIndexOf('/') + 1))) return;
    const own = pusher(db, bus, kind);
    const existing = route.preSerialization;
    route.preSerialization =
      existing === undefined ? [own] : [...(Array.isArray(existing) ? existing : [existing]), own];
  });
}
