/**
 * The field-table designer (docs/modules/online-forms.md): one row per field with the properties an
 * admin sets most; a row opens for the rest (default, 校验 with its tester, query mode, sorting,
 * permission code). Every change goes through field-edit.ts onto the one declaration the JSON view
 * shows too.
 */
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Checkbox, Form, Input, InputNumber, Select, Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import {
  addField,
  moveField,
  removeField,
  setQuery,
  TYPE_LABELS,
  updateField,
  WIDGET_LABELS,
  type DeclarationDraft,
  type FieldDraft,
} from './field-edit';
import { PatternField } from './PatternField';

export interface DictOption {
  value: string;
  label: string;
}

interface Props {
  draft: DeclarationDraft;
  onChange(draft: DeclarationDraft): void;
  dicts: readonly DictOption[];
  widgets: readonly string[];
}

const TYPES = Object.entries(TYPE_LABELS).map(([value, label]) => ({ value, label }));
const str = (v: unknown) => (typeof v === 'string' ? v : undefined);

function FieldMore({ field, index, set }: { field: FieldDraft; index: number; set: Setter }) {
  const query = field.query as { mode?: string } | undefined;
  const label = `第${index + 1}行`;
  return (
    <Form layout="inline" size="small" style={{ rowGap: 8 }}>
      <Form.Item label="默认值">
        <Input
          aria-label={`${label}默认值`}
          value={field.default === undefined ? '' : String(field.default)}
          placeholder="如 #{sysUserCode}"
          onChange={(e) => set({ default: e.target.value })}
          style={{ width: 160 }}
        />
      </Form.Item>
      <Form.Item label="校验" style={{ width: 440 }}>
        <PatternField
          label={`${label}校验`}
          value={str(field.pattern)}
          onChange={(v) => set({ pattern: v })}
        />
      </Form.Item>
      <Form.Item label="查询方式">
        <Select
          aria-label={`${label}查询方式`}
          disabled={!query}
          value={query?.mode ?? 'single'}
          options={[
            { value: 'single', label: '单条件' },
            { value: 'range', label: '范围' },
          ]}
          onChange={(mode) => set({ query: { ...query, mode } })}
          style={{ width: 100 }}
        />
      </Form.Item>
      <Form.Item>
        <Checkbox checked={field.sortable === true} onChange={(e) => set({ sortable: e.target.checked })}>
          可排序
        </Checkbox>
      </Form.Item>
      <Form.Item label="权限编码">
        <Input
          aria-label={`${label}权限编码`}
          value={str(field.permission) ?? ''}
          onChange={(e) => set({ permission: e.target.value })}
          style={{ width: 160 }}
        />
      </Form.Item>
    </Form>
  );
}

type Setter = (patch: Record<string, unknown>) => void;

export function FieldTable({ draft, onChange, dicts, widgets }: Props): React.JSX.Element {
  const fields = draft.fields ?? [];
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
      width: 64,
      render: (_, __, i) => (
        <Space size={0}>
          <Button
            size="small"
            type="text"
            aria-label={`第${i + 1}行上移`}
            icon={<ArrowUpOutlined />}
            disabled={i === 0}
            onClick={() => onChange(moveField(draft, i, -1))}
          />
          <Button
            size="small"
            type="text"
            aria-label={`第${i + 1}行下移`}
            icon={<ArrowDownOutlined />}
            disabled={i === fields.length - 1}
            onClick={() => onChange(moveField(draft, i, 1))}
          />
        </Space>
      ),
    },
    {
      title: '字段名',
      width: 120,
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
      width: 110,
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
          options={dicts as DictOption[]}
          placeholder="无"
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
    <Space direction="vertical" style={{ width: '100%' }}>
      <Table<FieldDraft>
        rowKey={(_, i) => String(i)}
        size="small"
        pagination={false}
        columns={columns}
        dataSource={fields}
        scroll={{ x: 1000 }}
        expandable={{
          expandedRowRender: (f, i) => <FieldMore field={f} index={i} set={setter(i)} />,
          columnWidth: 32,
        }}
      />
      <Button icon={<PlusOutlined />} onClick={() => onChange(addField(draft))}>
        新增字段
      </Button>
    </Space>
  );
}
