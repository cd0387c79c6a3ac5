/**
 * Tree rows over Tabulator's dataTree module: the expand column holds the expand / collapse
 * control (and, with a sub-table, its button); a lazy node shows the loading placeholder child until
 * `loadChildren` answers, then its children, which the store tracks like any saved row. Tabulator
 * keeps child rows out of its own row index, so the grid finds rows through `RowRegistry`.
 */
import type { ColumnDefinition, Options, RowComponent, Tabulator } from 'tabulator-tables';
import { GridTexts } from '../../model/grid/constants';
import type { GridRows } from '../../model/grid/rows';
import { awaitsChildren, TREE_CHILD_FIELD, treeData } from '../../model/grid/tree';
import { ROW_KEY } from './cell-formatters';

export const EXPAND_FIELD = '__expand';

export type LoadChildren = (
  row: Readonly<Record<string, unknown>>,
) => Promise<readonly Record<string, unknown>[]>;

/** Rows by key, as drawn (Tabulator's getRow finds top-level rows only, by a linear search). */
export class RowRegistry {
  private readonly rows = new Map<string, RowComponent>();
  seen(row: RowComponent): void {
    const key = String(row.getData()[ROW_KEY]);
    this.rows.set(key, row);
    row.getElement().dataset.rowKey = key;
  }
  get(key: string): RowComponent | undefined {
    return this.rows.get(key);
  }
  forget(key: string): void {
    this.rows.delete(key);
  }
}

function glyph(text: string, label: string): HTMLElement {
  const el = document.createElement('span');
  el.className = 'zj-grid-tree-toggle';
  el.textContent = text;
  el.setAttribute('role', 'button');
  el.setAttribute('aria-label', label);
  return el;
}

/** Table options of a tree grid (no drag sort: Tabulator's dataTree does not move rows). */
export function treeOptions(): Options {
  return {
    dataTree: true,
    dataTreeChildField: TREE_CHILD_FIELD,
    dataTreeElementColumn: EXPAND_FIELD,
    dataTreeBranchElement: false,
    // The expand column is 40 px: levels indent the first data column instead (grid.css).
    dataTreeChildIndent: 0,
    dataTreeExpandElement: glyph('+', GridTexts.expand),
    dataTreeCollapseElement: glyph('−', GridTexts.close),
    movableRows: false,
  };
}

/** The expand column: the tree's control, and the sub-table button when the grid has one. */
export function expandColumn(
  width: number,
  openSubTable?: (row: RowComponent, clickY: number) => void,
): ColumnDefinition {
  return {
    title: '',
    field: EXPAND_FIELD,
    width,
    frozen: true,
    hozAlign: 'center',
    headerSort: false,
    cssClass: 'zj-grid-expand',
    formatter: (cell) => {
      if (!openSubTable || cell.getRow().getData()[ROW_KEY] === undefined) return '';
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'zj-grid-subtable-open';
      button.textContent = '▸';
      button.setAttribute('aria-label', GridTexts.expand);
      button.addEventListener('click', (e) => {
        e.stopPropagation();
        openSubTable(cell.getRow(), e.clientY);
      });
      return button;
    },
  };
}

/**
 * Loads a lazy node's children when it is first expanded; a failed load collapses it again so a
 * later expand retries.
 */
export function bindLazyChildren(
  table: Tabulator,
  store: GridRows,
  load: () => LoadChildren | undefined,
): void {
  const loading = new Set<string>();
  table.on('dataTreeRowExpanded', (row: RowComponent) => {
    const data = row.getData() as Record<string, unknown>;
    const key = String(data[ROW_KEY]);
    const loader = load();
    if (!loader || !awaitsChildren(data) || loading.has(key)) return;
    loading.add(key);
    loader(store.get(key) ?? {})
      .then((children) => row.update({ [TREE_CHILD_FIELD]: treeData(store, children, ROW_KEY, key) }))
      .catch(() => row.treeCollapse())
      .finally(() => loading.delete(key));
  });
}

/** Of the selected rows, those whose ancestors are not selected too (deleting a parent deletes them). */
export function topmostRows(rows: readonly RowComponent[], store: GridRows): RowComponent[] {
  const keys = new Set(rows.map((r) => String(r.getData()[ROW_KEY])));
  const covered = (key: string): boolean => {
    const parent = store.parentOf(key);
    return parent !== undefined && (keys.has(parent) || covered(parent));
  };
  return rows.filter((r) => !covered(String(r.getData()[ROW_KEY])));
}
