/**
 * Live to-do lists for work items, as for work orders (server/workorder/todo-push.ts): after a
 * successful add, edit, delete, state change or 立即生成, the executors whose 待办 / 已办 may have
 * changed get `{cmd: 'todo'}` on their socket and their workbench reloads. The executor before the
 * change is read in a preHandler (an edit may hand the item to someone else; a delete removes it),
 * the one after it in preSerialization. A failed publish is logged, never a failed change.
 */
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { sql } from 'kysely';
import type { EventBus } from '../bus/index.js';
import type { Db } from '../db/database.js';
import { publishTodo } from '../todo/push.js';

const ITEM_PREFIX = '/sys/workItem/';
const GENERATE = '/sys/routineWork/generate';
const QUIET = new Set(['list', 'queryById', 'exportXls', 'importExcel']);

const before = new WeakMap<FastifyRequest, string[]>();

function idsOf(request: FastifyRequest): string[] {
  const body = (typeof request.body === 'object' && request.body !== null ? request.body : {}) as Record<
    string,
    unknown
  >;
  const query = (request.query ?? {}) as Record<string, unknown>;
  const raw = [body.id, body.ids, query.id, query.ids].filter((v): v is string => typeof v === 'string');
  return raw.flatMap((v) => v.split(',')).filter((v) => /^[A-Za-z0-9_-]{1,64}$/.test(v));
}

async function executors(db: Db, request: FastifyRequest, generate: boolean): Promise<string[]> {
  const ids = idsOf(request);
  if (ids.length === 0) return [];
  if (generate) {
    const { rows } = await sql<{ name: string }>`select unnest(string_to_array(assignees, ',')) as name
      from biz_routine_work where id in (${sql.join(ids)})`.execute(db);
    return rows.map((r) => r.name.trim());
  }
  const { rows } = await sql<{ name: string }>`select assignee as name from biz_work_item
    where id in (${sql.join(ids)})`.execute(db);
  return rows.map((r) => r.name);
}

export function installWorkTodoPush(app: FastifyInstance, db: Db, bus: EventBus, apiBase: string): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (methods.every((m) => m === 'GET' || m === 'HEAD')) return;
    const path = route.url.startsWith(apiBase) ? route.url.slice(apiBase.length) : route.url;
    const generate = path === GENERATE;
    if (!generate && (!path.startsWith(ITEM_PREFIX) || QUIET.has(path.slice(ITEM_PREFIX.length)))) return;
    const remember = async (request: FastifyRequest) => {
      before.set(request, await executors(db, request, generate));
    };
    const push = async (request: FastifyRequest, reply: { statusCode: number }, payload: unknown) => {
      const result = payload as { success?: unknown } | null;
      if (reply.statusCode !== 200 || result?.success !== true || !request.auth) return payload;
      const body = (request.body ?? {}) as Record<string, unknown>;
      void (async () => {
        const names = new Set([...(before.get(request) ?? []), ...(await executors(db, request, generate))]);
        if (typeof body.assignee === 'string' && body.assignee !== '') names.add(body.assignee);
        else if (path.endsWith('/add')) names.add(request.auth!.username);
        await publishTodo(db, bus, names);
      })().catch((error: unknown) => request.log.error({ err: error }, 'to-do publish failed'));
      return payload;
    };
    const pre = route.preHandler;
    route.preHandler = pre === undefined ? [remember] : [...(Array.isArray(pre) ? pre : [pre]), remember];
    const ser = route.preSerialization;
    route.preSerialization = ser === undefined ? [push] : [...(Array.isArray(ser) ? ser : [ser]), push];
  });
}
