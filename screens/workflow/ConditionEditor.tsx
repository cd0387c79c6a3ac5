/**
 * 流转条件 of a sequence flow: rows of 字段 / 比较 / 值 joined by 且, written to the flow as
 * json-logic when 应用条件 is clicked. Never free code: only the shapes of condition.ts.
 */
import { Alert, AutoComplete, Button, Input, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { clauseProblem, describe, KNOWN_FIELDS, OPERATORS, type Clause } from './condition';

export function ConditionEditor({
  initial,
  onApply,
}: {
  /** null: the flow has a condition the editor cannot show. */
  initial: Clause[] | null;
  onApply(clauses: Clause[]): void;
}): React.JSX.Element {
  const [clauses, setClauses] = useState<Clause[]>(initial ?? []);
  const [problem, setProblem] = useState<string | null>(null);
  const set = (i: number, patch: Partial<Clause>) =>
    setClauses(clauses.map((c, j) => (j === i ? { ...c, ...patch } : c)));
  const apply = () => {
    const bad = clauses.map(clauseProblem).find((p) => p !== null);
    if (bad) {
      setProblem(bad);
      return;
    }
    setProblem(null);
    onApply(clauses);
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }} size={8}>
      {initial === null && <Alert type="warning" showIcon title="该条件无法在此编辑，重新设置将替换原条件" />}
      {clauses.map((c, i) => (
        <Space.Compact key={i} style={{ width: '100%' }} data-testid={`condition-${i}`}>
          <AutoComplete
            style={{ width: 130 }}
            value={c.field}
            options={[...KNOWN_FIELDS]}
            placeholder="字段"
            aria-label="条件字段"
            onChange={(field: string) => set(i, { field })}
          />
          <Select
            style={{ width: 100 }}
            value={c.op}
            options={[...OPERATORS]}
            aria-label="比较方式"
            onChange={(op) => set(i, { op })}
          />
          <Input
            style={{ width: 70 }}
            value={c.value}
            placeholder="值"
            aria-label="比较值"
            onChange={(e) => set(i, { value: e.target.value })}
          />
          <Button aria-label="删除条件" onClick={() => setClauses(clauses.filter((_, j) => j !== i))}>
            ×
          </Button>
        </Space.Compact>
      ))}
      <Space>
        <Button size="small" onClick={() => setClauses([...clauses, { field: '', op: '>', value: '' }])}>
          添加条件
        </Button>
        <Button size="small" type="primary" onClick={apply}>
          应用条件
        </Button>
      </Space>
      {problem && <Typography.Text type="danger">{problem}</Typography.Text>}
      {clauses.length > 0 && !problem && (
        <Typography.Text type="secondary">{`条件：${describe(clauses)}`}</Typography.Text>
      )}
    </Space>
  );
}
