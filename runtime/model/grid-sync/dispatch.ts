/**
 * What a grid does with the socket's messages: common-send-data goes to the listener of its key;
 * update-table changes rows of this table, ignoring its own instance's messages. A peer's change
 * carries values and is merged as is; a saved change (origin null) names only rows and fields, and
 * the row is read again (queryById, under the reader's own data scope) before its fields are merged.
 */
import { parseServerMessage, type TableUpdate } from './protocol.js';

export type Row = Record<string, unknown>;

export interface TableSyncHandlers {
  /** Merge these fields into the row with this id (the host maps the id to its row key). */
  onUpdate(id: string, fields: Row): void;
  /** common-send-data listeners by key. */
  onData?: Readonly<Record<string, (args: unknown) => void>>;
  /** These rows are gone (deleted, or no longer in the reader's scope). Default: nothing. */
  onRemove?(ids: readonly string[]): void;
  /** Rows were added elsewhere (no ids are told): reload the page of rows. Default: nothing. */
  onReload?(): void;
  /**
   * Reads one row again (queryById); null when it is not found for this reader. Without it a saved
   * change asks for a reload instead.
   */
  fetchRow?(id: string): Promise<Row | null>;
  /**
   * Whether the host shows this row. Changes of rows it does not hold are skipped (not read again):
   * a form's grid shows one parent's rows of a table that every open form of it listens to.
   */
  holds?(id: string): boolean;
}

export interface TableInstance {
  pageId: string;
  table: string;
}

function pick(row: Row, fields: readonly string[]): Row {
  const out: Row = {};
  for (const name of fields) if (name in row) out[name] = row[name];
  return out;
}

async function applySaved(update: TableUpdate, handlers: TableSyncHandlers): Promise<void> {
  if (update.action === 'add') return handlers.onReload?.();
  if (update.action === 'delete') {
    const held = handlers.holds ? update.ids.filter((id) => handlers.holds!(id)) : update.ids;
    return held.length > 0 ? handlers.onRemove?.(held) : undefined;
  }
  const { fetchRow } = handlers;
  if (!fetchRow) return handlers.onReload?.();
  for (const id of update.ids) {
    if (handlers.holds && !handlers.holds(id)) continue;
    const row = await fetchRow(id);
    if (row) handlers.onUpdate(id, pick(row, update.fields));
    else handlers.onRemove?.([id]);
  }
}

/** Handles one frame (already known not to be the heartbeat's reply). */
export async function dispatchTableMessage(
  text: string,
  self: TableInstance,
  handlers: TableSyncHandlers,
): Promise<void> {
  const message = parseServerMessage(text);
  if (!message) return;
  if (message.type === 'common-send-data') {
    const listener = handlers.onData?.[message.data.key];
    // Own properties only: a key such as "constructor" must not reach Object.prototype.
    if (listener && Object.hasOwn(handlers.onData ?? {}, message.data.key)) listener(message.data.args);
    return;
  }
  if (message.type !== 'update-table') return;
  const update = message.data;
  if (update.table !== self.table || update.origin === self.pageId) return;
  if (update.values) {
    const [id] = update.ids;
    if (id !== undefined && (!handlers.holds || handlers.holds(id)))
      handlers.onUpdate(id, pick(update.values, update.fields));
    return;
  }
  await applySaved(update, handlers);
}
