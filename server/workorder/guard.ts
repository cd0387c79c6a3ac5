/**
 * Attaches the work-order input rules (rules.ts) to the engine's generated add and edit routes of
 * the work order and its sub-orders, as a preHandler: refused with a Chinese message before
 * anything is stored. Attached through onRoute, so no other request pays for it; must be installed
 * before the entity routes are registered.
 */
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler, RouteOptions } from 'fastify';
import type { Db } from '../db/database.js';
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

export function installWorkOrderGuards(
  app: FastifyInstance,
  db: Db,
  apiBase: string,
  timeZone: string,
): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    // The API plugin's prefix is part of the url here; tolerate its absence (a test app).
    const path = route.url.startsWith(apiBase) ? route.url.slice(apiBase.length) : route.url;
    const people = Object.hasOwn(GUARDED, path) ? GUARDED[path] : undefined;
    if (!people) return;
    const own = checker(db, timeZone, people);
    const existing = route.preHandler;
    route.preHandler =
      existing === undefined ? [own] : [...(Array.isArray(existing) ? existing : [existing]), own];
  });
}
