/**
 * One condition: rows of field / operator / value, joined by 且 or 或 (rule-logic.ts). Form rules and
 * checks use the record's operators (a comparison's value may be another field's: 值 / 字段); state
 * rules pass their own (row-access-edit.ts), some of which take no value (是当前用户).
 */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Input, Select, Space, Typography } from 'antd';
import {
  OPERATORS,
  type Condition,
  type ConditionGroup,
  type Operator,
  type OperatorOption,
} from './rule-logic';

export interface FieldOption {
  value: string;
  label: string;
}

export function ConditionBuilder<Op extends string = Operator>({
  label,
  group,
  fields,
  onChange,
  operators = OPERATORS as unknown as readonly OperatorOption<Op>[],
  empty = '始终（不设条件）',
}: {
  label: string;
  group: ConditionGroup<Op> | null;
  fields: readonly FieldOption[];
  onChange(group: ConditionGroup<Op>): void;
  operators?: readonly OperatorOption<Op>[];
  /** What no row means, e.g. 始终 or 不限制. */
  empty?: string;
}): React.JSX.Element {
  if (!group)
    return (
      <Typography.Text type="secondary">{label}：JSON 中手写的条件，请在 JSON 视图中修改</Typography.Text>
    );
  const set = (i: number, patch: Partial<Condition<Op>>) =>
    onChange({ ...group, rows: group.rows.map((r, j) => (j === i ? { ...r, ...patch } : r)) });
  const option = (op: Op) => operators.find((o) => o.value === op);
  // A new row starts on the first field, so every row written is complete json-logic.
  const add = () =>
    onChange({
      ...group,
      rows: [...group.rows, { field: fields[0]?.value ?? '', op: operators[0].value, value: '' }],
    });
  return (
    <Space direction="vertical" size={4} aria-label={`${label}条件`}>
      <Space size={8}>
        <span style={{ display: 'inline-block', width: 72 }}>{label}</span>
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
        {group.rows.length === 0 && <Typography.Text type="secondary">{empty}</Typography.Text>}
        <Button size="small" icon={<PlusOutlined />} onClick={add}>
          添加条件
        </Button>
      </Space>
      {group.rows.map((row, i) => (
        <Space key={i} size={8} style={{ paddingLeft: 80 }}>
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
            options={operators.map((o) => ({ value: o.value, label: o.label }))}
            onChange={(op: Op) => set(i, { op, ref: option(op)?.comparable ? row.ref : undefined })}
            style={{ width: 150 }}
          />
          {option(row.op)?.comparable && (
            <Select
              size="small"
              aria-label={`${label}条件${i + 1}比较对象`}
              value={row.ref ? 'field' : 'value'}
              options={[
                { value: 'value', label: '值' },
                { value: 'field', label: '字段' },
              ]}
              onChange={(kind: string) =>
                // A field starts on the first other one, so the row stays complete json-logic.
                kind === 'field'
                  ? set(i, { ref: true, value: fields.find((f) => f.value !== row.field)?.value ?? '' })
                  : set(i, { ref: undefined, value: '' })
              }
              style={{ width: 72 }}
            />
          )}
          {!option(row.op)?.noValue &&
            (row.ref ? (
              <Select
                size="small"
                aria-label={`${label}条件${i + 1}比较字段`}
                showSearch
                optionFilterProp="label"
                placeholder="另一个字段"
                value={row.value || undefined}
                options={fields.filter((f) => f.value !== row.field) as FieldOption[]}
                onChange={(value: string) => set(i, { value })}
                style={{ width: 160 }}
              />
            ) : (
              <Input
                size="small"
                aria-label={`${label}条件${i + 1}值`}
                placeholder="值"
                value={row.value}
                onChange={(e) => set(i, { value: e.target.value })}
                style={{ width: 160 }}
              />
            ))}
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
