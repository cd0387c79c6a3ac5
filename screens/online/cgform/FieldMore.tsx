/**
 * The part of a field-table row that opens (FieldTable.tsx), the properties an admin sets less
 * often: 校验 (pattern with its tester and 校验提示, lengths, number limits), 查询 (方式 and 规则),
 * 默认值, 可排序, 只读, 父内唯一, 多选 of a picker, 权限编码 and 引用 (ReferenceField.tsx). Each writes
 * the key the JSON view shows (field-edit.ts, field-more-edit.ts).
 */
import { Checkbox, Form, Input, InputNumber, Select } from 'antd';
import type { FieldDraft } from './field-edit';
import { MULTI_PICKERS, multiPatch, NUMERIC, QUERY_RULES, queryPatch, TEXTUAL } from './field-more-edit';
import { PatternField } from './PatternField';
import { ReferenceField } from './ReferenceField';

export type Setter = (patch: Record<string, unknown>) => void;

const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
const num = (v: unknown) => (typeof v === 'number' ? v : null);
/** A number field's default is a number (the language refuses "5" there); a variable stays text. */
const defaultOf = (field: FieldDraft, text: string) =>
  NUMERIC.has(field.type) && text.trim() !== '' && Number.isFinite(Number(text)) ? Number(text) : text;

export function FieldMore({ field, index, set }: { field: FieldDraft; index: number; set: Setter }) {
  const query = field.query as { mode?: string; rule?: string } | undefined;
  const label = `第${index + 1}行`;
  const options = (field.widgetOptions ?? {}) as { multi?: unknown };
  const number = (key: string, title: string, min?: number) => (
    <Form.Item label={title}>
      <InputNumber
        aria-label={`${label}${title}`}
        min={min}
        value={num(field[key])}
        onChange={(v) => set({ [key]: v ?? undefined })}
        style={{ width: 96 }}
      />
    </Form.Item>
  );
  const box = (key: string, title: string, checked: boolean, patch: Record<string, unknown>) => (
    <Form.Item>
      <Checkbox aria-label={`${label}${title}`} checked={checked} onChange={() => set(patch)}>
        {title}
      </Checkbox>
    </Form.Item>
  );
  return (
    <Form layout="inline" size="small" style={{ rowGap: 8 }}>
      <Form.Item label="校验" style={{ width: 440 }}>
        <PatternField
          label={`${label}校验`}
          value={str(field.pattern)}
          message={str(field.message)}
          onChange={(v) => set({ pattern: v, message: v ? field.message : undefined })}
        />
      </Form.Item>
      <Form.Item label="校验提示">
        <Input
          aria-label={`${label}校验提示`}
          disabled={!field.pattern}
          value={str(field.message) ?? ''}
          placeholder="不通过时的提示"
          onChange={(e) => set({ message: e.target.value })}
          style={{ width: 180 }}
        />
      </Form.Item>
      {TEXTUAL.has(field.type) && number('minLength', '最小长度', 0)}
      {TEXTUAL.has(field.type) && number('maxLength', '最大长度', 1)}
      {NUMERIC.has(field.type) && number('min', '最小值')}
      {NUMERIC.has(field.type) && number('max', '最大值')}
      <Form.Item label="查询方式">
        <Select
          aria-label={`${label}查询方式`}
          disabled={!query}
          value={query?.mode ?? 'single'}
          options={[
            { value: 'single', label: '单条件' },
            { value: 'range', label: '范围' },
          ]}
          onChange={(mode: string) => set(queryPatch(field, { mode }))}
          style={{ width: 100 }}
        />
      </Form.Item>
      <Form.Item label="查询规则">
        <Select
          aria-label={`${label}查询规则`}
          disabled={!query || query.mode === 'range'}
          allowClear
          showSearch
          optionFilterProp="label"
          placeholder="按类型默认"
          value={query?.rule}
          options={QUERY_RULES}
          onChange={(rule?: string) => set(queryPatch(field, { rule: rule ?? null }))}
          style={{ width: 170 }}
        />
      </Form.Item>
      <Form.Item label="默认值">
        <Input
          aria-label={`${label}默认值`}
          value={field.default === undefined ? '' : String(field.default)}
          placeholder="如 #{sysUserCode}"
          onChange={(e) => set({ default: defaultOf(field, e.target.value) })}
          style={{ width: 160 }}
        />
      </Form.Item>
      {box('sortable', '可排序', field.sortable === true, { sortable: field.sortable !== true })}
      {box('readOnly', '只读', field.readOnly === true, { readOnly: field.readOnly !== true || undefined })}
      {box('uniqueInParent', '父内唯一', field.uniqueInParent === true, {
        uniqueInParent: field.uniqueInParent !== true || undefined,
      })}
      {typeof field.widget === 'string' &&
        MULTI_PICKERS.has(field.widget) &&
        box('multi', '多选', options.multi === true, multiPatch(field, options.multi !== true))}
      <Form.Item label="权限编码">
        <Input
          aria-label={`${label}权限编码`}
          value={str(field.permission) ?? ''}
          onChange={(e) => set({ permission: e.target.value })}
          style={{ width: 160 }}
        />
      </Form.Item>
      <ReferenceField field={field} label={label} set={set} />
    </Form>
  );
}
