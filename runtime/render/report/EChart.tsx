/**
 * One ECharts chart from a ready option (only the bar, line and pie charts and the pieces they
 * need). Its own chunk, loaded lazily: a screen without a chart never downloads ECharts. The
 * report chart (ReportChart) and the work-order charts draw through it.
 */
import { useEffect, useRef } from 'react';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

echarts.use([
  BarChart,
  LineChart,
  PieChart,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  CanvasRenderer,
]);

export interface EChartProps {
  /** An ECharts option; replaced as a whole (notMerge) when it changes. */
  option: object;
  height?: number;
  className?: string;
}

export default function EChart({ option, height = 300, className }: EChartProps): React.JSX.Element {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!box.current) return;
    const element = box.current;
    const instance = echarts.init(element);
    const resize = () => instance.resize();
    // The box also changes size without the window (a collapsed menu, a tab shown again).
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(resize);
    observer?.observe(element);
    window.addEventListener('resize', resize);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', resize);
      instance.dispose();
    };
  }, []);
  useEffect(() => {
    if (!box.current) return;
    echarts.getInstanceByDom(box.current)?.setOption(option as echarts.EChartsCoreOption, true);
  }, [option]);
  return <div ref={box} className={className} style={{ width: '100%', height }} />;
}
