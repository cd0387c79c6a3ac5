/** What the monitor pages share: the page frame with its refresh line, a figure card, a not-configured state. */
import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Col, Result, Row, Space, Statistic, Typography } from 'antd';
import type { ReactNode } from 'react';
import { clock } from './format';
import './monitor.css';

export interface MonitorFrameProps {
  lead: ReactNode;
  error?: Error;
  /** When the shown answer was loaded; the line says it refreshes by itself. */
  loadedAt?: number;
  /** Seconds between automatic refreshes; 0 when it refreshes by hand only. */
  every?: number;
  onReload: () => void;
  loading: boolean;
  children: ReactNode;
  name: string;
}

export function MonitorFrame(props: MonitorFrameProps): React.JSX.Element {
  const { lead, error, loadedAt, every = 5, onReload, loading, children, name } = props;
  return (
    <div className="zj-monitor" data-monitor={name}>
      <div className="zj-monitor__toolbar">
        <Typography.Text className="zj-monitor__lead">{lead}</Typography.Text>
        <Space>
          {loadedAt !== undefined && (
            <Typography.Text type="secondary">
              {every > 0 ? `每${every}秒自动刷新，` : ''}更新于 {clock(loadedAt)}
            </Typography.Text>
          )}
          <Button icon={<ReloadOutlined />} loading={loading} onClick={onReload}>
            刷新
          </Button>
        </Space>
      </div>
      {error && <Alert type="error" showIcon title={`加载失败：${error.message}`} />}
      {children}
    </div>
  );
}

export interface FigureItem {
  title: string;
  value: ReactNode;
  suffix?: ReactNode;
  hint?: ReactNode;
}

/** A row of figure cards. */
export function Figures({ items }: { items: FigureItem[] }): React.JSX.Element {
  return (
    <Row gutter={[16, 16]}>
      {items.map((item) => (
        <Col key={item.title} flex="1 1 180px">
          <Card variant="borderless" className="zj-monitor__figure" data-figure={item.title}>
            <Statistic title={item.title} value={item.value as string} suffix={item.suffix} />
            {item.hint && <Typography.Text type="secondary">{item.hint}</Typography.Text>}
          </Card>
        </Col>
      ))}
    </Row>
  );
}

/** Redis pages without REDIS_URL. */
export function RedisNotConfigured({ message }: { message: string }): React.JSX.Element {
  return (
    <Card variant="borderless">
      <Result status="info" title="未配置 Redis" subTitle={message} data-state="redis-not-configured" />
    </Card>
  );
}
