/**
 * Migration 0044 on a database seeded before it: the menus 我的抄送 / 催办记录 / 我的流程统计 /
 * 流程异常 and the new buttons appear once with their grants, reminders accept app type flow;
 * twice is once.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../server/db/database.js';
import { workflowUrgeCopy } from '../../server/db/migrations/0044_workflow_urge_copy.js';
import { openTestDatabase } from './template-db.js';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const URLS = ['/flow/copy', '/flow/urge', '/flow/stats', '/flow/exception'];
const PERMS = [
  'flowTask:copy',
  'flowInstance:urge',
  'flowMonitor:urge',
  'flowUrge:all',
  'flowException:retry',
];

describe('0044_workflow_urge_copy', () => {
  it('adds the menus and buttons to an older database once, with their grants', async () => {
    const db = database.db;
    await sql`delete from sys_permission where perms in (${sql.join(PERMS)}) and menu_type = 2`.execute(db);
    await sql`delete from sys_permission where parent_id in (select id from sys_permission
      where url in (${sql.join(URLS)}))`.execute(db);
    await sql`delete from sys_permission where url in (${sql.join(URLS)})`.execute(db);
    await sql`delete from sys_dict_item where item_value = 'flow' and dict_id =
      (select id from sys_dict where dict_code = 'urge_app_type')`.execute(db);
    await workflowUrgeCopy.up(db);
    await workflowUrgeCopy.up(db); // a second run changes nothing and does not fail
    const menus = await sql<{ url: string; component: string; parent: string }>`select p.url, p.component,
        g.url as parent from sys_permission p join sys_permission g on g.id = p.parent_id
      where p.url in (${sql.join(URLS)}) and p.menu_type <> 2 order by p.url`.execute(db);
    expect(menus.rows).toEqual([
      { url: '/flow/copy', component: 'declared/flowCopy', parent: '/flow' },
      { url: '/flow/exception', component: 'declared/flowException', parent: '/flow' },
      { url: '/flow/stats', component: 'declared/flowStats', parent: '/flow' },
      { url: '/flow/urge', component: 'declared/flowUrge', parent: '/flow' },
    ]);
    const grants = await sql<{ perms: string; roles: string }>`select p.perms,
        string_agg(r.role_code, ',' order by r.role_code) as roles
      from sys_permission p join sys_role_permission rp on rp.permission_id = p.id
      join sys_role r on r.id = rp.role_id
      where p.perms in (${sql.join(PERMS)}) and p.menu_type = 2 group by p.perms order by p.perms`.execute(
      db,
    );
    expect(grants.rows).toEqual([
      { perms: 'flowException:retry', roles: 'admin' },
      { perms: 'flowInstance:urge', roles: 'admin,analyst,manager,staff' },
      { perms: 'flowMonitor:urge', roles: 'admin' },
      { perms: 'flowTask:copy', roles: 'admin,analyst,manager,staff' },
      { perms: 'flowUrge:all', roles: 'admin' },
    ]);
    const texts = await sql<{ text: string }>`select i.item_text as text from sys_dict_item i
      join sys_dict d on d.id = i.dict_id where d.dict_code = 'urge_app_type' order by i.sort_order`.execute(
      db,
    );
    expect(texts.rows.map((r) => r.text)).toEqual(['工单', '项目', '流程']);
    // The reminders' check accepts a flow (and still refuses anything else).
    const check = await sql<{ def: string }>`select pg_get_constraintdef(oid) as def from pg_constraint
      where conname = 'sys_urge_app_type_check'`.execute(db);
    expect(check.rows[0]!.def).toContain('flow');
  });
});
