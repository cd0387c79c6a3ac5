/** A chart of 工单图表 in its card: 图表 / 表格 switch and 导出 (the same table as an .xlsx). */
import { DownloadOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Segmented, Table, type TableColumnsType } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { exportPart, type ExportPart, type StatFilter } from './api';

// ECharts in its own chunk (shared with the online reports' chart).
const EChart = lazy(() => import('../../../runtime/render/report/EChart'));

export interface ChartCardProps<T> {
  title: string;
  part: ExportPart;
  filter: StatFilter;
  option: object | null;
  columns: TableColumnsType<T>;
  rows: readonly T[];
  rowKey: (row: T) => string;
  height?: number;
  loading: boolean;
}

export function ChartCard<T extends object>(props: ChartCardProps<T>): React.JSX.Element {
  const { title, part, filter, option, columns, rows, rowKey, height = 320, loading } = props;
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    await exportPart(part, title, filter).finally(() => setBusy(false));
  };
  const tools = (
    <div className="wo-stats__chart-tools">
      <Segmented
        size="small"
        value={view}
        onChange={(v) => setView(v as 'chart' | 'table')}
        options={[
          { label: '图表', value: 'chart' },
          { label: '表格', value: 'table' },
        ]}
      />
      <Button size="small" icon={<DownloadOutlined />} loading={busy} onClick={() => void download()}>
        导出
      </Button>
    </div>
  );
  const blank = !loading && rows.length === 0;
  return (
    <Card variant="borderless" title={title} extra={tools} className="wo-stats__chart" data-chart={part}>
      <div className="wo-stats__chart-body" style={{ minHeight: height }}>
        {blank ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" />
        ) : view === 'chart' ? (
          option && (
            <Suspense fallback={<div style={{ height }} />}>
              <EChart option={option} height={height} />
            </Suspense>
          )
        ) : (
          <Table<T>
            size="small"
            rowKey={rowKey}
            columns={columns}
            dataSource={[...rows]}
            loading={loading}
            pagination={rows.length > 8 ? { pageSize: 8, size: 'small', showSizeChanger: false } : false}
          />
        )}
      </div>
    </Card>
  );
}
