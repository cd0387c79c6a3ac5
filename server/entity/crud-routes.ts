/**
 * The contract's standard CRUD routes at a declaration's base path: list, queryById, add, edit,
 * delete, deleteBatch. Each action has its permission from the declaration; bodies are validated
 * with the same compiled rules and messages as the browser.
 */
import { presentRows } from './present.js';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { compileListQuery, single } from '../../runtime/model/query/compile.js';
import { ROW_VERSION_FIELD, type EntityModel } from '../../runtime/model/declaration/model.js';
import type { QueryValue } from '../../runtime/model/query/conditions.js';
import { ApiError, ok, okMessage } from '../result.js';
import { asRecord, bodyValues, BodyMessages, defaultValues } from './body.js';
import { attachChildren, removeChildren } from './children.js';
import {
  checkWritable,
  fieldAccessOf,
  visibleFields,
  withoutRestricted,
  type FieldAccess,
} from './field-permissions.js';
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
  scopedCaller,
  userIdOf,
  type EntityDeps,
} from './route-kit.js';
import { EntityStore, type Caller, type Row } from './store.js';
import { isEmptyValue } from '../../runtime/model/validation/formats.js';
import { nextFillValue } from '../sys/fill-rule/generate.js';
import { checkNoChildren, checkParent } from './tree.js';
import { checkNotReferenced } from './restrict-delete.js';

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
  const id = randomUUID().replace(/-/g, '');
  const numbered = model.declared.filter((f) => f.fillRule !== undefined && isEmptyValue(values[f.name]));
  if (numbered.length === 0) await store.insert(caller, id, values);
  else {
    // Numbers are taken in the insert's transaction: a refused insert hands its number back.
    await deps.db.transaction().execute(async (trx) => {
      for (const field of numbered)
        values[field.name] = await nextFillValue(trx, field.fillRule!, { now: new Date(), record: values });
      await new EntityStore(trx, model, deps.timeZone).insert(caller, id, values);
    });
  }
  return okMessage(EntityMessages.added);
}

/** On edit an immutable field is like a read-only one: echoed back unchanged, or refused. */
function withImmutable(model: EntityModel, access: FieldAccess): FieldAccess {
  const fixed = model.declared.filter((f) => f.immutable).map((f) => f.name);
  return fixed.length === 0 ? access : { ...access, disabled: new Set([...access.disabled, ...fixed]) };
}

/** The row version a form sends back (the one it loaded), or null when it sends none. */
function loadedVersion(body: Record<string, unknown>): number | null {
  const sent = body[ROW_VERSION_FIELD];
  if (sent === undefined || sent === null || sent === '') return null;
  const version = Number(sent);
  if (!Number.isInteger(version)) throw new ApiError(BodyMessages.notObject);
  return version;
}

async function edit(request: FastifyRequest, deps: EntityDeps, store: EntityStore) {
  const { model } = store;
  const caller = callerOf(request, deps);
  const scoped = await scopedCaller(request, deps, store);
  const body = asRecord(request.body);
  if (body.id === undefined || body.id === null || body.id === '') throw new ApiError(BodyMessages.missingId);
  const id = checkId(body.id);
  const stored = await store.findById(scoped, id);
  if (!stored) throw new ApiError(EntityMessages.notFound);
  // A form sends the row version it loaded: someone else's save since then is not overwritten.
  const version = loadedVersion(body);
  if (version !== null && version !== stored[ROW_VERSION_FIELD])
    throw new ApiError(EntityMessages.changedMeanwhile);
  const fieldAccess = withImmutable(model, await fieldAccessOf(deps.db, model, userIdOf(request)));
  const sent = bodyValues(model, body);
  checkWritable(model, fieldAccess, sent, stored, deps.formatDate);
  const values = withoutRestricted(sent, fieldAccess);
  refuse(deps.validation.validate(model, 'edit', values, { context: { ...stored, ...values } }));
  // Uniqueness and the tree's shape are checked against every row, not only those in the scope.
  await checkUnique(store, caller, values, id);
  await checkParent(store, caller, values, id);
  // The row must still be as it was read: a save between the read and this update is not lost.
  const unchanged = store.equals(model.field(ROW_VERSION_FIELD)!, Number(stored[ROW_VERSION_FIELD]));
  if ((await store.update(scoped, id, values, [unchanged])) === 0)
    throw new ApiError(EntityMessages.changedMeanwhile);
  return okMessage(EntityMessages.edited);
}

/** Deletes the rows of `ids` the scoped caller may reach; children and references count in full. */
async function remove(
  deps: EntityDeps,
  request: FastifyRequest,
  store: EntityStore,
  ids: string[],
): Promise<number> {
  const caller = callerOf(request, deps);
  await checkNoChildren(store, caller, ids);
  await checkNotReferenced(deps.db, store.model, ids);
  const removed = await store.remove(await scopedCaller(request, deps, store), ids);
  if (removed > 0) await removeChildren(deps.storeOf, store.model, caller, ids);
  return removed;
}

export function registerCrudRoutes(app: FastifyInstance, deps: EntityDeps, store: EntityStore): void {
  const { model } = store;
  const base = model.basePath;
  const perms = model.permissions;

  app.get(`${base}/list`, access(perms.list), (request) =>
    guarded(async () => {
      const caller = await scopedCaller(request, deps, store);
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
    app.post(`${base}/add`, access(perms.add), (request) => guarded(() => add(request, deps, store)));

  // The contract's clients send edits as PUT, some as POST.
  for (const method of model.offers('edit') ? (['PUT', 'POST'] as const) : []) {
    app.route({
      method,
      url: `${base}/edit`,
      ...access(perms.edit),
      handler: (request) => guarded(() => edit(request, deps, store)),
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
