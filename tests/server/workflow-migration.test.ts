/**
 * Migrations 0023, 0024, 0030, 0038 and 0043 on a database seeded before them: the flow menu rows open the
 * declared screens, the flow buttons exist once with their grants, the dictionaries and columns are
 * there; twice is once.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../server/db/database.js';
import { workflow } from '../../server/db/migrations/0023_workflow.js';
import { workflowAdmin } from '../../server/db/migrations/0024_workflow_admin.js';
import { workflowTaskActions } from '../../server/db/migrations/0030_workflow_task_actions.js';
import { workflowTimers } from '../../server/db/migrations/0038_workflow_timers.js';
import { workflowServices } from '../../server/db/migrations/0043_workflow_services.js';
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

describe('0030_workflow_task_actions', () => {
  it('adds the task columns and the action texts of slice 3, once', async () => {
    const db = database.db;
    await sql`delete from sys_dict_item where dict_id in (select id from sys_dict
      where dict_code in ('wf_action', 'wf_return_target')) and item_value in ('return', 'transfer', 'addsign',
        'resubmit', 'previous', 'starter')`.execute(db);
    await workflowTaskActions.up(db);
    await workflowTaskActions.up(db);
    const texts = await sql<{ code: string; value: string; text: string }>`select d.dict_code as code,
        i.item_value as value, i.item_text as text from sys_dict_item i join sys_dict d on d.id = i.dict_id
      where (d.dict_code = 'wf_action' and i.item_value in ('return', 'transfer', 'addsign', 'resubmit'))
        or d.dict_code = 'wf_return_target'
      order by d.dict_code, i.sort_order`.execute(db);
    expect(texts.rows.map((r) => `${r.code}:${r.text}`)).toEqual([
      'wf_action:退回',
      'wf_action:转办',
      'wf_action:加签',
      'wf_action:重新提交',
      'wf_return_target:上一节点',
      'wf_return_target:发起人',
    ]);
    const columns = await sql<{ name: string }>`select column_name as name from information_schema.columns
      where table_name = 'wf_task' and column_name in ('kind', 'back_to', 'parent_id', 'multi', 'loop_index')
      order by column_name`.execute(db);
    expect(columns.rows.map((r) => r.name)).toEqual(['back_to', 'kind', 'loop_index', 'multi', 'parent_id']);
  });
});

describe('0038_workflow_timers', () => {
  it('adds the timer table, its cancelling trigger, the action texts and the running job, once', async () => {
    const db = database.db;
    await sql`delete from sys_quartz_job where handler = 'workflowTimers'`.execute(db);
    await sql`delete from sys_dict_item where dict_id in (select id from sys_dict where dict_code = 'wf_action')
      and item_value in ('remind', 'autopass', 'escalate', 'delegate', 'resolve', 'addafter')`.execute(db);
    await workflowTimers.up(db);
    await workflowTimers.up(db);
    const jobs = await sql<{ status: string; cron: string }>`select status, cron_expression as cron
      from sys_quartz_job where handler = 'workflowTimers'`.execute(db);
    expect(jobs.rows).toEqual([{ status: '1', cron: '0 * * * * ?' }]);
    const texts = await sql<{ text: string }>`select i.item_text as text from sys_dict_item i
      join sys_dict d on d.id = i.dict_id
      where d.dict_code in ('wf_action', 'wf_addsign_position') and i.sort_order >= 1
        and i.item_value in ('remind', 'autopass', 'escalate', 'delegate', 'resolve', 'addafter', 'after')
      order by d.dict_code, i.sort_order`.execute(db);
    expect(texts.rows.map((r) => r.text)).toEqual([
      '超时提醒',
      '超时自动通过',
      '超时升级',
      '委派',
      '委派处理',
      '后加签',
      '后加签（我同意后，再请他人审批）',
    ]);
    // The trigger: a task leaving 'todo' cancels its pending timer in the same statement.
    await sql`insert into wf_definition (id, process_key, version, name, xml, model)
      values ('migrationDefinition', 'migrationTimers', 1, '测试', '<x/>', '{}')`.execute(db);
    await sql`insert into wf_instance (id, definition_id, process_key, business_key, title, starter, form, state,
        status) values ('migrationInstance', 'migrationDefinition', 'migrationTimers', 'x', '测试', 'chenjing', '{}',
        '{}', 'running')`.execute(db);
    await sql`insert into wf_task (id, instance_id, element_id, name, assignee, status)
      values ('migrationTask', 'migrationInstance', 'x', '测试', 'zhangwei', 'todo')`.execute(db);
    await sql`insert into wf_timer (id, task_id, instance_id, element_id, action, due_time)
      values ('migrationTimer', 'migrationTask', 'migrationInstance', 'x', 'remind', now())`.execute(db);
    await sql`update wf_task set status = 'done' where id = 'migrationTask'`.execute(db);
    const timer = await sql<{
      status: string;
    }>`select status from wf_timer where id = 'migrationTimer'`.execute(db);
    expect(timer.rows[0]?.status).toBe('cancelled');
  });
});

describe('0043_workflow_services', () => {
  it('adds the failure table and the service-task action texts, once', async () => {
    const db = database.db;
    await sql`drop table if exists wf_failure`.execute(db);
    await sql`delete from sys_dict_item where dict_id in (select id from sys_dict where dict_code = 'wf_action')
      and item_value in ('service', 'svcfail', 'svcretry')`.execute(db);
    await workflowServices.up(db);
    await workflowServices.up(db);
    const texts = await sql<{ text: string }>`select i.item_text as text from sys_dict_item i
      join sys_dict d on d.id = i.dict_id
      where d.dict_code = 'wf_action' and i.item_value in ('service', 'svcfail', 'svcretry')
      order by i.sort_order`.execute(db);
    expect(texts.rows.map((r) => r.text)).toEqual(['服务处理', '服务处理失败', '重试服务处理']);
    await sql`insert into wf_failure (id, instance_id, element_id, node_name, kind, message)
      values ('migrationFailure', 'x', 'svc', '通知行政', 'service', '失败')`.execute(db);
    const row = await sql<{ status: string; attempts: number }>`select status, attempts from wf_failure
      where id = 'migrationFailure'`.execute(db);
    expect(row.rows).toEqual([{ status: 'open', attempts: 1 }]);
  });
});
