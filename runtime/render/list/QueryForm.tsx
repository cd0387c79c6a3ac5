/** The query form: one item per queryable field, 查询 / 重置, and 展开 / 收起 beyond three items. */
import { DownOutlined, SearchOutlined, ReloadOutlined, UpOutlined } from '@ant-design/icons';
import { Button, Col, Form, Input, Row as GridRow, Space } from 'antd';
import { useEffect, useState } from 'react';
import type { FieldModel } from '../../model/declaration/model';
import { FieldWidget } from '../widgets/FieldWidget';
import { queryWidget } from '../widgets/widget-type';
import { COLLAPSED_QUERY_ITEMS, queryLabelWidth, visibleQueryFields, type QueryValues } from './query-params';

export interface QueryFormProps {
  /** Prefix of the inputs' ids, so they never clash with the form modal's. */
  name: string;
  fields: readonly FieldModel[];
  onSearch(values: QueryValues): void;
  onReset(): void;
  /** Values the form starts with (a report's parameter defaults); 重置 goes back to them. */
  initialValues?: QueryValues;
  /** Values filled in once when the form mounts (a link's filter); 重置 clears them. */
  preset?: QueryValues;
}

function RangeInputs({ field }: { field: FieldModel }): React.JSX.Element {
  // Two widgets bound to [begin, end] of one value; the params builder sends _begin / _end.
  const widget = queryWidget(field);
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Form.Item name={[field.name, 0]} noStyle>
        <FieldWidget field={field} widget={widget} placeholder="开始" />
      </Form.Item>
      <Input style={{ width: 32, pointerEvents: 'none', textAlign: 'center' }} placeholder="~" disabled />
      <Form.Item name={[field.name, 1]} noStyle>
        <FieldWidget field={field} widget={widget} placeholder="结束" />
      </Form.Item>
    </Space.Compact>
  );
}

export function QueryForm({
  name,
  fields,
  onSearch,
  onReset,
  initialValues,
  preset,
}: QueryFormProps): React.JSX.Element | null {
  const [form] = Form.useForm<QueryValues>();
  const [expanded, setExpanded] = useState(false);
  // Set, not initial: initialValues would also be what 重置 restores.
  const [presetOnce] = useState(preset);
  useEffect(() => {
    if (presetOnce && Object.keys(presetOnce).length > 0) form.setFieldsValue(presetOnce);
  }, [form, presetOnce]);
  if (fields.length === 0) return null;
  const shown = visibleQueryFields(fields, expanded);
  return (
    <Form
      form={form}
      name={name}
      className="zj-query-form"
      // One label column for the whole form, as wide as its longest label (up to a limit, beyond
      // which a label wraps), so every label ends in its colon before its input.
      labelCol={{ flex: `${queryLabelWidth(fields)}px` }}
      labelWrap
      initialValues={initialValues}
      onFinish={(values) => onSearch(values)}
    >
      <GridRow gutter={24}>
        {shown.map((field) => (
          <Col key={field.name} xs={24} md={12} xl={6}>
            <Form.Item label={field.title} name={field.query?.mode === 'range' ? undefined : field.name}>
              {field.query?.mode === 'range' ? (
                <RangeInputs field={field} />
              ) : (
                <FieldWidget field={field} widget={queryWidget(field)} />
              )}
            </Form.Item>
          </Col>
        ))}
        <Col xs={24} md={12} xl={6}>
          <Space>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
              查询
            </Button>
            <Button
              icon={<ReloadOutlined />}
              onClick={() => {
                form.resetFields();
                onReset();
              }}
            >
              重置
            </Button>
            {fields.length > COLLAPSED_QUERY_ITEMS && (
              <Button type="link" onClick={() => setExpanded((v) => !v)}>
                {expanded ? '收起' : '展开'} {expanded ? <UpOutlined /> : <DownOutlined />}
              </Button>
            )}
          </Space>
        </Col>
      </GridRow>
    </Form>
  );
}
