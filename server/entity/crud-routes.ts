/**
 * The contract's standard CRUD routes at a declaration's base path: list, queryById, add, edit,
 * delete, deleteBatch. Each action has its permission from the declaration; bodies are validated
 * with the same compiled rules and messages as the browser.
 */
import { presentRows } from './present.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { compileListQuery, single } from '../../runtime/model/query/compile.js';
import { ApiError, ok, okMessage } from '../result.js';
import { attachChildren, removeChildren } from './children.js';
import { fieldAccessOf, visibleFields } from './field-permissions.js';
import { addRecord, editRecord } from './record-save.js';
import {
  access,
  callerOf,
  checkRowChange,
  EntityMessages,
  guarded,
  idList,
  idParam,
  pageOf,
  queryOf,
  readAccess,
  scopedCaller,
  userIdOf,
  type EntityDeps,
} from './route-kit.js';
import type { EntityStore } from './store.js';
import { checkNoChildren } from './tree.js';
import { checkNotReferenced } from './restrict-delete.js';
import { cascadeReferrers, checkNotReferred } from './references.js';
import { checkParentWritable } from './parent-check.js';
import { graphOf } from './graph.js';
import { withReader } from '../db/read-routing.js';
import { listCaller, scopeParams } from './list-scope.js';

/** Deletes the rows of `ids` the scoped caller may reach; children and references count in full. */
async function remove(
  deps: EntityDeps,
  request: FastifyRequest,
  store: EntityStore,
  ids: string[],
): Promise<number> {
  const caller = callerOf(request, deps);
  const scoped = await scopedCaller(request, deps, store);
  // Every row named must be the caller's to delete (row rule), and a child's parent theirs to
  // change, or none is deleted.
  if (store.model.rowAccess?.delete || graphOf(store.model).parentsOf(store.model.name).length > 0) {
    const rows = await store.findByIds(scoped, ids);
    await checkRowChange(request, deps, store, 'delete', rows);
    await checkParentWritable(request, deps, store, rows);
  }
  await checkNoChildren(store, caller, ids);
  await checkNotReferenced(deps.db, store.model, ids);
  await checkNotReferred(deps.db, store.model, ids);
  const removed = await store.remove(scoped, ids);
  if (removed > 0) {
    // A soft-deleted parent keeps its children: out of sight while it is in the bin (a child reads
    // only under a live parent, read-scope.ts), back with a restore (a plan with its tasks).
    if (!store.model.softDelete) await removeChildren(deps.storeOf, store.model, caller, ids);
    await cascadeReferrers(deps.db, deps.timeZone, store.model, caller, ids);
  }
  return removed;
}

export function registerCrudRoutes(app: FastifyInstance, deps: EntityDeps, store: EntityStore): void {
  const { model } = store;
  const base = model.basePath;
  const perms = model.permissions;

  app.get(`${base}/list`, readAccess(store), (request) =>
    guarded(async () => {
      const caller = await listCaller(request, deps, store);
      const fieldAccess = await fieldAccessOf(deps.db, model, userIdOf(request));
      const query = compileListQuery(queryOf(request), visibleFields(model, fieldAccess), {
        defaultSort: model.defaultSort,
        ignore: scopeParams(store),
      });
      // The one statement pair a standby may serve (DATABASE_READ_URL, server/db/read-routing.ts).
      const { records, total } = await withReader(deps.db, userIdOf(request), (reader) =>
        store.page(caller, query.where, query.sort, query.pageNo, query.pageSize, [], reader),
      );
      const shown = await presentRows(deps.db, model, records, fieldAccess);
      return ok(pageOf(shown, total, query.pageNo, query.pageSize));
    }),
  );

  app.get(`${base}/queryById`, readAccess(store, 'queryById'), (request) =>
    guarded(async () => {
      const caller = await scopedCaller(request, deps, store);
      const row = await store.findById(caller, idParam(request));
      if (!row) throw new ApiError(EntityMessages.notFound);
      const userId = userIdOf(request);
      const fieldAccess = await fieldAccessOf(deps.db, model, userId);
      const [withText] = await presentRows(deps.db, model, [row], fieldAccess);
      return ok(await attachChildren(deps, deps.storeOf, model, caller, userId, withText));
    }),
  );

  // A built-in the declaration disables is not served at all (list.disable), not merely hidden.
  if (model.offers('add'))
    app.post(`${base}/add`, access(perms.add), (request) => guarded(() => addRecord(request, deps, store)));

  // The contract's clients send edits as PUT, some as POST.
  for (const method of model.offers('edit') ? (['PUT', 'POST'] as const) : []) {
    app.route({
      method,
      url: `${base}/edit`,
      ...access(perms.edit),
      handler: (request) => guarded(() => editRecord(request, deps, store)),
    });
  }

  if (model.offers('delete'))
    app.delete(`${base}/delete`, access(perms.delete), (request) =>
      guarded(async () => {
        const removed = await remove(deps, request, store, [idParam(request)]);
        if (removed === 0) throw new ApiError(EntityMessages.notFound);
        return okMessage(EntityMessages.deleted);
      }),
    );

  if (model.offers('deleteBatch'))
    app.delete(`${base}/deleteBatch`, access(perms.deleteBatch), (request) =>
      guarded(async () => {
        const ids = idList(single(queryOf(request), 'ids'));
        const removed = await remove(deps, request, store, ids);
        if (removed === 0) throw new ApiError(EntityMessages.notFound);
        return okMessage(EntityMessages.batchDeleted);
      }),
    );
}
