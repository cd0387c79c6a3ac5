/**
 * The declaration language as TypeScript types. They mirror schemas/meta/declaration.schema.json,
 * which is the authority: ajv validates every file against it before these types are trusted.
 */
import type { ListDecl } from './list-types.js';

// The list part and the views and actions of the language live in their own files.
export * from './list-types.js';
export * from './action-types.js';
import type { ActionDecl, ViewDecl } from './action-types.js';

export type ScreenKind = 'list' | 'tree' | 'erp' | 'tab' | 'innerTable' | 'copy' | 'form' | 'detail';

/** Storage types. boolean is a Y/N switch stored as 'Y' or 'N'. */
export type FieldType =
  'string' | 'text' | 'int' | 'number' | 'money' | 'date' | 'datetime' | 'time' | 'boolean';

export type Widget =
  | 'input'
  | 'textarea'
  | 'number'
  | 'password'
  | 'select'
  | 'multiSelect'
  | 'searchSelect'
  | 'radio'
  | 'checkbox'
  | 'switch'
  | 'date'
  | 'datetime'
  | 'time'
  | 'treeSelect'
  | 'categorySelect'
  | 'departPicker'
  | 'userPicker'
  | 'rolePicker'
  | 'positionPicker'
  /** Rows of a hand-written list call picked in a modal (`widgetOptions.source`): the project picker. */
  | 'listPicker'
  | 'popup'
  | 'region'
  | 'file'
  | 'image'
  | 'richText'
  | 'markdown'
  | 'code'
  | 'cron'
  /** An ISO week as `YYYY-Www` (2026-W48): the weekly period picker. */
  | 'week'
  | 'icon'
  /** A percentage 0-100 (int / number): a number in forms and the grid, a progress bar in lists and details. */
  | 'progress';

/** The rules of the query micro-syntax and the advanced query. */
export type QueryRule = 'eq' | 'like' | 'right_like' | 'left_like' | 'in' | 'ne' | 'gt' | 'ge' | 'lt' | 'le';

export type Action =
  'list' | 'queryById' | 'add' | 'edit' | 'delete' | 'deleteBatch' | 'exportXls' | 'importExcel';

/** A json-logic rule: plain data, evaluated with an allow-listed operation set. */
export type LogicRule = boolean | { [operation: string]: unknown };

export interface FieldDecl {
  name: string;
  title: string;
  type: FieldType;
  widget?: Widget;
  /** Column length of a string field (default maxLength or 255). */
  length?: number;
  required?: boolean;
  unique?: boolean;
  /**
   * On a child entity's field: unique among the rows of one parent (one equipment item once per
   * booking), checked by the form's grid and by the server against the parent's other rows.
   */
  uniqueInParent?: boolean;
  minLength?: number;
  maxLength?: number;
  min?: number;
  max?: number;
  minItems?: number;
  maxItems?: number;
  /** A built-in code (see validation/formats.ts) or a regular expression. */
  pattern?: string;
  message?: string;
  /** A dictionary code, or an allow-listed table dictionary 'table,text,code'. */
  dict?: string;
  /** The id of another declaration's record (reference.ts): picker, title, membership, foreign key. */
  reference?: ReferenceDecl;
  default?: string | number | boolean;
  placeholder?: string;
  query?: { mode?: 'single' | 'range'; rule?: QueryRule };
  sortable?: boolean;
  list?: boolean;
  /** Shown in the form (default true); 'add': only when adding (a password, say). */
  form?: boolean | 'add';
  detail?: boolean;
  readOnly?: boolean;
  /**
   * A computed value (json-logic over the record, one-to-many children as arrays under their
   * names): set by the server on add and edit; the form shows the saved value read-only.
   */
  compute?: LogicRule;
  /** Set when the record is added, never changed by an edit (an account name, say). */
  immutable?: boolean;
  permission?: string;
  index?: boolean;
  widgetOptions?: Record<string, unknown>;
  /** A fill rule code (sys_fill_rule): the server numbers the field on add when no value is sent. */
  fillRule?: string;
}

/** A field that points to another declaration's record (docs in schemas/README.md, "References"). */
export interface ReferenceDecl {
  entity: string;
  /** The target's field shown as the title; default decided by the server (reference.ts). */
  text?: string;
  /** Several records as a comma list; no foreign key. */
  multiple?: boolean;
  /** Deleting the target: refused while this screen refers to it (default), or this screen's rows go too. */
  onDelete?: 'restrict' | 'cascade';
}

export interface TreeDecl {
  parentField: string;
  /** Name of the computed has-child flag in answers; default 'hasChild'. */
  hasChildField?: string;
  textField: string;
  /** Parent value of root rows; default '0'. */
  rootValue?: string;
  /** A unique field naming a node by code (loadTreeRoot?pcode=). */
  codeField?: string;
  /** Also serve loadTreeRoot / loadTreeChildren (tree-select answers). */
  selectRoutes?: boolean;
}

export interface IndexDecl {
  fields: string[];
  unique?: boolean;
}

export interface FormRuleDecl {
  field: string;
  visible?: LogicRule;
  disabled?: LogicRule;
  required?: LogicRule;
}

export interface FormDecl {
  columns?: number;
  width?: number;
  rules?: FormRuleDecl[];
}

/**
 * A cross-field rule: the json-logic condition must hold for the record (a parent sees each
 * one-to-many child's rows as an array under the child entity's name), else `message` is the
 * refusal. `field` names the field the message belongs to (the form shows it there).
 */
export interface CheckDecl {
  rule: LogicRule;
  message: string;
  field?: string;
}

export interface ChildDecl {
  entity: string;
  relation: 'oneToMany' | 'oneToOne';
  foreignKey: string;
  title?: string;
  /**
   * A one-to-many child's grid in the parent's edit form keeps its rows current while open: rows
   * other users save show at once (实时表格; docs/modules/grid-sync.md).
   */
  live?: boolean;
  /**
   * A one-to-many child whose rows the server makes (a snapshot of a template's items): the form's
   * grid edits only their writable cells, shows their read-only fields as plain columns and offers
   * no 新增 / 删除; the server refuses added or deleted rows.
   */
  fixedRows?: boolean;
}

export type TransitionMethod = 'GET' | 'PUT' | 'POST' | 'DELETE';

/**
 * Who serves the entity's API: 'generated' (default) makes the table and the routes from the
 * declaration; 'external' means hand-written server code already answers at basePath with the same
 * shapes, so the server only validates the declaration and the browser renders it like any other.
 */
export type RoutesMode = 'generated' | 'external';

export interface TransitionDecl {
  name: string;
  title: string;
  field: string;
  from: string[];
  to: string;
  /** Default `${permissionPrefix}:${name}`. */
  permission?: string;
  confirm?: string;
  /** GET and DELETE carry the id in the query (?id=), PUT and POST in the body. */
  method?: TransitionMethod;
  /** Route under basePath; default the name. */
  path?: string;
  /**
   * Who may make it, beyond the permission: json-logic over `{row, user}` (user: username, orgCode),
   * e.g. only the row's person in charge. The server refuses with `allowMessage`; the browser hides it.
   */
  allow?: LogicRule;
  allowMessage?: string;
}

/** Rows of another table that refer to this entity's id: deleting is refused while one does. */
export interface RestrictDeleteDecl {
  table: string;
  column: string;
  message: string;
}

/** The screen's entry in the menu: created at start when no menu row opens the screen yet. */
export interface MenuDecl {
  /** The parent menu's path, e.g. /system. */
  parent: string;
  path: string;
  /** Default the declaration's title. */
  title?: string;
  icon?: string;
  order?: number;
}

/**
 * Rows that go through a deployed BPMN process (docs/modules/workflow.md, "Approvals for any
 * declared form"): the server serves startProcess and withdraw and keeps the status in step.
 */
export interface ApprovalDecl {
  processKey: string;
  /** A string field with the dictionary `approval_status` (0 草稿 … 5 已终止). */
  statusField: string;
  currentNodeField?: string;
  instanceField?: string;
  /** The applicant (a username): only they edit, delete, start and withdraw the row. */
  ownerField?: string;
  /** The noun of the messages; default the declaration's title. */
  subject?: string;
  /** The instance title: `{field}` from the row, `{@starter}` the starter's name. */
  title: string;
}

/**
 * Who may read, edit or delete a row beyond the permission codes (row-rule.ts): json-logic over
 * `{row, user}` in a subset both ends agree on. edit defaults to read, delete to edit. The server
 * ANDs read into every statement that reaches rows; edit and delete are checked on the stored row.
 */
export interface RowAccessDecl {
  read?: LogicRule;
  edit?: LogicRule;
  delete?: LogicRule;
  /** The refusal of an edit the rule does not allow; default 无权编辑该记录. */
  editMessage?: string;
  /** The refusal of a delete the rule does not allow; default 无权删除该记录. */
  deleteMessage?: string;
}

export interface Declaration {
  $schema?: string;
  schemaVersion: number;
  name: string;
  title: string;
  description?: string;
  table: string;
  basePath: string;
  kind: ScreenKind;
  /** Default 'generated'. */
  routes?: RoutesMode;
  permissionPrefix: string;
  permissions?: Partial<Record<Action, string>>;
  /**
   * 'signed-in': reads (list, queryById, tree calls) are open to every signed-in user of the
   * tenant without a code (positions for a picker). Without it reads need `<prefix>:list`.
   */
  access?: 'signed-in';
  rowAccess?: RowAccessDecl;
  /**
   * The parent row of a record that is not a child of the parent's form (a sub-order): read with
   * the parent's read permission where the parent row is readable, changed where it is editable.
   */
  belongsTo?: { entity: string; foreignKey: string };
  /** Take over an existing, unowned table: only missing columns and indexes are added. */
  adoptTable?: boolean;
  softDelete?: boolean;
  tenantScoped?: boolean;
  tree?: TreeDecl;
  fields: FieldDecl[];
  indexes?: IndexDecl[];
  list?: ListDecl;
  form?: FormDecl;
  detail?: { columns?: number };
  children?: ChildDecl[];
  /** Cross-field rules checked by the form and by the server with the same code. */
  checks?: CheckDecl[];
  transitions?: TransitionDecl[];
  /** Read-only row views; only with routes 'external' (the engine makes no route for them). */
  views?: ViewDecl[];
  actions?: ActionDecl[];
  restrictDelete?: RestrictDeleteDecl[];
  menu?: MenuDecl;
  approval?: ApprovalDecl;
}

/** One problem found in a declaration: the file, the JSON pointer and the rule it breaks. */
export interface DeclarationIssue {
  file: string;
  path: string;
  message: string;
}

export function formatIssue(issue: DeclarationIssue): string {
  return `${issue.file}: ${issue.path || '/'}: ${issue.message}`;
}
