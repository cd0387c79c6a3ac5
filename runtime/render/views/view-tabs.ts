/**
 * Declared read-only row views (e.g. 阅读统计), as pure decisions: which views a row offers, and
 * how an answer becomes tabs of rows. Kept apart from the modal so the list's chunk carries only
 * this and the modal (antd Tabs and the view's tables) loads when a view is first opened.
 */
import type { EntityModel, ViewModel } from '../../model/declaration/model';
import type { ViewColumnDecl } from '../../model/declaration/types';
import type { ButtonState } from '../permissions';

export interface RowView {
  view: ViewModel;
  disabled: boolean;
}

/** An entry of a tab's table, with a key of its own: entries need not carry an id. */
export type ViewRow = Record<string, unknown> & { $key: string };

export interface ViewTab {
  key: string;
  /** The title with its count, e.g. 已读(3). */
  label: string;
  columns: readonly ViewColumnDecl[];
  rows: ViewRow[];
}

/**
 * The views the list names in rowActions whose permission the user is not denied. Unlike
 * transitions, a view is never offered unnamed: it adds a link to every row, which a screen asks for.
 */
export function rowViews(model: EntityModel, permission: (code: string) => ButtonState): RowView[] {
  const named = model.rowExtras;
  const out: RowView[] = [];
  for (const view of model.views) {
    if (!named.includes(view.name)) continue;
    const state = view.permission ? permission(view.permission) : 'show';
    if (state !== 'hide') out.push({ view, disabled: state === 'disable' });
  }
  return out;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The answer's result as the declared tabs. A missing or malformed array shows as an empty table
 * rather than failing the dialog: the server owns the shape, the screen only reads it.
 */
export function viewTabs(view: ViewModel, result: unknown): ViewTab[] {
  const data = isObject(result) ? result : {};
  return view.tabs.map((tab) => {
    const entries = Array.isArray(data[tab.key]) ? (data[tab.key] as unknown[]) : [];
    const rows = entries.filter(isObject).map((entry, i) => ({ ...entry, $key: String(i) }));
    const declared = tab.countKey === undefined ? undefined : data[tab.countKey];
    const count = typeof declared === 'number' ? declared : rows.length;
    return { key: tab.key, label: `${tab.title}(${count})`, columns: tab.columns, rows };
  });
}

/** A cell as text: nothing for null, the value for scalars, JSON for anything else. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}
