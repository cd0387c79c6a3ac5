/**
 * The report guard's own cost (issue 31: at most 1 ms per statement): PostgreSQL's parser plus the
 * walk over every node against the allow-list, uncached, for the bench report's statement and the
 * four demo reports; the baseline is the parse alone. A route pays it once per statement text and
 * data set (the guard remembers passes), so this is the price of a first request or a new statement.
 */
import { loadModule, parseSync } from 'libpg-query';
import { compileTemplate } from '../../runtime/model/report/template.js';
import { DEMO_REPORTS } from '../../server/db/seed/reports.js';
import { checkReportSqlNow } from '../../server/report/sql-guard.js';
import { fmtMs, median, percentile, ratio, type BenchRow } from './stats.js';

const ROUNDS = 2000;

export async function benchReportGuard(benchSql: string): Promise<BenchRow[]> {
  await loadModule();
  const statements = [benchSql, ...DEMO_REPORTS.map((r) => r.sql)].map(
    (template) => compileTemplate(template, { dept: 'D01', kind: 'x', depart: 'A01', category: '2' }).sql,
  );
  const tables = new Set(['bench_sale', 'biz_customer', 'sys_depart', 'sys_user_depart', 'sys_announcement']);
  const options = { tables, schema: 'rpt', recursive: false };
  const guardMs: number[] = [];
  const parseMs: number[] = [];
  // Warm-up: the parser's WebAssembly and the walk's code paths.
  for (const statement of statements) {
    await checkReportSqlNow(statement, options);
    parseSync(statement);
  }
  for (let i = 0; i < ROUNDS; i++) {
    const statement = statements[i % statements.length];
    let t = performance.now();
    await checkReportSqlNow(statement, options);
    guardMs.push(performance.now() - t);
    t = performance.now();
    parseSync(statement);
    parseMs.push(performance.now() - t);
  }
  return [
    {
      figure: `the report guard (parse + allow-list walk), uncached, per statement, median of ${ROUNDS} over 5 statements (goal ≤ 1 ms)`,
      value: fmtMs(median(guardMs)),
      baseline: `the parse alone ${fmtMs(median(parseMs))}`,
      ratio: ratio(median(guardMs), median(parseMs)),
    },
    {
      figure: 'the same, p95',
      value: fmtMs(percentile(guardMs, 95)),
      baseline: `the parse alone, p95 ${fmtMs(percentile(parseMs, 95))}`,
      ratio: ratio(percentile(guardMs, 95), percentile(parseMs, 95)),
    },
  ];
}
