/**
 * Declared children on the server: a one-to-many child's rows come with the parent's queryById (as
 * an array under the child entity's name; a one-to-one child as one object or null), and are
 * deleted with the parent. The child's own field permissions and dictionary text apply.
 */
import { presentRows } from './present.js';
import type { EntityModel } from '../../runtime/model/declaration/model.js';
import { fieldAccessOf } from './field-permissions.js';
import type { EntityDeps } from './route-kit.js';
import type { Caller, EntityStore, Row } from './store.js';

/** A parent answers at most this many rows of one child (larger sets belong to the child's list). */
export const MAX_CHILD_ROWS = 1000;

export type StoreLookup = (name: string) => EntityStore | undefined;

function childStores(model: EntityModel, storeOf: StoreLookup) {
  return (model.declaration.children ?? []).flatMap((child) => {
    const store = storeOf(child.entity);
    const field = store?.model.field(child.foreignKey);
    return store && field ? [{ child, store, field }] : [];
  });
}

export async function attachChildren(
  deps: EntityDeps,
  storeOf: StoreLookup,
  model: EntityModel,
  caller: Caller,
  userId: string,
  row: Row,
): Promise<Row> {
  // The parent was read in the caller's scope; its rows are its own. The parent's scope names the
  // parent's columns, so it must not be applied to the child's table.
  const own: Caller = { ...caller, dataScope: null };
  for (const { child, store, field } of childStores(model, storeOf)) {
    const access = await fieldAccessOf(deps.db, store.model, userId);
    const sort = [{ field: store.model.defaultSort.field, order: store.model.defaultSort.order }];
    const rows = await store.list(own, null, sort, MAX_CHILD_ROWS, [store.equals(field, String(row.id))]);
    const shown = await presentRows(deps.db, store.model, rows, access);
    row[child.entity] = child.relation === 'oneToOne' ? (shown[0] ?? null) : shown;
  }
  return row;
}

/** Deletes the children of removed parents (soft-deleted children when the child soft-deletes). */
export async function removeChildren(
  storeOf: StoreLookup,
  model: EntityModel,
  caller: Caller,
  ids: readonly string[],
): Promise<void> {
  for (const { store, field } of childStores(model, storeOf)) await store.removeWhere(caller, field, ids);
}
