/**
 * 运行时信息 (menu key modules/monitor/JvmInfo): the spec's JVM page for a Node server - heap and
 * resident memory, event-loop delay, GC by kind, CPU, uptime and versions, with charts of the last
 * minutes.
 */
import { Card, Col, Descriptions, Row, Table } from 'antd';
import { useMemo } from 'react';
import type { ScreenProps } from '../../src/router/components';
import { useMonitor, type RuntimeAnswer } from './api';
import { bytes, duration, mib, ms } from './format';
import { MonitorChart } from './MonitorChart';
import { Figures, MonitorFrame } from './parts';

const GC_NAMES: Record<string, string> = {
  minor: '新生代（Scavenge）',
  major: '全量（Mark-Compact）',
  incremental: '增量标记',
  weakcb: '弱引用回调',
  other: '其他',
};

export default function RuntimeInfo(_props: ScreenProps): React.JSX.Element {
  const { answer, loadedAt } = useMonitor<RuntimeAnswer>('runtime');
  const r = answer.data;
  const charts = useMemo(() => {
    const s = r?.series ?? [];
    const times = s.map((p) => p.time);
    return {
      times,
      memory: [
        { name: '已用堆', data: s.map((p) => mib(p.heapUsed)), area: true },
        { name: '堆总量', data: s.map((p) => mib(p.heapTotal)) },
        { name: '常驻内存 RSS', data: s.map((p) => mib(p.rss)) },
      ],
      loop: [
        { name: '平均', data: s.map((p) => p.loopMean) },
        { name: 'P99', data: s.map((p) => p.loopP99) },
        { name: '最大', data: s.map((p) => p.loopMax) },
      ],
      cpu: [{ name: 'CPU', data: s.map((p) => p.cpu), area: true }],
    };
  }, [r]);
  return (
    <MonitorFrame
      name="runtime"
      lead="本服务运行于 Node.js：此页展示其运行时（对应 JVM 信息）——内存、事件循环延迟、垃圾回收与版本。"
      error={answer.error}
      loadedAt={loadedAt}
      onReload={() => void answer.mutate()}
      loading={answer.isValidating}
    >
      {r && (
        <>
          <Figures
            items={[
              {
                title: '已用堆内存',
                value: bytes(r.memory.heapUsed),
                hint: `堆总量 ${bytes(r.memory.heapTotal)}`,
              },
              { title: '堆上限', value: bytes(r.memory.heapLimit) },
              { title: '常驻内存 RSS', value: bytes(r.memory.rss), hint: `堆外 ${bytes(r.memory.external)}` },
              { title: '事件循环延迟 P99', value: ms(r.loopDelay.p99), hint: `平均 ${ms(r.loopDelay.mean)}` },
              { title: '运行时长', value: duration(r.uptimeSeconds), hint: `启动于 ${r.startTime}` },
              { title: 'Node.js 版本', value: r.versions.node, hint: `进程号 ${r.pid}` },
            ]}
          />
          <Row gutter={[16, 16]}>
            <Col xs={24} xl={12}>
              <MonitorChart title="内存（MB）" times={charts.times} series={charts.memory} unit="MB" />
            </Col>
            <Col xs={24} xl={12}>
              <MonitorChart title="事件循环延迟（ms）" times={charts.times} series={charts.loop} unit="ms" />
            </Col>
            <Col xs={24} xl={12}>
              <MonitorChart title="CPU 占用（单核 %）" times={charts.times} series={charts.cpu} unit="%" />
            </Col>
            <Col xs={24} xl={12}>
              <Card size="small" title="垃圾回收（自进程启动）">
                <Table
                  size="small"
                  rowKey="kind"
                  pagination={false}
                  dataSource={r.gc}
                  locale={{ emptyText: '尚无垃圾回收' }}
                  columns={[
                    { title: '类型', dataIndex: 'kind', render: (k: string) => GC_NAMES[k] ?? k },
                    { title: '次数', dataIndex: 'count', align: 'right' },
                    { title: '总耗时', dataIndex: 'totalMs', align: 'right', render: ms },
                    { title: '最长一次', dataIndex: 'maxMs', align: 'right', render: ms },
                  ]}
                />
              </Card>
            </Col>
            <Col xs={24} xl={12}>
              <Card size="small" title="堆空间">
                <Table
                  size="small"
                  rowKey="name"
                  pagination={false}
                  dataSource={r.heapSpaces}
                  columns={[
                    { title: '空间', dataIndex: 'name' },
                    { title: '大小', dataIndex: 'size', align: 'right', render: bytes },
                    { title: '已用', dataIndex: 'used', align: 'right', render: bytes },
                    { title: '可用', dataIndex: 'available', align: 'right', render: bytes },
                  ]}
                />
              </Card>
            </Col>
            <Col xs={24} xl={12}>
              <Card size="small" title="版本与进程">
                <Descriptions size="small" column={1} bordered>
                  <Descriptions.Item label="Node.js">{r.versions.node}</Descriptions.Item>
                  <Descriptions.Item label="V8">{r.versions.v8}</Descriptions.Item>
                  <Descriptions.Item label="libuv">{r.versions.uv}</Descriptions.Item>
                  <Descriptions.Item label="OpenSSL">{r.versions.openssl}</Descriptions.Item>
                  <Descriptions.Item label="ArrayBuffer">{bytes(r.memory.arrayBuffers)}</Descriptions.Item>
                  <Descriptions.Item label="启动参数">{r.execArgv.join(' ') || '（无）'}</Descriptions.Item>
                  <Descriptions.Item label="活动句柄">
                    {r.activeResources.map((a) => `${a.type} ×${a.count}`).join('，') || '（无）'}
                  </Descriptions.Item>
                </Descriptions>
              </Card>
            </Col>
          </Row>
        </>
      )}
    </MonitorFrame>
  );
}
