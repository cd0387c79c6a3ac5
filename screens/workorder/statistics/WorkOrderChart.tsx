/**
 * 工单图表 (/workOrder/chart): the filters of 工单统计 and five charts - status (pie), type (bar),
 * department (stacked bar), created vs finished per week (line), person ranking (bar) - each
 * switchable to its table and exportable. ECharts loads lazily in its own chunk.
 * docs/modules/workorder-statistics.md
 */
import { Alert, Card, Col, Row } from 'antd';
import { useMemo } from 'react';
import type { ScreenProps } from '../../../src/router/components';
import { ChartCard } from './ChartCard';
import { departStack, personRanking, statusPie, typeBar, weeklyLine } from './chart-options';
import { FilterBar } from './FilterBar';
import { useStatistics } from './filters';
import { departColumns, personColumns, statusColumns, typeColumns, weekColumns } from './tables';
import './statistics.css';

export default function WorkOrderChart(_props: ScreenProps): React.JSX.Element {
  const { filter, setFilter, answer } = useStatistics();
  const loading = answer.isLoading || answer.isValidating;
  const data = answer.data ?? null;
  const stats = data?.stats ?? null;
  const departs = data?.departs.records ?? [];
  const options = useMemo(
    () =>
      data && {
        status: statusPie(data.stats),
        type: typeBar(data.stats),
        depart: departStack(data.departs.records),
        weekly: weeklyLine(data.stats),
        person: personRanking(data.stats),
      },
    [data],
  );
  const common = { filter, loading };
  return (
    <div className="wo-stats">
      <Card variant="borderless">
        <FilterBar
          filter={filter}
          onChange={setFilter}
          onReload={() => void answer.mutate()}
          loading={loading}
        />
      </Card>
      {answer.error && <Alert type="warning" showIcon title={String(answer.error.message ?? answer.error)} />}
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={10}>
          <ChartCard
            {...common}
            title="工单状态分布"
            part="status"
            option={options?.status ?? null}
            columns={statusColumns(stats?.summary.total ?? 0)}
            rows={stats?.byStatus ?? []}
            rowKey={(r) => r.status}
          />
        </Col>
        <Col xs={24} xl={14}>
          <ChartCard
            {...common}
            title="工单类型分布"
            part="type"
            option={options?.type ?? null}
            columns={typeColumns()}
            rows={stats?.byType ?? []}
            rowKey={(r) => r.orderType}
          />
        </Col>
        <Col xs={24}>
          <ChartCard
            {...common}
            title="每周新建与完成"
            part="weekly"
            option={options?.weekly ?? null}
            columns={weekColumns()}
            rows={stats?.weekly ?? []}
            rowKey={(r) => r.weekStart}
          />
        </Col>
        <Col xs={24} xl={14}>
          <ChartCard
            {...common}
            title="各部门工单情况"
            part="depart"
            option={options?.depart ?? null}
            columns={departColumns()}
            rows={departs}
            rowKey={(r) => r.orgCode ?? ''}
            height={340}
          />
        </Col>
        <Col xs={24} xl={10}>
          <ChartCard
            {...common}
            title="负责人排行（前10名）"
            part="person"
            option={options?.person ?? null}
            columns={personColumns()}
            rows={stats?.byPerson ?? []}
            rowKey={(r) => r.username}
            height={340}
          />
        </Col>
      </Row>
    </div>
  );
}
