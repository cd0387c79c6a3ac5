/**
 * Pure parts of the form: which fields it shows, their state under the declaration's json-logic
 * rules, the initial values and the body that is sent.
 */
import type { EntityModel, FieldModel } from '../../model/declaration/model';
import { resolveDefault, type DefaultContext } from '../../model/declaration/defaults';
import { evaluateLogic } from '../../model/declaration/logic';
import { isRequiredField } from '../../model/declaration/record-schema';
import type { Row } from '../data/adapter';
import type { ButtonState } from '../permissions';
import { requiredMessage } from '../../model/declaration/widget-of';

export type FormMode = 'add' | 'edit';

export interface FieldState {
  field: FieldModel;
  visible: boolean;
  disabled: boolean;
  required: boolean;
}

/**
 * Declared fields a form shows: never system fields or `form: false` ones, `form: 'add'` ones only
 * when adding. A password is write-only (never answered) but is typed into the form.
 */
export function formFields(model: EntityModel, mode: FormMode = 'add'): FieldModel[] {
  return model.declared.filter(
    (f) =>
      f.form !== false &&
      !(f.form === 'add' && mode === 'edit') &&
      (f.readable || (f.widget === 'password' && f.writable)),
  );
}

/**
 * Each field's state for the current values. `access` answers the field permission (type 1 hides,
 * type 2 disables); a rule that throws (an operation outside the allow-list) leaves the default.
 */
export function fieldStates(
  model: EntityModel,
  values: Row,
  perms: readonly string[],
  access: (field: FieldModel) => ButtonState,
  mode: FormMode = 'add',
): FieldState[] {
  const rules = model.declaration.form?.rules ?? [];
  const ask = (rule: unknown, fallback: boolean): boolean => {
    if (rule === undefined) return fallback;
    try {
      return evaluateLogic(rule as Parameters<typeof evaluateLogic>[0], values, perms);
    } catch {
      return fallback;
    }
  };
  return formFields(model, mode).map((field) => {
    const rule = rules.find((r) => r.field === field.name);
    const state = access(field);
    const fixed = mode === 'edit' && field.immutable === true;
    return {
      field,
      visible: state !== 'hide' && ask(rule?.visible, true),
      disabled: state === 'disable' || !field.writable || fixed || ask(rule?.disabled, false),
      required: isRequiredField(field) || ask(rule?.required, false),
    };
  });
}

/**
 * A new record starts with its fields' declared defaults, the server's own code: `#{...}` variables
 * resolved for `ctx` (the signed-in user, the app's clock), so the form shows them before the save;
 * without a context they are left out and the server fills them.
 */
export function initialValues(
  model: EntityModel,
  mode: FormMode,
  record: Row | null,
  ctx: DefaultContext | null = null,
): Row {
  if (mode === 'edit' && record) return { ...record };
  const values: Row = {};
  for (const field of formFields(model, mode)) {
    const value = resolveDefault(field, mode === 'add' ? ctx : null);
    if (value !== undefined) values[field.name] = value;
  }
  return values;
}

/**
 * What is sent: writable, visible, enabled fields only (the server refuses anything else). An edit
 * also sends the record's id and the row version it was loaded with (generated tables): the server
 * refuses the save when someone else saved the record since, instead of silently overwriting it.
 */
export function submitBody(
  states: readonly FieldState[],
  values: Row,
  mode: FormMode,
  record?: Row | null,
): Row {
  const body: Row = {};
  for (const s of states) {
    if (!s.visible || s.disabled || !s.field.writable) continue;
    const value = values[s.field.name];
    if (value !== undefined) body[s.field.name] = value === '' ? null : value;
  }
  if (mode === 'edit' && record?.id) {
    body.id = record.id;
    if (record.rowVersion !== undefined) body.rowVersion = record.rowVersion;
  }
  return body;
}

/** Modal width by layout columns, unless the declaration names one; a `tab` form is at least 1000 wide. */
export function formWidth(model: EntityModel): number {
  const form = model.declaration.form;
  if (form?.width) return form.width;
  const byColumns = [600, 600, 800, 1000, 1200][formColumns(model)] ?? 800;
  return model.declaration.kind === 'tab' ? Math.max(byColumns, 1000) : byColumns;
}

export function formColumns(model: EntityModel): number {
  return Math.min(4, Math.max(1, model.declaration.form?.columns ?? 1));
}

/**
 * The field a server refusal is about, so the message can sit under that field: the server's
 * messages start with the field's title (`客户编码：该值不可用…`) or are its required message.
 */
export function fieldOfMessage(states: readonly FieldState[], message: string): string | null {
  const hit = states.find(
    (s) =>
      s.visible &&
      (message.startsWith(`${s.field.title}：`) ||
        message.startsWith(`${s.field.title}:`) ||
        message === requiredMessage(s.field)),
  );
  return hit ? hit.field.name : null;
}

/**
 * `next`, or `previous` when every field's state is the same (same field, visibility, disabled and
 * required flags): the form keeps one states array while the user types into fields no rule watches,
 * so the fields are not laid out again on every keystroke (a 60-field form: 34 ms a key before).
 */
export function keepStates(
  previous: readonly FieldState[] | null,
  next: FieldState[],
): readonly FieldState[] {
  if (!previous || previous.length !== next.length) return next;
  const same = next.every((s, i) => {
    const p = previous[i]!;
    return (
      p.field === s.field && p.visible === s.visible && p.disabled === s.disabled && p.required === s.required
    );
  });
  return same ? previous : next;
}

/** An add action's fixed fields are shown read-only (their values are sent by `fixedValues`). */
export function withFixed(states: FieldState[], fixed: readonly string[] | undefined): FieldState[] {
  if (!fixed || fixed.length === 0) return states;
  return states.map((s) => (fixed.includes(s.field.name) ? { ...s, disabled: true } : s));
}

/** The fixed values of an add action's form, sent whatever the (read-only) fields hold. */
export function fixedValues(prefill: { values: Row; fixed: readonly string[] } | undefined): Row {
  return Object.fromEntries((prefill?.fixed ?? []).map((name) => [name, prefill!.values[name]]));
}
