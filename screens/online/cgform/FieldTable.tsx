/**
 * The field-table designer (docs/modules/online-forms.md): one row per field with the properties an
 * admin sets most (the 字典 picker also offers the allow-listed table dictionaries: 用户, 部门 ...);
 * a row opens for the rest (FieldMore.tsx: 校验, limits, query, default, read-only, references ...). Every change goes through field-edit.ts onto the one declaration the JSON view
 * shows too. Rows move by drag (the handle) or by the arrows; the row the admin is on is marked and
 * kept when switching to the JSON view (DesignerTabs).
 */
import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  HolderOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import { Button, Checkbox, Input, InputNumber, Select, Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useRef } from 'react';
import {
  addField,
  moveFieldTo,
  removeField,
  setQuery,
  TYPE_LABELS,
  updateField,
  WIDGET_LABELS,
  type DeclarationDraft,
  type FieldDraft,
} from './field-edit';
import { FieldMore, type Setter } from './FieldMore';
import { TABLE_DICTS } from './field-more-edit';
import { useRowDrag } from './row-drag';
import './field-table.css';

export interface DictOption {
  value: string;
  label: string;
}

interface Props {
  draft: DeclarationDraft;
  onChange(draft: DeclarationDraft): void;
  dicts: readonly DictOption[];
  widgets: readonly string[];
  /** The field the admin is on (marked, scrolled to on open), and the report of a row taking focus. */
  current?: number | null;
  onCurrent?(index: number): void;
}

const TYPES = Object.entries(TYPE_LABELS).map(([value, label]) => ({ value, label }));
const str = (v: unknown) => (typeof v === 'string' ? v : undefined);

export function FieldTable({
  draft,
  onChange,
  dicts,
  widgets,
  current,
  onCurrent,
}: Props): React.JSX.Element {
  const fields = draft.fields ?? [];
  const root = useRef<HTMLDivElement>(null);
  // A drag and the arrows move a field the same way; the moved field stays the one the admin is on.
  const moveTo = (from: number, to: number) => {
    onChange(moveFieldTo(draft, from, to));
    onCurrent?.(to);
  };
  const drag = useRowDrag(moveTo);
  const arrow = (i: number, step: -1 | 1) => (
    <Button
      size="small"
      type="text"
      aria-label={`第${i + 1}行${step < 0 ? '上移' : '下移'}`}
      icon={step < 0 ? <ArrowUpOutlined /> : <ArrowDownOutlined />}
      disabled={i + step < 0 || i + step >= fields.length}
      onClick={() => moveTo(i, i + step)}
    />
  );
  // Only on open: the view comes back to the field the JSON cursor was on.
  useEffect(() => {
    root.current?.querySelector('.zj-field-row--current')?.scrollIntoView({ block: 'nearest' });
  }, []);
  const setter =
    (index: number): Setter =>
    (patch) =>
      onChange(updateField(draft, index, patch));
  const box = (key: 'required' | 'unique' | 'list' | 'detail', title: string, fallback: boolean) => ({
    title,
    width: 48,
    render: (_: unknown, f: FieldDraft, i: number) => (
      <Checkbox
        aria-label={`第${i + 1}行${title}`}
        checked={(f[key] ?? fallback) === true}
        onChange={(e) => setter(i)({ [key]: e.target.checked })}
      />
    ),
  });
  const columns: ColumnsType<FieldDraft> = [
    {
      title: '顺序',
      width: 88,
      render: (_, __, i) => (
        <Space size={0}>
          <span className="zj-field-table__handle" {...drag.handle(i)}>
            <HolderOutlined />
          </span>
          {arrow(i, -1)}
          {arrow(i, 1)}
        </Space>
      ),
    },
    {
      title: '字段名',
      width: 150,
      render: (_, f, i) => (
        <Input
          size="small"
          aria-label={`第${i + 1}行字段名`}
          value={f.name}
          onChange={(e) => setter(i)({ name: e.target.value })}
        />
      ),
    },
    {
      title: '标题',
      width: 130,
      render: (_, f, i) => (
        <Input
          size="small"
          aria-label={`第${i + 1}行标题`}
          value={f.title}
          onChange={(e) => setter(i)({ title: e.target.value })}
        />
      ),
    },
    {
      title: '类型',
      width: 96,
      render: (_, f, i) => (
        <Select
          size="small"
          aria-label={`第${i + 1}行类型`}
          value={f.type}
          options={TYPES}
          onChange={(type: string) => setter(i)({ type, length: type === 'string' ? f.length : undefined })}
          style={{ width: '100%' }}
        />
      ),
    },
    {
      title: '长度',
      width: 76,
      render: (_, f, i) => (
        <InputNumber
          size="small"
          aria-label={`第${i + 1}行长度`}
          min={1}
          max={4000}
          disabled={f.type !== 'string'}
          value={typeof f.length === 'number' ? f.length : null}
          onChange={(v) => setter(i)({ length: v ?? undefined })}
          style={{ width: '100%' }}
        />
      ),
    },
    box('required', '必填', false),
    box('unique', '唯一', false),
    {
      title: '字典',
      width: 130,
      render: (_, f, i) => (
        <Select
          size="small"
          aria-label={`第${i + 1}行字典`}
          allowClear
          showSearch
          optionFilterProp="label"
          value={str(f.dict)}
          disabled={f.reference !== undefined}
          options={[...TABLE_DICTS, ...dicts]}
          placeholder={f.reference === undefined ? '无' : '引用'}
          onChange={(dict?: string) => setter(i)({ dict })}
          style={{ width: '100%' }}
        />
      ),
    },
    {
      title: '控件',
      width: 116,
      render: (_, f, i) => (
        <Select
          size="small"
          aria-label={`第${i + 1}行控件`}
          allowClear
          showSearch
          optionFilterProp="label"
          value={str(f.widget)}
          placeholder="按类型"
          options={widgets.map((w) => ({ value: w, label: WIDGET_LABELS[w] ?? w }))}
          onChange={(widget?: string) => setter(i)({ widget })}
          style={{ width: '100%' }}
        />
      ),
    },
    box('list', '列表', true),
    {
      title: '表单',
      width: 48,
      render: (_, f, i) => (
        <Checkbox
          aria-label={`第${i + 1}行表单`}
          checked={f.form !== false}
          onChange={(e) => setter(i)({ form: e.target.checked })}
        />
      ),
    },
    box('detail', '详情', true),
    {
      title: '查询',
      width: 48,
      render: (_, f, i) => (
        <Checkbox
          aria-label={`第${i + 1}行查询`}
          checked={f.query !== undefined}
          onChange={(e) => onChange(setQuery(draft, i, e.target.checked ? {} : null))}
        />
      ),
    },
    {
      title: '',
      width: 40,
      render: (_, __, i) => (
        <Button
          size="small"
          type="text"
          danger
          aria-label={`第${i + 1}行删除`}
          icon={<DeleteOutlined />}
          onClick={() => onChange(removeField(draft, i))}
        />
      ),
    },
  ];
  return (
    <div ref={root} className="zj-field-table">
      <Space direction="vertical" style={{ width: '100%' }}>
        <Table<FieldDraft>
          rowKey={(_, i) => String(i)}
          rowClassName={(_, i) =>
            [i === current ? 'zj-field-row--current' : '', i === drag.over ? 'zj-field-row--drop' : ''].join(
              ' ',
            )
          }
          onRow={(_, i) => ({
            onFocus: () => i !== undefined && onCurrent?.(i),
            ...(i === undefined ? {} : drag.row(i)),
          })}
          size="small"
          pagination={false}
          columns={columns}
          dataSource={fields}
          // Wide enough that a field's name and title read whole (the drawer is 1240 px).
          scroll={{ x: 1130 }}
          expandable={{
            expandedRowRender: (f, i) => <FieldMore field={f} index={i} set={setter(i)} />,
            columnWidth: 32,
          }}
        />
        <Button icon={<PlusOutlined />} onClick={() => onChange(addField(draft))}>
          新增字段
        </Button>
      </Space>
    </div>
  );
}
