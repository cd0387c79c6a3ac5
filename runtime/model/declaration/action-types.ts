/**
 * The views and actions of the declaration language (`views`, `actions`: read-only row views, calls
 * with optional forms, panels and links), split from types.ts, which re-exports them.
 */
import type { FieldDecl, LogicRule, TransitionMethod } from './types.js';

/** One column of a view's table: a key of each entry and its heading. */
export interface ViewColumnDecl {
  name: string;
  title: string;
}

/** One tab of a view: an array of the answer's result shown as a table. */
export interface ViewTabDecl {
  /** Key of an array of objects in the result, e.g. `readList`. */
  key: string;
  title: string;
  /** Key of a number in the result shown after the title; default the array's length. */
  countKey?: string;
  columns: ViewColumnDecl[];
}

/**
 * A read-only row view (e.g. 阅读统计): a row link that GETs `<basePath>/<path>?id=<row id>` and
 * shows the result's arrays as tabs of tables. Data only, so a screen gains one without code.
 */
export interface ViewDecl {
  name: string;
  title: string;
  /** Default the list permission. */
  permission?: string;
  /** Route under basePath; default the name. */
  path?: string;
  tabs: ViewTabDecl[];
}

/** The call an action makes (after its form, if any). */
export interface ActionRequestDecl {
  /** Route under basePath. */
  path: string;
  /** Default PUT; GET and DELETE send everything as the query. */
  method?: TransitionMethod;
  /**
   * How the row id(s) are sent: `id` (default) or `ids` (a comma list; the toolbar sends the
   * selection); `none`: a toolbar button that needs no selection and sends no id (it makes
   * something new, e.g. 新建临时考核 with its form).
   */
  ids?: 'id' | 'ids' | 'none';
  /** Constant values sent with the call. */
  body?: Record<string, string | number | boolean>;
  /** Row fields copied into the call (row links only). */
  carry?: string[];
}

/** A dialog with its own fields shown before the request; its values join the request. */
export interface ActionFormDecl {
  title?: string;
  width?: number;
  fields: FieldDecl[];
}

/**
 * The screen's own add form, opened with values taken from the row (a row link) or constants: 添加子任务
 * opens a new task of the row's plan under the row. Saved by the screen's add call, so the server's
 * rules and rights are those of any add.
 */
export interface ActionAddDecl {
  /** The form's title; default the action's. */
  title?: string;
  /**
   * Field -> value the form starts with: a constant, or `{field}` placeholders filled from the row
   * (exactly `{field}` copies the row's value as it is; otherwise the text with each placeholder
   * replaced). A placeholder whose row value is empty leaves the field to its default.
   */
  values: Record<string, string | number | boolean>;
  /** Fields of `values` the user may not change (shown read-only, always sent). */
  fixed?: string[];
}

/** A hand-made component registered by name in the browser runtime, shown for a row or the toolbar. */
export interface ActionPanelDecl {
  component: string;
  width?: number;
  mode?: 'modal' | 'drawer';
}

/**
 * An operation beyond the built-in ones: a request (optionally after a form), a panel, a link or the
 * screen's add form with the row's values. Placed by
 * naming it in list.rowActions and / or list.toolbar.
 */
export interface ActionDecl {
  name: string;
  title: string;
  /** Default `${permissionPrefix}:${name}`. */
  permission?: string;
  confirm?: string;
  /** json-logic over the row: the row link shows only when it holds. */
  visible?: LogicRule;
  request?: ActionRequestDecl;
  form?: ActionFormDecl;
  panel?: ActionPanelDecl;
  /** The screen's add form with values from the row (permission default: the add code). */
  add?: ActionAddDecl;
  /**
   * A page of the app the row link opens instead of a call: an app path whose `{field}` placeholders
   * are filled (URL-encoded) from the row, e.g. `/HomePage/DistributedDetails/details?id={orderId}`.
   * Without a `permission` it shows to everyone who sees the list (the page guards itself).
   */
  link?: string;
}
