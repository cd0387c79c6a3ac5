/**
 * Attaches the work-order input rules (rules.ts) to the engine's generated add and edit routes of
 * the work order and its sub-orders, as a preHandler: refused with a Chinese message before
 * anything is stored. A finished sub-order is kept as it was finished: its edit and delete are
 * refused (the list hides those links by its rowRules). Attached through onRoute, so no other
 * request pays for it; must be installed before the entity routes are registered.
 */
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler, RouteOptions } from 'fastify';
import type { Db } from '../db/database.js';
import { sql } from 'kysely';
import { ApiError } from '../result.js';
import { deadlineProblem, personProblem, todayIn } from './rules.js';

/** Route path (under the API prefix) -> the person fields it names with their titles. */
const GUARDED: Readonly<Record<string, readonly [string, string][]>> = {
  '/sys/workOrder/add': [
    ['charge', '负责人'],
    ['participants', '参与人'],
  ],
  '/sys/workOrder/edit': [
    ['charge', '负责人'],
    ['participants', '参与人'],
  ],
  '/sys/workOrderSub/add': [['handler', '处理人']],
  '/sys/workOrderSub/edit': [['handler', '处理人']],
};

function checker(db: Db, timeZone: string, people: readonly [string, string][]): preHandlerAsyncHookHandler {
  return async (request: FastifyRequest) => {
    const body = request.body;
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return; // the engine answers it
    const values = body as Record<string, unknown>;
    const late = deadlineProblem(values.deadline, todayIn(timeZone));
    if (late) throw new ApiError(late);
    const tenantId = request.auth?.tenantId ?? 0;
    for (const [field, title] of people) {
      const problem = await personProblem(db, tenantId, title, values[field]);
      if (problem) throw new ApiError(problem);
    }
  };
}

export const SubOrderMessages = {
  finishedEdit: '子工单已完成，不能修改',
  finishedDelete: '子工单已完成，不能删除',
} as const;

/** Sub-order writes that must find the sub-order still open, and where each names its ids. */
const SUB_WRITES: Readonly<Record<string, { ids(request: FastifyRequest): string[]; message: string }>> = {
  '/sys/workOrderSub/edit': {
    ids: (request) => [String((request.body as { id?: unknown } | null)?.id ?? '')],
    message: SubOrderMessages.finishedEdit,
  },
  '/sys/workOrderSub/delete': {
    ids: (request) => [String((request.query as { id?: unknown }).id ?? '')],
    message: SubOrderMessages.finishedDelete,
  },
  '/sys/workOrderSub/deleteBatch': {
    ids: (request) => String((request.query as { ids?: unknown }).ids ?? '').split(','),
    message: SubOrderMessages.finishedDelete,
  },
};

function openSubOnly(db: Db, write: (typeof SUB_WRITES)[string]): preHandlerAsyncHookHandler {
  return async (request: FastifyRequest) => {
    const ids = write.ids(request).filter((id) => id !== '' && id.length <= 64);
    if (ids.length === 0) return; // the engine answers a missing id
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from biz_work_order_sub
      where id in (${sql.join(ids)}) and status = '1' and tenant_id = ${request.auth?.tenantId ?? 0}`.execute(
      db,
    );
    if (Number(rows[0]?.n ?? 0) > 0) throw new ApiError(write.message);
  };
}

function withPreHandler(route: RouteOptions, own: preHandlerAsyncHookHandler): void {
  const existing = route.preHandler;
  route.preHandler =
    existing === undefined ? [own] : [...(Array.isArray(existing) ? existing : [existing]), own];
}

export function installWorkOrderGuards(
  app: FastifyInstance,
  db: Db,
  apiBase: string,
  timeZone: string,
): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    // The API plugin's prefix is part of the url here; tolerate its absence (a test app).
    const path = route.url.startsWith(apiBase) ? route.url.slice(apiBase.length) : route.url;
    if (Object.hasOwn(SUB_WRITES, path)) withPreHandler(route, openSubOnly(db, SUB_WRITES[path]!));
    const people = Object.hasOwn(GUARDED, path) ? GUARDED[path] : undefined;
    if (people) withPreHandler(route, checker(db, timeZone, people));
  });
}
