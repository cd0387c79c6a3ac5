/**
 * The ECharts option of a declared list chart (`list.chart`, types.ts ListChartDecl): one category
 * per row of the page shown (the category field's dictionary text when the row has one), one series
 * per numeric field, titled by the series or the field. Pure: the browser draws it, tests read it.
 */
import { evaluateLogic } from './logic.js';
import type { EntityModel } from './model.js';
import type { ListChartDecl } from './types.js';

type Row = Readonly<Record<string, unknown>>;

/** Whether a row is charted; a rule that cannot run (or runs past its budget) charts nothing. */
function charted(rule: ListChartDecl['rows'], row: Row): boolean {
  try {
    return evaluateLogic(rule, { row: { ...row } });
  } catch {
    return false;
  }
}

export function listChartOption(model: EntityModel, chart: ListChartDecl, rows: readonly Row[]): object {
  const picked = chart.rows === undefined ? rows : rows.filter((row) => charted(chart.rows, row));
  const shown = chart.reverse === true ? [...picked].reverse() : picked;
  const text = (row: Row) => String(row[`${chart.category}_dictText`] ?? row[chart.category] ?? '');
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 40, right: 16, top: 36, bottom: 28, containLabel: true },
    xAxis: { type: 'category', data: shown.map(text) },
    yAxis: { type: 'value', minInterval: 1 },
    series: chart.series.map((serie) => ({
      name: serie.title ?? model.field(serie.field)?.title ?? serie.field,
      type: chart.type,
      stack: chart.stacked ? 'total' : undefined,
      barMaxWidth: 36,
      data: shown.map((row) => Number(row[serie.field] ?? 0) || 0),
    })),
  };
}
