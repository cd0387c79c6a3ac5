/**
 * What the declaration cannot say about a job, attached to the engine's generated routes through
 * onRoute (so it must be installed before them): add and edit are checked (the expression reads
 * and fires again, the handler is registered, the parameter fits the handler's schema) before
 * anything is stored; after a successful change of a job every server re-plans (a bus event).
 */
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { sql } from 'kysely';
import { validateCron } from '../../runtime/model/cron/index.js';
import type { EventBus } from '../bus/index.js';
import type { Db } from '../db/database.js';
import { ApiError } from '../result.js';
import type { HandlerRegistry } from './handlers/index.js';
import { JobMessages } from './messages.js';
import { parameterProblem } from './parameters.js';

export const JOB_BASE = '/sys/quartzJob/';
const CHECKED = new Set(['add', 'edit']);
const QUIET = new Set(['list', 'queryById', 'exportXls', 'execute']);

function bodyOf(request: FastifyRequest): Record<string, unknown> | null {
  const body = request.body;
  return typeof body === 'object' && body !== null && !Array.isArray(body)
    ? (body as Record<string, unknown>)
    : null;
}

async function check(db: Db, registry: HandlerRegistry, timeZone: string, request: FastifyRequest) {
  const body = bodyOf(request);
  if (!body) return; // the engine answers it
  if (typeof body.cronExpression === 'string') {
    const problem = validateCron(body.cronExpression, { tz: timeZone });
    if (problem) throw new ApiError(JobMessages.cronInvalid(problem));
  }
  let handler = typeof body.handler === 'string' ? body.handler : null;
  if (handler === null && 'parameter' in body && typeof body.id === 'string') {
    const { rows } = await sql<{
      handler: string;
    }>`select handler from sys_quartz_job where id = ${body.id}`.execute(db);
    handler = rows[0]?.handler ?? null;
  }
  if (handler === null) return; // required on add: the engine refuses it
  if (!registry.get(handler)) throw new ApiError(JobMessages.unknownHandler(handler));
  const problem = parameterProblem(registry, handler, body.parameter);
  if (problem) throw new ApiError(problem);
}

export function installJobRules(
  app: FastifyInstance,
  deps: { db: Db; bus: EventBus; registry: HandlerRegistry; apiBase: string; timeZone: string },
): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const path = route.url.startsWith(deps.apiBase) ? route.url.slice(deps.apiBase.length) : route.url;
    if (!path.startsWith(JOB_BASE)) return;
    const name = path.slice(JOB_BASE.length);
    if (QUIET.has(name)) return;
    if (CHECKED.has(name)) {
      const own = async (request: FastifyRequest) => check(deps.db, deps.registry, deps.timeZone, request);
      const existing = route.preHandler;
      route.preHandler =
        existing === undefined ? [own] : [...(Array.isArray(existing) ? existing : [existing]), own];
    }
    const changed = async (request: FastifyRequest, _reply: unknown, payload: unknown) => {
      const answer = payload as { success?: boolean } | null;
      if (answer?.success) {
        try {
          await deps.bus.publish({ to: 'jobs' });
        } catch (error) {
          request.log.error({ err: error }, 'job change not published');
        }
      }
      return payload;
    };
    const hooks = route.preSerialization;
    route.preSerialization =
      hooks === undefined ? [changed] : [...(Array.isArray(hooks) ? hooks : [hooks]), changed];
  });
}
