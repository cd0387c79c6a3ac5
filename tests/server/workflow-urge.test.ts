/**
 * 催办 on a flow (docs/modules/workflow.md, "Slice 5b"): the starter or an admin urges the people of
 * the open task through the notice module's reminders (app type flow), each urge recorded in
 * 催办记录 and the history; refusals for a finished instance, someone else's, and a repeat within
 * the interval.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorkflowTest, taskOf, type WorkflowTest } from './workflow-helpers.js';
import type { Page } from './entity-helpers.js';

let t: WorkflowTest;
beforeAll(async () => {
  t = await createWorkflowTest();
});
afterAll(() => t.close());

interface UrgeRow {
  id: string;
  instanceId: string;
  title: string;
  urger: string;
  urger_dictText: string;
  targetNames: string;
  content: string;
  urgeTime: string;
}

const started = async () => {
  const row = await t.file();
  expect((await t.start(row.id)).success).toBe(true);
  return { row, instanceId: (await t.leave(row.id)).procInsId! };
};
const urge = (instanceId: string, token: string, content = '', path = '/workflow/instance/urge') =>
  t.send('PUT', path, { id: instanceId, content }, token);
const reminders = async (username: string) =>
  (
    await sql<{ title: string; content: string; appType: string; appId: string; urgerName: string }>`select
        u.title, u.content, u.app_type as "appType", u.app_id as "appId", u.urger_name as "urgerName"
      from sys_urge u join sys_user su on su.id = u.user_id where su.username = ${username}
      order by u.create_time`.execute(t.database.db)
  ).rows;
const urges = async (type: string, token: string) =>
  (await t.get<Page<UrgeRow>>(`/workflow/urge/list?type=${type}&pageSize=100`, token)).result;

describe('催办 on a flow', () => {
  it('the starter urges the assignee: a reminder of app type flow, a record and a history row', async () => {
    const { instanceId } = await started();
    const answer = await urge(instanceId, t.tokens.chenjing, '明天出发，请尽快审批');
    expect(answer).toMatchObject({ success: true, message: '已催办张伟' });
    const got = (await reminders('zhangwei')).filter((r) => r.appId === instanceId);
    expect(got).toHaveLength(1);
    expect(got[0]).toMatchObject({ appType: 'flow', content: '<p>明天出发，请尽快审批</p>' });
    expect(got[0]!.title).toMatch(/^流程催办：/);
    // The reminder is in 张伟's notice feed (the reminder modal reads it), filed under 流程审批 (9).
    const feed = await t.get<{ records: { appType: string; appId: string; appTypeName: string }[] }>(
      '/sys/notice/list?pageNo=1&pageSize=50&appType=9',
      t.tokens.zhangwei,
    );
    const item = feed.result!.records.find((r) => r.appId === instanceId);
    expect(item).toMatchObject({ appType: 'flow', appTypeName: '流程审批' });
    const history = await sql<{ action: string; comment: string }>`select action, comment from wf_history
      where instance_id = ${instanceId} and action = 'urge'`.execute(t.database.db);
    expect(history.rows).toEqual([{ action: 'urge', comment: '催办张伟：明天出发，请尽快审批' }]);
    const mine = (await urges('1', t.tokens.chenjing))!.records.filter((r) => r.instanceId === instanceId);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      urger: 'chenjing',
      targetNames: '张伟',
      content: '明天出发，请尽快审批',
    });
    // The urged person sees it among theirs; a bystander does not.
    expect((await urges('1', t.tokens.zhangwei))!.records.some((r) => r.instanceId === instanceId)).toBe(
      true,
    );
    expect((await urges('1', t.tokens.zhaolei))!.records.some((r) => r.instanceId === instanceId)).toBe(
      false,
    );
  });

  it('refuses a second urge within the interval, someone else’s instance, and a finished one', async () => {
    const { row, instanceId } = await started();
    expect((await urge(instanceId, t.tokens.chenjing)).success).toBe(true);
    expect((await urge(instanceId, t.tokens.chenjing)).message).toBe('您已催办过该流程，请10分钟后再催办');
    expect((await urge(instanceId, t.tokens.zhaolei)).message).toBe('只能催办本人发起的流程');
    // A default message names the node and the urger.
    const got = (await reminders('zhangwei')).filter((r) => r.appId === instanceId);
    expect(got[0]!.content).toContain('部门经理审批');
    expect(got[0]!.content).toContain('催您尽快处理');
    // After the interval the starter may urge again.
    await sql`update wf_urge set create_time = now() - interval '11 minutes' where instance_id = ${instanceId}`.execute(
      t.database.db,
    );
    expect((await urge(instanceId, t.tokens.chenjing)).success).toBe(true);
    // Approved: nothing left to urge.
    await t.act('approve', (await taskOf(t, row.id, t.tokens.zhangwei))!.id, t.tokens.zhangwei);
    expect((await t.leave(row.id)).status).toBe('2');
    const finished = await urge(instanceId, t.tokens.chenjing);
    expect(finished).toMatchObject({ success: false, message: '流程已结束，无需催办' });
    expect((await reminders('zhangwei')).filter((r) => r.appId === instanceId)).toHaveLength(2);
  });

  it('an admin urges from 流程实例; staff may not use that call nor read every urge', async () => {
    const { instanceId } = await started();
    const admin = await urge(instanceId, t.tokens.admin, '', '/workflow/monitor/urge');
    expect(admin).toMatchObject({ success: true, message: '已催办张伟' });
    const staff = await urge(instanceId, t.tokens.chenjing, '', '/workflow/monitor/urge');
    expect(staff.success).toBe(false);
    const all = await urges('2', t.tokens.admin);
    expect(all!.records.some((r) => r.instanceId === instanceId && r.urger === 'admin')).toBe(true);
    const refused = await t.get('/workflow/urge/list?type=2', t.tokens.chenjing);
    expect(refused).toMatchObject({ success: false, message: '没有权限，请联系管理员授权' });
    // Too long a message is refused before anything is written.
    const long = await urge(instanceId, t.tokens.chenjing, '催'.repeat(501));
    expect(long.message).toBe('催办内容不能超过500个字');
  });
});
