/**
 * HTTP服务信息 (menu key modules/monitor/TomcatInfo): the spec's Tomcat page for this server -
 * requests by status, in flight, connections and sockets, average and percentile durations, the
 * busiest route patterns, and the request rate of the last minutes.
 */
import { Card, Col, Row, Table, Tag } from 'antd';
import { useMemo } from 'react';
import type { ScreenProps } from '../../src/router/components';
import { useMonitor, type HttpAnswer } from './api';
import { ms, statusColor } from './format';
import { MonitorChart } from './MonitorChart';
import { Figures, MonitorFrame } from './parts';

export default function HttpServerInfo(_props: ScreenProps): React.JSX.Element {
  const { answer, loadedAt } = useMonitor<HttpAnswer>('http');
  const h = answer.data;
  const charts = useMemo(() => {
    const s = h?.series ?? [];
    return {
      times: s.map((p) => p.time),
      rate: [
        { name: '请求', data: s.map((p) => p.rate), area: true },
        { name: '4xx', data: s.map((p) => p.clientErrors) },
        { name: '5xx', data: s.map((p) => p.serverErrors) },
      ],
      inFlight: [{ name: '处理中', data: s.map((p) => p.inFlight), area: true }],
    };
  }, [h]);
  return (
    <MonitorFrame
      name="http"
      lead="本服务的 HTTP 服务器（对应 Tomcat 信息）：自启动以来的请求、连接与耗时。"
      error={answer.error}
      loadedAt={loadedAt}
      onReload={() => void answer.mutate()}
      loading={answer.isValidating}
    >
      {h && (
        <>
          <Figures
            items={[
              { title: '请求总数', value: h.total, hint: `4xx ${h.clientErrors} · 5xx ${h.serverErrors}` },
              { title: '处理中', value: h.inFlight },
              { title: 'HTTP 连接', value: h.connections },
              { title: 'WebSocket 连接', value: h.websockets, hint: '通知与表格同步' },
              { title: '平均耗时', value: ms(h.avgMs) },
              {
                title: 'P95 耗时',
                value: ms(h.recent.p95),
                hint: `最近 ${h.recent.count} 个请求，P99 ${ms(h.recent.p99)}`,
              },
            ]}
          />
          <Row gutter={[16, 16]}>
            <Col xs={24} xl={14}>
              <MonitorChart title="每秒请求数" times={charts.times} series={charts.rate} unit="次/秒" />
            </Col>
            <Col xs={24} xl={10}>
              <MonitorChart title="处理中的请求" times={charts.times} series={charts.inFlight} unit="个" />
            </Col>
            <Col xs={24} xl={8}>
              <Card size="small" title="按状态码">
                <Table
                  size="small"
                  rowKey="status"
                  pagination={false}
                  dataSource={h.byStatus}
                  columns={[
                    {
                      title: '状态码',
                      dataIndex: 'status',
                      render: (s: number) => <Tag color={statusColor(s)}>{s}</Tag>,
                    },
                    { title: '次数', dataIndex: 'count', align: 'right' },
                  ]}
                />
              </Card>
            </Col>
            <Col xs={24} xl={16}>
              <Card size="small" title="请求最多的接口（按路由）">
                <Table
                  size="small"
                  rowKey={(r) => `${r.method} ${r.route}`}
                  pagination={false}
                  dataSource={h.routes}
                  scroll={{ x: 640 }}
                  columns={[
                    { title: '方法', dataIndex: 'method', width: 80 },
                    {
                      title: '路由',
                      dataIndex: 'route',
                      render: (r: string) => (
                        <span className="zj-monitor__mono">{r === '/*' ? '/*（前端静态文件）' : r}</span>
                      ),
                    },
                    { title: '次数', dataIndex: 'count', align: 'right', width: 80 },
                    { title: '5xx', dataIndex: 'errors', align: 'right', width: 70 },
                    { title: '平均', dataIndex: 'avgMs', align: 'right', width: 100, render: ms },
                    { title: '最长', dataIndex: 'maxMs', align: 'right', width: 100, render: ms },
                  ]}
                />
              </Card>
            </Col>
          </Row>
        </>
      )}
    </MonitorFrame>
  );
}
