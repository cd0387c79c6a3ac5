/**
 * 多人审批 and 字段权限 of a user task in the modeler's panel. 会签 / 或签 write `zh:multi` and the
 * standard parallel multiInstanceLoopCharacteristics (the canvas shows its ||| marker) whose
 * loopCardinality the engine resolves through our service; the field rights write `zh:fields`.
 */
import { AutoComplete, Button, Form, Select, Space } from 'antd';
import { useState } from 'react';
import type { BusinessObject, Moddle } from './bpmn/services';
import { KNOWN_FIELDS } from './condition';
import {
  formatRights,
  MULTI_OPTIONS,
  parseRights,
  RIGHT_OPTIONS,
  SIGNERS_EXPRESSION,
  type FieldRight,
  type Multi,
} from './task-options';

export function TaskOptions({
  bo,
  moddle,
  update,
}: {
  bo: BusinessObject;
  moddle: Moddle;
  update(props: Record<string, unknown>): void;
}): React.JSX.Element {
  const [rows, setRows] = useState<FieldRight[]>(() =>
    parseRights(bo.get('zh:fields') as string | undefined),
  );
  const multi = ((bo.get('zh:multi') as string | undefined) ?? '') as Multi;
  const setMulti = (next: Multi) =>
    update({
      'zh:multi': next || undefined,
      loopCharacteristics: next
        ? moddle.create('bpmn:MultiInstanceLoopCharacteristics', {
            isSequential: false,
            loopCardinality: moddle.create('bpmn:FormalExpression', { body: SIGNERS_EXPRESSION }),
          })
        : undefined,
    });
  const save = (next: FieldRight[]) => {
    setRows(next);
    update({ 'zh:fields': formatRights(next) || undefined });
  };
  const set = (i: number, patch: Partial<FieldRight>) =>
    save(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <>
      <Form.Item label="多人审批" extra="会签、或签时每位审批人各有一条待办">
        <Select<Multi> aria-label="多人审批" value={multi} options={[...MULTI_OPTIONS]} onChange={setMulti} />
      </Form.Item>
      <Form.Item label="字段权限" extra="未列出的字段只读；服务端拒绝修改非可编辑字段">
        <Space direction="vertical" style={{ width: '100%' }} size={6}>
          {rows.map((r, i) => (
            <Space.Compact key={i} style={{ width: '100%' }} data-testid={`field-right-${i}`}>
              <AutoComplete
                style={{ width: 140 }}
                value={r.field}
                options={[...KNOWN_FIELDS]}
                placeholder="字段"
                aria-label="权限字段"
                onChange={(field: string) => set(i, { field })}
              />
              <Select
                style={{ width: 100 }}
                value={r.right}
                options={[...RIGHT_OPTIONS]}
                aria-label="字段权限"
                onChange={(right) => set(i, { right })}
              />
              <Button aria-label="删除字段权限" onClick={() => save(rows.filter((_, j) => j !== i))}>
                ×
              </Button>
            </Space.Compact>
          ))}
          <Button size="small" onClick={() => setRows([...rows, { field: '', right: 'edit' }])}>
            添加字段权限
          </Button>
        </Space>
      </Form.Item>
    </>
  );
}
