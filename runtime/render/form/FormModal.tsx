/**
 * The add / edit modal, built with antd Form from the declaration. Why not @rjsf/antd: its ajv8
 * validator compiles with `new Function`, which the app's CSP (script-src 'self') blocks, and rjsf
 * would add ~100 KB gzip for a form antd already draws. The rules come from runtime/model (the
 * server's property schema), so messages match the API word for word.
 */
import { Alert, Col, Form, Modal, Row as GridRow, Spin, type FormInstance } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { EntityModel } from '../../model/declaration/model';
import { useRuntime } from '../context';
import type { Row } from '../data/adapter';
import type { Result } from '../types';
import { buttonState, heldCodes } from '../permissions';
import { FieldWidget } from '../widgets/FieldWidget';
import { formWidget } from '../widgets/widget-type';
import { checkField } from './field-check';
import {
  fieldOfMessage,
  fieldStates,
  formColumns,
  formWidth,
  initialValues,
  submitBody,
  type FormMode,
} from './form-state';

export interface FormModalProps {
  model: EntityModel;
  mode: FormMode;
  /** The record being edited (loaded by the caller); null while it loads. */
  record: Row | null;
  onClose(): void;
  /** Called with the server's success message. */
  onSaved(message: string): void;
  /** Another title (an action's form). */
  title?: string;
  /** Sends the checked values somewhere else than add / edit (an action's request). */
  send?(body: Row): Promise<Result<unknown>>;
}

/** Where a failed submit takes the user: the first field in error, scrolled to and focused. */
const TO_FIRST_ERROR = { behavior: 'smooth', block: 'center', focus: true } as const;

const TITLES: Record<FormMode, string> = { add: '新增', edit: '编辑' };

export function FormModal(props: FormModalProps): React.JSX.Element {
  const { model, mode, record, onClose, onSaved } = props;
  const { session, data } = useRuntime();
  const [form] = Form.useForm<Row>();
  const initial = useMemo(() => initialValues(model, mode, record), [model, mode, record]);
  const [values, setValues] = useState<Row>(initial);
  const [saving, setSaving] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const auth = session.auth();
  const allAuth = session.allAuth();
  const states = useMemo(
    () => fieldStates(model, values, heldCodes(auth), (f) => buttonState(f.permission, auth, allAuth), mode),
    [model, values, auth, allAuth, mode],
  );
  const alertRef = useRef<HTMLDivElement>(null);
  // A refusal shown above the form must be seen, however far down the user was.
  useEffect(() => {
    if (serverError) alertRef.current?.scrollIntoView({ behavior: 'smooth', block: 'nearest' });
  }, [serverError]);
  const columns = formColumns(model);
  const loading = mode === 'edit' && !record;

  const submit = async (form: FormInstance<Row>) => {
    setServerError(null);
    let checked: Row;
    try {
      checked = await form.validateFields();
    } catch (error) {
      // antd shows each field's message; the first may be out of sight in a tall form.
      const first = (error as { errorFields?: { name: (string | number)[] }[] }).errorFields?.[0];
      if (first) form.scrollToField(first.name, TO_FIRST_ERROR);
      return;
    }
    setSaving(true);
    try {
      const body = submitBody(states, { ...values, ...checked }, mode, record);
      const answer = props.send
        ? await props.send(body)
        : mode === 'add'
          ? await data.add(model.basePath, body)
          : await data.edit(model.basePath, body);
      if (answer.success) onSaved(answer.message);
      else {
        // A refusal about one field shows under it; anything else above the form.
        const name = fieldOfMessage(states, answer.message);
        if (name) {
          form.setFields([{ name, errors: [answer.message] }]);
          form.scrollToField(name, TO_FIRST_ERROR);
        } else {
          setServerError(answer.message);
        }
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={props.title ?? TITLES[mode]}
      width={formWidth(model)}
      okText="确定"
      cancelText="关闭"
      confirmLoading={saving}
      onOk={() => void submit(form)}
      onCancel={onClose}
      destroyOnHidden
      maskClosable={false}
      styles={{ body: { paddingTop: 12 } }}
    >
      <Spin spinning={loading}>
        <div ref={alertRef}>
          {serverError && <Alert type="error" showIcon title={serverError} style={{ marginBottom: 16 }} />}
        </div>
        {!loading && (
          <Form
            form={form}
            name={`zj-form-${model.name}`}
            layout="vertical"
            initialValues={initial}
            onValuesChange={(_, all: Row) => setValues(all)}
            className="zj-declared-form"
          >
            <GridRow gutter={16}>
              {states
                .filter((s) => s.visible)
                .map(({ field, disabled, required }) => {
                  const widget = formWidget(field);
                  const wide = widget === 'textarea' || widget === 'richText' || widget === 'markdown';
                  return (
                    <Col key={field.name} span={wide ? 24 : 24 / columns}>
                      <Form.Item
                        name={field.name}
                        label={field.title}
                        required={required}
                        validateDebounce={100}
                        rules={[
                          {
                            validator: (_, value: unknown) => {
                              const problem = disabled ? null : checkField(field, value, required);
                              return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
                            },
                          },
                        ]}
                      >
                        <FieldWidget field={field} widget={widget} disabled={disabled} />
                      </Form.Item>
                    </Col>
                  );
                })}
            </GridRow>
          </Form>
        )}
      </Spin>
    </Modal>
  );
}
