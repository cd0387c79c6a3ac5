/**
 * The list part of the declaration language (`list`: built-in buttons, columns, scopes, row marks,
 * row rules, the chart), split from types.ts, which re-exports it.
 */
import type { LogicRule } from './types.js';

export type ToolbarAction = 'add' | 'deleteBatch' | 'exportXls' | 'importExcel' | 'superQuery';
export type RowAction = 'edit' | 'detail' | 'delete';
/** The engine's built-in buttons: every list has them unless its declaration disables one. */
export type BuiltInAction = ToolbarAction | RowAction;

export interface ListDecl {
  columns?: string[];
  defaultSort?: { column: string; order?: 'asc' | 'desc' };
  pageSizes?: number[];
  /** Extra toolbar buttons after the built-in ones: action names, in order. */
  toolbar?: string[];
  /**
   * Extra row links between 详情 and 删除: transition, view and action names, in order. Default:
   * every transition.
   */
  rowActions?: string[];
  /** Built-in buttons this screen does not offer (its routes do not serve them, or they make no sense). */
  disable?: BuiltInAction[];
  /** Parameters every list and export call of the screen carries (e.g. logType=1); not queryable. */
  fixedParams?: Record<string, string | number | boolean>;
  /** Named row sets of one list call chosen by a parameter (我负责的 = ?type=1): list-scope.ts. */
  scopes?: ListScopesDecl;
  /** Rows singled out by a rule (an overdue order): a tinted row and the mark's title beside it. */
  rowMarks?: RowMarkDecl[];
  /** A small chart above the table, drawn from the rows shown (a board's counts by department). */
  chart?: ListChartDecl;
  /**
   * Row rules of the built-in 编辑 / 删除 links: json-logic over the row's fields; the link shows
   * only where its rule holds (a document the caller's position may only view). The server still
   * decides: the rule hides what it would refuse.
   */
  rowRules?: Partial<Record<'edit' | 'delete', LogicRule>>;
}

/** How a marked row looks: red, orange, green, grey. */
export type RowMark = 'danger' | 'warning' | 'success' | 'muted' | 'strong';

/**
 * A bar or line chart of the list's current page: one category per row (`category`, a field; its
 * dictionary text when it has one), one series per numeric field; `rows` (json-logic over {row})
 * picks the rows drawn, e.g. not a 合计 row.
 */
export interface ListChartDecl {
  type: 'bar' | 'line';
  category: string;
  series: { field: string; title?: string }[];
  stacked?: boolean;
  height?: number;
  rows?: LogicRule;
  /** Draws the rows in reverse order: a newest-first list's chart reads left to right in time. */
  reverse?: boolean;
}

/** A row mark: json-logic over {row, today} (today: YYYY-MM-DD in the browser's clock). First match wins. */
export interface RowMarkDecl {
  rule: LogicRule;
  mark: RowMark;
  /** Shown as a small tag in the row's first column, e.g. 已逾期. */
  title: string;
}

/**
 * One value of the scope parameter: the conditions it adds (over the caller, e.g. the person in
 * charge is `#{sysUserCode}`) and who may ask for it (default any signed-in user).
 */
export interface ListScopeDecl {
  value: string;
  title: string;
  where?: ListScopeCondition[];
  permission?: string;
  /** The columns this scope shows instead of `list.columns` (待办 has no result columns, 已办 has). */
  columns?: string[];
}

/**
 * `member`: the caller is one of a comma-separated list (a multi user field). `under`: the value is
 * the given org code or one below it (a department and its sub-departments: A01A02 covers A01A02A01).
 * `withinDays`: a date field from today to today + value days (about to expire: an insurance policy).
 */
export type ListScopeRule = 'eq' | 'ne' | 'member' | 'under' | 'withinDays';

export interface ListScopeCondition {
  field: string;
  rule: ListScopeRule;
  /** A literal or one of the data rule variables (#{sysUserCode}, #{sysOrgCode} ...). */
  value: string;
}

export interface ListScopesDecl {
  /** The query parameter that picks the scope, e.g. `type`. */
  param: string;
  values: ListScopeDecl[];
  /** Needed to call the list without the parameter (every row); default the list permission. */
  unscopedPermission?: string;
  /**
   * The values as tabs above the list (the first is the default) when the menu entry does not fix
   * the parameter: 待办 / 已办 of one screen.
   */
  tabs?: boolean;
}
