/**
 * A report's chart, drawn above the table from the rows shown (EChart: ECharts in its own chunk,
 * so a report without a chart never loads it).
 */
import { useMemo } from 'react';
import EChart from './EChart';
import { chartOption, type ChartConfig, type ReportColumn } from './report-model';

export interface ReportChartProps {
  chart: ChartConfig;
  columns: readonly ReportColumn[];
  records: readonly Record<string, unknown>[];
  height?: number;
}

export default function ReportChart({
  chart,
  columns,
  records,
  height = 300,
}: ReportChartProps): React.JSX.Element {
  const option = useMemo(() => chartOption(chart, columns, records), [chart, columns, records]);
  return <EChart option={option} height={height} className="zj-report-chart" />;
}
