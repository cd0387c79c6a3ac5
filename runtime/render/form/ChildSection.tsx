/**
 * A one-to-one child in the parent's form (docs/modules/one-to-many.md): the child's own fields as
 * a titled section with its own antd form, checked with the child's rules and words. Its handle
 * tells the parent's save what to send under the child's name: the stored row's values (with its id
 * and version), a new row's values, or nothing for a new section the user left empty.
 */
import { Form } from 'antd';
import { useImperativeHandle, useMemo, useState, type Ref } from 'react';
import type { EntityModel } from '../../model/declaration/model';
import { isEmptyValue } from '../../model/validation/formats';
import { useRuntime } from '../context';
import type { Row } from '../data/adapter';
import { buttonState, heldCodes } from '../permissions';
import { FormFields, useKeptStates } from './FormFields';
import { fieldOfMessage, fieldStates, initialValues, submitBody } from './form-state';

export interface SectionHandle {
  /**
   * Checks the section: `failed` (antd shows each field's message), else the body to send (absent:
   * nothing to save) and the values the parent's cross-field checks see (null: no row).
   */
  collect(): Promise<{ failed: true } | { failed: false; body?: Row; values: Row | null }>;
  /** Shows a server refusal (`会议纪要：请输入会议摘要!`) under its field; answers whether it could. */
  showRefusal(message: string, title: string): boolean;
}

export interface ChildSectionProps {
  model: EntityModel;
  /** The parent's foreign key field: never shown, the server sets it. */
  foreignKey: string;
  /** The stored row (edit), or null. */
  saved: Row | null;
  /** A new row's starting values (a copied record's section). */
  prefill?: Row;
  handleRef: Ref<SectionHandle>;
}

export function ChildSection(props: ChildSectionProps): React.JSX.Element {
  const { model, foreignKey, saved, prefill } = props;
  const { session } = useRuntime();
  const [form] = Form.useForm<Row>();
  const mode = saved ? 'edit' : 'add';
  // A new section starts with the declared defaults (`#{sysUserCode}` resolved for the user).
  const defaults = useMemo(
    () => (saved ? {} : initialValues(model, 'add', null, session.defaultContext?.() ?? null)),
    [model, saved, session],
  );
  const initial = useMemo(
    () => (saved ? initialValues(model, 'edit', saved) : { ...defaults, ...prefill }),
    [model, saved, prefill, defaults],
  );
  const [values, setValues] = useState<Row>(initial);
  const auth = session.auth();
  const allAuth = session.allAuth();
  const states = useKeptStates(
    useMemo(
      () =>
        fieldStates(
          model,
          values,
          heldCodes(auth),
          (f) => buttonState(f.permission, auth, allAuth),
          mode,
        ).filter((s) => s.field.name !== foreignKey),
      [model, values, auth, allAuth, mode, foreignKey],
    ),
  );

  useImperativeHandle(
    props.handleRef,
    () => ({
      async collect() {
        const now = { ...values, ...form.getFieldsValue() };
        // A new section left empty (or as its defaults) is not saved: its required fields do not
        // stop the parent's save. A copied section's values count as filled.
        const filled = states.some(
          (s) =>
            s.visible &&
            !isEmptyValue(now[s.field.name]) &&
            (prefill !== undefined || now[s.field.name] !== defaults[s.field.name]),
        );
        if (!saved && !filled) return { failed: false, values: null };
        try {
          const checked = await form.validateFields();
          const all = { ...now, ...checked };
          return { failed: false, body: submitBody(states, all, mode, saved), values: all };
        } catch {
          return { failed: true };
        }
      },
      showRefusal(message, title) {
        const rest = message.startsWith(`${title}：`) ? message.slice(title.length + 1) : message;
        const name = fieldOfMessage(states, rest);
        if (name) form.setFields([{ name, errors: [rest] }]);
        return name !== null;
      },
    }),
    [form, values, states, saved, mode, prefill, defaults],
  );

  return (
    <div className="zj-form-section" data-section={model.name}>
      <FormFields form={form} model={model} states={states} initial={initial} onValues={setValues} />
    </div>
  );
}
