/**
 * Declared state changes (start / stop use, release / revoke ...): one route per transition at
 * `<basePath>/<path>`, guarded by its permission. The row must be in one of the from-states; the
 * update itself repeats that condition, so two concurrent calls cannot both pass. A declared
 * `allow` rule limits it to the right person; a module's hook runs in the same transaction.
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
import { EntityStore, type Row } from './store.js';
import type { TransitionHook } from './transition-hooks.js';
import { loadPermissionCodes } from '../auth/permission-codes.js';
import { rowAllowed } from '../../runtime/model/declaration/row-access.js';
import { DoneWords } from '../../runtime/model/feedback-words.js';

export const TransitionMessages = {
  wrongState: (title: string) => `当前状态不允许${title}`,
  done: DoneWords.transition,
  notYours: (title: string) => `您不能${title}该记录`,
} as const;

/** The id from the query string (?id=) or, for a body-carrying call, from the body. */
function transitionId(request: FastifyRequest): string {
  const fromQuery = single(queryOf(request), 'id');
  if (fromQuery !== undefined) return checkId(fromQuery);
  const body = request.body as { id?: unknown } | undefined;
  return checkId(body?.id);
}

/** The declared `allow` rule over {row, user}: the same code the browser hides the link with. */
async function checkAllowed(request: FastifyRequest, deps: EntityDeps, t: TransitionModel, row: Row) {
  if (t.allow === undefined) return;
  const auth = request.auth!;
  const perms = [...(await loadPermissionCodes(deps.db, auth.userId))];
  const user = { username: auth.username, orgCode: auth.orgCode };
  if (!rowAllowed(t.allow, row, user, perms))
    throw new ApiError(t.allowMessage ?? TransitionMessages.notYours(t.title));
}

async function run(
  request: FastifyRequest,
  deps: EntityDeps,
  store: EntityStore,
  t: TransitionModel,
  hook: TransitionHook | undefined,
) {
  const caller = await scopedCaller(request, deps, store);
  const id = transitionId(request);
  const row = await store.findById(caller, id);
  if (!row) throw new ApiError(EntityMessages.notFound);
  const field = store.model.field(t.field)!;
  const typed = (v: string) => (field.type === 'int' ? Number(v) : v);
  const current = row[t.field] === null || row[t.field] === undefined ? '' : String(row[t.field]);
  if (!t.from.includes(current)) throw new ApiError(TransitionMessages.wrongState(t.title));
  await checkAllowed(request, deps, t, row);
  const input = { ...queryOf(request), ...((request.body ?? {}) as Record<string, unknown>) };
  await deps.db.transaction().execute(async (trx) => {
    const own = new EntityStore(trx, store.model, deps.timeZone);
    const changed = await own.update(caller, id, { [t.field]: typed(t.to) }, [
      own.oneOf(field, t.from.map(typed)),
    ]);
    if (changed === 0) throw new ApiError(TransitionMessages.wrongState(t.title));
    if (hook) await hook(trx, { deps, store: own, transition: t, id, row, caller, input, request });
  });
  return okMessage(TransitionMessages.done(t.title));
}

export function registerTransitionRoutes(
  app: FastifyInstance,
  deps: EntityDeps,
  store: EntityStore,
  hook?: TransitionHook,
): void {
  for (const t of store.model.transitions) {
    app.route({
      method: t.method,
      url: `${store.model.basePath}/${t.path}`,
      ...access(t.permission),
      handler: (request) => guarded(() => run(request, deps, store, t, hook)),
    });
  }
}
