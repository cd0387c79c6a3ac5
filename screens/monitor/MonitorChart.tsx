/**
 * A line chart of the last minutes (a point every few seconds). ECharts comes through the reports'
 * lazy EChart chunk, so it never enters the main bundle.
 */
import { Card, Empty } from 'antd';
import { lazy, Suspense, useMemo } from 'react';
import { clock } from './format';

const EChart = lazy(() => import('../../runtime/render/report/EChart'));

export interface ChartSeries {
  name: string;
  /** null: no value at that time (a gap). */
  data: (number | null)[];
  /** Filled area under the line. */
  area?: boolean;
}

export interface MonitorChartProps {
  title: string;
  times: number[];
  series: ChartSeries[];
  /** Written after each value on the axis and in the tooltip. */
  unit: string;
  height?: number;
}

/** The ECharts option (pure: tested without a browser). */
export function lineOption(times: number[], series: ChartSeries[], unit: string): object {
  return {
    animation: false,
    grid: { left: 56, right: 16, top: 36, bottom: 28 },
    legend: { top: 0 },
    tooltip: { trigger: 'axis', valueFormatter: (v: number | null) => (v === null ? '—' : `${v} ${unit}`) },
    xAxis: { type: 'category', boundaryGap: false, data: times.map(clock) },
    yAxis: { type: 'value', axisLabel: { formatter: `{value} ${unit}` }, min: 0 },
    series: series.map((s) => ({
      name: s.name,
      type: 'line',
      // A lone point (a gap before it) would draw nothing without its symbol.
      showSymbol: s.data.filter((v) => v !== null).length < 3,
      smooth: 0.3,
      data: s.data,
      ...(s.area ? { areaStyle: { opacity: 0.15 } } : {}),
    })),
  };
}

export function MonitorChart({
  title,
  times,
  series,
  unit,
  height = 260,
}: MonitorChartProps): React.JSX.Element {
  const option = useMemo(() => lineOption(times, series, unit), [times, series, unit]);
  return (
    <Card size="small" title={title} className="zj-monitor__chart" data-chart={title}>
      {times.length < 2 ? (
        <Empty
          style={{ height, display: 'flex', flexDirection: 'column', justifyContent: 'center', margin: 0 }}
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description="正在采集数据…"
        />
      ) : (
        <Suspense fallback={<div style={{ height }} />}>
          <EChart option={option} height={height} />
        </Suspense>
      )}
    </Card>
  );
}
