/**
 * Timers on user tasks (docs/modules/workflow.md, "Slice 4"): 超时提醒, 超时自动通过 and 超时升级
 * are wf_timer rows fired by the job 流程定时器 exactly once - also by two passes at once, never
 * for a task already done, and at the start of a server after every server was down.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { LogSmsProvider } from '../../server/auth/sms.js';
import { seedId } from '../../server/db/seed/ids.js';
import { LEAVE_BPMN } from '../../server/workflow/leave-model.js';
import { fireDueTimers } from '../../server/workflow/timer-fire.js';
import { createWorkflowTest, taskOf, type WorkflowTest } from './workflow-helpers.js';

let t: WorkflowTest;
beforeAll(async () => {
  t = await createWorkflowTest();
});
afterAll(() => t.close());

const JOB_ID = seedId('quartzJob:workflowTimers');
const withTimer = (attributes: string) =>
  LEAVE_BPMN.replace(
    '<bpmn:userTask id="deptManager" name="部门经理审批" zh:assignee="deptManager" />',
    `<bpmn:userTask id="deptManager" name="部门经理审批" zh:assignee="deptManager" ${attributes} />`,
  );
const deploy = (xml: string) => t.send('POST', '/workflow/definition/deploy', { xml }, t.tokens.admin);
const started = async () => {
  const row = await t.file();
  expect((await t.start(row.id)).success).toBe(true);
  return { row, instanceId: (await t.leave(row.id)).procInsId! };
};
const timers = async (instanceId: string) =>
  (
    await sql<{ status: string; action: string }>`select status, action from wf_timer
      where instance_id = ${instanceId}`.execute(t.database.db)
  ).rows;
/** Makes the instance's pending timers due now, as if their duration had passed. */
const elapse = (instanceId: string) =>
  sql`update wf_timer set due_time = now() - interval '1 second'
    where instance_id = ${instanceId} and status = 'pending'`.execute(t.database.db);
const history = async (instanceId: string) =>
  (
    await sql<{ action: string; comment: string | null }>`select action, comment from wf_history
      where instance_id = ${instanceId} order by create_time, id`.execute(t.database.db)
  ).rows;
const pass = () =>
  fireDueTimers({
    db: t.database.db,
    bindings: new Map(),
    bus: { publish: async () => {} } as never,
    log: t.app.log,
  });
const runJob = () => t.get(`/sys/quartzJob/execute?id=${JOB_ID}`, t.tokens.admin);

describe('timers on user tasks', () => {
  it('refuses a timer the engine cannot honour, in Chinese, per element', async () => {
    const bad = await deploy(withTimer('zh:timeout="2h" zh:timeoutAction="remind"'));
    expect(bad.message).toContain(
      '节点「部门经理审批」(deptManager)：超时时间无效（2h），应为1分钟到366天，如PT2H',
    );
    const noTarget = await deploy(withTimer('zh:timeout="PT1H" zh:timeoutAction="escalate"'));
    expect(noTarget.message).toContain('超时升级须指定升级给谁（未选择）');
    const action = await deploy(withTimer('zh:timeout="PT1H" zh:timeoutAction="delete"'));
    expect(action.message).toContain('超时处理方式无效（delete）');
  });

  it('a due reminder fires once, even with two passes at once, and tells the assignee', async () => {
    expect((await deploy(withTimer('zh:timeout="PT2H" zh:timeoutAction="remind"'))).success).toBe(true);
    const { row, instanceId } = await started();
    expect(await timers(instanceId)).toEqual([{ status: 'pending', action: 'remind' }]);
    await pass(); // not due yet: nothing happens
    expect(await timers(instanceId)).toEqual([{ status: 'pending', action: 'remind' }]);
    await elapse(instanceId);
    await Promise.all([pass(), pass()]);
    expect(await timers(instanceId)).toEqual([{ status: 'fired', action: 'remind' }]);
    const reminders = (await history(instanceId)).filter((h) => h.action === 'remind');
    expect(reminders).toEqual([{ action: 'remind', comment: '超过2小时未处理，已提醒张伟' }]);
    const notices = await t.get<{ sysMsgList?: { titile: string }[] }>(
      '/sys/annountCement/listByUser',
      t.tokens.zhangwei,
    );
    const titles = JSON.stringify(notices.result);
    expect(titles.split(`审批超时提醒：`).length - 1).toBeGreaterThanOrEqual(1);
    // Still waiting for the manager, who approves as usual.
    expect((await taskOf(t, row.id, t.tokens.zhangwei))?.name).toBe('部门经理审批');
  });

  it('a task done before its time cancels its timer in the same transaction; it never fires', async () => {
    const { row, instanceId } = await started();
    await t.act('approve', (await taskOf(t, row.id, t.tokens.zhangwei))!.id, t.tokens.zhangwei);
    expect(await timers(instanceId)).toEqual([{ status: 'cancelled', action: 'remind' }]);
    await sql`update wf_timer set due_time = now() - interval '1 second' where instance_id = ${instanceId}`.execute(
      t.database.db,
    );
    await pass();
    expect((await history(instanceId)).some((h) => h.action === 'remind')).toBe(false);
  });

  it('超时自动通过 moves the instance on through the job 流程定时器', async () => {
    expect((await deploy(withTimer('zh:timeout="PT30M" zh:timeoutAction="approve"'))).success).toBe(true);
    const { row, instanceId } = await started();
    await elapse(instanceId);
    expect((await runJob()).success).toBe(true);
    expect(await t.leave(row.id)).toMatchObject({ status: '2' });
    const actions = (await history(instanceId)).map((h) => h.action);
    expect(actions).toEqual(['start', 'autopass', 'end']);
    expect(await taskOf(t, row.id, t.tokens.zhangwei)).toBeUndefined();
  });

  it('超时自动通过 sends the node’s 抄送 too, from 系统, in the instance’s tenant', async () => {
    const xml = withTimer('zh:timeout="PT30M" zh:timeoutAction="approve" zh:ccUsers="user:zhaolei,starter"');
    expect((await deploy(xml)).success).toBe(true);
    const { instanceId } = await started();
    await elapse(instanceId);
    expect((await pass()).fired).toBe(1);
    const { rows } = await sql<{ username: string; fromUser: string; note: string; tenantId: number }>`select
        c.username, c.from_user as "fromUser", c.note, c.tenant_id as "tenantId"
      from wf_copy c where c.instance_id = ${instanceId} order by c.username`.execute(t.database.db);
    const note = '节点「部门经理审批」自动抄送';
    const instance = await sql<{ tenantId: number }>`select tenant_id as "tenantId" from wf_instance
      where id = ${instanceId}`.execute(t.database.db);
    const tenantId = instance.rows[0]!.tenantId;
    expect(rows).toEqual([
      { username: 'chenjing', fromUser: 'system', note, tenantId },
      { username: 'zhaolei', fromUser: 'system', note, tenantId },
    ]);
    const mine = await t.get<{ records: { title?: string }[] }>(
      '/workflow/copy/list?pageSize=50',
      t.tokens.zhaolei,
    );
    expect(JSON.stringify(mine.result)).toContain(instanceId);
  });

  it('超时升级 hands the task to the assignee’s department manager (or a named user)', async () => {
    const xml = withTimer('zh:timeout="P1D" zh:timeoutAction="escalate" zh:escalateTo="deptManager"');
    expect((await deploy(xml)).success).toBe(true);
    const first = await started();
    await elapse(first.instanceId);
    await runJob();
    // 张伟 heads a top department: his manager is the general manager (admin).
    expect(await taskOf(t, first.row.id, t.tokens.zhangwei)).toBeUndefined();
    const escalated = (await taskOf(t, first.row.id, t.tokens.admin))!;
    expect(escalated.name).toBe('部门经理审批');
    expect((await history(first.instanceId)).at(-1)).toEqual({
      action: 'escalate',
      comment: '超过1天未处理，升级给管理员',
    });
    expect((await t.act('approve', escalated.id, t.tokens.zhangwei)).message).toBe(
      '您不是该任务的审批人，无权处理',
    );
    expect((await t.act('approve', escalated.id, t.tokens.admin)).success).toBe(true);

    const named = withTimer('zh:timeout="PT1H" zh:timeoutAction="escalate" zh:escalateTo="user:zhaolei"');
    expect((await deploy(named)).success).toBe(true);
    const second = await started();
    await elapse(second.instanceId);
    await runJob();
    expect((await taskOf(t, second.row.id, t.tokens.zhaolei))?.name).toBe('部门经理审批');
  });

  it('a timer that fell due while every server was down fires when a server starts', async () => {
    expect((await deploy(withTimer('zh:timeout="PT2H" zh:timeoutAction="remind"'))).success).toBe(true);
    const { instanceId } = await started();
    await t.app.close();
    await elapse(instanceId);
    // The job last ran an hour ago (every server down since): the scheduler's misfire policy fires
    // it once at start.
    await sql`delete from sys_quartz_job_log where job_id = ${JOB_ID}`.execute(t.database.db);
    await sql`update sys_quartz_job set last_fire_time = now() - interval '1 hour',
        update_time = now() - interval '2 hours', create_time = now() - interval '2 hours'
      where id = ${JOB_ID}`.execute(t.database.db);
    const app = await buildApp({
      config: t.config,
      database: t.database,
      sms: new LogSmsProvider(() => {}),
      logger: false,
    });
    await app.ready();
    try {
      for (let i = 0; i < 100 && (await timers(instanceId))[0]?.status === 'pending'; i += 1)
        await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await timers(instanceId)).toEqual([{ status: 'fired', action: 'remind' }]);
      expect((await history(instanceId)).filter((h) => h.action === 'remind')).toHaveLength(1);
    } finally {
      await app.close();
    }
  });
});
