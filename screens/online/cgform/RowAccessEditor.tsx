/**
 * 状态规则 of the 页面设置 view: when a stored record may still be edited or deleted, as conditions
 * over its fields (and the caller: 是当前用户 ...), written to `rowAccess.edit` / `rowAccess.delete`
 * with their messages (row-access-edit.ts). The server refuses an edit or delete the rule does not
 * allow with the message, and the list hides 编辑 / 删除 on such rows. A rule written by hand in
 * another shape, and a read rule, are kept and shown read-only.
 */
import { Card, Input, Space, Typography } from 'antd';
import { ConditionBuilder } from './ConditionBuilder';
import type { DeclarationDraft } from './field-edit';
import {
  fromRowRule,
  ROW_OPERATORS,
  ROW_SYSTEM_FIELDS,
  rowAccessOf,
  setRowAccess,
  setRowCondition,
} from './row-access-edit';

export function RowAccessEditor({
  draft,
  onChange,
}: {
  draft: DeclarationDraft;
  onChange(draft: DeclarationDraft): void;
}): React.JSX.Element {
  const access = rowAccessOf(draft);
  const fields = [
    ...(draft.fields ?? []).map((f) => ({ value: f.name, label: `${f.title}（${f.name}）` })),
    ...ROW_SYSTEM_FIELDS,
  ];
  const message = (key: 'editMessage' | 'deleteMessage', label: string, fallback: string) => (
    <Space size={8} style={{ paddingLeft: 80 }}>
      <span>{label}</span>
      <Input
        size="small"
        aria-label={label}
        value={typeof access[key] === 'string' ? access[key] : ''}
        placeholder={fallback}
        onChange={(e) => onChange(setRowAccess(draft, key, e.target.value))}
        style={{ width: 320 }}
      />
    </Space>
  );
  return (
    <Card size="small" title="状态规则">
      <Space direction="vertical" size={8}>
        <Typography.Text type="secondary">
          满足条件的记录才能编辑 / 删除，如“状态 等于 0”=
          仅待处理时可编辑；不设条件则不限制，不设可删除条件时与可编辑条件相同。服务器同样校验，列表中不满足条件的行不显示编辑
          / 删除。
        </Typography.Text>
        <ConditionBuilder
          label="可编辑条件"
          group={fromRowRule(access.edit)}
          fields={fields}
          operators={ROW_OPERATORS}
          empty="不限制"
          onChange={(group) => onChange(setRowCondition(draft, 'edit', group))}
        />
        {message('editMessage', '不可编辑时提示', '无权编辑该记录')}
        <ConditionBuilder
          label="可删除条件"
          group={fromRowRule(access.delete)}
          fields={fields}
          operators={ROW_OPERATORS}
          empty="同可编辑条件"
          onChange={(group) => onChange(setRowCondition(draft, 'delete', group))}
        />
        {message('deleteMessage', '不可删除时提示', '无权删除该记录')}
        {access.read !== undefined && (
          <Typography.Text type="secondary">
            另有可查看条件（rowAccess.read），请在 JSON 视图中修改。
          </Typography.Text>
        )}
        <Typography.Text type="secondary" aria-label="状态规则写入的JSON">
          写入：<code>{JSON.stringify(access)}</code>
        </Typography.Text>
      </Space>
    </Card>
  );
}
