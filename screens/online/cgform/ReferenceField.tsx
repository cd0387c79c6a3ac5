/**
 * 引用 of a field row (FieldMore.tsx): the field holds the id of another declaration's record
 * (`reference`): 引用表单 (a designed form, this one, one made in this save, or a system form), 标题字段 (the
 * target's field shown as the record's title; default name), 多个 (a comma list) and 删除时 (限制删除 /
 * 级联删除). A reference takes no dictionary: choosing one removes `dict` (field-more-edit.ts).
 */
import { Checkbox, Form, Select, Space } from 'antd';
import { useReferenceTargets, useFieldsOf } from './design-sources';
import type { FieldDraft } from './field-edit';
import { referenceOf, referencePatch } from './field-more-edit';
import type { Setter } from './FieldMore';

export function ReferenceField({
  field,
  label,
  set,
}: {
  field: FieldDraft;
  label: string;
  set: Setter;
}): React.JSX.Element {
  const ref = referenceOf(field);
  // Any form, this one too (a record pointing to another of its kind: 上级客户).
  const targets = useReferenceTargets(null);
  const fields = useFieldsOf(ref?.entity ? [ref.entity] : []);
  const change = (patch: Parameters<typeof referencePatch>[1]) => set(referencePatch(field, patch));
  return (
    <Form.Item label="引用">
      <Space wrap size={8}>
        <Select
          aria-label={`${label}引用表单`}
          allowClear
          showSearch
          optionFilterProp="label"
          placeholder="不引用其他表单"
          value={ref?.entity}
          options={targets}
          onChange={(entity?: string) => change(entity ? { entity } : null)}
          style={{ width: 240 }}
        />
        {ref && (
          <>
            <Select
              aria-label={`${label}引用标题字段`}
              allowClear
              showSearch
              optionFilterProp="label"
              placeholder="标题字段（默认 name）"
              value={ref.text}
              options={fields[ref.entity ?? ''] ?? []}
              onChange={(text?: string) => change({ text })}
              style={{ width: 180 }}
            />
            <Checkbox
              aria-label={`${label}引用多个`}
              checked={ref.multiple === true}
              onChange={(e) => change({ multiple: e.target.checked })}
            >
              多个
            </Checkbox>
            <Select
              aria-label={`${label}引用删除时`}
              disabled={ref.multiple === true}
              value={ref.onDelete ?? 'restrict'}
              options={[
                { value: 'restrict', label: '删除时：限制删除' },
                { value: 'cascade', label: '删除时：级联删除' },
              ]}
              onChange={(onDelete: 'restrict' | 'cascade') => change({ onDelete })}
              style={{ width: 160 }}
            />
          </>
        )}
      </Space>
    </Form.Item>
  );
}
