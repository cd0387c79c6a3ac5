/**
 * Pure parts of declared actions: which row links a row offers, what a request action sends, and
 * the small entity model its form is drawn from. The views (ActionHost, RowActions, the toolbar)
 * only render what these answer.
 */
import { evaluateLogic } from '../../model/declaration/logic';
import { buildEntityModel, type ActionModel, type EntityModel } from '../../model/declaration/model';
import type { TransitionMethod } from '../../model/declaration/types';
import type { Row } from '../data/adapter';
import type { ButtonState } from '../permissions';

/** What an action is used on: one row (a row link), or the selected rows (a toolbar button). */
export type ActionTarget = { kind: 'row'; row: Row } | { kind: 'selection'; ids: readonly string[] };

export interface ActionCall {
  method: TransitionMethod;
  url: string;
  /** The body (PUT / POST) or the query (GET / DELETE). */
  payload: Record<string, unknown>;
}

/** The call a request action makes for a target, with the values of its form (if any). */
export function actionCall(
  model: EntityModel,
  action: ActionModel,
  target: ActionTarget,
  formValues: Row = {},
): ActionCall {
  const request = action.request;
  if (!request) throw new Error(`action "${action.name}" makes no request`);
  const ids = target.kind === 'row' ? [String(target.row.id)] : [...target.ids];
  const payload: Record<string, unknown> = {};
  if (request.ids === 'ids') payload.ids = ids.join(',');
  else if (request.ids !== 'none') payload.id = ids[0];
  if (target.kind === 'row') for (const name of request.carry ?? []) payload[name] = target.row[name];
  Object.assign(payload, formValues, request.body ?? {});
  return { method: request.method ?? 'PUT', url: `${model.basePath}/${request.path}`, payload };
}

/**
 * The app page a link action opens for a row: `{field}` placeholders filled, URL-encoded, or the
 * row's own app path when the link is `{field}` alone. Null when the result would leave the app
 * (only '/x', never '//host'), which the meta-schema already refuses for the declared text; a value
 * cannot add a path of its own, as it is encoded.
 */
export function actionLink(action: ActionModel, row: Row): string | null {
  if (!action.link) return null;
  // Exactly `{field}`: the row names its own page (a to-do row's, which differs by kind), unencoded.
  const whole = /^\{([^}]*)\}$/.exec(action.link);
  const own = whole ? row[whole[1]] : undefined;
  if (whole) return typeof own === 'string' && /^\/(?![/\\])/.test(own) ? own : null;
  const path = action.link.replace(/\{([^}]*)\}/g, (_, name: string) =>
    encodeURIComponent(row[name] === null || row[name] === undefined ? '' : String(row[name])),
  );
  return /^\/(?!\/)/.test(path) ? path : null;
}

/**
 * The values an add action's form starts with for a row (or none, from the toolbar): constants as
 * declared, `{field}` alone the row's value as it is, other texts with each placeholder replaced. A
 * value whose placeholders are all empty in the row is left out (the field keeps its default), and
 * so is a fixed one: `fixed` lists the fixed fields that got a value.
 */
export function actionAddValues(action: ActionModel, row: Row | null): { values: Row; fixed: string[] } {
  const add = action.add;
  if (!add) throw new Error(`action "${action.name}" opens no add form`);
  const values: Row = {};
  const empty = (v: unknown) => v === null || v === undefined || v === '';
  for (const [name, declared] of Object.entries(add.values)) {
    if (typeof declared !== 'string') {
      values[name] = declared;
      continue;
    }
    const whole = /^\{([^}]*)\}$/.exec(declared);
    if (whole) {
      const value = row?.[whole[1]];
      if (!empty(value)) values[name] = value;
      continue;
    }
    let filled = false;
    const text = declared.replace(/\{([^}]*)\}/g, (_, field: string) => {
      const value = row?.[field];
      if (empty(value)) return '';
      filled = true;
      return String(value);
    });
    if (filled || !/\{[^}]*\}/.test(declared)) values[name] = text;
  }
  return { values, fixed: (add.fixed ?? []).filter((name) => name in values) };
}

/** Whether a row link of an action shows for a row: its permission and its `visible` rule. */
export function actionState(
  action: ActionModel,
  row: Row | null,
  permission: (code: string) => ButtonState,
): ButtonState {
  const state = permission(action.permission);
  if (state === 'hide' || !row || action.visible === undefined) return state;
  try {
    return evaluateLogic(action.visible, row, []) ? state : 'hide';
  } catch {
    return 'hide'; // a rule outside the allow-list never shows the action
  }
}

/** The confirmation a request asks first: the declared text (forms and panels ask none). */
export function actionConfirm(action: ActionModel): string | null {
  return action.form || action.panel || action.link || action.add ? null : (action.confirm ?? null);
}

const formModels = new WeakMap<ActionModel, EntityModel>();

/**
 * The model of an action's form: the screen's declaration with the form's fields in place of its
 * own, so the form is drawn, checked and sent by the same code (and messages) as an add form.
 */
export function actionFormModel(model: EntityModel, action: ActionModel): EntityModel {
  const form = action.form;
  if (!form) throw new Error(`action "${action.name}" has no form`);
  let built = formModels.get(action);
  if (!built) {
    const {
      list: _list,
      children: _children,
      transitions: _t,
      views: _v,
      actions: _a,
      ...rest
    } = model.declaration;
    built = buildEntityModel({
      ...rest,
      fields: form.fields,
      form: { columns: 1, ...(form.width ? { width: form.width } : {}) },
    });
    formModels.set(action, built);
  }
  return built;
}
