/**
 * The toolbar's actions on the table and the row store: 新增 appends a new row (taking the next sort
 * number), 删除 removes the selected rows (in a tree, a selected parent takes its loaded children).
 */
import type { Tabulator } from 'tabulator-tables';
import type { DefaultContext } from '../../model/declaration/defaults';
import { newRowValues, type GridColumn } from '../../model/grid/columns';
import type { GridRows } from '../../model/grid/rows';
import { ROW_KEY } from './cell-formatters';
import type { GridMessages } from './grid-messages';
import { topmostRows, type RowRegistry } from './grid-tree';

export interface ActionContext {
  table(): Tabulator | null;
  store: GridRows;
  columns: readonly GridColumn[];
  messages: GridMessages;
  registry: RowRegistry;
  emit(): void;
  setSelected(n: number): void;
  /** Who adds a row now, for `#{...}` defaults; null or absent: the server fills them on save. */
  defaults?(): DefaultContext | null;
}

export function gridActions(ctx: ActionContext) {
  const { store, columns, messages } = ctx;
  return {
    add() {
      const values = newRowValues(columns, ctx.defaults?.() ?? null);
      // A new line goes last: it takes the next sort number.
      if (store.sortKey in values) values[store.sortKey] = store.size + 1;
      const key = store.add(values);
      void ctx
        .table()
        ?.addRow({ [ROW_KEY]: key, ...values }, false)
        .then((row) => row.scrollTo());
      ctx.emit();
    },
    remove() {
      const rows = ctx.table()?.getSelectedRows() ?? [];
      const keys = rows.map((r) => String(r.getData()[ROW_KEY]));
      const gone = [...keys, ...keys.flatMap((k) => store.descendants(k))];
      const top = topmostRows(rows, store);
      store.remove(keys);
      for (const key of gone) {
        messages.errors.delete(key);
        ctx.registry.forget(key);
      }
      // Row components, not keys: Tabulator's index does not hold tree children.
      for (const row of top) void row.delete();
      ctx.setSelected(0);
      // A removed row may have been the other half of a duplicate.
      for (const c of columns) if (c.unique) messages.validateColumn(c.key);
      ctx.emit();
    },
  };
}
