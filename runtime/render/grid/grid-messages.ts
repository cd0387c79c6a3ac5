/**
 * The cells' validation messages: which cell shows what, redrawing only the rows whose messages
 * changed; a column's built-in rules after an edit, then the edited cell's custom handler (its
 * answer is dropped if the value changed meanwhile).
 */
import type { RowComponent } from 'tabulator-tables';
import type { GridHandlers } from '../../model/grid/handlers';
import { runHandler } from '../../model/grid/handlers';
import type { GridRows } from '../../model/grid/rows';
import type { GridErrors, GridValidator } from '../../model/grid/validate';

export interface GridMessages {
  errors: GridErrors;
  /** Sets the messages of one column (or all). */
  show(next: GridErrors, only?: string): void;
  validateColumn(field: string, rowKey?: string): void;
}

export function gridMessages(
  store: GridRows,
  validator: () => GridValidator,
  /** A drawn row by key (rows never drawn pick their messages up when they are). */
  rowOf: (key: string) => RowComponent | undefined,
  handlers: () => GridHandlers | undefined,
): GridMessages {
  const self: GridMessages = {
    errors: new Map(),
    show(next, only) {
      const changed = new Set<string>();
      for (const key of store.keys()) {
        const before = self.errors.get(key) ?? {};
        const after = next.get(key) ?? {};
        const merged = only ? { ...before, [only]: after[only] } : { ...after };
        if (only && merged[only] === undefined) delete merged[only];
        if (JSON.stringify(before) !== JSON.stringify(merged)) changed.add(key);
        if (Object.keys(merged).length > 0) self.errors.set(key, merged);
        else self.errors.delete(key);
      }
      for (const key of changed) rowOf(key)?.reformat();
    },
    validateColumn(field, rowKey) {
      const result = validator().validateColumn(field, store.rows());
      const next: GridErrors = new Map();
      for (const [key, message] of result) if (message) next.set(key, { [field]: message });
      self.show(next, field);
      // A cross-field check (an end date after the start date) shown on another cell of the row may
      // have changed with this one.
      for (const other of validator().checkedKeys) {
        if (other === field) continue;
        const shown: GridErrors = new Map();
        for (const [key, message] of validator().validateColumn(other, store.rows()))
          if (message) shown.set(key, { [other]: message });
        self.show(shown, other);
      }
      const handler = handlers()?.[field];
      const values = rowKey ? store.get(rowKey) : undefined;
      if (!handler || !rowKey || !values || result.get(rowKey)) return;
      const value = values[field];
      void runHandler(handler, { key: field, value, row: values, rowKey }).then((message) => {
        if (!message || store.get(rowKey)?.[field] !== value) return;
        const mine = { ...self.errors.get(rowKey), [field]: message };
        self.show(new Map([...self.errors, [rowKey, mine]]));
      });
    },
  };
  return self;
}
