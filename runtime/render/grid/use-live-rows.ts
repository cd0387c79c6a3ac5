/**
 * A live grid (a child declared `"live": true`, docs/modules/grid-sync.md): while it is open, the
 * rows other users save show in it. Changes arrive on the table's socket as ids and field names
 * (never values); the rows this grid shows are read again through the entity API, a burst in one
 * request (readRows: the reader's own permissions and scope apply), and merged unless the user has
 * an unsaved edit in it (GridRows.mergeSaved says why that is safe); rows deleted elsewhere leave;
 * rows added elsewhere come from `reload` (the parent read again). Only a held row is read.
 */
import { useMemo } from 'react';
import type { RowComponent, Tabulator } from 'tabulator-tables';
import type { EntityModel } from '../../model/declaration/model';
import type { GridRows } from '../../model/grid/rows';
import { readRows } from '../grid-sync/read-rows';
import { useTableSync } from '../grid-sync/useTableSync';
import type { Runtime } from '../registry';
import { ROW_KEY } from './grid-columns';

type Row = Record<string, unknown>;

export interface LiveGridOptions {
  /** The grid's rows as saved now (the parent read again), for rows other users added. */
  reload(): Promise<readonly Row[]>;
}

/** A page id for the socket path: random, and fine outside a secure context (no crypto.randomUUID). */
function newPageId(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function useLiveRows(args: {
  live: LiveGridOptions | undefined;
  model: EntityModel;
  runtime: Runtime | null;
  store: GridRows;
  table: () => Tabulator | null;
  /** After rows changed: tell the host (onChange) and re-check the cells. */
  changed(keys: readonly string[]): void;
}): void {
  const { live, model, runtime, store, table, changed } = args;
  const pageId = useMemo(newPageId, []);
  // Tabulator answers false, not undefined, for a row it does not have.
  const rowOf = (key: string): RowComponent | undefined => table()?.getRow(key) || undefined;
  const identity = live ? (runtime?.session.socket?.() ?? null) : null;
  useTableSync({
    enabled: identity !== null,
    userId: identity?.userId ?? '',
    token: identity?.token ?? '',
    tenantId: identity?.tenantId ?? 0,
    pageId,
    tableKey: model.name,
    holds: (id) => store.get(`${store.caseId}${id}`) !== undefined,
    async fetchRows(ids) {
      if (!runtime) throw new Error('no runtime');
      return readRows(runtime.data, model, ids);
    },
    onUpdate(id, fields) {
      if (store.mergeSaved(id, fields) !== 'merged') return;
      const key = `${store.caseId}${id}`;
      const row = rowOf(key);
      if (row) void row.update(store.get(key) ?? {});
      changed([key]);
    },
    onRemove(ids) {
      const keys = store.forget(ids);
      for (const key of keys) void rowOf(key)?.delete();
      if (keys.length > 0) changed(keys);
    },
    onReload() {
      void live?.reload().then((rows) => {
        const keys = store.addUnknown(rows);
        if (keys.length === 0) return;
        void table()?.addData(keys.map((key) => ({ ...store.get(key), [ROW_KEY]: key })));
        changed(keys);
      });
    },
  });
}
