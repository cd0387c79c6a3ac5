/**
 * The user list under a data rule (issue 10): 100,000 users, a manager whose role holds
 * "own department and below" (orgCode right_like #{sysOrgCode}) on 用户管理, asking for one team
 * (a department filter). The route is printed as a ratio to its own statements replayed directly
 * on the same database: the scope costs what the list's own SQL costs, not a second query of ids.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { DEMO_PASSWORD } from '../../server/db/seed/organisation.js';
import { roleId } from '../../server/db/seed/organisation.js';
import {
  routeVersusSql,
  scratchPostgres,
  signInAt,
  startInProcess,
  type Running,
  type Target,
} from './in-process.js';
import type { BenchRow } from './stats.js';

const USERS = 100_000;
const ROUNDS = 30;
const TEAMS = [
  'A01A01A01',
  'A01A01A02',
  'A01A02A01',
  'A01A02A02',
  'A01A03A01',
  'A01A03A02',
  'A01A04A01',
  'A01A04A02',
];

async function fillUsers(r: Running): Promise<void> {
  const db = r.database.db;
  const hash = await sql<{
    h: string;
  }>`select password_hash as h from sys_user where username = 'admin'`.execute(db);
  for (let from = 1; from <= USERS; from += 20_000) {
    const to = Math.min(USERS, from + 19_999);
    await sql`insert into sys_user (id, username, realname, password_hash, sex, phone, org_code, work_no,
        status, del_flag, rel_tenant_ids, create_by, create_time)
      select 'bu' || g, 'bench' || g, '用户' || g, ${hash.rows[0].h}, 1 + g % 2, '139' || lpad(g::text, 8, '0'),
        (${TEAMS}::text[])[1 + g % ${TEAMS.length}], 'B' || g, 1, 0, '1', 'admin', now() - g * interval '1 second'
      from generate_series(${from}::int, ${to}::int) g`.execute(db);
  }
  await sql`insert into sys_user_depart (user_id, dep_id)
    select u.id, d.id from sys_user u join sys_depart d on d.org_code = u.org_code where u.id like 'bu%'`.execute(
    db,
  );
  await sql`analyze sys_user`.execute(db);
  await sql`analyze sys_user_depart`.execute(db);
}

/** 部门经理 may open 用户管理 under "own department and below". */
async function scopeManagers(r: Running): Promise<void> {
  const db = r.database.db;
  const manager = roleId('manager');
  const menu = await sql<{
    id: string;
  }>`select id from sys_permission where component = 'declared/user'`.execute(db);
  const list = await sql<{ id: string }>`select id from sys_permission where perms = 'user:list'`.execute(db);
  await sql`insert into sys_permission_data_rule (id, permission_id, rule_name, rule_column, rule_conditions, rule_value)
    values ('bench-rule', ${menu.rows[0].id}, '本部门及下级', 'orgCode', 'right_like', '#{sysOrgCode}')`.execute(
    db,
  );
  for (const permission of [menu.rows[0].id, list.rows[0].id])
    await sql`insert into sys_role_permission (role_id, permission_id) values (${manager}, ${permission})
      on conflict do nothing`.execute(db);
  await sql`update sys_role_permission set data_rule_ids = 'bench-rule'
    where role_id = ${manager} and permission_id = ${menu.rows[0].id}`.execute(db);
}

async function benchTarget(target: Target): Promise<BenchRow[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zj-bench-users-'));
  const r = await startInProcess(target, dataDir);
  try {
    await fillUsers(r);
    await scopeManagers(r);
    const { token, tenantId } = await signInAt(r.url, DEMO_PASSWORD, 'zhangwei');
    const team = await sql<{ id: string }>`select id from sys_depart where org_code = 'A01A02A01'`.execute(
      r.database.db,
    );
    const auth = { 'X-Access-Token': token, 'tenant-id': String(tenantId) };
    const call = async () => {
      const res = await fetch(
        `${r.url}/api/sys/user/list?pageNo=1&pageSize=10&selecteddeparts=${team.rows[0].id}`,
        {
          headers: auth,
        },
      );
      const body = (await res.json()) as { success: boolean; result: { total: number; records: unknown[] } };
      if (!body.success || body.result.records.length !== 10)
        throw new Error(`user list failed: ${JSON.stringify(body)}`);
      return body.result.total;
    };
    return await routeVersusSql(r, call, 'sys_user', ROUNDS, {
      figure: `${target.label}: user list over ${USERS.toLocaleString('en')} users, one team, under the rule "own department and below", median of ${ROUNDS} (goal ≤ 1.3x)`,
      p95: `${target.label}: the same list, p95`,
    });
  } finally {
    await r.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchUsers(): Promise<BenchRow[]> {
  const rows = await benchTarget({ label: 'PGlite' });
  const pgUrl = await scratchPostgres('zj_bench_users');
  if (pgUrl) rows.push(...(await benchTarget({ label: 'PostgreSQL', databaseUrl: pgUrl })));
  else console.log('(no PostgreSQL at BENCH_DATABASE_URL: the PostgreSQL rows are left out)');
  return rows;
}
