/**
 * 工单统计 (/workOrder/statistics): the period and department filters, six summary figures and the
 * tables by department, by person in charge (sortable) and by type, each exportable to .xlsx.
 * docs/modules/workorder-statistics.md
 */
import { DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Col, Empty, Row, Table } from 'antd';
import { useState } from 'react';
import type { ScreenProps } from '../../../src/router/components';
import { exportPart, type ExportPart, type StatFilter } from './api';
import { FilterBar } from './FilterBar';
import { useStatistics } from './filters';
import { SummaryCards } from './SummaryCards';
import { departColumns, personColumns, typeColumns } from './tables';
import './statistics.css';

const empty = { emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" /> };

interface ExportButtonProps {
  part: ExportPart;
  title: string;
  label?: string;
  filter: StatFilter;
}

function ExportButton({ part, title, label = '导出', filter }: ExportButtonProps) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    await exportPart(part, title, filter).finally(() => setBusy(false));
  };
  return (
    <Button size="small" icon={<DownloadOutlined />} loading={busy} onClick={() => void run()}>
      {label}
    </Button>
  );
}

export default function WorkOrderStatistics(_props: ScreenProps): React.JSX.Element {
  const { filter, setFilter, answer } = useStatistics();
  const data = answer.data ?? null;
  const loading = answer.isLoading || answer.isValidating;
  const table = { size: 'middle' as const, loading, locale: empty, pagination: false as const };
  return (
    <div className="wo-stats">
      <Card variant="borderless">
        <FilterBar
          filter={filter}
          onChange={setFilter}
          onReload={() => void answer.mutate()}
          loading={loading}
          extra={<ExportButton part="all" title="全部" label="导出全部" filter={filter} />}
        />
      </Card>
      {answer.error && <Alert type="warning" showIcon title={String(answer.error.message ?? answer.error)} />}
      <SummaryCards summary={data?.stats.summary ?? null} />
      <Card
        variant="borderless"
        title="按部门统计"
        extra={<ExportButton part="depart" title="按部门" filter={filter} />}
      >
        <Table
          {...table}
          rowKey={(r) => r.orgCode ?? ''}
          columns={departColumns()}
          dataSource={data?.departs.records ?? []}
          className="wo-stats__table"
        />
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} xxl={14}>
          <Card
            variant="borderless"
            title="按负责人统计"
            extra={<ExportButton part="person" title="按负责人" filter={filter} />}
          >
            <Table
              {...table}
              rowKey="username"
              columns={personColumns()}
              dataSource={data?.stats.byPerson ?? []}
              pagination={{ pageSize: 10, hideOnSinglePage: true, size: 'small' }}
              className="wo-stats__table"
            />
          </Card>
        </Col>
        <Col xs={24} xxl={10}>
          <Card
            variant="borderless"
            title="按类型统计"
            extra={<ExportButton part="type" title="按类型" filter={filter} />}
          >
            <Table
              {...table}
              rowKey="orderType"
              columns={typeColumns()}
              dataSource={data?.stats.byType ?? []}
              className="wo-stats__table"
            />
          </Card>
        </Col>
      </Row>
    </div>
  );
}
