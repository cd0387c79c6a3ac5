/**
 * Redis信息 (menu key modules/monitor/RedisInfo): the Redis on REDIS_URL - version, clients,
 * memory, keys, hit ratio, operations per second with charts of what this page has seen, and every
 * INFO field. Without REDIS_URL it says Redis is not configured.
 */
import { Alert, Card, Col, Input, Row, Table } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import type { ScreenProps } from '../../src/router/components';
import { useMonitor, type RedisInfoAnswer } from './api';
import { bytes, duration, mib, percent } from './format';
import { MonitorChart } from './MonitorChart';
import { Figures, MonitorFrame, RedisNotConfigured } from './parts';

interface Point {
  time: number;
  memory: number;
  ops: number;
  clients: number;
}

const MAX_POINTS = 120;

export default function RedisInfo(_props: ScreenProps): React.JSX.Element {
  // Every 3 s: Redis keeps no history, so the page's own readings draw the charts.
  const { answer, loadedAt } = useMonitor<RedisInfoAnswer>('redis/info', 3_000);
  const [points, setPoints] = useState<Point[]>([]);
  const [search, setSearch] = useState('');
  const info = answer.data;
  // Redis keeps no history of its own: the charts show what this page has read since it opened.
  useEffect(() => {
    if (!info?.configured || !info.summary || !info.time) return;
    const { summary, time } = info;
    setPoints((prev) =>
      prev.at(-1)?.time === time
        ? prev
        : [
            ...prev.slice(-(MAX_POINTS - 1)),
            {
              time,
              memory: mib(summary.usedMemory),
              ops: summary.opsPerSecond,
              clients: summary.connectedClients,
            },
          ],
    );
  }, [info]);
  const rows = useMemo(() => {
    if (!info?.configured || !info.sections) return [];
    const text = search.trim().toLowerCase();
    return info.sections
      .flatMap((s) => s.items.map((i) => ({ section: s.name, ...i })))
      .filter(
        (r) => text === '' || r.key.toLowerCase().includes(text) || r.value.toLowerCase().includes(text),
      );
  }, [info, search]);
  const times = points.map((p) => p.time);
  const memory = useMemo(
    () => [{ name: '已用内存', data: points.map((p) => p.memory), area: true }],
    [points],
  );
  const ops = useMemo(
    () => [
      { name: '每秒操作', data: points.map((p) => p.ops), area: true },
      { name: '客户端', data: points.map((p) => p.clients) },
    ],
    [points],
  );
  return (
    <MonitorFrame
      name="redis-info"
      lead={info?.configured ? `Redis ${info.address}` : 'Redis 服务信息'}
      error={answer.error}
      loadedAt={loadedAt}
      every={3}
      onReload={() => void answer.mutate()}
      loading={answer.isValidating}
    >
      {info && !info.configured && <RedisNotConfigured message={info.message} />}
      {info?.configured && info.error && <Alert type="error" showIcon title={info.error} />}
      {info?.configured && info.summary && (
        <>
          <Figures
            items={[
              {
                title: 'Redis 版本',
                value: info.summary.version,
                hint: `${info.summary.mode} · ${info.summary.role}`,
              },
              { title: '运行时长', value: duration(info.summary.uptimeSeconds) },
              { title: '客户端连接', value: info.summary.connectedClients },
              {
                title: '已用内存',
                value: bytes(info.summary.usedMemory),
                hint: `峰值 ${bytes(info.summary.usedMemoryPeak)}${info.summary.maxMemory ? ` · 上限 ${bytes(info.summary.maxMemory)}` : ''}`,
              },
              { title: '键总数', value: info.summary.totalKeys, hint: `当前库 ${info.summary.dbSize}` },
              {
                title: '命中率',
                value: percent(info.summary.hitRatio),
                hint: `每秒 ${info.summary.opsPerSecond} 次操作`,
              },
            ]}
          />
          <Row gutter={[16, 16]}>
            <Col xs={24} xl={12}>
              <MonitorChart title="已用内存（MB）" times={times} series={memory} unit="MB" />
            </Col>
            <Col xs={24} xl={12}>
              <MonitorChart title="每秒操作与客户端" times={times} series={ops} unit="" />
            </Col>
          </Row>
          <Card
            size="small"
            title="INFO 全部字段"
            extra={
              <Input.Search
                allowClear
                placeholder="筛选字段"
                style={{ width: 220 }}
                onChange={(e) => setSearch(e.target.value)}
              />
            }
          >
            <Table
              size="small"
              rowKey={(r) => `${r.section}.${r.key}`}
              dataSource={rows}
              pagination={{ pageSize: 15, size: 'small', showSizeChanger: false }}
              columns={[
                { title: '分组', dataIndex: 'section', width: 140 },
                {
                  title: '字段',
                  dataIndex: 'key',
                  width: 260,
                  render: (k: string) => <span className="zj-monitor__mono">{k}</span>,
                },
                {
                  title: '值',
                  dataIndex: 'value',
                  render: (v: string) => <span className="zj-monitor__mono">{v}</span>,
                },
              ]}
            />
          </Card>
        </>
      )}
    </MonitorFrame>
  );
}
