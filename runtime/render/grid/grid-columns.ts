/**
 * Tabulator column definitions for the grid's columns: the row-number, checkbox and drag columns,
 * then one column per declared field with its formatter (value + validation message), editor, click
 * toggle (checkbox, switch) and footer statistics.
 */
import type { CellComponent, ColumnDefinition } from 'tabulator-tables';
import type { GridColumn, GridStatistic } from '../../model/grid/columns';
import {
  GRID_ROW_NUMBER_WIDTH,
  GRID_TOOL_COLUMN_WIDTH,
  GRID_TOOL_COLUMN_WIDTH_WITH_FOOTER,
  GridTexts,
} from '../../model/grid/constants';
import { statisticOf } from '../../model/grid/statistics';
import { editorFor, type LeaveCell } from './cell-editors';

/** The row key Tabulator indexes rows by. */
export const ROW_KEY = '__key';

export interface ColumnHooks {
  /** The message of a cell, or undefined. */
  errorOf(rowKey: string, field: string): string | undefined;
  /** A click toggled a checkbox or switch cell. */
  toggled(cell: CellComponent, value: string): void;
  leave: LeaveCell;
  /** Draw the drag handle (the rows have a sort column). */
  draggable: boolean;
}

function display(column: GridColumn, value: unknown): string {
  if (value === null || value === undefined) return '';
  if (column.type === 'select')
    return column.options.find((o) => o.value === String(value))?.text ?? String(value);
  return String(value);
}

function control(column: GridColumn, value: unknown): HTMLElement {
  if (column.type === 'checkbox') {
    const box = document.createElement('input');
    box.type = 'checkbox';
    box.checked = value === column.checkedValue;
    box.tabIndex = -1;
    box.setAttribute('aria-label', column.title);
    return box;
  }
  const on = value === column.checkedValue;
  const sw = document.createElement('span');
  sw.className = `zj-grid-switch${on ? ' zj-grid-switch-on' : ''}`;
  sw.setAttribute('role', 'switch');
  sw.setAttribute('aria-checked', String(on));
  sw.setAttribute('aria-label', column.title);
  return sw;
}

function formatter(column: GridColumn, hooks: ColumnHooks) {
  return (cell: CellComponent) => {
    const wrap = document.createElement('div');
    wrap.className = 'zj-grid-cell';
    const value = cell.getValue();
    if (column.type === 'checkbox' || column.type === 'switch') wrap.append(control(column, value));
    else {
      const text = document.createElement('div');
      text.className = 'zj-grid-value';
      text.textContent = display(column, value);
      wrap.append(text);
    }
    const message = hooks.errorOf(String(cell.getRow().getData()[ROW_KEY]), column.key);
    cell.getElement().classList.toggle('zj-grid-invalid', message !== undefined);
    if (message) {
      const error = document.createElement('div');
      error.className = 'zj-grid-error';
      error.textContent = message;
      error.title = message;
      wrap.append(error);
    }
    return wrap;
  };
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

function dataColumn(column: GridColumn, kinds: GridStatistic[], hooks: ColumnHooks): ColumnDefinition {
  const toggles = column.type === 'checkbox' || column.type === 'switch';
  const def: ColumnDefinition = {
    title: column.title,
    field: column.key,
    width: column.width,
    visible: column.type !== 'hidden',
    hozAlign: column.type === 'inputNumber' ? 'right' : toggles ? 'center' : 'left',
    formatter: formatter(column, hooks),
  };
  // Tabulator reads an option given as undefined as a value (an undefined minWidth drops the width).
  if (column.minWidth !== undefined) def.minWidth = column.minWidth;
  const editor = editorFor(column, hooks.leave);
  if (editor) def.editor = editor;
  if (column.required) def.cssClass = 'zj-grid-col-required';
  if (toggles) {
    def.cellClick = (_e, cell) =>
      hooks.toggled(
        cell,
        cell.getValue() === column.checkedValue ? column.uncheckedValue : column.checkedValue,
      );
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
      ...(kinds.length > 0 && {
        bottomCalc: () => kinds.map((k) => labels[k]),
        bottomCalcFormatter: (cell: CellComponent) => footerLines(cell.getValue() as string[]),
      }),
    },
    {
      title: '',
      field: '__select',
      formatter: 'rowSelection',
      titleFormatter: 'rowSelection',
      width: toolWidth,
      hozAlign: 'center',
      headerHozAlign: 'center',
      frozen: true,
    },
  ];
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
  return [...tools, ...columns.map((c) => dataColumn(c, kinds, hooks))];
}
