/**
 * 表单规则: when a field is shown, disabled or required, built as conditions over the other fields
 * (ConditionBuilder) and written to `form.rules` as json-logic data; below, the cross-field checks
 * (ChecksEditor.tsx, `checks`). The JSON view shows the result; a rule written there in another
 * shape is kept and shown read-only here.
 */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Select, Space, Typography } from 'antd';
import type { DeclarationDraft } from './field-edit';
import { ChecksEditor } from './ChecksEditor';
import { ConditionBuilder } from './ConditionBuilder';
import { fieldChoices, fromLogic, toLogic, type ConditionGroup } from './rule-logic';

type Rule = { field: string } & Partial<Record<Kind, unknown>>;
type Kind = 'visible' | 'disabled' | 'required';

const KINDS: { kind: Kind; label: string }[] = [
  { kind: 'visible', label: '显示' },
  { kind: 'disabled', label: '禁用' },
  { kind: 'required', label: '必填' },
];

export default function RuleEditor({
  draft,
  onChange,
}: {
  draft: DeclarationDraft;
  onChange(draft: DeclarationDraft): void;
}): React.JSX.Element {
  const fields = draft.fields ?? [];
  const { options, numeric } = fieldChoices(fields);
  const form = (draft.form ?? {}) as Record<string, unknown>;
  const rules = (Array.isArray(form.rules) ? form.rules : []) as Rule[];
  const write = (next: Rule[]) => {
    const { rules: _old, ...rest } = form;
    const nextForm = next.length > 0 ? { ...rest, rules: next } : rest;
    const { form: _form, ...others } = draft;
    // No empty `form: {}` left behind when the last rule goes.
    onChange(Object.keys(nextForm).length > 0 ? { ...draft, form: nextForm } : others);
  };
  const setRule = (i: number, rule: Rule) => write(rules.map((r, j) => (j === i ? rule : r)));
  const setCondition = (i: number, kind: Kind, group: ConditionGroup) => {
    const { [kind]: _old, ...rest } = rules[i];
    const logic = toLogic(group, numeric);
    setRule(i, logic === undefined ? rest : { ...rest, [kind]: logic });
  };
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      {rules.length === 0 && <Empty description="还没有表单规则：按条件显示、禁用或必填某个字段" />}
      {rules.map((rule, i) => (
        <Card
          key={i}
          size="small"
          title={
            <Select
              size="small"
              aria-label={`规则${i + 1}字段`}
              showSearch
              optionFilterProp="label"
              value={rule.field || undefined}
              placeholder="规则作用的字段"
              options={options}
              onChange={(field: string) => setRule(i, { ...rule, field })}
              style={{ width: 220 }}
            />
          }
          extra={
            <Button
              size="small"
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={`规则${i + 1}删除`}
              onClick={() => write(rules.filter((_, j) => j !== i))}
            />
          }
        >
          <Space direction="vertical" size={8}>
            {KINDS.map(({ kind, label }) => (
              <ConditionBuilder
                key={kind}
                label={label}
                group={fromLogic(rule[kind])}
                fields={options.filter((o) => o.value !== rule.field)}
                onChange={(group) => setCondition(i, kind, group)}
              />
            ))}
            <Typography.Text type="secondary" aria-label={`规则${i + 1}写入的JSON`}>
              写入：<code>{JSON.stringify(written(rule))}</code>
            </Typography.Text>
          </Space>
        </Card>
      ))}
      <Button icon={<PlusOutlined />} onClick={() => write([...rules, { field: fields[0]?.name ?? '' }])}>
        新增规则
      </Button>
      <ChecksEditor draft={draft} onChange={onChange} />
    </Space>
  );
}

/** The conditions as the JSON view holds them, shown under each rule. */
function written(rule: Rule): Partial<Record<Kind, unknown>> {
  return Object.fromEntries(
    KINDS.filter(({ kind }) => rule[kind] !== undefined).map(({ kind }) => [kind, rule[kind]]),
  );
}
