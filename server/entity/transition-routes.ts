/**
 * Declared state changes (start / stop use, release / revoke ...): one route per transition at
 * `<basePath>/<path>`, guarded by its permission. The row must be in one of the from-states; the
 * update itself repeats that condition, so two concurrent calls cannot both pass.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TransitionModel } from '../../runtime/model/declaration/model.js';
import { single } from '../../runtime/model/query/compile.js';
import { ApiError, okMessage } from '../result.js';
import {
  access,
  checkId,
  scopedCaller,
  EntityMessages,
  guarded,
  queryOf,
  type EntityDeps,
} from './route-kit.js';
import type { EntityStore } from './store.js';

export const TransitionMessages = {
  wrongState: (title: string) => `当前状态不允许${title}`,
  done: (title: string) => `${title}成功!`,
} as const;

/** The id from the query string (?id=) or, for a body-carrying call, from the body. */
function transitionId(request: FastifyRequest): string {
  const fromQuery = single(queryOf(request), 'id');
  if (fromQuery !== undefined) return checkId(fromQuery);
  const body = request.body as { id?: unknown } | undefined;
  return checkId(body?.id);
}

async function run(request: FastifyRequest, deps: EntityDeps, store: EntityStore, t: TransitionModel) {
  const caller = await scopedCaller(request, deps, store);
  const id = transitionId(request);
  const row = await store.findById(caller, id);
  if (!row) throw new ApiError(EntityMessages.notFound);
  const field = store.model.field(t.field)!;
  const typed = (v: string) => (field.type === 'int' ? Number(v) : v);
  const current = row[t.field] === null || row[t.field] === undefined ? '' : String(row[t.field]);
  if (!t.from.includes(current)) throw new ApiError(TransitionMessages.wrongState(t.title));
  const changed = await store.update(caller, id, { [t.field]: typed(t.to) }, [
    store.oneOf(field, t.from.map(typed)),
  ]);
  if (changed === 0) throw new ApiError(TransitionMessages.wrongState(t.title));
  return okMessage(TransitionMessages.done(t.title));
}

export function registerTransitionRoutes(app: FastifyInstance, deps: EntityDeps, store: EntityStore): void {
  for (const t of store.model.transitions) {
    app.route({
      method: t.method,
      url: `${store.model.basePath}/${t.path}`,
      ...access(t.permission),
      handler: (request) => guarded(() => run(request, deps, store, t)),
    });
  }
}
