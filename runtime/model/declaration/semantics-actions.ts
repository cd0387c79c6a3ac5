/**
 * Semantic checks of the screen-level keys of schemaVersion 3: actions and where they are placed
 * (list.toolbar, list.rowActions), list.disable and list.fixedParams, restrictDelete and fill
 * rules. Split from semantics.ts, which checks fields, trees, transitions and views.
 */
import { approvalActions } from './approval.js';
import { checkLogic } from './logic.js';
import { ORG_CODE_FIELD, SYSTEM_FIELD_NAMES } from './model.js';
import type { ActionDecl, Declaration, FieldDecl } from './types.js';

export interface Problem {
  path: string;
  message: string;
}

const BUILT_IN_ROW = new Set(['edit', 'detail', 'delete']);

/** Field problems of a form's own fields (the same language as `fields[]`). */
export type FieldChecker = (field: FieldDecl, at: string) => Problem[];

export function checkActions(
  decl: Declaration,
  taken: { transitions: ReadonlySet<string>; views: ReadonlySet<string> },
  checkField: FieldChecker,
): Problem[] {
  const out: Problem[] = [];
  const fieldNames = new Set(decl.fields.map((f) => f.name));
  const rowFields = new Set([...fieldNames, ...SYSTEM_FIELD_NAMES, ORG_CODE_FIELD]);
  const names = new Set<string>();
  decl.actions?.forEach((action, i) => {
    const at = `/actions/${i}`;
    if (
      BUILT_IN_ROW.has(action.name) ||
      taken.transitions.has(action.name) ||
      taken.views.has(action.name) ||
      names.has(action.name)
    )
      out.push({ path: `${at}/name`, message: `duplicate action "${action.name}"` });
    names.add(action.name);
    const kinds = [action.request, action.panel, action.link, action.add].filter(
      (k) => k !== undefined,
    ).length;
    if (kinds !== 1)
      out.push({ path: at, message: 'an action has one of a request, a panel, a link or an add form' });
    if (action.add) out.push(...checkAddAction(decl, action.add, at, rowFields));
    for (const [, name] of action.link?.matchAll(/\{([^}]*)\}/g) ?? [])
      if (!rowFields.has(name))
        out.push({ path: `${at}/link`, message: `"${name}" is not a field of the row` });
    if (action.link !== undefined && action.form)
      out.push({ path: `${at}/form`, message: 'a link opens a page; it has no form' });
    if (action.add && action.form)
      out.push({ path: `${at}/form`, message: "an add action opens the screen's own form; it has no form" });
    if (action.form && !action.request && !action.add)
      out.push({
        path: `${at}/form`,
        message: 'a form sends its values with the request; give the action a request',
      });
    action.request?.carry?.forEach((name, j) => {
      if (!rowFields.has(name))
        out.push({ path: `${at}/request/carry/${j}`, message: `"${name}" is not a field of the row` });
    });
    for (const problem of checkLogic(action.visible, rowFields)) {
      const [where, ...rest] = problem.split(': ');
      out.push({ path: `${at}/visible${where === '/' ? '' : where}`, message: rest.join(': ') });
    }
    const formNames = new Set<string>();
    action.form?.fields.forEach((field, j) => {
      const fieldAt = `${at}/form/fields/${j}`;
      if (formNames.has(field.name))
        out.push({ path: `${fieldAt}/name`, message: `duplicate field name "${field.name}"` });
      formNames.add(field.name);
      if (field.unique || field.index || field.fillRule)
        out.push({
          path: fieldAt,
          message: 'a form field of an action is not stored: no unique, index or fillRule',
        });
      out.push(...checkField(field, fieldAt));
    });
  });

  decl.list?.toolbar?.forEach((name, i) => {
    const action = decl.actions?.find((a) => a.name === name);
    const at = `/list/toolbar/${i}`;
    if (!action)
      out.push({ path: at, message: `"${name}" is not an action (built-in buttons need no listing)` });
    else if (action.add && Object.values(action.add.values).some((v) => PLACEHOLDER.test(String(v))))
      out.push({
        path: at,
        message: `action "${name}" fills its form from a row ({field}): a row link, not a toolbar button`,
      });
    else if (action.request && action.request.ids !== 'ids' && action.request.ids !== 'none')
      out.push({
        path: at,
        message: `action "${name}" acts on one row: give its request "ids": "ids" to use it on the selection`,
      });
  });
  // An approval's 提交审批 / 撤回 / 流程图 exist without being declared (approval.ts).
  const implicit = approvalActions(decl).map((a) => a.name);
  const rowNames = new Set([...taken.transitions, ...taken.views, ...names, ...implicit]);
  decl.list?.rowActions?.forEach((name, i) => {
    const at = `/list/rowActions/${i}`;
    if (BUILT_IN_ROW.has(name))
      out.push({
        path: at,
        message: `"${name}" is built in: every list has it unless list.disable names it`,
      });
    else if (!rowNames.has(name))
      out.push({ path: at, message: `"${name}" is not a transition, a view or an action` });
    else if (decl.actions?.find((a) => a.name === name)?.request?.ids === 'none')
      out.push({ path: at, message: `action "${name}" sends no id ("ids": "none"): toolbar only` });
  });
  for (const [name, rule] of Object.entries(decl.list?.rowRules ?? {})) {
    if (decl.list?.disable?.includes(name as 'edit' | 'delete'))
      out.push({ path: `/list/rowRules/${name}`, message: `"${name}" is disabled; it needs no rule` });
    for (const problem of checkLogic(rule, rowFields)) {
      const [where, ...rest] = problem.split(': ');
      out.push({ path: `/list/rowRules/${name}${where === '/' ? '' : where}`, message: rest.join(': ') });
    }
  }
  for (const key of Object.keys(decl.list?.fixedParams ?? {})) {
    if (!fieldNames.has(key))
      out.push({ path: `/list/fixedParams/${key}`, message: `"${key}" is not a declared field` });
  }
  return out;
}

const PLACEHOLDER = /\{[^}]*\}/;

/**
 * An add action: the screen offers add, each value names a field the add form sends, each
 * placeholder a field of the row, and each fixed field has a value.
 */
function checkAddAction(
  decl: Declaration,
  add: NonNullable<ActionDecl['add']>,
  at: string,
  rowFields: ReadonlySet<string>,
): Problem[] {
  const out: Problem[] = [];
  if (decl.list?.disable?.includes('add'))
    out.push({ path: `${at}/add`, message: 'the screen does not offer add (list.disable names it)' });
  for (const [name, value] of Object.entries(add.values)) {
    const field = decl.fields.find((f) => f.name === name);
    if (!field) out.push({ path: `${at}/add/values/${name}`, message: `"${name}" is not a declared field` });
    else if (field.form === false || field.readOnly || field.compute !== undefined)
      out.push({
        path: `${at}/add/values/${name}`,
        message: `"${name}" is not in the add form (form: false, readOnly or computed)`,
      });
    for (const [, ref] of String(value).matchAll(/\{([^}]*)\}/g))
      if (!rowFields.has(ref))
        out.push({ path: `${at}/add/values/${name}`, message: `"${ref}" is not a field of the row` });
  }
  add.fixed?.forEach((name, j) => {
    if (!(name in add.values))
      out.push({ path: `${at}/add/fixed/${j}`, message: `"${name}" has no value in add.values` });
  });
  return out;
}

/** restrictDelete needs the engine's delete route; a fill rule fills a text field on add. */
export function checkStorageRules(decl: Declaration): Problem[] {
  const out: Problem[] = [];
  if (decl.routes === 'external' && decl.restrictDelete?.length)
    out.push({
      path: '/restrictDelete',
      message: 'not allowed with "routes": "external" (the hand-written server deletes rows)',
    });
  decl.fields.forEach((field, i) => {
    if (field.fillRule === undefined) return;
    if (field.type !== 'string')
      out.push({ path: `/fields/${i}/fillRule`, message: 'only for string fields' });
    if (field.default !== undefined)
      out.push({
        path: `/fields/${i}/fillRule`,
        message: 'a field is filled by a rule or by a default, not both',
      });
  });
  return out;
}
