/**
 * 基本信息 and 权限编码 of the 页面设置 view: the form's name, title, table, API path and permission
 * prefix, and a code per built-in action (`permissions`; empty = `<prefix>:<action>`). A stored
 * form's name is its key and cannot change (the save says so at /name).
 */
import { Card, Form, Input, Table } from 'antd';
import { PERMISSION_ACTIONS, setName, setPermission } from './basics-edit';
import type { DeclarationDraft } from './field-edit';
import { setKey } from './settings-edit';

const str = (v: unknown) => (typeof v === 'string' ? v : '');

export function BasicsEditor({
  draft,
  onChange,
}: {
  draft: DeclarationDraft;
  onChange(draft: DeclarationDraft): void;
}): React.JSX.Element {
  const text = (key: string, label: string, placeholder?: string) => (
    <Form.Item label={label}>
      <Input
        aria-label={`表单${label}`}
        value={str(draft[key])}
        placeholder={placeholder}
        onChange={(e) =>
          onChange(key === 'name' ? setName(draft, e.target.value) : setKey(draft, key, e.target.value))
        }
        style={{ width: 320 }}
      />
    </Form.Item>
  );
  return (
    <Card size="small" title="基本信息">
      <Form layout="horizontal" labelCol={{ flex: '120px' }} colon={false}>
        {text('name', '名称', '实体名，如 visitLog')}
        {text('title', '标题')}
        {text('table', '表名', '如 onl_visit_log')}
        {text('basePath', '接口路径', '/online/data/visitLog')}
        {text('permissionPrefix', '权限前缀')}
      </Form>
    </Card>
  );
}

export function PermissionsEditor({
  draft,
  onChange,
}: {
  draft: DeclarationDraft;
  onChange(draft: DeclarationDraft): void;
}): React.JSX.Element {
  const prefix = str(draft.permissionPrefix);
  const codes = (draft.permissions ?? {}) as Record<string, unknown>;
  return (
    <Card size="small" title="权限编码">
      <Table
        size="small"
        rowKey="action"
        pagination={false}
        dataSource={[...PERMISSION_ACTIONS]}
        columns={[
          { title: '操作', dataIndex: 'label', width: 140 },
          {
            title: '权限编码（留空按权限前缀）',
            render: (_, row) => (
              <Input
                size="small"
                aria-label={`${row.label}权限编码`}
                value={str(codes[row.action])}
                placeholder={`${prefix}:${row.suffix}`}
                onChange={(e) => onChange(setPermission(draft, row.action, e.target.value))}
              />
            ),
          },
        ]}
      />
    </Card>
  );
}
