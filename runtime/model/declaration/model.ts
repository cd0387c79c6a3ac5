/**
 * The normalized model of a validated declaration: defaults filled in, the system columns every
 * entity has, the SQL column of each field, and what each field may be used for (filter, sort,
 * write, read). The query compiler, the validators and the server routes read this, never the raw
 * JSON, so a default is decided in one place.
 */
import type {
  Action,
  ActionDecl,
  BuiltInAction,
  Declaration,
  FieldDecl,
  FieldType,
  TransitionDecl,
  TransitionMethod,
  TreeDecl,
  ViewDecl,
} from './types.js';
import { approvalActions } from './approval.js';
import { parseRowRule, type RowRuleNode } from './row-rule.js';

export interface FieldModel extends FieldDecl {
  /** SQL column (snake_case of the name). */
  column: string;
  /** One of the columns the engine adds (id, createBy, createTime, updateBy, updateTime). */
  system: boolean;
  /** May be filtered on by list parameters and the advanced query. */
  filterable: boolean;
  /** May be named in `column=` of a list. */
  sortable: boolean;
  /** Taken from request bodies on add and edit. */
  writable: boolean;
  /** Sent in answers. */
  readable: boolean;
}

export interface TransitionModel extends TransitionDecl {
  permission: string;
  method: TransitionMethod;
  path: string;
}

export interface ViewModel extends Omit<ViewDecl, 'permission'> {
  /** null: any user who may open the list. */
  permission: string | null;
  path: string;
}

export interface ActionModel extends Omit<ActionDecl, 'permission'> {
  permission: string;
}

/** `rowAccess` parsed: edit falls back to read, delete to edit. */
export interface RowAccessModel {
  read: RowRuleNode | null;
  edit: RowRuleNode | null;
  delete: RowRuleNode | null;
  editMessage: string;
  deleteMessage: string;
}

export const RowAccessMessages = {
  edit: '无权编辑该记录',
  delete: '无权删除该记录',
} as const;

/** A tree with its defaults filled in; codeField stays optional. */
export type TreeModel = Required<Omit<TreeDecl, 'codeField'>> & { codeField?: string };

export interface EntityModel {
  declaration: Declaration;
  name: string;
  title: string;
  table: string;
  basePath: string;
  /** Declared fields in order, then the system fields. */
  fields: readonly FieldModel[];
  /** Declared fields only, in order. */
  declared: readonly FieldModel[];
  field(name: string): FieldModel | undefined;
  /**
   * Permission code per action. Reads default to `<prefix>:list`; null (any signed-in user of the
   * tenant) only for a declaration with `"access": "signed-in"`.
   */
  permissions: Readonly<Record<Action, string | null>>;
  /** The parsed row access rules (row-rule.ts); null where the declaration sets none. */
  rowAccess: RowAccessModel | null;
  defaultSort: { field: string; order: 'asc' | 'desc' };
  pageSizes: readonly number[];
  tree: TreeModel | null;
  transitions: readonly TransitionModel[];
  views: readonly ViewModel[];
  actions: readonly ActionModel[];
  action(name: string): ActionModel | undefined;
  /** Whether the screen offers a built-in button (not listed in list.disable). */
  offers(action: BuiltInAction): boolean;
  /** Extra toolbar buttons (action names) after the built-in ones. */
  toolbarExtras: readonly string[];
  /** Extra row links between 详情 and 删除 (transition, view and action names). */
  rowExtras: readonly string[];
  /** Parameters every list and export call carries. */
  fixedParams: Readonly<Record<string, string>>;
  softDelete: boolean;
  tenantScoped: boolean;
  /** Hand-written routes serve it ("routes": "external"): no table, no generated routes. */
  external: boolean;
}

/** The snake_case column of a camelCase field name (the same rule as Kysely's CamelCasePlugin). */
export function toColumnName(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

export const SYSTEM_FIELD_NAMES = ['id', 'createBy', 'createTime', 'updateBy', 'updateTime'] as const;
/**
 * The creator's current department (org code), written at insert on generated tables: what the
 * "own department and below" data rule compares with.
 */
export const ORG_CODE_FIELD = 'sysOrgCode';
/**
 * Counts the saves of a row on generated tables. A form sends back the value it loaded and the
 * server saves only while the row still has it, so of two people editing the same record the
 * second is told instead of silently overwriting the first.
 */
export const ROW_VERSION_FIELD = 'rowVersion';
/** Names a declaration may not use: the system fields and the internal columns. */
export const RESERVED_FIELD_NAMES: ReadonlySet<string> = new Set([
  ...SYSTEM_FIELD_NAMES,
  ORG_CODE_FIELD,
  ROW_VERSION_FIELD,
  'delFlag',
  'tenantId',
]);
/** Who changed a row: shown as the person's name (sys_user's realname) in lists and details. */
export const USER_NAME_DICT = 'sys_user,realname,username';
/** Route names the standard CRUD calls use under a base path. */
export const STANDARD_ROUTES: ReadonlySet<string> = new Set([
  'list',
  'add',
  'edit',
  'queryById',
  'delete',
  'deleteBatch',
  'exportXls',
  'importExcel',
  'rootList',
  'childList',
  'loadTreeRoot',
  'loadTreeChildren',
]);

export const DEFAULT_PAGE_SIZES = [10, 20, 30, 60] as const;
export const DEFAULT_TREE_ROOT = '0';
export const DEFAULT_HAS_CHILD_FIELD = 'hasChild';

function systemField(name: string, title: string, type: FieldType, dict?: string): FieldModel {
  return {
    name,
    title,
    type,
    ...(dict ? { dict } : {}),
    column: toColumnName(name),
    system: true,
    filterable: true,
    sortable: type === 'datetime' || name === 'id',
    writable: false,
    readable: true,
    list: false,
    form: false,
  };
}

/** The engine's columns; `generated` tables also record the creator's department. */
export function systemFields(generated = true): FieldModel[] {
  const fields = [
    systemField('id', '主键', 'string'),
    systemField('createBy', '创建人', 'string', USER_NAME_DICT),
    systemField('createTime', '创建日期', 'datetime'),
    systemField('updateBy', '更新人', 'string', USER_NAME_DICT),
    systemField('updateTime', '更新日期', 'datetime'),
  ];
  if (generated)
    fields.push(
      systemField(ORG_CODE_FIELD, '所属部门', 'string'),
      systemField(ROW_VERSION_FIELD, '版本', 'int'),
    );
  return fields;
}

/** The built-in buttons every list has unless its declaration disables them. */
export const BUILT_IN_ACTIONS: readonly BuiltInAction[] = [
  'add',
  'edit',
  'detail',
  'delete',
  'deleteBatch',
  'exportXls',
  'importExcel',
  'superQuery',
];

/**
 * A reference reads like a table dictionary over its target (`@entity,text,id`): the same pickers,
 * titles in lists and exports, and import by title. The server resolves the code against the loaded
 * declarations (server/entity/references.ts), never a client-named table.
 */
export function referenceDictCode(field: FieldDecl): string | undefined {
  const ref = field.reference;
  return ref ? `${REFERENCE_DICT_PREFIX}${ref.entity},${ref.text ?? DEFAULT_REFERENCE_TEXT},id` : undefined;
}
export const REFERENCE_DICT_PREFIX = '@';
/** The target's field a reference shows when it names none. */
export const DEFAULT_REFERENCE_TEXT = 'name';

function declaredField(field: FieldDecl): FieldModel {
  // A password is write-only: it never leaves the server and cannot be probed by filter or sort.
  const secret = field.widget === 'password';
  const reference = field.reference
    ? {
        dict: referenceDictCode(field),
        widget: field.widget ?? (field.reference.multiple ? 'multiSelect' : 'searchSelect'),
      }
    : {};
  return {
    ...field,
    ...reference,
    column: toColumnName(field.name),
    system: false,
    filterable: !secret,
    sortable: field.sortable === true && !secret,
    writable: field.readOnly !== true,
    readable: !secret,
  };
}

function permissionsOf(decl: Declaration): Record<Action, string | null> {
  const prefix = decl.permissionPrefix;
  const given = decl.permissions ?? {};
  // Deny by default, reads included: only an explicit "access": "signed-in" opens them.
  const read = decl.access === 'signed-in' ? null : `${prefix}:list`;
  return {
    list: given.list ?? read,
    queryById: given.queryById ?? given.list ?? read,
    add: given.add ?? `${prefix}:add`,
    edit: given.edit ?? `${prefix}:edit`,
    delete: given.delete ?? `${prefix}:delete`,
    // Whoever may delete one row may delete several: the seeded menus have no separate batch code.
    deleteBatch: given.deleteBatch ?? given.delete ?? `${prefix}:delete`,
    exportXls: given.exportXls ?? `${prefix}:export`,
    importExcel: given.importExcel ?? `${prefix}:import`,
  };
}

/** Parses the row rules of a validated declaration (their names were checked at load). */
function rowAccessOf(decl: Declaration): RowAccessModel | null {
  const given = decl.rowAccess;
  if (!given) return null;
  const read = given.read === undefined ? null : parseRowRule(given.read, null, true);
  const edit = given.edit === undefined ? read : parseRowRule(given.edit, null, false);
  const remove = given.delete === undefined ? edit : parseRowRule(given.delete, null, false);
  return {
    read,
    // A read rule with exists cannot be evaluated on one row: edit then needs its own rule (semantics).
    edit,
    delete: remove,
    editMessage: given.editMessage ?? RowAccessMessages.edit,
    deleteMessage: given.deleteMessage ?? RowAccessMessages.delete,
  };
}

/** Builds the model of a declaration that has passed validation. */
export function buildEntityModel(decl: Declaration): EntityModel {
  const declared = decl.fields.map(declaredField);
  const external = decl.routes === 'external';
  const fields = [...declared, ...systemFields(!external)];
  const byName = new Map(fields.map((f) => [f.name, f]));
  const sort = decl.list?.defaultSort;
  const permissions = permissionsOf(decl);
  const actions: ActionModel[] = [...(decl.actions ?? []), ...approvalActions(decl)].map((a) => ({
    ...a,
    // A link opens a page that guards itself: no code of its own unless one is declared. An add
    // form saves through the add call: the add code, unless another is declared.
    permission:
      a.permission ??
      (a.link !== undefined
        ? ''
        : a.add !== undefined
          ? (permissions.add ?? `${decl.permissionPrefix}:add`)
          : `${decl.permissionPrefix}:${a.name}`),
  }));
  const actionByName = new Map(actions.map((a) => [a.name, a]));
  const disabled = new Set<BuiltInAction>(decl.list?.disable ?? []);
  return {
    declaration: decl,
    name: decl.name,
    title: decl.title,
    table: decl.table,
    basePath: decl.basePath,
    fields,
    declared,
    field: (name) => byName.get(name),
    permissions,
    rowAccess: rowAccessOf(decl),
    defaultSort: sort
      ? { field: sort.column, order: sort.order ?? 'desc' }
      : { field: 'createTime', order: 'desc' },
    pageSizes: decl.list?.pageSizes ?? [...DEFAULT_PAGE_SIZES],
    tree: decl.tree
      ? {
          parentField: decl.tree.parentField,
          textField: decl.tree.textField,
          hasChildField: decl.tree.hasChildField ?? DEFAULT_HAS_CHILD_FIELD,
          rootValue: decl.tree.rootValue ?? DEFAULT_TREE_ROOT,
          codeField: decl.tree.codeField,
          selectRoutes: decl.tree.selectRoutes === true,
        }
      : null,
    transitions: (decl.transitions ?? []).map((t) => ({
      ...t,
      permission: t.permission ?? `${decl.permissionPrefix}:${t.name}`,
      method: t.method ?? 'PUT',
      path: t.path ?? t.name,
    })),
    // A view reads what the list already shows of the row, so by default the list's code guards it.
    views: (decl.views ?? []).map((v) => ({
      ...v,
      permission: v.permission ?? permissions.list,
      path: v.path ?? v.name,
    })),
    actions,
    action: (name) => actionByName.get(name),
    offers: (action) => !disabled.has(action),
    toolbarExtras: decl.list?.toolbar ?? [],
    rowExtras: decl.list?.rowActions ?? (decl.transitions ?? []).map((t) => t.name),
    fixedParams: Object.fromEntries(
      Object.entries(decl.list?.fixedParams ?? {}).map(([k, v]) => [k, String(v)]),
    ),
    softDelete: decl.softDelete === true,
    tenantScoped: decl.tenantScoped === true,
    external,
  };
}
