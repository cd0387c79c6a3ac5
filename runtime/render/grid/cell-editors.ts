/**
 * The grid's cell editors, as Tabulator editor functions: one input element each, committed on blur
 * or Enter, cancelled by Escape. Typing rules come from runtime/model/grid/cell-input.ts. `onLeave`
 * runs after every edit, changed or not, so that leaving a required cell empty still validates it.
 */
import type { CellComponent, Editor } from 'tabulator-tables';
import { filterNumberInput, numberOnBlur, tagsValue } from '../../model/grid/cell-input';
import type { GridColumn } from '../../model/grid/columns';

type EditorFn = Exclude<Editor, true | string>;
export type LeaveCell = (cell: CellComponent) => void;

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** Wires commit / cancel on an element; `read` turns its text into the stored value. */
function bind(
  el: HTMLInputElement | HTMLSelectElement,
  cell: CellComponent,
  onRendered: (cb: () => void) => void,
  success: (value: unknown) => boolean,
  cancel: (value: unknown) => void,
  read: () => unknown,
  onLeave: LeaveCell,
): HTMLElement {
  let done = false;
  const commit = () => {
    if (done) return;
    done = true;
    success(read());
    onLeave(cell);
  };
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
      onLeave(cell);
    }
  });
  onRendered(() => {
    el.focus({ preventScroll: true });
    if (el instanceof HTMLInputElement && el.type === 'text') el.select();
  });
  return el;
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

export function editorFor(column: GridColumn, onLeave: LeaveCell): EditorFn | undefined {
  switch (column.type) {
    case 'inputNumber':
      return (cell, onRendered, success, cancel) => {
        const el = input('text', text(cell.getValue()));
        el.inputMode = 'decimal';
        let accepted = el.value;
        el.addEventListener('input', () => {
          accepted = filterNumberInput(accepted, el.value);
          if (el.value !== accepted) el.value = accepted;
        });
        return bind(el, cell, onRendered, success, cancel, () => numberOnBlur(el.value), onLeave);
      };
    case 'tags':
      return (cell, onRendered, success, cancel) => {
        const el = input('text', text(cell.getValue()).replace(/;/g, ''));
        el.addEventListener('input', () => {
          if (el.value.includes(';')) el.value = el.value.replace(/;/g, '');
        });
        return bind(el, cell, onRendered, success, cancel, () => tagsValue(el.value), onLeave);
      };
    case 'select': {
      return (cell, onRendered, success, cancel) => {
        const el = document.createElement('select');
        for (const o of [{ value: '', text: '' }, ...column.options]) el.add(new Option(o.text, o.value));
        el.value = text(cell.getValue());
        return bind(el, cell, onRendered, success, cancel, () => el.value, onLeave);
      };
    }
    case 'date':
      return (cell, onRendered, success, cancel) => {
        const el = input('date', text(cell.getValue()));
        return bind(el, cell, onRendered, success, cancel, () => el.value, onLeave);
      };
    case 'datetime':
      return (cell, onRendered, success, cancel) => {
        const el = input('datetime-local', toLocal(text(cell.getValue())));
        el.step = '1';
        return bind(el, cell, onRendered, success, cancel, () => fromLocal(el.value), onLeave);
      };
    case 'checkbox':
    case 'switch':
    case 'hidden':
      return undefined;
    default:
      // input, and the types still to come (shown as a plain text input until they exist).
      return (cell, onRendered, success, cancel) => {
        const el = input('text', text(cell.getValue()));
        return bind(el, cell, onRendered, success, cancel, () => el.value, onLeave);
      };
  }
}
