/**
 * Checks a JSON Schema cannot express: names that must be unique or must refer to declared
 * fields, rules that only make sense for some field types, patterns that must compile, and
 * json-logic rules that may only use allow-listed operations.
 */
import { findFormat, isValidPattern, UNIQUE_PATTERN_CODE } from '../validation/formats.js';
import { gridColumnProblems } from '../grid/columns.js';
import { checkLogic } from './logic.js';
import { DEFAULT_VARIABLES } from './defaults.js';
import { checkActions, checkStorageRules } from './semantics-actions.js';
import { checkApproval } from './approval.js';
import { checkIdentifiers, checkRecordRules } from './semantics-checks.js';
import {
  checkListScopes,
  checkOpenAccess,
  checkRowAccess,
  checkRowMarks,
  checkTransitionAllow,
} from './row-access.js';
import { RESERVED_FIELD_NAMES, STANDARD_ROUTES, SYSTEM_FIELD_NAMES, toColumnName } from './model.js';
import type { Declaration, FieldDecl, FieldType, Widget } from './types.js';

export interface Problem {
  path: string;
  message: string;
}

const TEXTUAL: readonly FieldType[] = ['string', 'text'];
const NUMERIC: readonly FieldType[] = ['int', 'number', 'money'];
const ORDERED: readonly FieldType[] = [...NUMERIC, 'date', 'datetime', 'time'];

/** The storage types each widget can edit. */
const WIDGET_TYPES: Readonly<Record<Widget, readonly FieldType[]>> = {
  input: ['string', 'text', 'int', 'number', 'money'],
  textarea: TEXTUAL,
  number: NUMERIC,
  password: ['string'],
  select: ['string', 'int'],
  radio: ['string', 'int'],
  searchSelect: ['string', 'int'],
  multiSelect: TEXTUAL,
  checkbox: TEXTUAL,
  switch: ['boolean'],
  date: ['date'],
  datetime: ['datetime'],
  time: ['time'],
  treeSelect: TEXTUAL,
  categorySelect: TEXTUAL,
  departPicker: TEXTUAL,
  userPicker: TEXTUAL,
  rolePicker: TEXTUAL,
  positionPicker: TEXTUAL,
  listPicker: TEXTUAL,
  popup: TEXTUAL,
  region: TEXTUAL,
  file: TEXTUAL,
  image: TEXTUAL,
  richText: TEXTUAL,
  markdown: TEXTUAL,
  code: TEXTUAL,
  // A Quartz schedule expression (runtime/model/cron).
  cron: ['string'],
  // An ISO week, YYYY-Www (the weekly period picker).
  week: ['string'],
  // An @ant-design/icons name such as HomeOutlined.
  icon: ['string'],
  // A percentage: edited as a number, drawn as a bar in lists and details.
  progress: ['int', 'number'],
};

const DICT_WIDGETS: ReadonlySet<Widget> = new Set([
  'select',
  'radio',
  'searchSelect',
  'multiSelect',
  'checkbox',
]);
const MULTI_WIDGETS: ReadonlySet<Widget> = new Set(['multiSelect', 'checkbox']);
/** How a reference is picked: from its target's rows, like a table dictionary. */
const REFERENCE_WIDGETS: ReadonlySet<Widget> = new Set(['select', 'searchSelect', 'radio', 'multiSelect']);

/** A reference's own rules; the target is checked across declarations (validate.ts). */
function checkReference(field: FieldDecl, at: string): Problem[] {
  const out: Problem[] = [];
  const ref = field.reference!;
  if (field.dict !== undefined) out.push({ path: `${at}/dict`, message: 'a reference field takes no dict' });
  if (!TEXTUAL.includes(field.type))
    out.push({ path: `${at}/type`, message: 'a reference holds record ids: string (or text when multiple)' });
  if (ref.multiple === true && ref.onDelete === 'cascade')
    out.push({ path: `${at}/reference/onDelete`, message: 'cascade needs a single reference' });
  const single = ref.multiple !== true;
  if (field.widget && !REFERENCE_WIDGETS.has(field.widget))
    out.push({
      path: `${at}/widget`,
      message: `a reference is picked with ${[...REFERENCE_WIDGETS].join(', ')}`,
    });
  else if (field.widget && single === MULTI_WIDGETS.has(field.widget))
    out.push({
      path: `${at}/widget`,
      message: single
        ? 'a single reference needs a single-choice widget'
        : 'a multiple reference needs multiSelect',
    });
  return out;
}

function checkField(field: FieldDecl, at: string): Problem[] {
  const out: Problem[] = [];
  const add = (key: string, message: string) => out.push({ path: `${at}/${key}`, message });
  const { type } = field;
  if (RESERVED_FIELD_NAMES.has(field.name)) add('name', `"${field.name}" is a system field name`);
  if (field.widget && !WIDGET_TYPES[field.widget].includes(type)) {
    add('widget', `widget "${field.widget}" cannot edit a ${type} field`);
  }
  for (const key of ['minLength', 'maxLength'] as const) {
    if (field[key] !== undefined && !TEXTUAL.includes(type)) add(key, `only for string or text fields`);
  }
  if (field.length !== undefined && type !== 'string') add('length', 'only for string fields');
  for (const key of ['min', 'max'] as const) {
    if (field[key] !== undefined && !NUMERIC.includes(type)) add(key, 'only for int, number or money fields');
  }
  for (const key of ['minItems', 'maxItems'] as const) {
    if (field[key] !== undefined && !(field.widget && MULTI_WIDGETS.has(field.widget))) {
      add(key, 'only for multiSelect or checkbox widgets');
    }
  }
  if (field.minLength !== undefined && field.maxLength !== undefined && field.minLength > field.maxLength) {
    add('minLength', 'must not exceed maxLength');
  }
  if (field.min !== undefined && field.max !== undefined && field.min > field.max)
    add('min', 'must not exceed max');
  if (field.minItems !== undefined && field.maxItems !== undefined && field.minItems > field.maxItems) {
    add('minItems', 'must not exceed maxItems');
  }
  const length = field.length ?? 255;
  if (
    type === 'string' &&
    field.maxLength !== undefined &&
    field.length !== undefined &&
    field.maxLength > length
  ) {
    add('maxLength', `must not exceed the column length ${length}`);
  }
  if (field.pattern !== undefined) {
    if (field.pattern === UNIQUE_PATTERN_CODE)
      add('pattern', 'write "unique": true instead of the pattern "only"');
    else if (!findFormat(field.pattern) && !isValidPattern(field.pattern)) {
      add('pattern', 'must be a built-in format code or a valid regular expression');
    }
    if (type === 'boolean' || type === 'date' || type === 'datetime' || type === 'time') {
      add('pattern', `not for ${type} fields (the type has its own format)`);
    }
  }
  if (field.message !== undefined && field.pattern === undefined) add('message', 'needs a pattern');
  if (field.reference !== undefined) out.push(...checkReference(field, at));
  if (
    field.widget &&
    DICT_WIDGETS.has(field.widget) &&
    !field.dict &&
    !field.reference &&
    !field.widgetOptions?.options
  ) {
    add('dict', `widget "${field.widget}" needs a dict or widgetOptions.options`);
  }
  if (field.widget === 'listPicker') {
    const source = field.widgetOptions?.source;
    // An API path of this server (hand-written list call); never another origin.
    if (typeof source !== 'string' || !/^\/[a-zA-Z][A-Za-z0-9/_-]{0,120}$/.test(source))
      add('widgetOptions', 'widget "listPicker" needs widgetOptions.source, an API path such as /sys/x/list');
  }
  if (field.dict !== undefined && !['string', 'text', 'int'].includes(type))
    add('dict', 'only for string, text or int fields');
  if (field.query?.mode === 'range' && !ORDERED.includes(type))
    add('query/mode', `range needs an ordered type, not ${type}`);
  if (field.widget === 'password' && (field.sortable || field.query || field.unique)) {
    add('widget', 'a password field cannot be sortable, queried or unique');
  }
  if (field.default !== undefined) out.push(...checkDefault(field, at));
  return out;
}

function checkDefault(field: FieldDecl, at: string): Problem[] {
  const value = field.default;
  const path = `${at}/default`;
  if (typeof value === 'string' && value.startsWith('#{')) {
    if (!(DEFAULT_VARIABLES as readonly string[]).includes(value)) {
      return [{ path, message: `unknown variable; one of ${DEFAULT_VARIABLES.join(', ')}` }];
    }
    return ['string', 'text', 'date', 'datetime'].includes(field.type)
      ? []
      : [{ path, message: `a variable cannot fill a ${field.type} field` }];
  }
  const fits =
    field.type === 'boolean'
      ? value === 'Y' || value === 'N'
      : NUMERIC.includes(field.type)
        ? typeof value === 'number' && (field.type !== 'int' || Number.isInteger(value))
        : typeof value === 'string';
  return fits ? [] : [{ path, message: `does not fit a ${field.type} field` }];
}

const EXTERNAL_REASON = 'not allowed with "routes": "external"';

/**
 * With hand-written routes the engine makes no table and serves no call, so whatever only the
 * engine's table or routes would honour is refused rather than silently ignored.
 */
function checkExternal(decl: Declaration): Problem[] {
  if (decl.routes !== 'external') return [];
  const out: Problem[] = [];
  const why = {
    adoptTable: 'the engine makes or adopts no table',
    softDelete: 'the hand-written server decides how rows are deleted',
    tenantScoped: 'the hand-written server decides the tenant scope',
    indexes: 'the engine makes no table to index',
    children: 'the engine serves no queryById to attach children to',
  } as const;
  for (const key of Object.keys(why) as (keyof typeof why)[]) {
    const value = decl[key];
    if (value === true || (Array.isArray(value) && value.length > 0))
      out.push({ path: `/${key}`, message: `${EXTERNAL_REASON} (${why[key]})` });
  }
  decl.fields.forEach((field, i) => {
    if (field.unique === true)
      out.push({
        path: `/fields/${i}/unique`,
        message: `${EXTERNAL_REASON} (the duplicate check only knows engine tables)`,
      });
    if (field.index === true)
      out.push({
        path: `/fields/${i}/index`,
        message: `${EXTERNAL_REASON} (the engine makes no table to index)`,
      });
  });
  return out;
}

/** Every semantic problem of one declaration (already valid against the meta-schema). */
export function checkSemantics(decl: Declaration): Problem[] {
  const out: Problem[] = checkExternal(decl);
  const names = new Map<string, number>();
  const columns = new Map<string, string>();
  decl.fields.forEach((field, i) => {
    const at = `/fields/${i}`;
    if (names.has(field.name))
      out.push({ path: `${at}/name`, message: `duplicate field name "${field.name}"` });
    names.set(field.name, i);
    const column = toColumnName(field.name);
    const clash = columns.get(column);
    if (clash && clash !== field.name)
      out.push({ path: `${at}/name`, message: `column "${column}" clashes with field "${clash}"` });
    columns.set(column, field.name);
    out.push(...checkField(field, at));
  });
  const fieldNames = new Set(names.keys());
  const allNames = new Set([...fieldNames, ...SYSTEM_FIELD_NAMES]);
  const fieldOf = (name: string) => decl.fields.find((f) => f.name === name);
  const sortable = (name: string) =>
    fieldOf(name)?.sortable === true || name === 'createTime' || name === 'updateTime' || name === 'id';

  if ((decl.kind === 'tree') !== (decl.tree !== undefined)) {
    out.push({ path: decl.tree ? '/tree' : '/kind', message: 'kind "tree" and the tree block go together' });
  }
  if (decl.tree) {
    for (const key of ['parentField', 'textField', 'codeField'] as const) {
      const name = decl.tree[key];
      if (name === undefined) continue; // codeField is optional
      const target = fieldOf(name);
      if (!target) out.push({ path: `/tree/${key}`, message: `"${name}" is not a declared field` });
      else if (key === 'codeField' && target.unique !== true)
        out.push({ path: '/tree/codeField', message: 'must be a unique field' });
      else if (key === 'parentField' && target.type !== 'string')
        out.push({ path: '/tree/parentField', message: 'must be a string field' });
    }
    if (decl.tree.hasChildField && allNames.has(decl.tree.hasChildField)) {
      out.push({ path: '/tree/hasChildField', message: 'is computed; it must not name a declared field' });
    }
  }
  if (['erp', 'tab', 'innerTable'].includes(decl.kind) && !decl.children?.length) {
    out.push({ path: '/kind', message: `kind "${decl.kind}" needs children` });
  }
  // A copy is saved through the normal add: a copy list must offer it.
  if (decl.kind === 'copy' && decl.list?.disable?.includes('add')) {
    out.push({ path: '/kind', message: 'kind "copy" saves copies through add; it must not be disabled' });
  }
  decl.indexes?.forEach((index, i) =>
    index.fields.forEach((name, j) => {
      if (!fieldNames.has(name))
        out.push({ path: `/indexes/${i}/fields/${j}`, message: `"${name}" is not a declared field` });
    }),
  );
  decl.list?.columns?.forEach((name, i) => {
    if (!allNames.has(name))
      out.push({ path: `/list/columns/${i}`, message: `"${name}" is not a declared field` });
  });
  const chart = decl.list?.chart;
  if (chart && !allNames.has(chart.category))
    out.push({ path: '/list/chart/category', message: `"${chart.category}" is not a declared field` });
  chart?.series.forEach((serie, i) => {
    const type = decl.fields.find((f) => f.name === serie.field)?.type;
    if (!type || !NUMERIC.includes(type))
      out.push({ path: `/list/chart/series/${i}/field`, message: `"${serie.field}" is not a numeric field` });
  });
  const sort = decl.list?.defaultSort;
  if (sort && !sortable(sort.column)) {
    out.push({ path: '/list/defaultSort/column', message: `"${sort.column}" is not a sortable field` });
  }
  const transitionNames = new Set<string>();
  const transitionPaths = new Set<string>();
  decl.transitions?.forEach((t, i) => {
    const at = `/transitions/${i}`;
    if (transitionNames.has(t.name))
      out.push({ path: `${at}/name`, message: `duplicate transition "${t.name}"` });
    transitionNames.add(t.name);
    const route = t.path ?? t.name;
    if (STANDARD_ROUTES.has(route) || transitionPaths.has(route)) {
      out.push({ path: `${at}/path`, message: `route "${route}" is already taken` });
    }
    transitionPaths.add(route);
    const field = fieldOf(t.field);
    if (!field) out.push({ path: `${at}/field`, message: `"${t.field}" is not a declared field` });
    else if (!['string', 'int', 'boolean'].includes(field.type))
      out.push({ path: `${at}/field`, message: 'must be a string, int or boolean field' });
  });
  const viewNames = checkViews(decl, transitionNames, transitionPaths, out);
  out.push(...checkActions(decl, { transitions: transitionNames, views: viewNames }, checkField));
  out.push(...checkStorageRules(decl), ...checkRecordRules(decl), ...checkApproval(decl));
  out.push(...checkTransitionAllow(decl), ...checkListScopes(decl), ...checkRowMarks(decl));
  out.push(...checkOpenAccess(decl), ...checkRowAccess(decl), ...checkIdentifiers(decl));
  out.push(...gridColumnProblems(decl.fields));
  decl.form?.rules?.forEach((rule, i) => {
    const at = `/form/rules/${i}`;
    if (!fieldNames.has(rule.field))
      out.push({ path: `${at}/field`, message: `"${rule.field}" is not a declared field` });
    for (const key of ['visible', 'disabled', 'required'] as const) {
      for (const problem of checkLogic(rule[key], fieldNames)) {
        const [where, ...rest] = problem.split(': ');
        out.push({ path: `${at}/${key}${where === '/' ? '' : where}`, message: rest.join(': ') });
      }
    }
  });
  return out;
}

/**
 * Views: names unique against the standard row actions, the transitions and each other (they share
 * list.rowActions), routes free, and tab keys and columns unique within their view. The engine makes
 * no route for a view: hand-written code serves it, which the server checks at start
 * (server/entity/action-routes-check.ts), as for a declared action's request.
 */
function checkViews(
  decl: Declaration,
  transitionNames: ReadonlySet<string>,
  transitionPaths: ReadonlySet<string>,
  out: Problem[],
): Set<string> {
  const names = new Set<string>();
  const paths = new Set<string>();
  decl.views?.forEach((view, i) => {
    const at = `/views/${i}`;
    if (
      ['edit', 'detail', 'delete'].includes(view.name) ||
      transitionNames.has(view.name) ||
      names.has(view.name)
    )
      out.push({ path: `${at}/name`, message: `duplicate row action "${view.name}"` });
    names.add(view.name);
    const route = view.path ?? view.name;
    if (STANDARD_ROUTES.has(route) || transitionPaths.has(route) || paths.has(route))
      out.push({ path: `${at}/path`, message: `route "${route}" is already taken` });
    paths.add(route);
    const keys = new Set<string>();
    view.tabs.forEach((tab, j) => {
      if (keys.has(tab.key)) out.push({ path: `${at}/tabs/${j}/key`, message: `duplicate tab "${tab.key}"` });
      keys.add(tab.key);
      if (tab.countKey === tab.key)
        out.push({ path: `${at}/tabs/${j}/countKey`, message: 'must differ from the key of the list' });
      const columns = new Set<string>();
      tab.columns.forEach((column, k) => {
        if (columns.has(column.name))
          out.push({
            path: `${at}/tabs/${j}/columns/${k}/name`,
            message: `duplicate column "${column.name}"`,
          });
        columns.add(column.name);
      });
    });
  });
  return names;
}
