/**
 * The contract's standard CRUD routes at a declaration's base path: list, queryById, add, edit,
 * delete, deleteBatch. Each action has its permission from the declaration; bodies are validated
 * with the same compiled rules and messages as the browser.
 */
import { presentRows } from './present.js';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { compileListQuery, single } from '../../runtime/model/query/compile.js';
import type { QueryValue } from '../../runtime/model/query/conditions.js';
import { ApiError, ok, okMessage } from '../result.js';
import { asRecord, bodyValues, BodyMessages, defaultValues } from './body.js';
import { attachChildren, removeChildren } from './children.js';
import { checkWritable, fieldAccessOf, visibleFields, withoutRestricted } from './field-permissions.js';
import {
  access,
  callerOf,
  checkId,
  EntityMessages,
  guarded,
  idList,
  idParam,
  pageOf,
  queryOf,
  refuse,
  userIdOf,
  type EntityDeps,
} from './route-kit.js';
import type { Caller, EntityStore, Row } from './store.js';
import { checkNoChildren, checkParent } from './tree.js';

/** Unique fields must not repeat a live value of the caller's scope (the index catches races). */
async function checkUnique(
  store: EntityStore,
  caller: Caller,
  values: Row,
  exceptId?: string,
): Promise<void> {
  for (const field of store.model.declared) {
    const value = values[field.name];
    if (!field.unique || value === undefined || value === null || value === '') continue;
    if (await store.taken(caller, field, value as QueryValue, exceptId))
      throw new ApiError(EntityMessages.taken(field.title));
  }
}

async function add(request: FastifyRequest, deps: EntityDeps, store: EntityStore) {
  const { model } = store;
  const caller = callerOf(request, deps);
  const fieldAccess = await fieldAccessOf(deps.db, model, userIdOf(request));
  const body = bodyValues(model, asRecord(request.body));
  // Defaults fill what was not sent, read-only fields included; only what was sent is validated
  // (defaults were checked against their field when the declaration was loaded).
  const defaults = defaultValues(model, caller);
  checkWritable(model, fieldAccess, body, defaults, deps.formatDate, true);
  const sent = withoutRestricted(body, fieldAccess);
  refuse(deps.validation.validate(model, 'add', sent, { context: { ...defaults, ...sent } }));
  const values = { ...defaults, ...sent }; // after validation: numbers sent as text are numbers now
  await checkUnique(store, caller, values);
  await checkParent(store, caller, values);
  await store.insert(caller, randomUUID().replace(/-/g, ''), values);
  return okMessage(EntityMessages.added);
}

async function edit(request: FastifyRequest, deps: EntityDeps, store: EntityStore) {
  const { model } = store;
  const caller = callerOf(request, deps);
  const body = asRecord(request.body);
  if (body.id === undefined || body.id === null || body.id === '') throw new ApiError(BodyMessages.missingId);
  const id = checkId(body.id);
  const stored = await store.findById(caller, id);
  if (!stored) throw new ApiError(EntityMessages.notFound);
  const fieldAccess = await fieldAccessOf(deps.db, model, userIdOf(request));
  const sent = bodyValues(model, body);
  checkWritable(model, fieldAccess, sent, stored, deps.formatDate);
  const values = withoutRestricted(sent, fieldAccess);
  refuse(deps.validation.validate(model, 'edit', values, { context: { ...stored, ...values } }));
  await checkUnique(store, caller, values, id);
  await checkParent(store, caller, values, id);
  if ((await store.update(caller, id, values)) === 0) throw new ApiError(EntityMessages.notFound);
  return okMessage(EntityMessages.edited);
}

async function remove(deps: EntityDeps, caller: Caller, store: EntityStore, ids: string[]): Promise<number> {
  await checkNoChildren(store, caller, ids);
  const removed = await store.remove(caller, ids);
  if (removed > 0) await removeChildren(deps.storeOf, store.model, caller, ids);
  return removed;
}

export function registerCrudRoutes(app: FastifyInstance, deps: EntityDeps, store: EntityStore): void {
  const { model } = store;
  const base = model.basePath;
  const perms = model.permissions;

  app.get(`${base}/list`, access(perms.list), (request) =>
    guarded(async () => {
      const caller = callerOf(request, deps);
      const fieldAccess = await fieldAccessOf(deps.db, model, userIdOf(request));
      const query = compileListQuery(queryOf(request), visibleFields(model, fieldAccess), {
        defaultSort: model.defaultSort,
      });
      const { records, total } = await store.page(
        caller,
        query.where,
        query.sort,
        query.pageNo,
        query.pageSize,
      );
      const shown = await presentRows(deps.db, model, records, fieldAccess);
      return ok(pageOf(shown, total, query.pageNo, query.pageSize));
    }),
  );

  app.get(`${base}/queryById`, access(perms.queryById), (request) =>
    guarded(async () => {
      const caller = callerOf(request, deps);
      const row = await store.findById(caller, idParam(request));
      if (!row) throw new ApiError(EntityMessages.notFound);
      const userId = userIdOf(request);
      const fieldAccess = await fieldAccessOf(deps.db, model, userId);
      const [withText] = await presentRows(deps.db, model, [row], fieldAccess);
      return ok(await attachChildren(deps, deps.storeOf, model, caller, userId, withText));
    }),
  );

  app.post(`${base}/add`, access(perms.add), (request) => guarded(() => add(request, deps, store)));

  // The contract's clients send edits as PUT, some as POST.
  for (const method of ['PUT', 'POST'] as const) {
    app.route({
      method,
      url: `${base}/edit`,
      ...access(perms.edit),
      handler: (request) => guarded(() => edit(request, deps, store)),
    });
  }

  app.delete(`${base}/delete`, access(perms.delete), (request) =>
    guarded(async () => {
      const removed = await remove(deps, callerOf(request, deps), store, [idParam(request)]);
      if (removed === 0) throw new ApiError(EntityMessages.notFound);
      return okMessage(EntityMessages.deleted);
    }),
  );

  app.delete(`${base}/deleteBatch`, access(perms.deleteBatch), (request) =>
    guarded(async () => {
      const ids = idList(single(queryOf(request), 'ids'));
      const removed = await remove(deps, callerOf(request, deps), store, ids);
      if (removed === 0) throw new ApiError(EntityMessages.notFound);
      return okMessage(EntityMessages.batchDeleted);
    }),
  );
}
