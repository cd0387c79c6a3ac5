/**
 * 系统信息 (menu key modules/monitor/SystemInfo): the host (name, OS, CPUs, load, memory), this
 * server (Node and app version, start time), and, in a second tab, the database.
 */
import { Card, Descriptions, Progress, Tabs } from 'antd';
import { useState } from 'react';
import type { ScreenProps } from '../../src/router/components';
import { useMonitor, type SystemAnswer } from './api';
import { bytes, duration } from './format';
import { DatabasePanel } from './DatabasePanel';
import { Figures, MonitorFrame } from './parts';

function HostPanel({ s }: { s: SystemAnswer }): React.JSX.Element {
  const usedMemory = s.totalMemory - s.freeMemory;
  const memoryPercent = Math.round((usedMemory / s.totalMemory) * 1000) / 10;
  return (
    <div className="zj-monitor">
      <Figures
        items={[
          { title: '主机名', value: s.hostname },
          { title: 'CPU', value: `${s.cpuCount} 核`, hint: s.cpuModel },
          { title: '系统负载（1/5/15分钟）', value: s.loadAverage.join(' / ') },
          {
            title: '内存使用',
            value: `${memoryPercent}%`,
            hint: `${bytes(usedMemory)} / ${bytes(s.totalMemory)}`,
          },
          { title: '应用版本', value: s.appVersion || '—', hint: `Node.js ${s.nodeVersion}` },
        ]}
      />
      <Card size="small" title="服务器与进程">
        <Descriptions
          size="small"
          bordered
          column={{ xs: 1, md: 2 }}
          styles={{ label: { whiteSpace: 'nowrap' } }}
        >
          <Descriptions.Item label="主机名">{s.hostname}</Descriptions.Item>
          <Descriptions.Item label="操作系统">{`${s.os}（${s.platform} ${s.arch}）`}</Descriptions.Item>
          <Descriptions.Item label="CPU 型号">{s.cpuModel || '—'}</Descriptions.Item>
          <Descriptions.Item label="CPU 核数">{s.cpuCount}</Descriptions.Item>
          <Descriptions.Item label="内存">
            <div>{`已用 ${bytes(usedMemory)}，空闲 ${bytes(s.freeMemory)}，共 ${bytes(s.totalMemory)}`}</div>
            <Progress percent={memoryPercent} size="small" style={{ maxWidth: 320 }} />
          </Descriptions.Item>
          <Descriptions.Item label="系统运行">{duration(s.osUptimeSeconds)}</Descriptions.Item>
          <Descriptions.Item label="Node.js">{s.nodeVersion}</Descriptions.Item>
          <Descriptions.Item label="应用版本">{s.appVersion || '—'}</Descriptions.Item>
          <Descriptions.Item label="服务启动时间">{s.startTime}</Descriptions.Item>
          <Descriptions.Item label="进程号">{s.pid}</Descriptions.Item>
          <Descriptions.Item label="应用时区">{s.timeZone}</Descriptions.Item>
          <Descriptions.Item label="数据库">
            {`${s.database.kind === 'pglite' ? '嵌入式 PostgreSQL（PGlite）' : 'PostgreSQL'} ${s.database.version}`}
          </Descriptions.Item>
        </Descriptions>
      </Card>
    </div>
  );
}

export default function SystemInfo(_props: ScreenProps): React.JSX.Element {
  const [tab, setTab] = useState('host');
  const { answer, loadedAt } = useMonitor<SystemAnswer>('system', 15_000);
  return (
    <MonitorFrame
      name="system"
      lead="服务器、本服务进程与数据库的基本信息。"
      error={answer.error}
      loadedAt={loadedAt}
      every={15}
      onReload={() => void answer.mutate()}
      loading={answer.isValidating}
    >
      <Card variant="borderless">
        <Tabs
          activeKey={tab}
          onChange={setTab}
          items={[
            { key: 'host', label: '服务器', children: answer.data && <HostPanel s={answer.data} /> },
            { key: 'database', label: '数据库', children: tab === 'database' && <DatabasePanel /> },
          ]}
        />
      </Card>
    </MonitorFrame>
  );
}
