/**
 * The add / edit modal, built with antd Form from the declaration. Why not @rjsf/antd: its ajv8
 * validator compiles with `new Function`, which the app's CSP (script-src 'self') blocks, and rjsf
 * would add ~100 KB gzip for a form antd already draws. The rules come from runtime/model (the
 * server's property schema), so messages match the API word for word.
 */
import { Alert, Divider, Form, Modal, Spin, type FormInstance } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { EntityModel } from '../../model/declaration/model';
import type { CopiedRecord } from '../../model/declaration/copy';
import { checkFailures } from '../../model/declaration/record-checks';
import { useChildModels } from '../children/useChildModels';
import { useRuntime } from '../context';
import type { Row } from '../data/adapter';
import type { Result } from '../types';
import { buttonState, heldCodes } from '../permissions';
import { ChildSection, type SectionHandle } from './ChildSection';
import { guardedClose } from './close-guard';
import { ChildTables, ChildTablesProblem, FORM_PANE, FORM_PANE_TITLE } from './ChildTables';
import { collectSections, savedSection, sectionPrefill, tablePrefill } from './form-sections';
import { FormFields, useKeptStates } from './FormFields';
import { useLiveCompute } from './form-compute';
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
  fixedValues,
  formWidth,
  initialValues,
  submitBody,
  withFixed,
  type FormMode,
} from './form-state';

export interface FormModalProps {
  model: EntityModel;
  mode: FormMode;
  /** The record being edited (loaded by the caller); null while it loads. */
  record: Row | null;
  onClose(): void;
  /** Called with the server's success message and the values sent (an add answers no id). */
  onSaved(message: string, values?: Row): void;
  /** Another title (an action's form). */
  title?: string;
  /** Sends the checked values somewhere else than add / edit (an action's request). */
  send?(body: Row): Promise<Result<unknown>>;
  /** A copied record (kind `copy`): the add form starts with its values and its children's. */
  copy?: CopiedRecord;
  /**
   * An add action's values (actions[].add): the add form starts with them; the `fixed` ones are
   * shown read-only and always sent.
   */
  prefill?: { values: Row; fixed: readonly string[] };
}

/** Where a failed submit takes the user: the first field in error, scrolled to and focused. */
const TO_FIRST_ERROR = { behavior: 'smooth', block: 'center', focus: true } as const;

const TITLES: Record<FormMode, string> = { add: '新增', edit: '编辑' };

export function FormModal(props: FormModalProps): React.JSX.Element {
  const { model, mode, record, onClose, onSaved } = props;
  const { session, data, feedback } = useRuntime();
  const [form] = Form.useForm<Row>();
  const { copy, prefill } = props;
  // A new record shows its defaults, `#{sysUserCode}` and the like resolved for the signed-in user.
  const initial = useMemo(
    () => ({
      ...initialValues(model, mode, record, session.defaultContext?.() ?? null),
      ...copy?.values,
      ...prefill?.values,
    }),
    [model, mode, record, copy, prefill, session],
  );
  const [values, setValues] = useState<Row>(initial);
  // Computed fields (a report's total hours) follow the fields and the grids as the user types.
  const onRows = useLiveCompute(model, form, values, record, copy);
  const [saving, setSaving] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const auth = session.auth();
  const allAuth = session.allAuth();
  const states = useKeptStates(
    useMemo(
      () =>
        withFixed(
          fieldStates(model, values, heldCodes(auth), (f) => buttonState(f.permission, auth, allAuth), mode),
          prefill?.fixed,
        ),
      [model, values, auth, allAuth, mode, prefill],
    ),
  );
  // Live tables re-read the record's children (other users added rows); only a saved record has any.
  const recordId = mode === 'edit' && record?.id ? String(record.id) : null;
  const reloadRows = useMemo(
    () =>
      recordId
        ? async (entity: string): Promise<readonly Row[]> => {
            const answer = await data.queryById(model.basePath, recordId);
            const rows = answer.success ? answer.result?.[entity] : null;
            return Array.isArray(rows) ? (rows as Row[]) : [];
          }
        : undefined,
    [data, model.basePath, recordId],
  );
  const alertRef = useRef<HTMLDivElement>(null);
  // A refusal shown above the form must be seen, however far down the user was.
  useEffect(() => {
    if (serverError) alertRef.current?.scrollIntoView({ behavior: 'smooth', block: 'nearest' });
  }, [serverError]);
  // Children are saved in the same request: one-to-many ones edited as grids below the fields,
  // one-to-one ones as sections (each with its own form).
  const childDecls = useMemo(() => model.declaration.children ?? [], [model]);
  const childModels = useChildModels(childDecls);
  const handles = useRef(new Map<string, GridHandle | null>());
  const sectionHandles = useRef(new Map<string, SectionHandle | null>());
  const [activeTable, setActiveTable] = useState<string | undefined>(undefined);
  const loaded = childModels && 'children' in childModels ? childModels.children : [];
  const tableModels = loaded.filter((c) => c.decl.relation === 'oneToMany');
  const sectionModels = loaded.filter((c) => c.decl.relation === 'oneToOne');
  const sections = () =>
    sectionModels.map(({ decl, model: child }) => ({
      paneKey: decl.entity,
      title: decl.title ?? child.title,
      handle: sectionHandles.current.get(decl.entity) ?? null,
    }));
  const tables = (): FormTable[] =>
    tableModels.map(({ decl, model: child }) => ({
      decl,
      model: child,
      paneKey: decl.entity,
      title: decl.title ?? child.title,
      handle: handles.current.get(decl.entity) ?? null,
    }));
  const loading = (mode === 'edit' && !record) || (childDecls.length > 0 && !childModels);
  const hasTables = tableModels.length > 0;
  // A `tab` screen puts the fields in the first tab, then each child's table and section in its own.
  const tabLayout = loaded.length > 0 && model.declaration.kind === 'tab';
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
    // Then each one-to-one section, then each table in order; the first failing one comes to the front.
    const own = await collectSections(sections());
    if ('failed' in own) {
      if (tabLayout) setActiveTable(own.failed);
      return;
    }
    const current = tables();
    const failed = firstTableFailure(current);
    if (failed) return showTableProblem(failed.paneKey, failed.text);
    // Then the cross-field checks over the record and its rows, the server's code and words.
    const all = { ...values, ...checked, ...own.values, ...tableRows(current) };
    const broken = checkFailures(model, all, heldCodes(auth))[0];
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
      const parent = {
        ...submitBody(states, { ...values, ...checked }, mode, record),
        ...fixedValues(prefill),
      };
      const body =
        current.length > 0
          ? { ...parent, ...own.body, ...tablePayloads(current) }
          : { ...parent, ...own.body };
      const answer = props.send
        ? await props.send(body)
        : mode === 'add'
          ? await data.add(model.basePath, body)
          : await data.edit(model.basePath, body);
      if (answer.success) onSaved(answer.message, body);
      else {
        // A refusal about one field shows under it, about a table on its tab; anything else above the form.
        const name = fieldOfMessage(states, answer.message);
        const pane = tableOfMessage([...current, ...sections()], answer.message);
        const section = sections().find((c) => c.paneKey === pane);
        section?.handle?.showRefusal(answer.message, section.title);
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

  // Something typed, picked or changed in a grid: closing asks before throwing it away.
  const changed = () =>
    form.isFieldsTouched() ||
    tables().some(({ handle }) => {
      const state = handle?.state();
      return Boolean(state && state.added.length + state.edited.length + state.removed.length > 0);
    });
  const close = (event?: unknown) => guardedClose(feedback, !saving && changed(), onClose, event);

  const fields = (
    <FormFields form={form} model={model} states={states} initial={initial} onValues={setValues} />
  );
  const sectionPanes = sectionModels.map(({ decl, model: child }) => ({
    key: decl.entity,
    label: decl.title ?? child.title,
    content: (
      <ChildSection
        model={child}
        foreignKey={decl.foreignKey}
        saved={savedSection(record, decl.entity)}
        prefill={sectionPrefill(copy, decl.entity)}
        handleRef={(handle) => {
          sectionHandles.current.set(decl.entity, handle);
        }}
      />
    ),
  }));

  return (
    <Modal
      open
      title={props.title ?? TITLES[mode]}
      width={formWidth(model)}
      okText="确定"
      cancelText="关闭"
      confirmLoading={saving}
      onOk={() => void submit(form)}
      onCancel={close}
      destroyOnHidden
      maskClosable={false}
      styles={{ body: { paddingTop: 12 } }}
    >
      <Spin spinning={loading}>
        <div ref={alertRef}>
          {serverError && <Alert type="error" showIcon title={serverError} style={{ marginBottom: 16 }} />}
        </div>
        {!loading && copy && copy.cleared.length > 0 && (
          <Alert type="info" showIcon title={copyHint(copy)} style={{ marginBottom: 16 }} />
        )}
        {!loading && !tabLayout && fields}
        {!loading &&
          !tabLayout &&
          sectionPanes.map((pane) => (
            <div key={pane.key}>
              <Divider titlePlacement="start">{pane.label}</Divider>
              {pane.content}
            </div>
          ))}
        {!loading && childModels && 'error' in childModels && (
          <ChildTablesProblem error={childModels.error} />
        )}
        {!loading && (hasTables || tabLayout) && (
          <ChildTables
            tables={tableModels}
            trail={tabLayout ? sectionPanes : undefined}
            prefill={tablePrefill(copy)}
            record={record}
            activeKey={activeTable}
            onActiveKey={setActiveTable}
            onHandle={(key, handle) => handles.current.set(key, handle)}
            onRows={onRows}
            reloadRows={reloadRows}
            lead={tabLayout ? { key: FORM_PANE, label: FORM_PANE_TITLE, content: fields } : undefined}
          />
        )}
      </Spin>
    </Modal>
  );
}

/** A copy's note: the unique values it could not take over. */
export function copyHint(copy: CopiedRecord): string {
  return `复制的记录尚未保存；以下字段不能重复，已清空，请重新填写：${copy.cleared.join('、')}`;
}
