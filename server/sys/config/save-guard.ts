/**
 * Checks the engine cannot express, in front of a generated screen's own routes. A declaration gives
 * the table, the CRUD routes and the field rules; some records need one more rule on save (a check
 * rule's JSON must parse, a setting's value must fit its type) or something done after a change
 * (a settings cache dropped). Rather than hand-writing the whole CRUD again, a module names the
 * routes of its base path here: the check runs as a preHandler of `add` / `edit` (a refusal is the
 * usual business error, nothing is written), the change hook runs before the answer of `add`,
 * `edit`, `delete` and `deleteBatch` leaves, so the client's next call already sees the new state.
 *
 * Must be installed before the entity routes are registered (registerSysRoutes runs first).
 */
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { asRecord } from '../../entity/body.js';

export type SaveMode = 'add' | 'edit';

export interface SaveGuard {
  /** The declaration's base path, e.g. `/sys/checkRule`. */
  basePath: string;
  /** Refuses a body by throwing an ApiError; on edit the body may carry only the changed fields. */
  check?(body: Record<string, unknown>, mode: SaveMode, request: FastifyRequest): Promise<void> | void;
  /** After an add, edit or delete was handled (whatever its outcome: dropping a cache is harmless). */
  changed?(): Promise<void> | void;
}

/** The route's hooks of one kind (absent, one or a list) with `hook` after them. */
function withHook(existing: unknown, hook: unknown): unknown[] {
  if (existing === undefined || existing === null) return [hook];
  return Array.isArray(existing) ? [...(existing as unknown[]), hook] : [existing, hook];
}

export function installSaveGuard(app: FastifyInstance, apiBase: string, guard: SaveGuard): void {
  const base = `${apiBase}${guard.basePath}`;
  const saves: Record<string, SaveMode> = { [`${base}/add`]: 'add', [`${base}/edit`]: 'edit' };
  const changes = new Set([`${base}/add`, `${base}/edit`, `${base}/delete`, `${base}/deleteBatch`]);
  app.addHook('onRoute', (route: RouteOptions) => {
    const mode = saves[route.url];
    if (mode && guard.check) {
      const check = guard.check;
      const preHandler = async (request: FastifyRequest) => {
        await check(asRecord(request.body), mode, request);
      };
      route.preHandler = withHook(route.preHandler, preHandler) as RouteOptions['preHandler'];
    }
    if (changes.has(route.url) && guard.changed) {
      const changed = guard.changed;
      const onSend = async (_request: FastifyRequest, _reply: unknown, payload: unknown) => {
        await changed();
        return payload;
      };
      route.onSend = withHook(route.onSend, onSend) as RouteOptions['onSend'];
    }
  });
}
