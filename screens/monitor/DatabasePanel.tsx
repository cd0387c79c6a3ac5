/** The database part of 系统信息: size, connections, cache hit ratio, largest tables, slowest statements. */
import { Alert, Card, Col, Descriptions, Row, Table } from 'antd';
import { useMonitor, type DatabaseAnswer } from './api';
import { bytes, ms, percent } from './format';
import { Figures } from './parts';

const LABEL = { width: 88, whiteSpace: 'nowrap' } as const;

export function DatabasePanel(): React.JSX.Element {
  const { answer } = useMonitor<DatabaseAnswer>('database', 30_000);
  const d = answer.data;
  if (answer.error) return <Alert type="error" showIcon title={`加载失败：${answer.error.message}`} />;
  if (!d) return <Card loading variant="borderless" />;
  const kind = d.kind === 'pglite' ? '嵌入式 PostgreSQL（PGlite）' : 'PostgreSQL';
  return (
    <div className="zj-monitor" data-monitor="database">
      <Figures
        items={[
          { title: '数据库大小', value: bytes(d.sizeBytes), hint: d.name },
          {
            title: '连接数',
            value: d.connections.total,
            hint: `活动 ${d.connections.active} · 空闲 ${d.connections.idle} · 上限 ${d.connections.max}`,
          },
          {
            title: '应用连接池',
            value: d.pool ? `${d.pool.total} / ${d.pool.max}` : '1 / 1',
            hint: d.pool ? `空闲 ${d.pool.idle} · 等待 ${d.pool.waiting}` : '嵌入式数据库为单连接，依次使用',
          },
          { title: '缓存命中率', value: percent(d.cacheHitRatio) },
          { title: '事务提交', value: d.commits, hint: `回滚 ${d.rollbacks} · 死锁 ${d.deadlocks}` },
        ]}
      />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={10}>
          <Card size="small" title="数据库">
            <Descriptions size="small" column={1} bordered styles={{ label: LABEL }}>
              <Descriptions.Item label="类型">{kind}</Descriptions.Item>
              <Descriptions.Item label="版本">{d.serverVersion}</Descriptions.Item>
              <Descriptions.Item label="构建">
                <span className="zj-monitor__mono">{d.version}</span>
              </Descriptions.Item>
              <Descriptions.Item label="库名">{d.name}</Descriptions.Item>
            </Descriptions>
          </Card>
        </Col>
        <Col xs={24} xl={14}>
          <Card size="small" title="最大的表">
            <Table
              size="small"
              rowKey="name"
              pagination={false}
              dataSource={d.tables}
              columns={[
                {
                  title: '表',
                  dataIndex: 'name',
                  render: (n: string) => <span className="zj-monitor__mono">{n}</span>,
                },
                {
                  title: '行数',
                  dataIndex: 'rows',
                  align: 'right',
                  render: (n: number, t) => (t.estimated ? `约 ${n}` : n),
                },
                { title: '大小（含索引）', dataIndex: 'sizeBytes', align: 'right', render: bytes },
              ]}
            />
          </Card>
        </Col>
        <Col xs={24}>
          <Card size="small" title="最慢的语句（pg_stat_statements，按平均耗时）">
            {d.slowStatements === null ? (
              <Alert type="info" showIcon title={d.slowStatementsNote} data-state="no-statements" />
            ) : (
              <Table
                size="small"
                rowKey="query"
                pagination={false}
                dataSource={d.slowStatements}
                columns={[
                  {
                    title: '语句',
                    dataIndex: 'query',
                    render: (q: string) => <span className="zj-monitor__mono">{q}</span>,
                  },
                  { title: '调用', dataIndex: 'calls', align: 'right', width: 90 },
                  { title: '平均', dataIndex: 'meanMs', align: 'right', width: 110, render: ms },
                  { title: '合计', dataIndex: 'totalMs', align: 'right', width: 120, render: ms },
                  { title: '行数', dataIndex: 'rows', align: 'right', width: 90 },
                ]}
              />
            )}
          </Card>
        </Col>
      </Row>
    </div>
  );
}
