/**
 * 预览: the draft run with sample parameter values, unsaved: the chart, the first page and the
 * footer rows, exactly as the report screen will show them.
 */
import { Alert, Button, Form, Input, Space, Table } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useRuntime } from '../../../runtime/render';
import {
  cellText,
  footerRows,
  type ReportColumn,
  type ReportPageAnswer,
} from '../../../runtime/render/report/report-model';
import type { Draft } from './definition';

const ReportChart = lazy(() => import('../../../runtime/render/report/ReportChart'));

export function columnsOf(draft: Draft): ReportColumn[] {
  return draft.items
    .filter((i) => i.isShow === 1)
    .map((i) => ({
      title: i.fieldTxt || i.fieldName,
      dataIndex: i.fieldName,
      fieldType: i.fieldType,
      width: i.fieldWidth,
      sorter: i.isOrder === 1,
      dictCode: i.dictCode,
      href: i.fieldHref,
      total: i.isTotal,
    }));
}

export function PreviewPane({ draft }: { draft: Draft }): React.JSX.Element {
  const { http } = useRuntime();
  const [values, setValues] = useState<Record<string, string>>({});
  const [answer, setAnswer] = useState<ReportPageAnswer | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [running, setRunning] = useState(false);
  const columns = columnsOf(draft);

  const run = async () => {
    setRunning(true);
    const query = new URLSearchParams({ pageNo: '1', pageSize: '10' });
    for (const [k, v] of Object.entries(values)) if (v) query.set(`self_${k}`, v);
    const res = await http
      .post<ReportPageAnswer>(`/online/cgreport/head/preview?${query}`, draft)
      .finally(() => setRunning(false));
    setProblem(res.success ? null : res.message);
    setAnswer(res.success ? res.result : null);
  };

  return (
    <div className="zj-report-preview">
      <Space wrap style={{ marginBottom: 12 }}>
        {draft.params.map((p) => (
          <Form.Item key={p.paramName} label={p.paramTxt || p.paramName} style={{ marginBottom: 0 }}>
            <Input
              aria-label={`预览参数${p.paramName}`}
              placeholder={p.paramType === 'dateRange' ? '开始,结束' : (p.paramValue ?? '')}
              value={values[p.paramName] ?? ''}
              onChange={(e) => setValues({ ...values, [p.paramName]: e.target.value })}
            />
          </Form.Item>
        ))}
        <Button type="primary" loading={running} onClick={() => void run()}>
          运行预览
        </Button>
      </Space>
      {problem && <Alert type="warning" showIcon title={problem} style={{ marginBottom: 12 }} />}
      {answer && draft.head.chart && answer.records.length > 0 && (
        <Suspense fallback={<div style={{ height: 260 }} />}>
          <ReportChart chart={draft.head.chart} columns={columns} records={answer.records} height={260} />
        </Suspense>
      )}
      {answer && (
        <Table<Record<string, unknown>>
          size="small"
          bordered
          rowKey={(_, i) => String(i)}
          pagination={false}
          dataSource={answer.records}
          columns={columns.map((c) => ({
            key: c.dataIndex,
            title: c.title,
            align: 'center' as const,
            render: (_: unknown, r: Record<string, unknown>) => cellText(c, r),
          }))}
          summary={() =>
            footerRows(columns, answer.totals).map((row) => (
              <Table.Summary.Row key={row.label}>
                {columns.map((c, i) => (
                  <Table.Summary.Cell key={c.dataIndex} index={i} align="center">
                    {i === 0 && !(c.dataIndex in row.values) ? row.label : (row.values[c.dataIndex] ?? '')}
                  </Table.Summary.Cell>
                ))}
              </Table.Summary.Row>
            ))
          }
          footer={() => `共 ${answer.total} 行（预览显示前10行）`}
        />
      )}
    </div>
  );
}
