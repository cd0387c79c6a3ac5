/**
 * popup: pick rows from an online report (`widgetOptions.report` names its code) or a declared
 * entity's list (`widgetOptions.code`) and copy columns
 * `orgFields` into form fields `destFields`, pairwise; this field shows its own share. A wrong
 * configuration shows the spec's message and disables the control.
 */
import { Form, Input, message, Modal, Table, Typography, type TableColumnsType } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import type { EntityModel } from '../../model/declaration/model';
import type { Row } from '../data/adapter';
import { loadEntityModel } from '../declarations';
import { useListData } from '../data/hooks';
import { singleValue } from '../list/query-params';
import type { WidgetProps } from '../types';
import { PickerInput } from './PickerInput';
import { popupConfig, popupValues, PopupText, selectionProblem, type PopupConfig } from './popup-config';
import { pickerPagination } from './picker-paging';

export const POPUP_WIDTH = 1200;

// A report's picker (its query form and calls) loads only when a report popup opens.
const ReportPopupList = lazy(() => import('./ReportPopupList').then((m) => ({ default: m.ReportPopupList })));

export function PopupWidget(props: WidgetProps): React.JSX.Element {
  const check = popupConfig(props.field.widgetOptions);
  const form = Form.useFormInstance();
  const [open, setOpen] = useState(false);
  const text = typeof props.value === 'string' || typeof props.value === 'number' ? String(props.value) : '';
  if (!check.ok) {
    return (
      <>
        <Input id={props.id} disabled status="error" value={text} />
        <Typography.Text type="danger">{check.message}</Typography.Text>
      </>
    );
  }
  const { config } = check;
  return (
    <>
      <PickerInput
        id={props.id}
        texts={text ? [text] : []}
        placeholder={props.placeholder ?? props.field.placeholder ?? `请选择${props.field.title}`}
        disabled={props.disabled}
        onOpen={() => setOpen(true)}
        onClear={() => props.onChange?.('')}
      />
      {open && (
        <PopupModal
          config={config}
          onCancel={() => setOpen(false)}
          onOk={(rows) => {
            setOpen(false);
            const values = popupValues(config, rows);
            const { [props.field.name]: own, ...others } = values;
            if (Object.keys(others).length > 0) form.setFieldsValue(others);
            props.onChange?.(own ?? values[config.destFields[0]]);
          }}
        />
      )}
    </>
  );
}

function PopupModal(props: {
  config: PopupConfig;
  onOk(rows: Row[]): void;
  onCancel(): void;
}): React.JSX.Element {
  const [model, setModel] = useState<EntityModel | null>(null);
  const [failed, setFailed] = useState(false);
  const [chosen, setChosen] = useState<Row[]>([]);
  const { report } = props.config;
  useEffect(() => {
    if (!report) loadEntityModel(props.config.code).then(setModel, () => setFailed(true));
  }, [props.config.code, report]);
  const submit = () => {
    const problem = selectionProblem(chosen.length, props.config.multi);
    if (problem) void message.warning(problem);
    else props.onOk(chosen);
  };
  return (
    <Modal
      open
      title={report ? '请选择' : (model?.title ?? '')}
      width={POPUP_WIDTH}
      okText="确定"
      cancelText="关闭"
      onOk={submit}
      okButtonProps={{ disabled: !model && !report }}
      onCancel={props.onCancel}
      destroyOnHidden
      className="zj-popup-picker"
    >
      {failed && <Typography.Text type="danger">{PopupText.notConfigured}</Typography.Text>}
      {report && (
        <Suspense fallback={null}>
          <ReportPopupList report={report} multi={props.config.multi} chosen={chosen} onChoose={setChosen} />
        </Suspense>
      )}
      {model && <PopupList model={model} multi={props.config.multi} chosen={chosen} onChoose={setChosen} />}
    </Modal>
  );
}

interface PopupListProps {
  model: EntityModel;
  multi: boolean;
  chosen: Row[];
  onChoose(rows: Row[]): void;
}

function PopupList({ model, multi, chosen, onChoose }: PopupListProps): React.JSX.Element {
  const [page, setPage] = useState({ pageNo: 1, pageSize: 10 });
  const [keyword, setKeyword] = useState('');
  const searchField =
    model.declared.find((f) => f.query?.rule === 'like') ?? model.declared.find((f) => f.query);
  const params: Record<string, string | number> = { ...page };
  if (keyword && searchField) params[searchField.name] = singleValue(searchField.query?.rule, keyword);
  const { data, isLoading } = useListData(model.basePath, params);
  const names =
    model.declaration.list?.columns ?? model.declared.filter((f) => f.list !== false).map((f) => f.name);
  const columns: TableColumnsType<Row> = names.flatMap((name) => {
    const f = model.field(name);
    return f && f.readable
      ? [{ title: f.title, dataIndex: f.dict ? `${f.name}_dictText` : f.name, key: f.name }]
      : [];
  });
  const toggle = (row: Row) => {
    if (chosen.some((r) => r.id === row.id)) onChoose(chosen.filter((r) => r.id !== row.id));
    else onChoose(multi ? [...chosen, row] : [row]);
  };

  return (
    <>
      {searchField && (
        <Input.Search
          placeholder={`请输入${searchField.title}`}
          allowClear
          onSearch={(v) => {
            setKeyword(v.trim());
            setPage({ ...page, pageNo: 1 });
          }}
          style={{ width: 300, marginBottom: 12 }}
        />
      )}
      <Table<Row>
        size="small"
        rowKey={(row) => String(row.id)}
        loading={isLoading}
        dataSource={data?.success ? data.result.records : []}
        columns={columns}
        rowSelection={{
          type: multi ? 'checkbox' : 'radio',
          selectedRowKeys: chosen.map((r) => String(r.id)),
          preserveSelectedRowKeys: true,
          onSelect: toggle,
          onSelectAll: (selected, _rows, changed) => {
            const ids = new Set(changed.filter(Boolean).map((r) => r.id));
            onChoose(
              selected ? [...chosen, ...changed.filter(Boolean)] : chosen.filter((r) => !ids.has(r.id)),
            );
          },
        }}
        onRow={(row) => ({ onClick: () => toggle(row) })}
        pagination={pickerPagination(page, data?.success ? data.result.total : 0, (pageNo, pageSize) =>
          setPage({ pageNo, pageSize }),
        )}
      />
    </>
  );
}
