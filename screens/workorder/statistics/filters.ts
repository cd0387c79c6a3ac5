/**
 * The period presets of the filter bar and the display of the figures (durations, rates), shared
 * by 工单统计 and 工单图表.
 */
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import useSWR from 'swr';
import { loadStatistics, type StatFilter } from './api';

const DAY = 'YYYY-MM-DD';

/** Monday of the week of `d` (Chinese weeks start on Monday whatever the locale says). */
export function mondayOf(d: Dayjs): Dayjs {
  return d.subtract((d.day() + 6) % 7, 'day').startOf('day');
}

/** 本周 / 本月 / 本季度 / 本年 / 近一年, each up to today. */
export function presets(today: Dayjs = dayjs()): { label: string; value: [Dayjs, Dayjs] }[] {
  const end = today.startOf('day');
  const quarter = end.month(end.month() - (end.month() % 3)).startOf('month');
  return [
    { label: '本周', value: [mondayOf(end), end] },
    { label: '本月', value: [end.startOf('month'), end] },
    { label: '本季度', value: [quarter, end] },
    { label: '本年', value: [end.startOf('year'), end] },
    { label: '近一年', value: [end.subtract(364, 'day'), end] },
  ];
}

/** The default period: the last twelve months (what the server answers without dates too). */
export function defaultFilter(today: Dayjs = dayjs()): StatFilter {
  const [begin, end] = presets(today)[4].value;
  return { beginDate: begin.format(DAY), endDate: end.format(DAY), orgCode: '' };
}

export const formatDay = (d: Dayjs) => d.format(DAY);

/** Hours as a manager reads them: under two days in hours, else in days. */
export function durationText(hours: number | null): string {
  if (hours === null) return '—';
  return hours < 48 ? `${hours.toFixed(1)} 小时` : `${(hours / 24).toFixed(1)} 天`;
}

export const rateText = (rate: number) => `${rate.toFixed(1)}%`;

/** The filter of a screen and both answers for it (the previous ones stay while the next load). */
export function useStatistics() {
  const [filter, setFilter] = useState<StatFilter>(() => defaultFilter());
  const answer = useSWR(
    ['workorder-statistics', filter.beginDate, filter.endDate, filter.orgCode],
    () => loadStatistics(filter),
    { revalidateOnFocus: false, keepPreviousData: true },
  );
  return { filter, setFilter, answer };
}
