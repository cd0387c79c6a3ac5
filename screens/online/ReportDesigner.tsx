/**
 * 报表设计器 (a panel of 在线报表): code, name and 数据源 (the own database or a configured
 * source, where 解析SQL and the preview run too), one SQL statement in a real editor, 解析SQL
 * (its columns and parameters from the server's guard and a LIMIT 0 run), then how each column and
 * parameter is shown, an optional chart, a preview with sample values, and 保存 (a new report, or
 * the version the analyst loaded: a save over someone else's is refused by the server).
 */
import { Alert, Button, Col, Form, Input, Row, Space, Spin, Tabs } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useRuntime, type PanelProps } from '../../runtime/render';
import { ChartSettings } from './designer/ChartSettings';
import { ColumnsTable } from './designer/ColumnsTable';
import { DataSourceSelect } from './designer/DataSourceSelect';
import { emptyDraft, mergeParsed, type Draft, type ItemDraft, type ParamDraft } from './designer/definition';
import { ParamsTable } from './designer/ParamsTable';
import { PreviewPane } from './designer/PreviewPane';

const SqlEditor = lazy(() => import('./SqlEditor'));
const HEAD = '/online/cgreport/head';

export const DesignerText = {
  parsed: (n: number) => `解析成功：${n} 列`,
  noSql: '请输入SQL',
} as const;

export default function ReportDesigner({ row, close, refresh }: PanelProps): React.JSX.Element {
  const { http, feedback } = useRuntime();
  const [draft, setDraft] = useState<Draft | null>(row ? null : emptyDraft());
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [tables, setTables] = useState<string[]>([]);

  useEffect(() => {
    if (!row) return;
    void http.get<Draft>(`${HEAD}/queryById`, { id: row.id }).then((res) => {
      if (res.success) setDraft(res.result);
      else setProblem(res.message);
    });
  }, [http, row]);
  useEffect(() => {
    // The data set's tables as completions; a designer without the data set's permission simply gets none.
    void http.get<{ records: { tableName: string }[] }>('/online/cgreport/dataset/list').then((res) => {
      if (res.success) setTables(res.result.records.map((r) => r.tableName));
    });
  }, [http]);

  if (!draft)
    return problem ? (
      <Alert type="warning" showIcon title={problem} />
    ) : (
      <Spin style={{ display: 'block', padding: 48 }} />
    );

  const setHead = (patch: Partial<Draft['head']>) =>
    setDraft({ ...draft, head: { ...draft.head, ...patch } });

  const parse = async () => {
    if (!draft.head.cgrSql.trim()) {
      setProblem(DesignerText.noSql);
      return;
    }
    setBusy(true);
    const res = await http
      .post<{ fields: ItemDraft[]; params: ParamDraft[] }>(`${HEAD}/parseSql`, {
        sql: draft.head.cgrSql,
        dbSource: draft.head.dbSource,
        items: draft.items,
        params: draft.params,
      })
      .finally(() => setBusy(false));
    if (!res.success) {
      setProblem(res.message);
      return;
    }
    setProblem(null);
    setDraft(mergeParsed(draft, res.result));
    feedback.message('success', DesignerText.parsed(res.result.fields.length));
  };

  const save = async () => {
    setBusy(true);
    const res = await (
      draft.head.id ? http.put<string>(`${HEAD}/edit`, draft) : http.post<string>(`${HEAD}/add`, draft)
    ).finally(() => setBusy(false));
    if (!res.success) {
      setProblem(res.message);
      return;
    }
    feedback.message('success', res.message);
    await refresh();
    close();
  };

  return (
    <div className="zj-report-designer">
      {problem && (
        <Alert
          type="warning"
          showIcon
          title={problem}
          style={{ marginBottom: 12 }}
          closable
          onClose={() => setProblem(null)}
        />
      )}
      <Form layout="vertical">
        <Row gutter={16}>
          <Col span={6}>
            <Form.Item label="报表编码" required>
              <Input
                aria-label="报表编码"
                value={draft.head.code}
                onChange={(e) => setHead({ code: e.target.value })}
                placeholder="字母开头：字母、数字、下划线"
              />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item label="报表名称" required>
              <Input
                aria-label="报表名称"
                value={draft.head.name}
                onChange={(e) => setHead({ name: e.target.value })}
              />
            </Form.Item>
          </Col>
          <Col span={5}>
            <Form.Item label="数据源">
              <DataSourceSelect value={draft.head.dbSource} onChange={(dbSource) => setHead({ dbSource })} />
            </Form.Item>
          </Col>
          <Col span={7}>
            <Form.Item label="描述">
              <Input
                aria-label="描述"
                value={draft.head.content ?? ''}
                onChange={(e) => setHead({ content: e.target.value || null })}
              />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item label="报表SQL（一条SELECT；${参数名} 引用参数；[[ and … ]] 在参数为空时省略）" required>
          <Suspense fallback={<Input.TextArea rows={8} disabled />}>
            <SqlEditor
              value={draft.head.cgrSql}
              onChange={(cgrSql) => setHead({ cgrSql })}
              tables={draft.head.dbSource ? [] : tables}
            />
          </Suspense>
        </Form.Item>
      </Form>
      <Space style={{ marginBottom: 12 }}>
        <Button loading={busy} onClick={() => void parse()}>
          解析SQL
        </Button>
      </Space>
      <Tabs
        items={[
          {
            key: 'columns',
            label: `字段（${draft.items.length}）`,
            children: (
              <ColumnsTable items={draft.items} onChange={(items) => setDraft({ ...draft, items })} />
            ),
          },
          {
            key: 'params',
            label: `参数（${draft.params.length}）`,
            children: (
              <ParamsTable params={draft.params} onChange={(params) => setDraft({ ...draft, params })} />
            ),
          },
          {
            key: 'chart',
            label: '图表',
            children: (
              <ChartSettings
                chart={draft.head.chart}
                items={draft.items}
                onChange={(chart) => setHead({ chart })}
              />
            ),
          },
          { key: 'preview', label: '预览', children: <PreviewPane draft={draft} /> },
        ]}
      />
      <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8, marginTop: 16 }}>
        <Button onClick={close}>关闭</Button>
        <Button type="primary" loading={busy} onClick={() => void save()}>
          保存
        </Button>
      </div>
    </div>
  );
}
