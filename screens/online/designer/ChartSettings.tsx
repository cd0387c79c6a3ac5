/** The optional chart: a type, the column along the x axis, the columns it draws. */
import { Form, Select } from 'antd';
import { CHART_TYPES, type ChartDraft, type ItemDraft } from './definition';

export interface ChartSettingsProps {
  chart: ChartDraft | null;
  items: ItemDraft[];
  onChange(chart: ChartDraft | null): void;
}

export function ChartSettings({ chart, items, onChange }: ChartSettingsProps): React.JSX.Element {
  const columns = items.map((i) => ({ value: i.fieldName, label: i.fieldTxt || i.fieldName }));
  const numeric = items
    .filter((i) => i.fieldType === 'Integer' || i.fieldType === 'Double')
    .map((i) => ({ value: i.fieldName, label: i.fieldTxt || i.fieldName }));
  return (
    <Form
      layout="horizontal"
      labelCol={{ flex: '90px' }}
      style={{ maxWidth: 560 }}
      className="zj-report-chart-settings"
    >
      <Form.Item label="图表类型">
        <Select
          aria-label="图表类型"
          value={chart?.type ?? ''}
          options={[{ value: '', label: '不显示图表' }, ...CHART_TYPES]}
          onChange={(type) =>
            onChange(
              type === ''
                ? null
                : {
                    type: type as ChartDraft['type'],
                    x: chart?.x ?? items[0]?.fieldName ?? '',
                    y: chart?.y ?? (numeric[0] ? [numeric[0].value] : []),
                  },
            )
          }
        />
      </Form.Item>
      {chart && (
        <>
          <Form.Item label="横轴（类别）">
            <Select
              aria-label="横轴"
              value={chart.x}
              options={columns}
              onChange={(x) => onChange({ ...chart, x })}
            />
          </Form.Item>
          <Form.Item label="数值列">
            <Select
              aria-label="数值列"
              mode="multiple"
              value={chart.y}
              options={numeric}
              onChange={(y) => onChange({ ...chart, y })}
            />
          </Form.Item>
        </>
      )}
    </Form>
  );
}
