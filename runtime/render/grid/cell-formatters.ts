/**
 * What a grid cell draws when it is not being edited: the value (option texts, file names, image
 * thumbnails, a progress bar, a named slot), the one-click controls (checkbox, switch, radio), and
 * the validation message under it. Plain DOM: these run for every visible cell of a 10,000-row grid.
 */
import type { CellComponent } from 'tabulator-tables';
import { optionTexts, progressPercent, shortFileName, splitList } from '../../model/grid/cell-text';
import type { GridColumn, GridOption } from '../../model/grid/columns';
import { GridTexts } from '../../model/grid/constants';
import { isPlaceholder } from '../../model/grid/tree';
import { displayFileName } from '../data/file-names';
import { staticUrl } from '../widgets/upload-list';

/** The row key Tabulator indexes rows by. */
export const ROW_KEY = '__key';

export interface FormatHooks {
  errorOf(rowKey: string, field: string): string | undefined;
  optionsOf(column: GridColumn): readonly GridOption[];
  /** Whether the cell may change (disabled rows and columns may not). */
  canEdit(cell: CellComponent): boolean;
  /** A click on a checkbox, switch or radio set this value. */
  setValue(cell: CellComponent, value: string): void;
  /** Cells draw their editor's frame at all times. */
  alwaysEdit: boolean;
  /** Draws a slot column's cell (a named renderer from the screen). */
  renderSlot?(column: GridColumn, cell: CellComponent, host: HTMLElement): void;
  /** Asks for the uploaded names of stored files (data/file-names.ts); resolves once they are known. */
  loadFileNames?(paths: readonly string[]): Promise<void>;
}

const CHOICE_TYPES = new Set([
  'select',
  'selectMultiple',
  'selectSearch',
  'radio',
  'departSelect',
  'userSelect',
]);
const FRAMED_TYPES = new Set([
  'input',
  'inputNumber',
  'select',
  'selectMultiple',
  'selectSearch',
  'date',
  'datetime',
  'tags',
  'inputPop',
  'departSelect',
  'userSelect',
  'popup',
]);

export const rowKeyOf = (cell: CellComponent) => String(cell.getRow().getData()[ROW_KEY]);

function el<K extends keyof HTMLElementTagNameMap>(tag: K, className = ''): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  return node;
}

function toggle(column: GridColumn, value: unknown): HTMLElement {
  const on = value === column.checkedValue;
  if (column.type === 'checkbox') {
    const box = el('input');
    box.type = 'checkbox';
    box.checked = on;
    box.tabIndex = -1;
    box.setAttribute('aria-label', column.title);
    return box;
  }
  const sw = el('span', `zj-grid-switch${on ? ' zj-grid-switch-on' : ''}`);
  sw.setAttribute('role', 'switch');
  sw.setAttribute('aria-checked', String(on));
  sw.setAttribute('aria-label', column.title);
  return sw;
}

function radios(column: GridColumn, cell: CellComponent, hooks: FormatHooks): HTMLElement {
  const group = el('div', 'zj-grid-radio');
  group.setAttribute('role', 'radiogroup');
  const enabled = hooks.canEdit(cell);
  for (const option of hooks.optionsOf(column)) {
    const label = el('label');
    const input = el('input');
    input.type = 'radio';
    input.checked = String(cell.getValue() ?? '') === option.value;
    input.disabled = !enabled;
    input.tabIndex = -1;
    input.addEventListener('click', (e) => {
      e.stopPropagation();
      hooks.setValue(cell, option.value);
    });
    label.append(input, document.createTextNode(option.text));
    group.append(label);
  }
  return group;
}

function progress(value: unknown): HTMLElement {
  const percent = progressPercent(value);
  const wrap = el('div', 'zj-grid-progress');
  wrap.setAttribute('role', 'progressbar');
  wrap.setAttribute('aria-valuenow', String(percent));
  const track = el('div', 'zj-grid-progress-track');
  const bar = el('div', `zj-grid-progress-bar${percent >= 100 ? ' zj-grid-progress-done' : ''}`);
  bar.style.width = `${percent}%`;
  track.append(bar);
  const text = el('span', 'zj-grid-progress-text');
  text.textContent = `${percent}%`;
  wrap.append(track, text);
  return wrap;
}

/** Files by the names they were uploaded with (shown as stored until the server has told them). */
function files(column: GridColumn, value: unknown, hooks: FormatHooks): HTMLElement {
  const wrap = el('div', 'zj-grid-files');
  const paths = splitList(value);
  const paint: (() => void)[] = [];
  for (const path of paths) {
    if (column.type === 'image') {
      const img = el('img', 'zj-grid-thumb');
      img.src = staticUrl(path);
      const named = () => {
        img.alt = displayFileName(path);
        img.title = displayFileName(path);
      };
      named();
      paint.push(named);
      wrap.append(img);
    } else {
      const name = el('span', 'zj-grid-file');
      const named = () => {
        name.textContent = shortFileName(displayFileName(path));
        name.title = displayFileName(path);
      };
      named();
      paint.push(named);
      wrap.append(name);
    }
  }
  if (paths.length > 0) void hooks.loadFileNames?.(paths).then(() => paint.forEach((p) => p()));
  return wrap;
}

function text(column: GridColumn, value: unknown, hooks: FormatHooks): string {
  if (value === null || value === undefined) return '';
  if (CHOICE_TYPES.has(column.type)) return optionTexts(hooks.optionsOf(column), value);
  return String(value);
}

function valueOf(column: GridColumn, cell: CellComponent, hooks: FormatHooks): HTMLElement {
  const value = cell.getValue();
  switch (column.type) {
    case 'checkbox':
    case 'switch':
      return toggle(column, value);
    case 'radio':
      return radios(column, cell, hooks);
    case 'progress':
      return progress(value);
    case 'file':
    case 'image':
    case 'upload':
      return files(column, value, hooks);
    case 'slot': {
      const host = el('div', 'zj-grid-slot');
      hooks.renderSlot?.(column, cell, host);
      return host;
    }
    default: {
      const framed = hooks.alwaysEdit && FRAMED_TYPES.has(column.type) && hooks.canEdit(cell);
      const div = el('div', framed ? 'zj-grid-value zj-grid-framed' : 'zj-grid-value');
      div.textContent = text(column, value, hooks);
      return div;
    }
  }
}

/** A tree node's placeholder child: 加载中... in the first column, nothing elsewhere. */
function placeholder(first: boolean): HTMLElement {
  const div = el('div', 'zj-grid-value zj-grid-loading');
  if (first) div.textContent = GridTexts.loading;
  return div;
}

export function cellFormatter(column: GridColumn, hooks: FormatHooks, first = false) {
  return (cell: CellComponent) => {
    if (isPlaceholder(cell.getRow().getData() as Record<string, unknown>)) return placeholder(first);
    const wrap = el('div', 'zj-grid-cell');
    wrap.append(valueOf(column, cell, hooks));
    const message = hooks.errorOf(rowKeyOf(cell), column.key);
    cell.getElement().classList.toggle('zj-grid-invalid', message !== undefined);
    if (message) {
      const error = el('div', 'zj-grid-error');
      error.textContent = message;
      error.title = message;
      wrap.append(error);
    }
    return wrap;
  };
}
