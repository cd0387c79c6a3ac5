/**
 * 校验规则 of the 表单规则 view: cross-field checks (`checks[]` {rule, message, field}) that must hold
 * for the record, else the save is refused with the message, shown under the field. Built with the
 * condition editor over the record's fields (a value may be another field's: 结束日期 大于等于 字段
 * 开始日期); the form and the server check them with the same code. A rule written by hand in
 * another shape (over child rows, say) is kept and shown read-only.
 */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Input, Select, Space, Typography } from 'antd';
import { ConditionBuilder } from './ConditionBuilder';
import type { DeclarationDraft } from './field-edit';
import { fieldChoices, fromLogic, toLogic, type ConditionGroup } from './rule-logic';
import { setKey } from './settings-edit';

interface Check {
  rule?: unknown;
  message: string;
  field?: string;
}

export function ChecksEditor({
  draft,
  onChange,
}: {
  draft: DeclarationDraft;
  onChange(draft: DeclarationDraft): void;
}): React.JSX.Element {
  const fields = draft.fields ?? [];
  const { options, numeric } = fieldChoices(fields);
  const checks = (Array.isArray(draft.checks) ? draft.checks : []) as Check[];
  const write = (next: Check[]) => onChange(setKey(draft, 'checks', next));
  const set = (i: number, patch: Partial<Check>) => {
    const merged: Check = { ...checks[i], ...patch };
    if (!merged.field) delete merged.field;
    if (merged.rule === undefined) delete merged.rule;
    write(checks.map((c, j) => (j === i ? merged : c)));
  };
  const add = () => {
    const first = fields[0];
    write([
      ...checks,
      {
        rule: { '!!': [{ var: first?.name ?? '' }] },
        message: `请填写${first?.title ?? ''}`,
        ...(first ? { field: first.name } : {}),
      },
    ]);
  };
  return (
    <Card
      size="small"
      title="校验规则（保存时检查，不满足则拒绝保存）"
      extra={
        <Button size="small" icon={<PlusOutlined />} onClick={add}>
          新增校验
        </Button>
      }
    >
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        {checks.length === 0 && (
          <Typography.Text type="secondary">
            没有校验规则：如“结束日期 大于等于 开始日期”，否则提示并拒绝保存
          </Typography.Text>
        )}
        {checks.map((check, i) => (
          <Space key={i} direction="vertical" size={4} aria-label={`校验${i + 1}`}>
            <ConditionBuilder
              label={`校验${i + 1}须满足`}
              group={fromLogic(check.rule)}
              fields={options}
              onChange={(group: ConditionGroup) => set(i, { rule: toLogic(group, numeric) })}
            />
            <Space size={8} style={{ paddingLeft: 80 }}>
              <Input
                size="small"
                aria-label={`校验${i + 1}提示`}
                placeholder="不满足时的提示"
                value={check.message}
                onChange={(e) => set(i, { message: e.target.value })}
                style={{ width: 260 }}
              />
              <Select
                size="small"
                aria-label={`校验${i + 1}提示字段`}
                allowClear
                showSearch
                optionFilterProp="label"
                placeholder="提示显示在（字段）"
                value={check.field}
                options={options}
                onChange={(field?: string) => set(i, { field })}
                style={{ width: 200 }}
              />
              <Button
                size="small"
                type="text"
                danger
                aria-label={`校验${i + 1}删除`}
                icon={<DeleteOutlined />}
                onClick={() => write(checks.filter((_, j) => j !== i))}
              />
            </Space>
          </Space>
        ))}
      </Space>
    </Card>
  );
}
