import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { loadConfig } from '../../server/config.js';
import { spawnBundled } from './node-process.js';
import {
  routeVersusSql,
  scratchPostgres,
  signInAt,
  startInProcess,
  type Running,
  type Target,
} from './in-process.js';
import { ratio, type BenchRow } from './stats.js';

/**
 * The declaration engine over a big table (issue 4): a list request (page 10, one filter, sort) over
 * 1,000,000 declared customers next to the same SQL run directly on the same database; import of a
 * 100,000-row workbook next to parsing it and inserting its rows by hand; export of 100,000 rows next
 * to selecting them and writing the workbook by hand. On the embedded database, and on PostgreSQL
 * when one answers at BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres).
 */
const LIST_ROWS = 1_000_000;
const FILE_ROWS = 100_000;
const LIST_ROUNDS = 30;
const TABLE = 'biz_customer';
const LIST_QUERY = 'pageNo=1&pageSize=10&level=H&column=name&order=asc';
const HEADER = ['客户名称', '客户编码', '手机号码', '邮箱', '客户等级', '地址'];

async function workbookOf(rows: number): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('Sheet1');
  sheet.addRow(HEADER);
  for (let i = 1; i <= rows; i++) {
    sheet.addRow([
      `导入客户${i}`,
      `IMP${i}`,
      `139${String(i).padStart(8, '0')}`,
      `c${i}@example.com`,
      '高',
      `地址${i}`,
    ]);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const FUEL_HEADER = ['车辆', '加油日期', '加油量(升)', '金额(元)', '加油时里程(km)'];
const BENCH_PLATES = Array.from({ length: 10 }, (_, i) => `京Q9${String(i).padStart(4, '0')}`);

/** 加油记录 rows whose 车辆 names one of `plates` by its title (a reference, issue 32). */
async function fuelOf(rows: number, plates: readonly string[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('Sheet1');
  sheet.addRow(FUEL_HEADER);
  for (let i = 1; i <= rows; i++)
    sheet.addRow([plates[i % plates.length], '2026-11-20', 40, 300, 10_000 + i]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

function multipart(file: Buffer): { body: Buffer; type: string } {
  const boundary = `----zjbench${Date.now()}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="customers.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return {
    body: Buffer.concat([Buffer.from(head), file, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    type: `multipart/form-data; boundary=${boundary}`,
  };
}

/** Resident memory of a process, from /proc (Linux). */
function rssOf(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
  return Number(kb ?? 0) * 1024;
}

/** Peak resident memory of process `pid` while `work` runs, sampled every 20 ms. */
async function withPeakRss<T>(
  pid: number,
  work: () => Promise<T>,
): Promise<{ value: T; peak: number; before: number }> {
  const before = rssOf(pid);
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, rssOf(pid));
  }, 20);
  try {
    const value = await work();
    peak = Math.max(peak, rssOf(pid));
    return { value, peak, before };
  } finally {
    clearInterval(timer);
  }
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The server as `npm start` runs it, in its own process, so its memory is its own. */
async function spawnServer(target: Target, dataDir: string): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = await spawnBundled('server/main.ts', {
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: target.databaseUrl ?? '',
    CAPTCHA: 'off',
    LOG_LEVEL: 'warn',
    LOGIN_MAX_FAILURES: '1000000',
  });
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/sys/version/queryReminder`)).status < 500) return { url, child };
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function stopServer(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;
const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

interface FileFigures {
  importMs: number;
  /** The 加油记录 import of as many rows, each naming its vehicle by plate number. */
  fuelMs: number;
  peak: number;
  before: number;
  exportMs: number;
  exportBytes: number;
}

/** Import and export through the spawned server, with its memory sampled during the import. */
async function postImport(url: string, auth: Record<string, string>, file: Buffer): Promise<number> {
  const { body, type } = multipart(file);
  const started = performance.now();
  const res = await fetch(url, {
    method: 'POST',
    headers: { ...auth, 'content-type': type },
    body: new Uint8Array(body),
  });
  const answer = (await res.json()) as { code: number; message: string };
  if (answer.code !== 200) throw new Error(`import failed: ${JSON.stringify(answer).slice(0, 300)}`);
  return performance.now() - started;
}

/** The vehicles the fuel rows name, added through the API (the tenant's own fleet). */
async function addVehicles(url: string, auth: Record<string, string>): Promise<string[]> {
  for (const plateNo of BENCH_PLATES) {
    const res = await fetch(`${url}/api/office/vehicleInfo/add`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ plateNo, brand: '测试', vehicleType: '1', seats: 5, mileage: 0, status: '1' }),
    });
    const answer = (await res.json()) as { success: boolean; message: string };
    if (!answer.success) throw new Error(`vehicle not added: ${answer.message}`);
  }
  return BENCH_PLATES;
}

async function timeFiles(
  url: string,
  pid: number,
  auth: Record<string, string>,
  file: Buffer,
): Promise<FileFigures> {
  const fuel = await fuelOf(FILE_ROWS, await addVehicles(url, auth));
  const fuelMs = await postImport(`${url}/api/office/vehicleFuel/importExcel`, auth, fuel);
  const { body, type } = multipart(file);
  const started = performance.now();
  const {
    value: answer,
    peak,
    before,
  } = await withPeakRss(pid, async () => {
    const res = await fetch(`${url}/api/sys/customer/importExcel`, {
      method: 'POST',
      headers: { ...auth, 'content-type': type },
      body: new Uint8Array(body),
    });
    return (await res.json()) as { code: number; message: string };
  });
  const importMs = performance.now() - started;
  if (answer.code !== 200) throw new Error(`import failed: ${JSON.stringify(answer).slice(0, 300)}`);
  const exportStarted = performance.now();
  const exported = await fetch(`${url}/api/sys/customer/exportXls?code=IMP*`, { headers: auth });
  const exportBytes = (await exported.arrayBuffer()).byteLength;
  const exportMs = performance.now() - exportStarted;
  if (exported.status !== 200 || exportBytes < 1_000_000)
    throw new Error(`export failed: ${exported.status}`);
  return { importMs, fuelMs, peak, before, exportMs, exportBytes };
}

/** The same work by hand on the same database: parse + plain insert, and select + write a workbook. */
async function fileBaselines(r: Running, file: Buffer): Promise<{ importMs: number; exportMs: number }> {
  const db = r.database.db;
  await sql`drop table if exists bench_import_baseline`.execute(db);
  await sql`create table bench_import_baseline (id varchar(32) primary key, name varchar(100), code varchar(20),
    phone varchar(20), email varchar(100), level varchar(10), address varchar(255))`.execute(db);
  const started = performance.now();
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(file as unknown as ArrayBuffer);
  const values: unknown[][] = [];
  wb.worksheets[0].eachRow((row, n) => {
    if (n > 1) values.push((row.values as unknown[]).slice(1));
  });
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < values.length; i += 1000) {
      const chunk = values.slice(i, i + 1000);
      const tuples = chunk.map(
        (v, j) => sql`(${`b${i + j}`}, ${v[0]}, ${v[1]}, ${v[2]}, ${v[3]}, ${'H'}, ${v[5]})`,
      );
      await sql`insert into bench_import_baseline (id, name, code, phone, email, level, address)
        values ${sql.join(tuples)}`.execute(trx);
    }
  });
  const importMs = performance.now() - started;
  await sql`drop table bench_import_baseline`.execute(db);

  const exportStarted = performance.now();
  const rows = await sql<Record<string, unknown>>`select name, code, phone, email, level, address, create_time
    from ${sql.table(TABLE)} where code like 'IMP%' order by create_time desc`.execute(db);
  const writer = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: fs.createWriteStream(os.devNull) });
  const out = writer.addWorksheet('Sheet1');
  for (const row of rows.rows) out.addRow(Object.values(row)).commit();
  await writer.commit();
  return { importMs, exportMs: performance.now() - exportStarted };
}

function fileRows(label: string, f: FileFigures, base: { importMs: number; exportMs: number }): BenchRow[] {
  const n = FILE_ROWS.toLocaleString('en');
  return [
    {
      figure: `${label}: import of a ${n}-row workbook (goal ≤ 15 s)`,
      value: secs(f.importMs),
      baseline: `parse + plain insert ${secs(base.importMs)}`,
      ratio: ratio(f.importMs, base.importMs),
    },
    {
      figure: `${label}: import of ${n} 加油记录, each naming its vehicle by plate number (a reference; goal ≤ 15 s)`,
      value: secs(f.fuelMs),
      baseline: `parse + plain insert ${secs(base.importMs)}`,
      ratio: ratio(f.fuelMs, base.importMs),
    },
    {
      figure: `${label}: server process peak memory during that import (goal ≤ 400 MB)`,
      value: mib(f.peak),
      baseline: `server before the import ${mib(f.before)}`,
      ratio: ratio(f.peak, f.before),
    },
    {
      figure: `${label}: export of ${n} rows, .xlsx ${mib(f.exportBytes)} (goal ≤ 8 s)`,
      value: secs(f.exportMs),
      baseline: `select + hand-written workbook ${secs(base.exportMs)}`,
      ratio: ratio(f.exportMs, base.exportMs),
    },
  ];
}

async function fillTable(r: Running, tenantId: number): Promise<void> {
  const db = r.database.db;
  const { count } = (
    await sql<{ count: number }>`select count(*)::int as count from ${sql.table(TABLE)}`.execute(db)
  ).rows[0];
  // Tenant scoping is the declaration's choice: fill tenant_id only when the table has it.
  const columns = await sql<{ name: string }>`select column_name as name from information_schema.columns
    where table_name = ${TABLE} and column_name = 'tenant_id'`.execute(db);
  const tenantColumn = columns.rows.length > 0 ? sql`, tenant_id` : sql``;
  const tenantValue = columns.rows.length > 0 ? sql`, ${tenantId}` : sql``;
  const missing = LIST_ROWS - count;
  for (let from = 1; from <= missing; from += 100_000) {
    const to = Math.min(missing, from + 99_999);
    await sql`insert into ${sql.table(TABLE)} (id, name, code, phone, level, address, create_by, create_time${tenantColumn})
      select 'g' || g, '客户' || g, 'C' || g, '138' || lpad(g::text, 8, '0'),
        (array['L','M','H'])[1 + g % 3], '地址' || g, 'admin', now() - g * interval '1 second'${tenantValue}
      from generate_series(${from}::int, ${to}::int) g`.execute(db);
  }
  await sql`analyze ${sql.table(TABLE)}`.execute(db);
}

async function benchList(r: Running, auth: Record<string, string>, label: string): Promise<BenchRow[]> {
  const get = async () => {
    const res = await fetch(`${r.url}/api/sys/customer/list?${LIST_QUERY}`, { headers: auth });
    const body = (await res.json()) as { success: boolean; result: { total: number; records: unknown[] } };
    if (!body.success || body.result.records.length !== 10) throw new Error('list failed');
    return body.result.total;
  };
  return routeVersusSql(r, get, TABLE, LIST_ROUNDS, {
    figure: `${label}: list over ${LIST_ROWS.toLocaleString('en')} rows (page 10, level=H, sort by name), median of ${LIST_ROUNDS} (goal ≤ 1.3x)`,
    p95: `${label}: the same list, p95`,
  });
}

async function benchTarget(target: Target): Promise<BenchRow[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zj-bench-entity-'));
  const file = await workbookOf(FILE_ROWS);
  try {
    // Import and export against the server in its own process (its memory is then its own), as
    // `npm start` runs it on a new machine: the first start creates and seeds the database.
    const spawned = await spawnServer(target, dataDir);
    let files: FileFigures;
    try {
      const { token, tenantId } = await signInAt(spawned.url, loadConfig({}).adminPassword);
      const auth = { 'X-Access-Token': token, 'tenant-id': String(tenantId) };
      files = await timeFiles(spawned.url, spawned.child.pid!, auth, file);
    } finally {
      await stopServer(spawned.child);
    }
    // The baselines and the list in this process, on the same database (the list replays SQL).
    const r = await startInProcess(target, dataDir);
    try {
      const rows = fileRows(target.label, files, await fileBaselines(r, file));
      const { token, tenantId } = await signInAt(r.url, r.config.adminPassword);
      const auth = { 'X-Access-Token': token, 'tenant-id': String(tenantId) };
      await fillTable(r, tenantId);
      rows.push(...(await benchList(r, auth, target.label)));
      return rows;
    } finally {
      await r.close();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchEntity(): Promise<BenchRow[]> {
  const rows = await benchTarget({ label: 'PGlite' });
  const pgUrl = await scratchPostgres('zj_bench_entity');
  if (pgUrl) rows.push(...(await benchTarget({ label: 'PostgreSQL', databaseUrl: pgUrl })));
  else console.log('(no PostgreSQL at BENCH_DATABASE_URL: the PostgreSQL rows are left out)');
  return rows;
}
