/**
 * The part of a field-table row that opens (FieldTable.tsx): 默认值, 校验 with its tester, 查询方式,
 * 可排序 and 权限编码 — the properties an admin sets less often.
 */
import { Checkbox, Form, Input, Select } from 'antd';
import type { FieldDraft } from './field-edit';
import { PatternField } from './PatternField';

export type Setter = (patch: Record<string, unknown>) => void;

const str = (v: unknown) => (typeof v === 'string' ? v : undefined);

export function FieldMore({ field, index, set }: { field: FieldDraft; index: number; set: Setter }) {
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
