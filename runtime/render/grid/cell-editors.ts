/**
 * The grid's cell editors, as Tabulator editor functions: one input element each, committed on blur
 * or Enter, cancelled by Escape. Typing rules come from runtime/model/grid/cell-input.ts. `leave`
 * runs after every edit, changed or not, so that leaving a required cell empty still validates it;
 * `check` validates the draft on every input and change (the message shows under the editor).
 * Pickers, searchable and multiple selects, uploads and popups are React editors mounted by the
 * grid component through `portal` (cell-widgets.tsx); without it they edit as text.
 */
import type { CellComponent, Editor } from 'tabulator-tables';
import { filterNumberInput, numberOnBlur, tagsValue } from '../../model/grid/cell-input';
import type { GridColumn, GridOption } from '../../model/grid/columns';
import { GRID_INPUT_POP_SIZE } from '../../model/grid/constants';

type EditorFn = Exclude<Editor, true | string>;
export type LeaveCell = (cell: CellComponent) => void;

export interface PortalEdit {
  host: HTMLElement;
  cell: CellComponent;
  column: GridColumn;
  success(value: unknown): void;
  cancel(): void;
}

export interface EditorHooks {
  leave: LeaveCell;
  optionsOf(column: GridColumn): readonly GridOption[];
  /** The message of a draft value, or null. */
  check?(cell: CellComponent, draft: unknown): string | null;
  portal?(edit: PortalEdit): void;
}

/** Column types edited by a React editor (cell-widgets.tsx). */
export const PORTAL_TYPES: ReadonlySet<string> = new Set([
  'selectMultiple',
  'selectSearch',
  'departSelect',
  'userSelect',
  'popup',
  'file',
  'image',
  'upload',
]);

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** Wires commit / cancel on an element; `read` turns its text into the stored value. */
function bind(
  el: HTMLInputElement | HTMLSelectElement,
  cell: CellComponent,
  onRendered: (cb: () => void) => void,
  success: (value: unknown) => boolean,
  cancel: (value: unknown) => void,
  read: () => unknown,
  hooks: EditorHooks,
): HTMLElement {
  let done = false;
  const commit = () => {
    if (done) return;
    done = true;
    success(read());
    hooks.leave(cell);
  };
  const wrap = document.createElement('div');
  wrap.className = 'zj-grid-editing';
  const message = document.createElement('div');
  message.className = 'zj-grid-error';
  const check = () => {
    const text = hooks.check?.(cell, read()) ?? '';
    message.textContent = text;
    message.title = text;
    wrap.classList.toggle('zj-grid-editing-invalid', text !== '');
  };
  el.addEventListener('input', check);
  el.addEventListener('change', check);
  el.className = 'zj-grid-editor';
  el.addEventListener('blur', commit);
  el.addEventListener('change', () => {
    if (el instanceof HTMLSelectElement) commit();
  });
  el.addEventListener('keydown', (event) => {
    const e = event as KeyboardEvent;
    if (e.key === 'Enter') commit();
    if (e.key === 'Escape') {
      done = true;
      cancel(cell.getValue());
      hooks.leave(cell);
    }
  });
  onRendered(() => {
    el.focus({ preventScroll: true });
    if (el instanceof HTMLInputElement && el.type === 'text') el.select();
  });
  wrap.append(el, message);
  return wrap;
}

function input(type: string, value: string): HTMLInputElement {
  const el = document.createElement('input');
  el.type = type;
  el.value = value;
  return el;
}

/** 'YYYY-MM-DD HH:mm:ss' <-> the datetime-local control's 'YYYY-MM-DDTHH:mm:ss'. */
const toLocal = (v: string) => (v.length >= 16 ? v.replace(' ', 'T') : '');
const fromLocal = (v: string) => (v === '' ? '' : `${v.replace('T', ' ')}${v.length === 16 ? ':00' : ''}`);

/** The text-area popup (section 9: 150 by 200) over the cell; Ctrl+Enter or leaving it commits. */
function inputPop(hooks: EditorHooks): EditorFn {
  return (cell, onRendered, success, cancel) => {
    const shown = document.createElement('div');
    shown.className = 'zj-grid-value';
    shown.textContent = text(cell.getValue());
    const pop = document.createElement('textarea');
    pop.className = 'zj-grid-popup zj-grid-input-pop';
    pop.value = text(cell.getValue());
    pop.setAttribute('aria-label', cell.getColumn().getDefinition().title ?? '');
    const { width, height } = GRID_INPUT_POP_SIZE;
    const rect = cell.getElement().getBoundingClientRect();
    Object.assign(pop.style, {
      width: `${width}px`,
      height: `${height}px`,
      left: `${Math.max(0, Math.min(rect.left, window.innerWidth - width))}px`,
      top: `${Math.max(0, Math.min(rect.top, window.innerHeight - height))}px`,
    });
    let done = false;
    const finish = (commit: boolean) => {
      if (done) return;
      done = true;
      pop.remove();
      if (commit) success(pop.value);
      else cancel(cell.getValue());
      hooks.leave(cell);
    };
    pop.addEventListener('blur', () => finish(true));
    pop.addEventListener('keydown', (e) => {
      if (e.key === 'Escape') finish(false);
      if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) finish(true);
    });
    document.body.append(pop);
    onRendered(() => pop.focus({ preventScroll: true }));
    return shown;
  };
}

export function editorFor(column: GridColumn, hooks: EditorHooks): EditorFn | undefined {
  const portal = hooks.portal;
  if (PORTAL_TYPES.has(column.type) && portal) {
    return (cell, _onRendered, success, cancel) => {
      const host = document.createElement('div');
      host.className = 'zj-grid-widget';
      portal({ host, cell, column, success, cancel: () => cancel(cell.getValue()) });
      return host;
    };
  }
  switch (column.type) {
    case 'inputPop':
      return inputPop(hooks);
    case 'inputNumber':
      return (cell, onRendered, success, cancel) => {
        const el = input('text', text(cell.getValue()));
        el.inputMode = 'decimal';
        let accepted = el.value;
        el.addEventListener('input', () => {
          accepted = filterNumberInput(accepted, el.value);
          if (el.value !== accepted) el.value = accepted;
        });
        return bind(el, cell, onRendered, success, cancel, () => numberOnBlur(el.value), hooks);
      };
    case 'tags':
      return (cell, onRendered, success, cancel) => {
        const el = input('text', text(cell.getValue()).replace(/;/g, ''));
        el.addEventListener('input', () => {
          if (el.value.includes(';')) el.value = el.value.replace(/;/g, '');
        });
        return bind(el, cell, onRendered, success, cancel, () => tagsValue(el.value), hooks);
      };
    case 'select': {
      return (cell, onRendered, success, cancel) => {
        const el = document.createElement('select');
        for (const o of [{ value: '', text: '' }, ...hooks.optionsOf(column)])
          el.add(new Option(o.text, o.value));
        el.value = text(cell.getValue());
        return bind(el, cell, onRendered, success, cancel, () => el.value, hooks);
      };
    }
    case 'date':
      return (cell, onRendered, success, cancel) => {
        const el = input('date', text(cell.getValue()));
        return bind(el, cell, onRendered, success, cancel, () => el.value, hooks);
      };
    case 'datetime':
      return (cell, onRendered, success, cancel) => {
        const el = input('datetime-local', toLocal(text(cell.getValue())));
        el.step = '1';
        return bind(el, cell, onRendered, success, cancel, () => fromLocal(el.value), hooks);
      };
    case 'checkbox':
    case 'switch':
    case 'radio':
    case 'progress':
    case 'slot':
    case 'hidden':
      return undefined;
    default:
      // input, and the React-edited types when the grid has no runtime to mount them with.
      return (cell, onRendered, success, cancel) => {
        const el = input('text', text(cell.getValue()));
        return bind(el, cell, onRendered, success, cancel, () => el.value, hooks);
      };
  }
}
