/**
 * Tabulator column definitions for the grid's columns: the row-number, checkbox and drag columns,
 * then one column per declared field with its formatter (cell-formatters.ts), editor
 * (cell-editors.ts), click toggle (checkbox, switch), editability (disabled rows and columns) and
 * footer statistics.
 */
import type { CellComponent, ColumnDefinition, RowComponent } from 'tabulator-tables';
import type { GridColumn, GridStatistic } from '../../model/grid/columns';
import {
  GRID_ROW_NUMBER_WIDTH,
  GRID_TOOL_COLUMN_WIDTH,
  GRID_TOOL_COLUMN_WIDTH_WITH_FOOTER,
  GridTexts,
} from '../../model/grid/constants';
import { statisticOf } from '../../model/grid/statistics';
import { cellFormatter, type FormatHooks } from './cell-formatters';
import { editorFor, type EditorHooks } from './cell-editors';
import { expandColumn } from './grid-tree';

export { ROW_KEY } from './cell-formatters';

export interface ColumnHooks extends FormatHooks, EditorHooks {
  /** Draw the drag handle (the rows have a sort column). */
  draggable: boolean;
  /** Columns shown but not editable (a permission of type 2). */
  disabledColumns: ReadonlySet<string>;
  /** The header's select-all box (the grid keeps its checked / indeterminate state). */
  selectAll(box: HTMLInputElement): void;
  /** Whether a row may be selected. */
  selectable(row: RowComponent): boolean;
  /** Show the expand column (tree rows, or a popup sub-table). */
  expand?: boolean;
  /** The expand column's button opens the row's popup sub-table. */
  openSubTable?(row: RowComponent, clickY: number): void;
}

function footerLines(lines: string[], right = false): HTMLElement {
  const wrap = document.createElement('div');
  wrap.className = right ? 'zj-grid-footer zj-grid-footer-right' : 'zj-grid-footer';
  for (const line of lines) {
    const div = document.createElement('div');
    div.textContent = line;
    wrap.append(div);
  }
  return wrap;
}

function dataColumn(
  column: GridColumn,
  kinds: GridStatistic[],
  hooks: ColumnHooks,
  first: boolean,
): ColumnDefinition {
  const toggles = column.type === 'checkbox' || column.type === 'switch';
  const disabled = hooks.disabledColumns.has(column.key);
  const def: ColumnDefinition = {
    title: column.title,
    field: column.key,
    width: column.width,
    visible: column.type !== 'hidden',
    hozAlign: column.type === 'inputNumber' ? 'right' : toggles ? 'center' : 'left',
    formatter: cellFormatter(column, hooks, first),
  };
  // Tabulator reads an option given as undefined as a value (an undefined minWidth drops the width).
  if (column.minWidth !== undefined) def.minWidth = column.minWidth;
  const editor = disabled ? undefined : editorFor(column, hooks);
  if (editor) {
    def.editor = editor;
    def.editable = (cell: CellComponent) => hooks.canEdit(cell);
  }
  const classes = [
    column.required && 'zj-grid-col-required',
    disabled && 'zj-grid-col-disabled',
    first && 'zj-grid-col-first',
  ];
  if (classes.some(Boolean)) def.cssClass = classes.filter(Boolean).join(' ');
  if (toggles) {
    def.cellClick = (_e, cell) => {
      if (!hooks.canEdit(cell)) return;
      hooks.setValue(
        cell,
        cell.getValue() === column.checkedValue ? column.uncheckedValue : column.checkedValue,
      );
    };
  }
  if (kinds.length > 0) {
    def.bottomCalc = (values: unknown[]) =>
      kinds.map((k) => (column.statistics.includes(k) ? statisticOf(k, values) : null));
    def.bottomCalcFormatter = (cell: CellComponent) =>
      footerLines(
        (cell.getValue() as (number | null)[]).map((v) => (v === null ? '' : String(v))),
        column.type === 'inputNumber',
      );
  }
  return def;
}

function selectColumn(width: number, hooks: ColumnHooks): ColumnDefinition {
  return {
    title: '',
    field: '__select',
    formatter: (cell) => {
      const row = cell.getRow();
      const box = document.createElement('input');
      box.type = 'checkbox';
      box.setAttribute('aria-label', '选择');
      box.checked = row.isSelected();
      box.disabled = !hooks.selectable(row);
      box.addEventListener('click', (e) => e.stopPropagation());
      box.addEventListener('change', () => row.toggleSelect());
      return box;
    },
    titleFormatter: () => {
      const box = document.createElement('input');
      box.type = 'checkbox';
      box.setAttribute('aria-label', '全选');
      hooks.selectAll(box);
      return box;
    },
    width,
    hozAlign: 'center',
    headerHozAlign: 'center',
    frozen: true,
  };
}

export function tabulatorColumns(columns: readonly GridColumn[], hooks: ColumnHooks): ColumnDefinition[] {
  const kinds = (['sum', 'average'] as const).filter((k) => columns.some((c) => c.statistics.includes(k)));
  const labels = { sum: GridTexts.sum, average: GridTexts.average };
  const toolWidth = kinds.length > 0 ? GRID_TOOL_COLUMN_WIDTH_WITH_FOOTER : GRID_TOOL_COLUMN_WIDTH;
  const tools: ColumnDefinition[] = [
    {
      title: '#',
      field: '__rownum',
      formatter: 'rownum',
      width: GRID_ROW_NUMBER_WIDTH,
      hozAlign: 'center',
      headerHozAlign: 'center',
      frozen: true,
      cssClass: 'zj-grid-rownum',
      // The labels need no calculation: a bottomCalc here made Tabulator collect this column's
      // value from every row (10,000 reads at the bench's size) only to drop them.
      ...(kinds.length > 0 && {
        bottomCalcFormatter: () => footerLines(kinds.map((k) => labels[k])),
      }),
    },
    selectColumn(toolWidth, hooks),
  ];
  if (hooks.expand) tools.push(expandColumn(toolWidth, hooks.openSubTable));
  if (hooks.draggable) {
    tools.push({
      title: '',
      field: '__drag',
      rowHandle: true,
      formatter: 'handle',
      width: toolWidth,
      frozen: true,
    });
  }
  return [...tools, ...columns.map((c, i) => dataColumn(c, kinds, hooks, i === 0))];
}
