/**
 * The evaluation module (docs/modules/evaluations.md): cycles, evaluations with their indicator
 * scores, temporary evaluations and the ranking. Its guards and live pushes attach to the generated
 * routes (install before the entity routes exist); its transition hooks go to the entity routes;
 * its hand-written routes and to-do sources are registered once the declared tables exist.
 */
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { sql } from 'kysely';
import type { AppDeps } from '../deps.js';
import type { EventBus } from '../bus/index.js';
import type { Db } from '../db/database.js';
import type { TodoRegistry } from '../todo/source.js';
import { todayIn } from '../workorder/rules.js';
import { EVAL_TODO_KINDS } from './dicts.js';
import { installEvaluationGuards } from './guard.js';
import { changeId, flushPushes } from './notify.js';
import { registerRankingRoutes } from './ranking.js';
import { registerTemporaryRoute } from './temporary.js';
import { EVAL_SCORE_TODO, EVAL_SELF_TODO } from './todo-source.js';

export { EVALUATION_HOOKS } from './phases.js';

/** The module's changes whose notices and to-do refreshes go out once answered. */
const PUSHING = new Set([
  '/evaluation/cycle/start',
  '/evaluation/cycle/review',
  '/evaluation/evaluation/submitSelf',
  '/evaluation/evaluation/submitScore',
  '/evaluation/evaluation/temporary',
]);

function installPushes(app: FastifyInstance, db: Db, bus: EventBus, apiBase: string): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const path = route.url.startsWith(apiBase) ? route.url.slice(apiBase.length) : route.url;
    if (!PUSHING.has(path)) return;
    const push = async (request: FastifyRequest, reply: { statusCode: number }, payload: unknown) => {
      const id = changeId(request);
      const result = payload as { success?: unknown } | null;
      if (id)
        void flushPushes(db, bus, request.log, id, reply.statusCode === 200 && result?.success === true);
      return payload;
    };
    const ser = route.preSerialization;
    route.preSerialization = ser === undefined ? [push] : [...(Array.isArray(ser) ? ser : [ser]), push];
  });
}

/** Before the entity routes: the guards and the live pushes attach to them as they are made. */
export function installEvaluationRules(app: FastifyInstance, deps: AppDeps, bus: EventBus): void {
  installEvaluationGuards(app, deps.database.db, deps.config.apiBase);
  installPushes(app, deps.database.db, bus, deps.config.apiBase);
}

/** The to-do kinds' dictionary texts, added once (a database seeded before this module). */
async function addTodoKinds(db: Db): Promise<void> {
  for (const [i, [value, text]] of EVAL_TODO_KINDS.entries())
    await sql`insert into sys_dict_item (id, dict_id, item_value, item_text, sort_order, status, create_by)
      select ${`todoKind${value}`}, d.id, ${value}, ${text}, ${20 + i}, 1, 'admin' from sys_dict d
      where d.dict_code = 'todo_kind'
        and not exists (select 1 from sys_dict_item i where i.dict_id = d.id and i.item_value = ${value})
      on conflict do nothing`.execute(db);
}

export async function registerEvaluation(
  app: FastifyInstance,
  deps: AppDeps,
  todo: TodoRegistry,
): Promise<void> {
  const db = deps.database.db;
  registerTemporaryRoute(app, db, () => todayIn(deps.config.timeZone));
  registerRankingRoutes(app, db);
  todo.add(EVAL_SELF_TODO);
  todo.add(EVAL_SCORE_TODO);
  await addTodoKinds(db);
}
