/** The ECharts options of 工单图表, built from the statistics answers (pure, no ECharts import). */
import type { DepartFigures, StatisticsAnswer } from './api';

export const COLORS = {
  finished: '#52c41a',
  open: '#1a74f2',
  overdue: '#e5484d',
  other: '#bfbfbf',
  created: '#1a74f2',
} as const;

const STATUS_COLORS: Record<string, string> = {
  '0': '#faad14',
  '2': '#1a74f2',
  '1': '#52c41a',
  '3': '#8c8c8c',
  '4': '#d9d9d9',
};

const legend = { bottom: 0, icon: 'roundRect', itemWidth: 12, itemHeight: 8 };
const grid = { left: 16, right: 24, top: 32, bottom: 40, containLabel: true };

export function statusPie(stats: StatisticsAnswer) {
  return {
    tooltip: { trigger: 'item', formatter: '{b}：{c} 单（{d}%）' },
    legend,
    series: [
      {
        name: '工单状态',
        type: 'pie',
        radius: ['42%', '68%'],
        center: ['50%', '46%'],
        itemStyle: { borderColor: '#fff', borderWidth: 2 },
        label: { formatter: '{b}\n{c} 单' },
        data: stats.byStatus
          .filter((s) => s.count > 0)
          .map((s) => ({
            name: s.statusText,
            value: s.count,
            itemStyle: { color: STATUS_COLORS[s.status] },
          })),
      },
    ],
  };
}

export function typeBar(stats: StatisticsAnswer) {
  return {
    tooltip: { trigger: 'axis' },
    legend,
    grid,
    xAxis: {
      type: 'category',
      data: stats.byType.map((t) => t.typeText),
      axisTick: { alignWithLabel: true },
    },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      {
        name: '工单总数',
        type: 'bar',
        barMaxWidth: 28,
        label: { show: true, position: 'top' },
        itemStyle: { color: COLORS.open },
        data: stats.byType.map((t) => t.total),
      },
      {
        name: '已完成',
        type: 'bar',
        barMaxWidth: 28,
        itemStyle: { color: COLORS.finished },
        data: stats.byType.map((t) => t.finished),
      },
    ],
  };
}

/** Finished, open (in time), open and overdue, closed or withdrawn: the parts add up to the total. */
export function departParts(d: DepartFigures) {
  const inTime = d.open - d.overdueOpen;
  return { finished: d.finished, inTime, overdueOpen: d.overdueOpen, other: d.total - d.finished - d.open };
}

export function departStack(records: readonly DepartFigures[]) {
  const parts = records.map(departParts);
  const series = (name: string, key: keyof ReturnType<typeof departParts>, color: string) => ({
    name,
    type: 'bar',
    stack: 'total',
    barMaxWidth: 36,
    itemStyle: { color },
    emphasis: { focus: 'series' },
    data: parts.map((p) => p[key]),
  });
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend,
    grid,
    xAxis: { type: 'category', data: records.map((r) => r.departName), axisLabel: { interval: 0 } },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      series('已完成', 'finished', COLORS.finished),
      series('进行中', 'inTime', COLORS.open),
      series('逾期未完成', 'overdueOpen', COLORS.overdue),
      series('已关闭/撤回', 'other', COLORS.other),
    ],
  };
}

export function weeklyLine(stats: StatisticsAnswer) {
  const line = (name: string, key: 'created' | 'finished', color: string) => ({
    name,
    type: 'line',
    smooth: 0.3,
    // No overshoot below zero between two quiet weeks.
    smoothMonotone: 'x',
    showSymbol: stats.weekly.length <= 16,
    itemStyle: { color },
    areaStyle: { color, opacity: 0.08 },
    data: stats.weekly.map((w) => w[key]),
  });
  return {
    tooltip: { trigger: 'axis' },
    legend,
    grid,
    xAxis: {
      type: 'category',
      boundaryGap: false,
      data: stats.weekly.map((w) => w.weekStart.slice(5).replace('-', '/')),
    },
    yAxis: { type: 'value', minInterval: 1 },
    series: [line('新建', 'created', COLORS.created), line('完成', 'finished', COLORS.finished)],
  };
}

/** The ten people with the most orders, the first at the top. */
export function personRanking(stats: StatisticsAnswer, top = 10) {
  const people = stats.byPerson.slice(0, top).reverse();
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend,
    grid: { ...grid, left: 8 },
    xAxis: { type: 'value', minInterval: 1 },
    yAxis: { type: 'category', data: people.map((p) => p.realname) },
    series: [
      {
        name: '已完成',
        type: 'bar',
        stack: 'total',
        barMaxWidth: 18,
        itemStyle: { color: COLORS.finished },
        data: people.map((p) => p.finished),
      },
      {
        name: '未完成',
        type: 'bar',
        stack: 'total',
        barMaxWidth: 18,
        itemStyle: { color: COLORS.open },
        label: {
          show: true,
          position: 'right',
          formatter: (p: { dataIndex: number }) => String(people[p.dataIndex].total),
        },
        data: people.map((p) => p.total - p.finished),
      },
    ],
  };
}
