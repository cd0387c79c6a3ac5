/**
 * Writes one child's checked rows inside the parent's transaction: deletes first (so a value a
 * deleted row held may be reused), then updates, then inserts. Every statement is limited to the
 * parent's rows; an update or delete that finds its row changed or gone refuses the whole save.
 */
import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import { ROW_VERSION_FIELD } from '../../runtime/model/declaration/model.js';
import type { Database } from '../db/schema.js';
import { ApiError } from '../result.js';
import { nextFillValue } from '../sys/fill-rule/generate.js';
import { rowMessage, type PreparedChildren } from './child-rows.js';
import { EntityMessages, type EntityDeps } from './route-kit.js';
import { EntityStore, type Caller, type Row } from './store.js';

export function newRowId(): string {
  return randomUUID().replace(/-/g, '');
}

export async function writeChildRows(
  trx: Transaction<Database>,
  deps: EntityDeps,
  prepared: PreparedChildren,
  parentId: string,
  caller: Caller,
): Promise<void> {
  const { payload, scoped } = prepared;
  const store = new EntityStore(trx, payload.store.model, deps.timeZone);
  const mine = store.equals(payload.foreignKey, parentId);
  if (prepared.deletedIds.length > 0) {
    const removed = await store.remove(scoped, prepared.deletedIds, [mine]);
    if (removed !== prepared.deletedIds.length)
      throw new ApiError(`${payload.title}：${EntityMessages.changedMeanwhile}`);
  }
  const version = store.model.field(ROW_VERSION_FIELD)!;
  for (const row of prepared.edited) {
    const extra = [mine];
    if (row.version !== null) extra.push(store.equals(version, row.version));
    if ((await store.update(scoped, row.id!, row.values, extra)) === 0)
      throw new ApiError(rowMessage(payload, row.row, EntityMessages.changedMeanwhile));
  }
  if (prepared.added.length === 0) return;
  const now = new Date();
  const rows = [];
  for (const row of prepared.added) {
    const values: Row = { ...row.values, [payload.foreignKey.name]: parentId };
    // Numbers are taken in the save's transaction: a refused save hands them back.
    for (const field of row.numbered)
      values[field.name] = await nextFillValue(trx, field.fillRule!, { now, record: values });
    rows.push({ id: newRowId(), values });
  }
  await store.insertMany(caller, rows);
}
