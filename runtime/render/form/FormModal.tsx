/**
 * The add / edit modal, built with antd Form from the declaration. Why not @rjsf/antd: its ajv8
 * validator compiles with `new Function`, which the app's CSP (script-src 'self') blocks, and rjsf
 * would add ~100 KB gzip for a form antd already draws. The rules come from runtime/model (the
 * server's property schema), so messages match the API word for word.
 */
import { Alert, Form, Modal, Spin, type FormInstance } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { EntityModel } from '../../model/declaration/model';
import { checkFailures, manyChildren } from '../../model/declaration/record-checks';
import { useChildModels } from '../children/useChildModels';
import { useRuntime } from '../context';
import type { Row } from '../data/adapter';
import type { Result } from '../types';
import { buttonState, heldCodes } from '../permissions';
import { ChildTables, ChildTablesProblem, FORM_PANE, FORM_PANE_TITLE } from './ChildTables';
import { FormFields } from './FormFields';
import {
  firstTableFailure,
  tableOfMessage,
  tablePayloads,
  tableRows,
  type FormTable,
  type GridHandle,
} from './child-tables';
import {
  fieldOfMessage,
  fieldStates,
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
  // One-to-many children are edited as grids below the fields and saved in the same request.
  const tableDecls = useMemo(() => manyChildren(model), [model]);
  const childModels = useChildModels(tableDecls);
  const handles = useRef(new Map<string, GridHandle | null>());
  const [activeTable, setActiveTable] = useState<string | undefined>(undefined);
  const tables = (): FormTable[] =>
    childModels && 'children' in childModels
      ? childModels.children.map(({ decl, model: child }) => ({
          decl,
          model: child,
          paneKey: decl.entity,
          title: decl.title ?? child.title,
          handle: handles.current.get(decl.entity) ?? null,
        }))
      : [];
  const loading = (mode === 'edit' && !record) || (tableDecls.length > 0 && !childModels);
  const tableModels = childModels && 'children' in childModels ? childModels.children : [];
  const hasTables = tableModels.length > 0;
  // A `tab` screen puts the fields in the first tab, before each child's table.
  const tabLayout = hasTables && model.declaration.kind === 'tab';
  /** A problem in the fields: on a `tab` screen their tab comes to the front first. */
  const showFields = () => {
    if (tabLayout) setActiveTable(FORM_PANE);
  };

  /** A refusal about a table (ours or the server's): its tab comes to the front, the text above the form. */
  const showTableProblem = (paneKey: string, text: string) => {
    setActiveTable(paneKey);
    setServerError(text);
  };

  const submit = async (form: FormInstance<Row>) => {
    setServerError(null);
    let checked: Row;
    try {
      checked = await form.validateFields();
    } catch (error) {
      // The form's own fields fail first (validate-failed): antd shows each field's message; the
      // first may be out of sight in a tall form.
      const first = (error as { errorFields?: { name: (string | number)[] }[] }).errorFields?.[0];
      showFields();
      if (first) form.scrollToField(first.name, TO_FIRST_ERROR);
      return;
    }
    // Then each table in order; the first failing one is brought to the front.
    const current = tables();
    const failed = firstTableFailure(current);
    if (failed) return showTableProblem(failed.paneKey, failed.text);
    // Then the cross-field checks over the record and its rows, the server's code and words.
    const broken = checkFailures(model, { ...values, ...checked, ...tableRows(current) }, heldCodes(auth))[0];
    if (broken) {
      if (broken.field && states.some((s) => s.visible && s.field.name === broken.field)) {
        showFields();
        form.setFields([{ name: broken.field, errors: [broken.message] }]);
        form.scrollToField(broken.field, TO_FIRST_ERROR);
      } else setServerError(broken.message);
      return;
    }
    setSaving(true);
    try {
      const own = submitBody(states, { ...values, ...checked }, mode, record);
      const body = current.length > 0 ? { ...own, ...tablePayloads(current) } : own;
      const answer = props.send
        ? await props.send(body)
        : mode === 'add'
          ? await data.add(model.basePath, body)
          : await data.edit(model.basePath, body);
      if (answer.success) onSaved(answer.message);
      else {
        // A refusal about one field shows under it, about a table on its tab; anything else above the form.
        const name = fieldOfMessage(states, answer.message);
        const pane = tableOfMessage(current, answer.message);
        if (pane) showTableProblem(pane, answer.message);
        else if (name) {
          showFields();
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

  const fields = (
    <FormFields form={form} model={model} states={states} initial={initial} onValues={setValues} />
  );

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
        {!loading && !tabLayout && fields}
        {!loading && childModels && 'error' in childModels && (
          <ChildTablesProblem error={childModels.error} />
        )}
        {!loading && hasTables && (
          <ChildTables
            tables={tableModels}
            record={record}
            activeKey={activeTable}
            onActiveKey={setActiveTable}
            onHandle={(key, handle) => handles.current.set(key, handle)}
            lead={tabLayout ? { key: FORM_PANE, label: FORM_PANE_TITLE, content: fields } : undefined}
          />
        )}
      </Spin>
    </Modal>
  );
}
