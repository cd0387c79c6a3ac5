/**
 * A list under row access (issue 30): 50,000 work orders and 10,000 sub-orders; a staff member
 * lists 我参与的 (type=3), whose rows are also limited by the work order's read rule (launcher,
 * person in charge, participants, creator, a sub-order's handler - an `exists` over the
 * sub-orders - or 查看全部工单). The route is printed as a ratio to its own statements replayed
 * directly on the same database (the page and count, and the two statements that turn its codes
 * and people into text): the rule costs what its SQL costs, nothing besides.
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

const ORDERS = 50_000;
const SUBS = 10_000;
const ROUNDS = 30;
const STAFF = [
  'chenjing',
  'yangqiang',
  'zhaolei',
  'huangmin',
  'zhoujie',
  'wuxia',
  'xuming',
  'sunli',
  'majun',
];

async function fillOrders(r: Running): Promise<void> {
  const db = r.database.db;
  const people = sql`${STAFF}::text[]`;
  const pick = (offset: number) => sql`(${people})[1 + (g + ${offset}) % ${STAFF.length}]`;
  await sql`insert into biz_work_order (id, order_no, title, order_type, priority, charge, participants,
      launcher, deadline, status, content, tenant_id, sys_org_code, create_by, create_time, row_version)
    select 'bo' || g, 'WO' || g, '压测工单' || g, '1', '2', ${pick(0)}, ${pick(3)} || ',' || ${pick(5)},
      ${pick(7)}, current_date + (g % 30), (g % 4)::text, '内容', 1, 'A01A02A01', ${pick(7)},
      now() - g * interval '1 minute', 0
    from generate_series(1, ${ORDERS}) g`.execute(db);
  await sql`insert into biz_work_order_sub (id, order_id, title, handler, status, tenant_id, sys_org_code,
      create_by, create_time, row_version)
    select 'bs' || g, 'bo' || (1 + g * 5), '压测子工单' || g, ${pick(2)}, '0', 1, 'A01A02A01', 'admin',
      now(), 0
    from generate_series(1, ${SUBS}) g`.execute(db);
  await sql`analyze biz_work_order`.execute(db);
  await sql`analyze biz_work_order_sub`.execute(db);
}

async function benchTarget(target: Target): Promise<BenchRow[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zj-bench-rows-'));
  const r = await startInProcess(target, dataDir);
  try {
    await fillOrders(r);
    const { token, tenantId } = await signInAt(r.url, DEMO_PASSWORD, 'chenjing');
    const auth = { 'X-Access-Token': token, 'tenant-id': String(tenantId) };
    const call = async () => {
      const res = await fetch(`${r.url}/api/sys/workOrder/list?type=3&pageNo=1&pageSize=10`, {
        headers: auth,
      });
      const body = (await res.json()) as { success: boolean; result: { total: number; records: unknown[] } };
      if (!body.success || body.result.records.length !== 10)
        throw new Error(`work order list failed: ${JSON.stringify(body).slice(0, 300)}`);
      return body.result.total;
    };
    return await routeVersusSql(
      r,
      call,
      'biz_work_order',
      ROUNDS,
      {
        figure: `${target.label}: 我参与的 over ${ORDERS.toLocaleString('en')} work orders under their read rule (with an exists over ${SUBS.toLocaleString('en')} sub-orders), median of ${ROUNDS} (goal ≤ 1.3x)`,
        p95: `${target.label}: the same list, p95`,
      },
      ['sys_dict_item', 'sys_user'],
    );
  } finally {
    await r.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchRowAccess(): Promise<BenchRow[]> {
  const rows = await benchTarget({ label: 'PGlite' });
  const pgUrl = await scratchPostgres('zj_bench_rows');
  if (pgUrl) rows.push(...(await benchTarget({ label: 'PostgreSQL', databaseUrl: pgUrl })));
  else console.log('(no PostgreSQL at BENCH_DATABASE_URL: the PostgreSQL rows are left out)');
  return rows;
}
