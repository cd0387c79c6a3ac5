/**
 * 状态流转 of the 页面设置 view: per transition its name, title, status field, from (several
 * values), to, permission (default `<prefix>:<name>`) and confirm text, written to `transitions`.
 * Each becomes a row link and a route (`PUT <basePath>/<name>`) of the generated screen.
 */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Input, Select, Table } from 'antd';
import type { DeclarationDraft } from './field-edit';
import {
  addTransition,
  removeTransition,
  transitionsOf,
  updateTransition,
  type TransitionDraft,
} from './settings-edit';

const STATUS_TYPES = new Set(['string', 'int', 'boolean']);

export function TransitionsEditor({
  draft,
  onChange,
}: {
  draft: DeclarationDraft;
  onChange(draft: DeclarationDraft): void;
}): React.JSX.Element {
  const rows = transitionsOf(draft);
  const fieldOptions = (draft.fields ?? [])
    .filter((f) => STATUS_TYPES.has(f.type))
    .map((f) => ({ value: f.name, label: `${f.title}（${f.name}）` }));
  const prefix = typeof draft.permissionPrefix === 'string' ? draft.permissionPrefix : '';
  const set = (i: number, patch: Partial<TransitionDraft>) => onChange(updateTransition(draft, i, patch));
  const text = (i: number, key: 'name' | 'title' | 'to' | 'permission' | 'confirm', label: string) =>
    function Cell(value: string | undefined) {
      return (
        <Input
          size="small"
          aria-label={`流转${i + 1}${label}`}
          value={value ?? ''}
          placeholder={key === 'permission' ? `${prefix}:${rows[i]?.name ?? ''}` : undefined}
          onChange={(e) => set(i, { [key]: e.target.value })}
        />
      );
    };
  return (
    <Card
      size="small"
      title="状态流转"
      extra={
        <Button size="small" icon={<PlusOutlined />} onClick={() => onChange(addTransition(draft))}>
          新增流转
        </Button>
      }
    >
      <Table<TransitionDraft>
        size="small"
        rowKey={(_, i) => String(i)}
        pagination={false}
        dataSource={rows}
        locale={{ emptyText: '没有状态流转：新增后每个流转是一个行操作（如 提交、关闭）' }}
        columns={[
          {
            title: '名称',
            dataIndex: 'name',
            width: 120,
            render: (v: string, _, i) => text(i, 'name', '名称')(v),
          },
          {
            title: '标题',
            dataIndex: 'title',
            width: 100,
            render: (v: string, _, i) => text(i, 'title', '标题')(v),
          },
          {
            title: '状态字段',
            dataIndex: 'field',
            width: 150,
            render: (v: string, _, i) => (
              <Select
                size="small"
                aria-label={`流转${i + 1}状态字段`}
                showSearch
                optionFilterProp="label"
                style={{ width: '100%' }}
                value={v || undefined}
                options={fieldOptions}
                onChange={(field: string) => set(i, { field })}
              />
            ),
          },
          {
            title: '从（可多个）',
            dataIndex: 'from',
            width: 150,
            render: (v: string[], _, i) => (
              <Select
                size="small"
                mode="tags"
                aria-label={`流转${i + 1}从`}
                style={{ width: '100%' }}
                value={Array.isArray(v) ? v : []}
                open={false}
                tokenSeparators={[',', '，', ' ']}
                onChange={(from: string[]) => set(i, { from })}
              />
            ),
          },
          { title: '到', dataIndex: 'to', width: 80, render: (v: string, _, i) => text(i, 'to', '到')(v) },
          {
            title: '权限编码',
            dataIndex: 'permission',
            width: 150,
            render: (v: string, _, i) => text(i, 'permission', '权限编码')(v),
          },
          {
            title: '确认提示',
            dataIndex: 'confirm',
            render: (v: string, _, i) => text(i, 'confirm', '确认提示')(v),
          },
          {
            title: '',
            key: 'remove',
            width: 40,
            render: (_, __, i) => (
              <Button
                size="small"
                type="text"
                danger
                aria-label={`删除流转${i + 1}`}
                icon={<DeleteOutlined />}
                onClick={() => onChange(removeTransition(draft, i))}
              />
            ),
          },
        ]}
      />
    </Card>
  );
}
