/**
 * The statistics footer: a 合计 row (sum) and a 平均 row (average) for the columns that ask for
 * them. Empty and non-numeric cells are left out of both; the average divides by the numeric cells.
 * Results are rounded to 2 decimals, which also hides binary float noise (0.1 + 0.2).
 */
import type { GridColumn, GridStatistic } from './columns.js';
import { GridTexts } from './constants.js';

export interface FooterRow {
  kind: GridStatistic;
  /** 合计 or 平均, shown in the row-number column. */
  label: string;
  /** Column key -> value; absent for columns without that statistic. */
  values: Record<string, number | null>;
}

function numbers(values: Iterable<unknown>): number[] {
  const out: number[] = [];
  for (const v of values) {
    if (v === null || v === undefined || v === '') continue;
    const n = typeof v === 'number' ? v : Number(v);
    if (Number.isFinite(n)) out.push(n);
  }
  return out;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

export function sumOf(values: Iterable<unknown>): number {
  return round2(numbers(values).reduce((a, b) => a + b, 0));
}

/** The mean of the numeric values; null when there is none. */
export function averageOf(values: Iterable<unknown>): number | null {
  const list = numbers(values);
  return list.length === 0 ? null : round2(list.reduce((a, b) => a + b, 0) / list.length);
}

export function statisticOf(kind: GridStatistic, values: Iterable<unknown>): number | null {
  return kind === 'sum' ? sumOf(values) : averageOf(values);
}

/** The footer rows of a grid (none when no column asks for a statistic), 合计 before 平均. */
export function footerRows(
  columns: readonly GridColumn[],
  rows: readonly Record<string, unknown>[],
  labels: Record<GridStatistic, string> = { sum: GridTexts.sum, average: GridTexts.average },
): FooterRow[] {
  const out: FooterRow[] = [];
  for (const kind of ['sum', 'average'] as const) {
    const cols = columns.filter((c) => c.statistics.includes(kind));
    if (cols.length === 0) continue;
    const values: Record<string, number | null> = {};
    for (const c of cols)
      values[c.key] = statisticOf(
        kind,
        rows.map((r) => r[c.key]),
      );
    out.push({ kind, label: labels[kind], values });
  }
  return out;
}
