/**
 * 请求追踪 (menu key modules/monitor/HttpTrace): the last requests this server answered - time,
 * method, path (query parameter names only, never their values), status, duration and user. The
 * server keeps them in a ring; bodies and tokens are never recorded.
 */
import { Card, Input, Segmented, Switch, Table, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import type { ScreenProps } from '../../src/router/components';
import { POLL_MS, useMonitor, type TraceEntry } from './api';
import { dateTime, ms, statusColor } from './format';
import { MonitorFrame } from './parts';

type Filter = 'all' | 'error' | 'slow';

export default function HttpTrace(_props: ScreenProps): React.JSX.Element {
  const [live, setLive] = useState(true);
  const [filter, setFilter] = useState<Filter>('all');
  const [search, setSearch] = useState('');
  const { answer, loadedAt } = useMonitor<{ size: number; records: TraceEntry[] }>(
    'trace',
    live ? POLL_MS : 0,
  );
  const rows = useMemo(() => {
    const text = search.trim().toLowerCase();
    return (answer.data?.records ?? []).filter(
      (r) =>
        (filter === 'all' || (filter === 'error' ? r.status >= 400 : r.durationMs >= 500)) &&
        (text === '' || r.path.toLowerCase().includes(text) || r.user.toLowerCase().includes(text)),
    );
  }, [answer.data, filter, search]);
  return (
    <MonitorFrame
      name="trace"
      lead={`本服务最近 ${answer.data?.size ?? 200} 个请求（不含静态文件与监控页自身的轮询；只记路径与参数名，不记参数值、请求体与令牌）。`}
      error={answer.error}
      loadedAt={loadedAt}
      every={live ? 5 : 0}
      onReload={() => void answer.mutate()}
      loading={answer.isValidating}
    >
      <Card variant="borderless">
        <div className="zj-monitor__toolbar" style={{ marginBottom: 12 }}>
          <Segmented
            value={filter}
            onChange={(v) => setFilter(v as Filter)}
            options={[
              { label: '全部', value: 'all' },
              { label: '错误（≥400）', value: 'error' },
              { label: '慢请求（≥500ms）', value: 'slow' },
            ]}
          />
          <Input.Search
            allowClear
            placeholder="按路径或用户筛选"
            style={{ width: 260 }}
            onChange={(e) => setSearch(e.target.value)}
          />
          <span>
            <Typography.Text type="secondary">自动刷新 </Typography.Text>
            <Switch size="small" checked={live} onChange={setLive} aria-label="自动刷新" />
          </span>
        </div>
        <Table<TraceEntry>
          size="small"
          rowKey={(r) => `${r.time}-${r.method}-${r.path}-${r.durationMs}`}
          dataSource={rows}
          loading={answer.isLoading}
          scroll={{ x: 900 }}
          pagination={{ pageSize: 20, size: 'small', showSizeChanger: false, showTotal: (n) => `共 ${n} 条` }}
          columns={[
            { title: '时间', dataIndex: 'time', width: 170, render: dateTime },
            { title: '方法', dataIndex: 'method', width: 80 },
            {
              title: '路径',
              dataIndex: 'path',
              render: (p: string, r) => (
                <span className="zj-monitor__mono" title={r.route ? `路由：${r.route}` : '未匹配路由'}>
                  {p}
                </span>
              ),
            },
            {
              title: '状态',
              dataIndex: 'status',
              width: 80,
              render: (s: number) => <Tag color={statusColor(s)}>{s}</Tag>,
            },
            { title: '耗时', dataIndex: 'durationMs', width: 100, align: 'right', render: ms },
            { title: '用户', dataIndex: 'user', width: 120, render: (u: string) => u || '—' },
          ]}
        />
      </Card>
    </MonitorFrame>
  );
}
