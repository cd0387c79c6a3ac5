/**
 * add and edit of a declared record, with its children in the same request
 * (docs/modules/one-to-many.md): the parent is checked as on its own, then every child row (a
 * one-to-one child is one row, its section), then the parent's cross-field checks over the parent
 * and all its rows after the save; only then are the parent and every child written in ONE
 * transaction. A failure anywhere saves nothing.
 */
import type { FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import { ROW_VERSION_FIELD, type EntityModel } from '../../runtime/model/declaration/model.js';
import { checkFailures, computedValues } from '../../runtime/model/declaration/record-checks.js';
import type { QueryValue } from '../../runtime/model/query/conditions.js';
import { isEmptyValue } from '../../runtime/model/validation/formats.js';
import type { Database } from '../db/schema.js';
import { ApiError, okMessage } from '../result.js';
import { nextFillValue } from '../sys/fill-rule/generate.js';
import { asRecord, bodyValues, BodyMessages, defaultValues } from './body.js';
import { takeChildPayloads, type ChildPayload } from './child-payload.js';
import { prepareChildRows, type PreparedChildren } from './child-rows.js';
import { newRowId, writeChildRows } from './child-write.js';
import { checkWritable, fieldAccessOf, withoutRestricted, type FieldAccess } from './field-permissions.js';
import {
  callerOf,
  checkId,
  checkRowChange,
  EntityMessages,
  refuse,
  scopedCaller,
  userIdOf,
  type EntityDeps,
} from './route-kit.js';
import { EntityStore, type Caller, type Row } from './store.js';
import { checkParent } from './tree.js';
import { checkParentWritable } from './parent-check.js';
import { checkDictValues } from './dict-membership.js';
import { checkRecordUploads } from './upload-claims.js';

/**
 * Unique fields must not repeat a live value of the caller's scope (the index catches races);
 * unique-within-parent fields must not repeat among the rows of the same parent.
 */
async function checkUnique(
  deps: EntityDeps,
  store: EntityStore,
  caller: Caller,
  values: Row,
  exceptId?: string,
  stored: Row = {},
): Promise<void> {
  for (const field of store.model.declared) {
    const value = values[field.name];
    if (value === undefined || value === null || value === '') continue;
    if (field.unique && (await store.taken(caller, field, value as QueryValue, exceptId)))
      throw new ApiError(EntityMessages.taken(field.title));
    if (!field.uniqueInParent) continue;
    for (const key of deps.parentKeysOf?.(store.model.name) ?? []) {
      const parent = values[key] ?? stored[key];
      const fk = store.model.field(key);
      if (!fk || isEmptyValue(parent)) continue;
      const same = [store.equals(fk, parent as QueryValue)];
      if (await store.taken(caller, field, value as QueryValue, exceptId, same))
        throw new ApiError(EntityMessages.taken(field.title));
    }
  }
}

/** A child sent as a full list on edit needs the parent's version it was read with. */
const LIST_WITHOUT_VERSION = '按完整列表保存时须带上读取时的版本号（rowVersion）';

/** The grid's payload shape, under the child's name. */
export interface ChildChanges {
  added: Row[];
  edited: Row[];
  deletedIds: string[];
}

/**
 * The children a save sent as full lists, as the changes they came to (each by the child's name):
 * the live tables' feed (server/grid-sync/entity-feed.ts) reads them, since the body names no
 * deleted row and no unchanged one.
 */
const listChanges = new WeakMap<object, Record<string, ChildChanges>>();

export function listChangesOf(request: object): Record<string, ChildChanges> {
  return listChanges.get(request) ?? {};
}

function rememberListChanges(request: object, children: readonly PreparedChildren[]): void {
  const out: Record<string, ChildChanges> = {};
  for (const c of children.filter((child) => child.payload.replace))
    out[c.payload.decl.entity] = {
      added: c.added.map((r) => r.values),
      edited: c.edited.map((r) => ({ ...r.values, id: r.id })),
      deletedIds: c.deletedIds,
    };
  if (Object.keys(out).length > 0) listChanges.set(request, out);
}

/**
 * Checks every child's rows; answers them with the parent's checks context (a one-to-many child's
 * rows as an array, a one-to-one child's row as an object or null).
 */
async function prepareChildren(
  request: FastifyRequest,
  deps: EntityDeps,
  model: EntityModel,
  payloads: readonly ChildPayload[],
  parentId: string,
  /** The stored parent; null on add. */
  parent: Row | null,
): Promise<{ children: PreparedChildren[]; rows: Row }> {
  // Rows are loaded only when something needs them: a sent child, or checks that may read them.
  // Computed fields read every row too (a total of the items' hours).
  const readsRows = (model.declaration.checks?.length ?? 0) > 0 || model.declared.some((f) => f.compute);
  const needed = payloads.filter((p) => p.sent || readsRows);
  const children: PreparedChildren[] = [];
  for (const p of needed) children.push(await prepareChildRows(request, deps, p, parentId, parent));
  const rows: Row = {};
  for (const c of children)
    rows[c.payload.decl.entity] = c.payload.single ? (c.finalRows[0] ?? null) : c.finalRows;
  return { children: children.filter((c) => c.payload.sent), rows };
}

/**
 * Checks an add (the parent's values with its children under their names) as the add route does
 * and answers the writes, to run in a transaction: the add route's own, or an import's (with
 * `deps.db` that transaction, so the checks see what the import saved before).
 */
export async function prepareAdd(
  request: FastifyRequest,
  deps: EntityDeps,
  store: EntityStore,
  raw: Record<string, unknown>,
): Promise<(trx: Transaction<Database>) => Promise<void>> {
  const { model } = store;
  const caller = callerOf(request, deps);
  const fieldAccess = await fieldAccessOf(deps.db, model, userIdOf(request));
  const { parent, payloads } = takeChildPayloads(raw, model.declaration.children ?? [], deps.storeOf);
  const body = bodyValues(model, parent);
  // Defaults fill what was not sent, read-only fields included; only what was sent is validated
  // (defaults were checked against their field when the declaration was loaded).
  const defaults = defaultValues(model, caller);
  checkWritable(model, fieldAccess, body, defaults, deps.formatDate, true);
  const sent = withoutRestricted(body, fieldAccess);
  // The parent's fields first, then each table in order, then the checks over all of them.
  refuse(deps.validation.validate(model, 'add', sent, { context: { ...defaults, ...sent }, checks: false }));
  // A file or image field may name only the caller's own uploads (upload-claims.ts).
  await checkRecordUploads(deps.db, userIdOf(request), model, sent);
  await checkDictValues(deps.db, model, sent, undefined, caller.tenantId);
  const values = { ...defaults, ...sent }; // after validation: numbers sent as text are numbers now
  // The id is made before the children are checked: their foreign key holds it from the start.
  const id = newRowId();
  const split = await prepareChildren(request, deps, model, payloads, id, null);
  refuse(checkFailures(model, { ...values, ...split.rows }));
  Object.assign(values, computedValues(model, { ...values, ...split.rows }));
  await checkUnique(deps, store, caller, values);
  await checkParent(store, caller, values);
  await checkParentWritable(request, deps, store, [values]);
  const numbered = model.declared.filter((f) => f.fillRule !== undefined && isEmptyValue(values[f.name]));
  return async (trx) => {
    // Numbers are taken in the insert's transaction: a refused insert hands its number back.
    for (const field of numbered)
      values[field.name] = await nextFillValue(trx, field.fillRule!, { now: new Date(), record: values });
    // Computed again once numbered: a computed field may read the number (an equipment's label).
    if (numbered.length > 0) Object.assign(values, computedValues(model, { ...values, ...split.rows }));
    await new EntityStore(trx, model, deps.timeZone).insert(caller, id, values);
    for (const child of split.children) await writeChildRows(trx, deps, child, id, caller);
    await deps.saveHookOf?.(model.name)?.(trx, { model, id, before: null, values, caller, request });
    rememberListChanges(request, split.children);
  };
}

export async function addRecord(request: FastifyRequest, deps: EntityDeps, store: EntityStore) {
  const write = await prepareAdd(request, deps, store, asRecord(request.body));
  await deps.db.transaction().execute(write);
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

export async function editRecord(request: FastifyRequest, deps: EntityDeps, store: EntityStore) {
  const { model } = store;
  const caller = callerOf(request, deps);
  const scoped = await scopedCaller(request, deps, store);
  const body = asRecord(request.body);
  if (body.id === undefined || body.id === null || body.id === '') throw new ApiError(BodyMessages.missingId);
  const id = checkId(body.id);
  // The parent must be in the caller's data scope before any of its rows is looked at.
  const stored = await store.findById(scoped, id);
  if (!stored) throw new ApiError(EntityMessages.notFound);
  // Readable is not yet editable: the row rule (only the author edits a daily order) decides.
  await checkRowChange(request, deps, store, 'edit', [stored]);
  // A form sends the row version it loaded: someone else's save since then is not overwritten.
  const version = loadedVersion(body);
  if (version !== null && version !== stored[ROW_VERSION_FIELD])
    throw new ApiError(EntityMessages.changedMeanwhile);
  const { parent, payloads } = takeChildPayloads(body, model.declaration.children ?? [], deps.storeOf);
  // A full list deletes the rows it leaves out: it must be the list of the version it was read at.
  const listed = payloads.find((p) => p.replace);
  if (listed && version === null) throw new ApiError(`${listed.title}：${LIST_WITHOUT_VERSION}`);
  const fieldAccess = withImmutable(model, await fieldAccessOf(deps.db, model, userIdOf(request)));
  const sent = bodyValues(model, parent);
  checkWritable(model, fieldAccess, sent, stored, deps.formatDate);
  const values = withoutRestricted(sent, fieldAccess);
  refuse(
    deps.validation.validate(model, 'edit', values, { context: { ...stored, ...values }, checks: false }),
  );
  await checkRecordUploads(deps.db, userIdOf(request), model, values, stored);
  await checkDictValues(deps.db, model, values, stored, caller.tenantId);
  const split = await prepareChildren(request, deps, model, payloads, id, stored);
  refuse(checkFailures(model, { ...stored, ...values, ...split.rows }));
  Object.assign(values, computedValues(model, { ...stored, ...values, ...split.rows }));
  // Uniqueness and the tree's shape are checked against every row, not only those in the scope.
  await checkUnique(deps, store, caller, values, id, stored);
  await checkParent(store, caller, values, id);
  // A child row stays with a parent the caller may change: the one it had and the one it names.
  await checkParentWritable(request, deps, store, [stored, values]);
  await deps.db.transaction().execute(async (trx) => {
    // The row must still be as it was read: a save between the read and this update is not lost.
    // The update also counts the parent's version up when only its children change, so two people
    // saving the same plan's tasks are told rather than merged.
    const own = new EntityStore(trx, model, deps.timeZone);
    const unchanged = own.equals(model.field(ROW_VERSION_FIELD)!, Number(stored[ROW_VERSION_FIELD]));
    if ((await own.update(scoped, id, values, [unchanged])) === 0)
      throw new ApiError(EntityMessages.changedMeanwhile);
    for (const child of split.children) await writeChildRows(trx, deps, child, id, caller);
    await deps.saveHookOf?.(model.name)?.(trx, { model, id, before: stored, values, caller, request });
  });
  rememberListChanges(request, split.children);
  return okMessage(EntityMessages.edited);
}
