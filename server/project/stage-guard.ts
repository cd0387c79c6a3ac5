/**
 * Project stages move only through the project's own call (推进阶段), which keeps the project row in
 * step with its flow: the workflow's generic task and instance actions refuse an instance of
 * `projectStage` (a stage task in 我的待办 answers where to go). Attached through onRoute, like
 * guard.ts, so other routes pay nothing.
 */
import type { FastifyInstance, FastifyRequest, RouteOptions, preHandlerAsyncHookHandler } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { ApiError } from '../result.js';
import { STAGE_PROCESS_KEY } from './stage-model.js';
import { StageMessages } from './stages.js';

/** The routes whose body `id` is a task id, and those whose `id` is an instance id. */
const TASK_ROUTES = ['approve', 'reject', 'return', 'transfer', 'addsign'].map((a) => `/workflow/task/${a}`);
const INSTANCE_ROUTES = [
  '/workflow/instance/withdraw',
  '/workflow/monitor/terminate',
  '/workflow/monitor/reassign',
];

function idOf(request: FastifyRequest): string {
  const body = (request.body ?? {}) as { id?: unknown };
  const query = (request.query ?? {}) as { id?: unknown };
  const id = body.id ?? query.id;
  return typeof id === 'string' ? id : '';
}

function refuseStages(db: Db, byTask: boolean): preHandlerAsyncHookHandler {
  return async (request) => {
    const id = idOf(request);
    if (!id) return; // the route answers the missing id
    const instance = byTask ? sql`(select instance_id from wf_task where id = ${id})` : sql`${id}`;
    const { rows } = await sql`select 1 from wf_instance where id = ${instance}
      and process_key = ${STAGE_PROCESS_KEY}`.execute(db);
    if (rows.length > 0) throw new ApiError(StageMessages.useProjectPage);
  };
}

function append(route: RouteOptions, hook: preHandlerAsyncHookHandler): void {
  const existing = route.preHandler;
  route.preHandler =
    existing === undefined ? [hook] : [...(Array.isArray(existing) ? existing : [existing]), hook];
}

export function installStageGuard(app: FastifyInstance, db: Db, apiBase: string): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const url = route.url.startsWith(apiBase) ? route.url.slice(apiBase.length) : route.url;
    if (TASK_ROUTES.includes(url)) append(route, refuseStages(db, true));
    else if (INSTANCE_ROUTES.includes(url)) append(route, refuseStages(db, false));
  });
}
