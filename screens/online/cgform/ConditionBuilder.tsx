/** One condition of a form rule: rows of field / operator / value, joined by 且 or 或 (rule-logic.ts). */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Input, Select, Space, Typography } from 'antd';
import { OPERATORS, type Condition, type ConditionGroup } from './rule-logic';

export interface FieldOption {
  value: string;
  label: string;
}

export function ConditionBuilder({
  label,
  group,
  fields,
  onChange,
}: {
  label: string;
  group: ConditionGroup | null;
  fields: readonly FieldOption[];
  onChange(group: ConditionGroup): void;
}): React.JSX.Element {
  if (!group)
    return (
      <Typography.Text type="secondary">{label}：JSON 中手写的条件，请在 JSON 视图中修改</Typography.Text>
    );
  const set = (i: number, patch: Partial<Condition>) =>
    onChange({ ...group, rows: group.rows.map((r, j) => (j === i ? { ...r, ...patch } : r)) });
  // A new row starts on the first field, so every row written is complete json-logic.
  const add = () =>
    onChange({ ...group, rows: [...group.rows, { field: fields[0]?.value ?? '', op: '==', value: '' }] });
  return (
    <Space direction="vertical" size={4} aria-label={`${label}条件`}>
      <Space size={8}>
        <span style={{ display: 'inline-block', width: 48 }}>{label}</span>
        {group.rows.length > 1 && (
          <Select
            size="small"
            aria-label={`${label}条件关系`}
            value={group.join}
            options={[
              { value: 'and', label: '全部满足（且）' },
              { value: 'or', label: '任一满足（或）' },
            ]}
            onChange={(join: 'and' | 'or') => onChange({ ...group, join })}
            style={{ width: 140 }}
          />
        )}
        {group.rows.length === 0 && <Typography.Text type="secondary">始终（不设条件）</Typography.Text>}
        <Button size="small" icon={<PlusOutlined />} onClick={add}>
          添加条件
        </Button>
      </Space>
      {group.rows.map((row, i) => (
        <Space key={i} size={8} style={{ paddingLeft: 56 }}>
          <Select
            size="small"
            aria-label={`${label}条件${i + 1}字段`}
            showSearch
            optionFilterProp="label"
            placeholder="字段"
            value={row.field || undefined}
            options={fields as FieldOption[]}
            onChange={(field: string) => set(i, { field })}
            style={{ width: 160 }}
          />
          <Select
            size="small"
            aria-label={`${label}条件${i + 1}运算`}
            value={row.op}
            options={OPERATORS}
            onChange={(op: Condition['op']) => set(i, { op })}
            style={{ width: 150 }}
          />
          {row.op !== 'filled' && row.op !== 'empty' && (
            <Input
              size="small"
              aria-label={`${label}条件${i + 1}值`}
              placeholder="值"
              value={row.value}
              onChange={(e) => set(i, { value: e.target.value })}
              style={{ width: 160 }}
            />
          )}
          <Button
            size="small"
            type="text"
            danger
            aria-label={`${label}条件${i + 1}删除`}
            icon={<DeleteOutlined />}
            onClick={() => onChange({ ...group, rows: group.rows.filter((_, j) => j !== i) })}
          />
        </Space>
      ))}
    </Space>
  );
}
