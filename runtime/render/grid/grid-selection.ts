/**
 * Row selection with disabled rows: Tabulator's own select-all ignores `selectableRowsCheck`, so the
 * header box is ours. It selects every selectable row, or clears when any is selected; it shows
 * checked when all selectable rows are selected, indeterminate when some are, cleared when none.
 */
import type { RowComponent, Tabulator } from 'tabulator-tables';

export interface Selection {
  /** Wires the header's box (called by its title formatter, before the table is built). */
  selectAll(box: HTMLInputElement): void;
  /** Binds to the built table. */
  bind(table: Tabulator): void;
}

export function gridSelection(
  selectable: (row: RowComponent) => boolean,
  count: (n: number) => void,
): Selection {
  let header: HTMLInputElement | null = null;
  let table: Tabulator | null = null;
  return {
    selectAll(box) {
      header = box;
      box.addEventListener('click', (e) => e.stopPropagation());
      box.addEventListener('change', () => {
        if (!table) return;
        if (table.getSelectedRows().length > 0) table.deselectRow();
        else void table.selectRow(table.getRows().filter(selectable));
      });
    },
    bind(instance) {
      table = instance;
      instance.on(
        'rowSelectionChanged',
        (data: unknown[], _rows, picked: RowComponent[], dropped: RowComponent[]) => {
          count(data.length);
          const all = instance.getRows().filter(selectable).length;
          if (header) {
            header.checked = data.length > 0 && data.length === all;
            header.indeterminate = data.length > 0 && data.length < all;
          }
          for (const row of [...picked, ...dropped]) {
            const box = row.getCell('__select')?.getElement().querySelector('input');
            if (box) box.checked = row.isSelected();
          }
        },
      );
    },
  };
}
