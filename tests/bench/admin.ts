/**
 * The permission lookup of a request (issue 10): a user holding 10 roles that grant 2,000
 * permission rows between them calls a route that needs a permission code; the baseline is the
 * same user calling a route that needs only a session. Both routes answer without touching the
 * database, so the difference is the lookup itself. Also the first request after a change, when
 * the cached codes were just dropped and are read again. On the embedded database, and on
 * PostgreSQL when one answers at BENCH_DATABASE_URL.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { permissionCacheOf } from '../../server/auth/permission-codes.js';
import { DEMO_PASSWORD, userId } from '../../server/db/seed/organisation.js';
import { scratchPostgres, signInAt, startInProcess, type Running, type Target } from './in-process.js';
import { fmtMs, median, ratio, type BenchRow } from './stats.js';

const ROLES = 10;
const ROWS = 2_000;
const ROUNDS = 400;
const COLD_ROUNDS = 60;
const USER = 'zhangwei';

/** 2,000 button rows under one menu, spread over 10 roles the user holds; one role also grants role:list. */
async function grantMany(r: Running): Promise<void> {
  const db = r.database.db;
  const menu = await sql<{
    id: string;
  }>`select id from sys_permission where component = 'declared/customer'`.execute(db);
  await sql`insert into sys_permission (id, parent_id, name, menu_type, perms, perms_type, sort_no, is_route, is_leaf, status)
    select 'bp' || g, ${menu.rows[0].id}, '压测按钮' || g, 2, 'bench:code:' || g, '1', 500 + g, false, true, '1'
    from generate_series(1, ${ROWS}) g`.execute(db);
  await sql`insert into sys_role (id, role_name, role_code, tenant_id)
    select 'br' || g, '压测角色' || g, 'bench_role_' || g, 0 from generate_series(1, ${ROLES}) g`.execute(db);
  await sql`insert into sys_role_permission (role_id, permission_id)
    select 'br' || (1 + (g % ${ROLES})), 'bp' || g from generate_series(1, ${ROWS}) g`.execute(db);
  await sql`insert into sys_role_permission (role_id, permission_id)
    select 'br1', id from sys_permission where perms = 'role:list'`.execute(db);
  await sql`insert into sys_user_role (user_id, role_id)
    select ${userId(USER)}, 'br' || g from generate_series(1, ${ROLES}) g`.execute(db);
}

async function timed(call: () => Promise<void>): Promise<number> {
  const t = performance.now();
  await call();
  return performance.now() - t;
}

async function benchTarget(target: Target): Promise<BenchRow[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zj-bench-admin-'));
  const r = await startInProcess(target, dataDir);
  try {
    await grantMany(r);
    const { token, tenantId } = await signInAt(r.url, DEMO_PASSWORD, USER);
    const headers = { 'X-Access-Token': token, 'tenant-id': String(tenantId) };
    const get = (route: string) => async () => {
      const res = await fetch(`${r.url}/api${route}`, { headers });
      const body = (await res.json()) as { success: boolean; code: number };
      if (!body.success) throw new Error(`${route} failed: ${JSON.stringify(body)}`);
    };
    // A route needing role:list and one needing only a session; neither reads the database itself.
    const gated = get('/sys/role/checkRoleCode');
    const open = get('/sys/dict/refleshCache');
    for (let i = 0; i < 20; i++) {
      await gated();
      await open();
    }
    const withCode: number[] = [];
    const withSession: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      withCode.push(await timed(gated));
      withSession.push(await timed(open));
    }
    const cache = permissionCacheOf(r.database.db);
    const cold: number[] = [];
    const coldBase: number[] = [];
    for (let i = 0; i < COLD_ROUNDS; i++) {
      cache.drop(null);
      cold.push(await timed(gated));
      coldBase.push(await timed(open));
    }
    return [
      {
        figure: `${target.label}: a route needing a code, for a user with ${ROLES} roles granting ${ROWS.toLocaleString('en')} rows, median of ${ROUNDS} (goal ≤ 1.2x)`,
        value: fmtMs(median(withCode)),
        baseline: `a route needing a session ${fmtMs(median(withSession))}`,
        ratio: ratio(median(withCode), median(withSession)),
      },
      {
        figure: `${target.label}: the same, first request after a change (codes read again), median of ${COLD_ROUNDS}`,
        value: fmtMs(median(cold)),
        baseline: `a route needing a session ${fmtMs(median(coldBase))}`,
        ratio: ratio(median(cold), median(coldBase)),
      },
    ];
  } finally {
    await r.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchAdmin(): Promise<BenchRow[]> {
  const rows = await benchTarget({ label: 'PGlite' });
  const pgUrl = await scratchPostgres('zj_bench_admin');
  if (pgUrl) rows.push(...(await benchTarget({ label: 'PostgreSQL', databaseUrl: pgUrl })));
  else console.log('(no PostgreSQL at BENCH_DATABASE_URL: the PostgreSQL rows are left out)');
  return rows;
}
