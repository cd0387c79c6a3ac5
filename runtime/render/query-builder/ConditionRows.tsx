/** The builder's condition rows: field, rule and value, with + (add below) and − (remove) per row. */
import { MinusOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Col, Form, Row as GridRow, Select, Tooltip } from 'antd';
import type { FieldModel } from '../../model/declaration/model';
import { changeRule, defaultRule, newRow, RULE_OPTIONS, type SuperQueryRow } from './super-query';
import { ValueInput } from './ValueInput';

export interface ConditionRowsProps {
  rows: readonly SuperQueryRow[];
  fields: readonly FieldModel[];
  onChange(rows: SuperQueryRow[]): void;
}

export function ConditionRows({ rows, fields, onChange }: ConditionRowsProps): React.JSX.Element {
  const fieldOf = (name: string | undefined) => fields.find((f) => f.name === name);
  const update = (index: number, next: SuperQueryRow) =>
    onChange(rows.map((r, i) => (i === index ? next : r)));
  const addAfter = (index: number) =>
    onChange([...rows.slice(0, index + 1), newRow(), ...rows.slice(index + 1)]);
  const remove = (index: number) => onChange(rows.filter((_, i) => i !== index));
  const fieldOptions = fields.map((f) => ({ value: f.name, label: f.title }));

  return (
    <Form component={false}>
      {rows.map((row, index) => (
        <GridRow key={row.key} gutter={8} className="zj-super-query__row" style={{ marginBottom: 12 }}>
          <Col span={7}>
            <Select
              aria-label={`条件${index + 1}字段`}
              value={row.field}
              options={fieldOptions}
              showSearch={{ optionFilterProp: 'label' }}
              placeholder="选择查询字段"
              style={{ width: '100%' }}
              onChange={(name: string) =>
                // A new field starts over: the old value may not even fit its type.
                update(index, { key: row.key, field: name, rule: defaultRule(fieldOf(name)), val: '' })
              }
            />
          </Col>
          <Col span={5}>
            <Select
              aria-label={`条件${index + 1}规则`}
              value={row.rule}
              options={RULE_OPTIONS.map((o) => ({ ...o }))}
              placeholder="匹配规则"
              style={{ width: '100%' }}
              onChange={(rule) => update(index, changeRule(row, rule))}
            />
          </Col>
          <Col span={9}>
            {/* A form item (no name, no label) so selects and pickers stretch to the column like in forms. */}
            <Form.Item style={{ marginBottom: 0 }}>
              <ValueInput
                id={`zj-super-query-value-${row.key}`}
                field={fieldOf(row.field)}
                rule={row.rule}
                value={row.val}
                onChange={(val) => update(index, { ...row, val })}
              />
            </Form.Item>
          </Col>
          <Col span={3} style={{ whiteSpace: 'nowrap' }}>
            <Tooltip title="增加条件">
              <Button aria-label="增加条件" icon={<PlusOutlined />} onClick={() => addAfter(index)} />
            </Tooltip>
            <Tooltip title="删除条件">
              <Button
                aria-label="删除条件"
                icon={<MinusOutlined />}
                style={{ marginLeft: 8 }}
                onClick={() => remove(index)}
              />
            </Tooltip>
          </Col>
        </GridRow>
      ))}
    </Form>
  );
}
