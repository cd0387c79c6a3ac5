/** 磁盘监控 (menu key modules/monitor/DiskMonitoring): total, used and free space of each mounted file system. */
import { Card, Col, Progress, Row, Tag, Typography } from 'antd';
import type { ScreenProps } from '../../src/router/components';
import { useMonitor, type DiskInfo } from './api';
import { bytes } from './format';
import { MonitorFrame } from './parts';

const color = (p: number) => (p >= 90 ? '#ff4d4f' : p >= 75 ? '#faad14' : undefined);

export default function DiskMonitoring(_props: ScreenProps): React.JSX.Element {
  const { answer, loadedAt } = useMonitor<DiskInfo[]>('disk', 30_000);
  return (
    <MonitorFrame
      name="disk"
      lead="服务器上各文件系统的空间（不含内存与内核虚拟文件系统）；“可用”为普通用户可用的空间，与 df 一致。"
      error={answer.error}
      loadedAt={loadedAt}
      every={30}
      onReload={() => void answer.mutate()}
      loading={answer.isValidating}
    >
      <Row gutter={[16, 16]}>
        {(answer.data ?? []).map((d) => (
          <Col key={d.mount} xs={24} md={12} xl={8}>
            <Card variant="borderless" className="zj-monitor__disk" data-mount={d.mount}>
              <Progress
                type="dashboard"
                percent={d.usedPercent}
                size={120}
                strokeColor={color(d.usedPercent)}
                format={(p) => `${p}%`}
              />
              <div className="zj-monitor__disk-text">
                <Typography.Title level={5} style={{ margin: 0 }}>
                  {d.mount} {d.holdsData && <Tag color="blue">数据目录</Tag>}
                </Typography.Title>
                <Typography.Text type="secondary" className="zj-monitor__mono">
                  {d.device || '—'} · {d.type || '—'}
                </Typography.Text>
                <span>总空间：{bytes(d.total)}</span>
                <span>已用：{bytes(d.used)}</span>
                <span>可用：{bytes(d.free)}</span>
                {d.total - d.used - d.free > d.total * 0.01 && (
                  <Typography.Text type="secondary">
                    系统保留：{bytes(d.total - d.used - d.free)}
                  </Typography.Text>
                )}
              </div>
            </Card>
          </Col>
        ))}
      </Row>
    </MonitorFrame>
  );
}
