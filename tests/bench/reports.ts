/**
 * The report guard's cost per statement (report-guard.ts, issue 31), then online reports over
 * 1,000,000 rows (issue 11): getData with two parameters (one optional clause),
 * page 10 with its total, as a ratio to the same statements run directly; a cache hit; and the
 * export of 100,000 report rows with the process's peak memory during it. On PGlite the database
 * lives in the bench's own process, so the memory figure there includes the database.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { DEFAULT_ADMIN_PASSWORD } from '../../server/config.js';
import { scratchPostgres, signInAt, startInProcess, type Running, type Target } from './in-process.js';
import { benchReportGuard } from './report-guard.js';
import { fmtMs, median, percentile, ratio, type BenchRow } from './stats.js';

const ROWS = 1_000_000;
const DEPTS = 10; // 100,000 rows each: one department is the export's 100,000 rows
const KINDS = ['接待', '会议', '用车', '采购'];
const ROUNDS = 20;

const REPORT = {
  head: {
    code: 'bench_sales',
    name: '销售明细',
    cgrSql:
      'select s.id, s.dept_code, s.kind, s.amount, s.sale_date\nfrom bench_sale s\nwhere s.dept_code = ${dept} [[ and s.kind = ${kind} ]]',
  },
  items: [
    { fieldName: 'id', fieldTxt: '编号', fieldType: 'Integer', isOrder: 1 },
    { fieldName: 'dept_code', fieldTxt: '部门', fieldType: 'String' },
    { fieldName: 'kind', fieldTxt: '类别', fieldType: 'String' },
    { fieldName: 'amount', fieldTxt: '金额', fieldType: 'Double', isTotal: 'sum' },
    { fieldName: 'sale_date', fieldTxt: '日期', fieldType: 'Date' },
  ],
  params: [
    { paramName: 'dept', paramTxt: '部门', paramType: 'string', required: 1 },
    { paramName: 'kind', paramTxt: '类别', paramType: 'string' },
  ],
};

async function fillSales(r: Running): Promise<void> {
  const db = r.database.db;
  await sql`create table bench_sale (id integer primary key, dept_code varchar(8) not null,
    kind varchar(8) not null, amount numeric(12, 2) not null, sale_date date not null)`.execute(db);
  for (let from = 1; from <= ROWS; from += 200_000) {
    const to = Math.min(ROWS, from + 199_999);
    await sql`insert into bench_sale
      select g, 'D' || lpad((g % ${DEPTS})::text, 2, '0'), (${KINDS}::text[])[1 + (g / ${DEPTS}) % ${KINDS.length}],
        (g % 9973) / 10.0, date '2026-01-01' + (g % 300)
      from generate_series(${from}::int, ${to}::int) g`.execute(db);
  }
  await sql`create index bench_sale_dept_kind on bench_sale (dept_code, kind)`.execute(db);
  await sql`analyze bench_sale`.execute(db);
}

interface Api {
  get(url: string): Promise<Response>;
  send(url: string, body: unknown): Promise<{ success: boolean; message: string }>;
}

function apiOf(r: Running, token: string, tenantId: number): Api {
  const headers = { 'X-Access-Token': token, 'tenant-id': String(tenantId) };
  return {
    get: (url) => fetch(`${r.url}/api${url}`, { headers }),
    async send(url, body) {
      const res = await fetch(`${r.url}/api${url}`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return (await res.json()) as { success: boolean; message: string };
    },
  };
}

async function addReport(api: Api): Promise<string> {
  const dataset = await api.send('/online/cgreport/dataset/add', {
    tableName: 'bench_sale',
    title: '销售明细（测试）',
    columns: ['id', 'dept_code', 'kind', 'amount', 'sale_date'],
  });
  if (!dataset.success) throw new Error(`data set refused: ${dataset.message}`);
  const added = await api.send('/online/cgreport/head/add', REPORT);
  if (!added.success) throw new Error(`report refused: ${added.message}`);
  const list = (await (await api.get('/online/cgreport/head/list?code=bench_sales')).json()) as {
    result: { records: { id: string }[] };
  };
  return list.result.records[0].id;
}

/** Peak resident memory of this process since the last reset, in MiB (Linux). */
function peakMiB(): number {
  const status = fs.readFileSync('/proc/self/status', 'utf8');
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? NaN) / 1024;
}

function resetPeak(): void {
  try {
    fs.writeFileSync('/proc/self/clear_refs', '5');
  } catch {
    /* not Linux, or not allowed: the peak then counts from the start */
  }
}

async function benchTarget(target: Target): Promise<BenchRow[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zj-bench-reports-'));
  const r = await startInProcess(target, dataDir);
  try {
    await fillSales(r);
    const { token, tenantId } = await signInAt(r.url, r.config.adminPassword || DEFAULT_ADMIN_PASSWORD);
    const api = apiOf(r, token, tenantId);
    const id = await addReport(api);
    const dataUrl = (page: number) =>
      `/online/cgreport/api/getData/${id}?self_dept=D03&self_kind=${encodeURIComponent(KINDS[1])}&pageNo=${page}&pageSize=10`;
    const getData = async (page: number) => {
      const body = (await (await api.get(dataUrl(page))).json()) as {
        success: boolean;
        message: string;
        result: { total: number; records: unknown[] };
      };
      if (!body.success || body.result.records.length !== 10) throw new Error(`getData: ${body.message}`);
      return body.result.total;
    };

    // Uncached: every round asks for a page not asked before. The baseline is the report's SQL run
    // by hand for that page the way the route runs it: the count with the sum in one statement, then
    // the page (the route runs its statements on the report session's own connection).
    const inner = sql`select s.id, s.dept_code, s.kind, s.amount, s.sale_date from bench_sale s
      where s.dept_code = ${'D03'} and s.kind = ${KINDS[1]}`;
    const direct = async (page: number) => {
      const db = r.database.db;
      await sql`select count(*), sum(amount) from (${inner}) t`.execute(db);
      await sql`select * from (${inner}) t limit 10 offset ${(page - 1) * 10}`.execute(db);
    };
    await getData(9);
    await direct(9);
    const routeMs: number[] = [];
    const directMs: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      let t = performance.now();
      await getData(10 + i);
      routeMs.push(performance.now() - t);
      t = performance.now();
      await direct(10 + i);
      directMs.push(performance.now() - t);
    }

    // Cached: the same page again within 30 s.
    const hitMs: number[] = [];
    for (let i = 0; i < 50; i++) {
      const t = performance.now();
      await getData(10);
      hitMs.push(performance.now() - t);
    }

    // Export: one department, 100,000 rows, streamed.
    const exportUrl = `/online/cgreport/api/exportXls/${id}?self_dept=D04`;
    let t = performance.now();
    await sql`select id, dept_code, kind, amount, sale_date from bench_sale where dept_code = 'D04' order by id`.execute(
      r.database.db,
    );
    const exportDirect = performance.now() - t;
    resetPeak();
    const before = peakMiB();
    t = performance.now();
    const res = await api.get(exportUrl);
    const bytes = (await res.arrayBuffer()).byteLength;
    const exportMs = performance.now() - t;
    const peak = peakMiB();
    if (res.headers.get('x-report-total') !== '100000') throw new Error('export did not count 100,000 rows');

    return [
      {
        figure: `${target.label}: getData over ${ROWS.toLocaleString('en')} rows, two parameters, page 10 with total, median of ${ROUNDS} (goal ≤ 1.3x)`,
        value: fmtMs(median(routeMs)),
        baseline: `count with sum, and the page, directly ${fmtMs(median(directMs))}`,
        ratio: ratio(median(routeMs), median(directMs)),
      },
      {
        figure: `${target.label}: the same, p95`,
        value: fmtMs(percentile(routeMs, 95)),
        baseline: `directly, p95 ${fmtMs(percentile(directMs, 95))}`,
        ratio: ratio(percentile(routeMs, 95), percentile(directMs, 95)),
      },
      {
        figure: `${target.label}: a cache hit of that page, median of 50 (goal < 5 ms)`,
        value: fmtMs(median(hitMs)),
        baseline: `uncached ${fmtMs(median(routeMs))}`,
        ratio: ratio(median(hitMs), median(routeMs)),
      },
      {
        figure: `${target.label}: export of 100,000 report rows to .xlsx (${(bytes / 1048576).toFixed(1)} MiB, goal ≤ 8 s)`,
        value: fmtMs(exportMs),
        baseline: `the rows read directly ${fmtMs(exportDirect)}`,
        ratio: ratio(exportMs, exportDirect),
      },
      {
        figure: `${target.label}: peak memory of the bench process during the export (goal ≤ 400 MB${target.databaseUrl ? '' : '; includes the embedded database'})`,
        value: `${peak.toFixed(0)} MiB`,
        baseline: `before the export ${before.toFixed(0)} MiB`,
        ratio: ratio(peak, before),
      },
    ];
  } finally {
    await r.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchReports(): Promise<BenchRow[]> {
  const rows = await benchReportGuard(REPORT.head.cgrSql);
  rows.push(...(await benchTarget({ label: 'PGlite' })));
  const pgUrl = await scratchPostgres('zj_bench_reports');
  if (pgUrl) rows.push(...(await benchTarget({ label: 'PostgreSQL', databaseUrl: pgUrl })));
  else console.log('(no PostgreSQL at BENCH_DATABASE_URL: the PostgreSQL rows are left out)');
  return rows;
}
