/**
 * A report's chart (ECharts, only the bar, line and pie charts and the pieces they need), drawn
 * above the table from the rows shown. Its own chunk: a report without a chart never loads it.
 */
import { useEffect, useRef } from 'react';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { chartOption, type ChartConfig, type ReportColumn } from './report-model';

echarts.use([
  BarChart,
  LineChart,
  PieChart,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  CanvasRenderer,
]);

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
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!box.current) return;
    const instance = echarts.init(box.current);
    const resize = () => instance.resize();
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      instance.dispose();
    };
  }, []);
  useEffect(() => {
    if (!box.current) return;
    echarts.getInstanceByDom(box.current)?.setOption(chartOption(chart, columns, records), true);
  }, [chart, columns, records]);
  return <div ref={box} className="zj-report-chart" style={{ width: '100%', height }} />;
}
