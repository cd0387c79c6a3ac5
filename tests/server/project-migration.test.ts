/**
 * Migration 0027 on a database seeded before it (docs/modules/projects.md): the project and demand
 * menu rows open the declared screens for every role, 人员负荷 and 客户联系人 appear, the buttons
 * exist once with their grants, the fill rules and dictionaries are there; twice is once. Then the
 * demo of a new organisation: projects of the demo customers in every status, with their demands'
 * history.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import { openDatabase, type DatabaseHandle } from '../../server/db/database.js';
import { migrateToLatest } from '../../server/db/migrate.js';
import { projects } from '../../server/db/migrations/0027_projects.js';
import { seedIfEmpty } from '../../server/db/seed/index.js';
import { openTestDatabase, TEST_ADMIN_PASSWORD } from './template-db.js';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe('0027_projects', () => {
  it('points the old project and demand entries at the declared screens and adds the rest once', async () => {
    const db = database.db;
    const old: [string, string][] = [
      ['/project/list', 'modules/project/ProjectList'],
      ['/project/myCharge', 'modules/project/MyChargeProjectList'],
      ['/project/deletedList', 'modules/project/DeletedProjectList'],
      ['/project/statistics', 'modules/project/ProjectStatistics'],
      ['/demand/list', 'modules/demand/DemandList'],
    ];
    for (const [url, component] of old)
      await sql`update sys_permission set component = ${component} where url = ${url} and menu_type <> 2`.execute(
        db,
      );
    await sql`delete from sys_role_permission where permission_id in (select id from sys_permission
      where url in ('/project/list', '/demand/list') or perms in ('project:start', 'demand:add'))
      and role_id in (select id from sys_role where role_code = 'staff')`.execute(db);
    await sql`delete from sys_permission where perms in ('project:all', 'project:purge')
      or url in ('/project/load', '/customer/resource')`.execute(db);
    await sql`delete from sys_fill_rule where rule_code = 'project_no'`.execute(db);
    await projects.up(db);
    await projects.up(db); // a second run changes nothing and does not fail
    const menus = await sql<{ url: string; component: string }>`select url, component from sys_permission
      where url in ('/project/list', '/project/myCharge', '/project/deletedList', '/project/statistics',
        '/project/load', '/demand/list', '/customer/resource') and menu_type <> 2 order by url`.execute(db);
    expect(menus.rows).toEqual([
      { url: '/customer/resource', component: 'declared/customerResource' },
      { url: '/demand/list', component: 'declared/demand' },
      { url: '/project/deletedList', component: 'declared/projectRecycle' },
      { url: '/project/list', component: 'declared/project' },
      { url: '/project/load', component: 'declared/projectLoad' },
      { url: '/project/myCharge', component: 'declared/project?type=1' },
      { url: '/project/statistics', component: 'declared/projectStatistics' },
    ]);
    const grants = await sql<{ code: string; role: string }>`select coalesce(p.perms, p.url) as code,
        r.role_code as role
      from sys_permission p join sys_role_permission rp on rp.permission_id = p.id
      join sys_role r on r.id = rp.role_id
      where p.perms in ('project:all', 'project:purge', 'project:start', 'demand:add')
        or (p.url in ('/project/list', '/project') and p.menu_type <> 2)
      order by 1, 2`.execute(db);
    const byCode = new Map<string, string[]>();
    for (const g of grants.rows) byCode.set(g.code, [...(byCode.get(g.code) ?? []), g.role]);
    expect(Object.fromEntries(byCode)).toEqual({
      '/project': ['admin', 'analyst', 'manager', 'staff'],
      '/project/list': ['admin', 'analyst', 'manager', 'staff'],
      'demand:add': ['admin', 'analyst', 'manager', 'staff'],
      'project:all': ['admin', 'manager'],
      'project:purge': ['admin'],
      'project:start': ['admin', 'analyst', 'manager', 'staff'],
    });
    const count = await sql<{ n: number }>`select count(*)::int as n from sys_permission
      where perms = 'project:all'`.execute(db);
    expect(count.rows[0]!.n).toBe(1);
    const rule = await sql<{ params: string }>`select rule_params as params from sys_fill_rule
      where rule_code = 'project_no'`.execute(db);
    expect(JSON.parse(rule.rows[0]!.params)).toMatchObject({ prefix: 'XM', digits: 3 });
  });
});

describe('the demo of a new organisation', () => {
  it('has projects of the demo customers in every status, with contacts and demands handed on', async () => {
    const fresh = await openDatabase({ pgliteDir: 'memory://' });
    try {
      await migrateToLatest(fresh.db);
      await seedIfEmpty(fresh.db, TEST_ADMIN_PASSWORD);
      const config = {
        ...loadConfig({}),
        apiBase: '/api',
        captcha: { kind: 'off' as const },
        webDir: '/nonexistent',
      };
      const app = await buildApp({ config, database: fresh, logger: false });
      await app.ready();
      await app.close();
      const q = async (query: ReturnType<typeof sql>) =>
        (await query.execute(fresh.db)).rows as Record<string, unknown>[];
      const statuses = await q(sql`select status, count(*)::int as n from biz_project group by 1 order by 1`);
      expect(statuses.map((r) => r.status)).toEqual(['0', '1', '2', '3']);
      expect(statuses.reduce((n, r) => n + Number(r.n), 0)).toBe(36);
      // Every project names a real customer (the codes were resolved at the first start).
      expect(
        await q(sql`select id from biz_project p
        where not exists (select 1 from biz_customer c where c.id = p.customer_id)`),
      ).toEqual([]);
      const [counts] = await q(sql`select (select count(*)::int from biz_project_contact) as contacts,
        (select count(*)::int from biz_customer_resource) as resources,
        (select count(*)::int from biz_demand) as demands,
        (select count(*)::int from biz_demand_circulation where action = 'circulation') as moves,
        (select count(*)::int from biz_demand where status = '3' and close_time is null) as unstamped`);
      expect(counts).toMatchObject({ unstamped: 0 });
      expect(Number(counts!.contacts)).toBeGreaterThan(70);
      expect(Number(counts!.resources)).toBeGreaterThan(20);
      expect(Number(counts!.demands)).toBeGreaterThan(60);
      expect(Number(counts!.moves)).toBeGreaterThan(30);
    } finally {
      await fresh.close();
    }
    // A whole first start with every demo (the project stages run through the engine too).
  }, 90_000);
});
