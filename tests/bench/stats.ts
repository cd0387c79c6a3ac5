/** Small statistics helpers for the bench: medians and percentiles of millisecond samples. */
export function percentile(samples: number[], p: number): number {
  if (samples.length === 0) return NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const idx = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[idx];
}

export const median = (samples: number[]) => percentile(samples, 50);

export function fmtMs(ms: number): string {
  return ms >= 100 ? `${ms.toFixed(0)} ms` : `${ms.toFixed(2)} ms`;
}

export function ratio(value: number, baseline: number): string {
  return `${(value / baseline).toFixed(2)}x`;
}

export interface BenchRow {
  figure: string;
  value: string;
  baseline: string;
  ratio: string;
}

export function printTable(title: string, rows: BenchRow[]): void {
  console.log(`\n### ${title}\n`);
  console.log('| figure | value | baseline (same run) | ratio |');
  console.log('|---|---|---|---|');
  for (const r of rows) console.log(`| ${r.figure} | ${r.value} | ${r.baseline} | ${r.ratio} |`);
}
