/**
 * Migration 0023 on a database seeded before it: the flow menu rows open the declared screens, the
 * flow buttons exist once with their grants, the dictionaries are there; twice is once.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../server/db/database.js';
import { workflow } from '../../server/db/migrations/0023_workflow.js';
import { workflowAdmin } from '../../server/db/migrations/0024_workflow_admin.js';
import { openTestDatabase } from './template-db.js';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe('0023_workflow', () => {
  it('points the old flow entries at the declared screens and adds the buttons once', async () => {
    const db = database.db;
    const old: [string, string][] = [
      ['/flow/todo', 'modules/work/MyTodoList'],
      ['/flow/done', 'modules/work/MyDoneList'],
      ['/flow/mySend', 'modules/work/MySendList'],
      ['/flow/leave', 'modules/leave/LeaveList'],
    ];
    for (const [url, component] of old)
      await sql`update sys_permission set component = ${component} where url = ${url} and menu_type <> 2`.execute(
        db,
      );
    await sql`delete from sys_permission where perms in ('flowTask:approve', 'leave:list')`.execute(db);
    await workflow.up(db);
    await workflow.up(db); // a second run changes nothing and does not fail
    const menus = await sql<{ url: string; component: string }>`select url, component from sys_permission
      where url in ('/flow/todo', '/flow/done', '/flow/mySend', '/flow/leave') and menu_type <> 2
      order by url`.execute(db);
    expect(menus.rows).toEqual([
      { url: '/flow/done', component: 'declared/flowTask?type=2' },
      { url: '/flow/leave', component: 'declared/leave?type=1' },
      { url: '/flow/mySend', component: 'declared/flowInstance' },
      { url: '/flow/todo', component: 'declared/flowTask?type=1' },
    ]);
    const grants = await sql<{ perms: string; role: string }>`select p.perms, r.role_code as role
      from sys_permission p join sys_role_permission rp on rp.permission_id = p.id
      join sys_role r on r.id = rp.role_id
      where p.perms in ('flowTask:approve', 'leave:list') order by p.perms, r.role_code`.execute(db);
    expect(grants.rows).toEqual([
      { perms: 'flowTask:approve', role: 'admin' },
      { perms: 'flowTask:approve', role: 'analyst' },
      { perms: 'flowTask:approve', role: 'manager' },
      { perms: 'flowTask:approve', role: 'staff' },
      { perms: 'leave:list', role: 'admin' },
    ]);
    const types = await sql<{ text: string }>`select i.item_text as text from sys_dict_item i
      join sys_dict d on d.id = i.dict_id where d.dict_code = 'leave_type' order by i.sort_order`.execute(db);
    expect(types.rows.map((r) => r.text)).toEqual(['事假', '病假', '年假', '调休', '婚假', '产假', '丧假']);
  });
});

describe('0024_workflow_admin', () => {
  it('opens 流程模型 / 部署 / 实例 / 历史 as declared screens with their buttons, once', async () => {
    const db = database.db;
    const old: [string, string][] = [
      ['/flow/model', 'modules/flow/FlowModelList'],
      ['/flow/deploy', 'modules/flow/FlowDeployList'],
      ['/flow/instance', 'modules/flow/FlowInstanceList'],
      ['/flow/history', 'modules/flow/FlowHistoryList'],
    ];
    for (const [url, component] of old)
      await sql`update sys_permission set component = ${component} where url = ${url} and menu_type <> 2`.execute(
        db,
      );
    await sql`delete from sys_permission where perms like 'flowMonitor:%' or perms like 'flowModel:%'`.execute(
      db,
    );
    await sql`delete from sys_dict_item where item_value = 'terminated'`.execute(db);
    await workflowAdmin.up(db);
    await workflowAdmin.up(db);
    const menus = await sql<{ url: string; component: string }>`select url, component from sys_permission
      where url in ('/flow/model', '/flow/deploy', '/flow/instance', '/flow/history') and menu_type <> 2
      order by url`.execute(db);
    expect(menus.rows).toEqual([
      { url: '/flow/deploy', component: 'declared/flowDefinition' },
      { url: '/flow/history', component: 'declared/flowMonitor?type=2' },
      { url: '/flow/instance', component: 'declared/flowMonitor?type=1' },
      { url: '/flow/model', component: 'declared/flowModel' },
    ]);
    const grants = await sql<{ perms: string; role: string }>`select p.perms, r.role_code as role
      from sys_permission p join sys_role_permission rp on rp.permission_id = p.id
      join sys_role r on r.id = rp.role_id
      where p.perms in ('flowMonitor:list', 'flowMonitor:terminate', 'flowModel:edit')
      order by p.perms, r.role_code`.execute(db);
    expect(grants.rows).toEqual([
      { perms: 'flowModel:edit', role: 'admin' },
      { perms: 'flowMonitor:list', role: 'admin' },
      { perms: 'flowMonitor:list', role: 'manager' },
      { perms: 'flowMonitor:terminate', role: 'admin' },
    ]);
    const texts = await sql<{ text: string }>`select i.item_text as text from sys_dict_item i
      join sys_dict d on d.id = i.dict_id where d.dict_code = 'wf_instance_status' and i.item_value = 'terminated'`.execute(
      db,
    );
    expect(texts.rows).toEqual([{ text: '已终止' }]);
  });
});
