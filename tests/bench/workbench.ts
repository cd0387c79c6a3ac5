/**
 * The workbench's to-do list (issue 13): a user with 200 open orders (and 200 finished, and 20 open
 * sub-orders) among 1,000,000 work orders and 100,000 sub-orders, first page of 待办 with its
 * total, as a ratio to its own statements replayed directly. What makes it fast: each branch of the
 * to-do union reads one index - biz_work_order (charge, status), (launcher, status) and
 * biz_work_order_sub (handler, status) - so the cost follows the user's items, not the table.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { DEMO_PASSWORD } from '../../server/db/seed/organisation.js';
import {
  routeVersusSql,
  scratchPostgres,
  signInAt,
  startInProcess,
  type Running,
  type Target,
} from './in-process.js';
import type { BenchRow } from './stats.js';

const ORDERS = 1_000_000;
const SUBS = 100_000;
const ROUNDS = 30;
const USER = 'zhaolei';

async function fillOrders(r: Running, tenantId: number): Promise<void> {
  const db = r.database.db;
  // Every 5,000th order is the user's and open (200), the next one theirs and finished (200); the
  // rest belong to 5,000 other people, four in five finished.
  for (let from = 1; from <= ORDERS; from += 200_000) {
    const to = Math.min(ORDERS, from + 199_999);
    await sql`insert into biz_work_order (id, tenant_id, order_no, title, order_type, priority, charge,
        launcher, deadline, status, finish_time, sys_org_code, create_by, create_time)
      select 'bo' || g, ${tenantId}, 'WO' || lpad(g::text, 10, '0'), '工单' || g, (1 + g % 6)::text,
        (1 + g % 3)::text,
        case when g % 5000 in (0, 1) then ${USER} else 'bench' || (g % 5000) end,
        'admin', date '2026-01-01' + (g % 330),
        case when g % 5000 = 0 then (array['0', '2'])[1 + (g / 5000) % 2]
             when g % 5000 = 1 then '1'
             when g % 5 = 0 then '2' else '1' end,
        case when g % 5000 = 1 or (g % 5000 > 1 and g % 5 <> 0) then timestamptz '2026-01-01' + g * interval '20 second' end,
        'A01A01', 'admin', timestamptz '2026-01-01' + g * interval '20 second'
      from generate_series(${from}::int, ${to}::int) g`.execute(db);
  }
  await sql`insert into biz_work_order_sub (id, tenant_id, order_id, title, handler, deadline, status, create_by)
    select 'bs' || g, ${tenantId}, 'bo' || (g * 10), '子工单' || g,
      case when g % 5000 = 0 then ${USER} else 'bench' || (g % 5000) end,
      date '2026-01-01' + (g % 330), case when g % 2 = 0 then '0' else '1' end, 'admin'
    from generate_series(1, ${SUBS}::int) g`.execute(db);
  await sql`analyze biz_work_order`.execute(db);
  await sql`analyze biz_work_order_sub`.execute(db);
}

async function benchTarget(target: Target): Promise<BenchRow[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zj-bench-workbench-'));
  const r = await startInProcess(target, dataDir);
  try {
    const { token, tenantId } = await signInAt(r.url, DEMO_PASSWORD, USER);
    await fillOrders(r, tenantId);
    const auth = { 'X-Access-Token': token, 'tenant-id': String(tenantId) };
    const checked = (text: string) => {
      const body = JSON.parse(text) as { success: boolean; result: { total: number; records: unknown[] } };
      if (!body.success || body.result.records.length !== 10) throw new Error(`to-do list: ${text}`);
      // 200 open orders, 20 open sub-orders, plus the demo's own for this user.
      if (body.result.total < 220) throw new Error(`to-do total ${body.result.total}`);
      return body.result.total;
    };
    const path = '/api/sys/workOrder/queryWorkbenchList?type=1&pageNo=1&pageSize=10';
    const overHttp = async () => checked(await (await fetch(`${r.url}${path}`, { headers: auth })).text());
    // The server's own handling (authentication, the handler, the statement, the JSON answer) without
    // the socket and the client's fetch, which every route pays alike.
    const inServer = async () => checked(await r.inject(path, auth));
    const items = `a user with 220 open items among ${ORDERS.toLocaleString('en')} orders, median of ${ROUNDS}`;
    return [
      ...(await routeVersusSql(r, inServer, 'biz_work_order', ROUNDS, {
        figure: `${target.label}: workbench 待办 answered by the server (no socket), page 1 with total, ${items} (goal ≤ 1.3x)`,
        p95: `${target.label}: the same, p95`,
      })),
      ...(await routeVersusSql(r, overHttp, 'biz_work_order', ROUNDS, {
        figure: `${target.label}: the same over HTTP from a client in the same process`,
        p95: `${target.label}: over HTTP, p95`,
      })),
    ];
  } finally {
    await r.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchWorkbench(): Promise<BenchRow[]> {
  const rows = await benchTarget({ label: 'PGlite' });
  const pgUrl = await scratchPostgres('zj_bench_workbench');
  if (pgUrl) rows.push(...(await benchTarget({ label: 'PostgreSQL', databaseUrl: pgUrl })));
  else console.log('(no PostgreSQL at BENCH_DATABASE_URL: the PostgreSQL rows are left out)');
  return rows;
}
