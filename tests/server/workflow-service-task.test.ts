/**
 * Service tasks calling registered handlers only (docs/modules/workflow.md, "Slice 5"): an unknown
 * handler is refused at deploy; notifyStarter / notifyRole run in the action's transaction with a
 * history line; a handler that throws leaves the instance at its node with an open wf_failure
 * row (the exception list's), and 重试 runs it again.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../server/db/seed/ids.js';
import { createWorkflowTest, taskOf, type WorkflowTest } from './workflow-helpers.js';

let t: WorkflowTest;
beforeAll(async () => {
  t = await createWorkflowTest();
});
afterAll(() => t.close());

/** start → (first) → 部门经理审批 → (second) → end. */
const model = (first: string, second: string) => `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:zh="http://zhihui.cn/schema/bpmn" id="d">
  <bpmn:process id="leave" name="请假审批" isExecutable="true">
    <bpmn:startEvent id="start" name="发起申请" />
    <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="first" />
    <bpmn:serviceTask id="first" name="通知申请人" ${first} />
    <bpmn:sequenceFlow id="f2" sourceRef="first" targetRef="deptManager" />
    <bpmn:userTask id="deptManager" name="部门经理审批" zh:assignee="deptManager" />
    <bpmn:sequenceFlow id="f3" sourceRef="deptManager" targetRef="second" />
    <bpmn:serviceTask id="second" name="通知行政" ${second} />
    <bpmn:sequenceFlow id="f4" sourceRef="second" targetRef="end" />
    <bpmn:endEvent id="end" name="结束" />
  </bpmn:process>
</bpmn:definitions>`;

const deploy = (xml: string) => t.send('POST', '/workflow/definition/deploy', { xml }, t.tokens.admin);
const started = async () => {
  const row = await t.file();
  expect((await t.start(row.id)).success).toBe(true);
  return { row, instanceId: (await t.leave(row.id)).procInsId! };
};
const history = async (instanceId: string) =>
  (
    await sql<{ action: string; nodeName: string | null; comment: string | null }>`select action,
        node_name as "nodeName", comment from wf_history where instance_id = ${instanceId}
      order by create_time, id`.execute(t.database.db)
  ).rows.map((h) => `${h.action}:${h.nodeName ?? ''}:${h.comment ?? ''}`);
const failures = async (instanceId: string) =>
  (
    await sql<{
      id: string;
      nodeName: string;
      handler: string;
      message: string;
      attempts: number;
      status: string;
    }>`
      select id, node_name as "nodeName", handler, message, attempts, status from wf_failure
      where instance_id = ${instanceId}`.execute(t.database.db)
  ).rows;
/** The bell notices a user was sent (as stored in the same transaction as the step). */
const notices = async (username: string) =>
  (
    await sql<{ titile: string }>`select a.titile from sys_announcement a join sys_user u on u.id = a.user_ids
      where u.username = ${username} and a.bus_type = 'workflow'`.execute(t.database.db)
  ).rows.map((n) => n.titile);
const approve = async (leaveId: string) => {
  const task = (await taskOf(t, leaveId, t.tokens.zhangwei))!;
  return t.act('approve', task.id, t.tokens.zhangwei, '同意');
};

describe('service tasks', () => {
  it('refuses an unknown handler, a missing one and a bad argument at deploy, naming the node', async () => {
    const res = await deploy(model('zh:handler="foo"', 'zh:handler="notifyStarter"'));
    expect(res.success).toBe(false);
    expect(res.message).toContain('节点「通知申请人」(first)：未知的服务处理器 foo');
    const none = await deploy(model('', 'zh:handler="notifyStarter"'));
    expect(none.message).toContain('节点「通知申请人」(first)：未设置服务处理器');
    const arg = await deploy(model('zh:handler="notifyStarter"', 'zh:handler="notifyRole"'));
    expect(arg.message).toContain('节点「通知行政」(second)：通知角色成员须填写角色编码（空）');
  });

  it('the modeler reads the registered handlers; a staff member may not', async () => {
    const list = await t.get<{ name: string; label: string }[]>(
      '/workflow/definition/handlers',
      t.tokens.admin,
    );
    expect(list.result?.map((h) => `${h.name}:${h.label}`)).toEqual([
      'notifyStarter:通知发起人',
      'notifyRole:通知角色成员',
    ]);
    expect((await t.get('/workflow/definition/handlers', t.tokens.chenjing)).success).toBe(false);
  });

  it('runs the handlers on the way: the starter hears at the start and at the end', async () => {
    const xml = model(
      'zh:handler="notifyStarter" zh:handlerArg="请假已提交，等待部门经理审批"',
      'zh:handler="notifyStarter"',
    );
    expect((await deploy(xml)).success).toBe(true);
    const { row, instanceId } = await started();
    expect((await t.leave(row.id)).currentNode).toBe('部门经理审批');
    const progress = `审批进度：${await title(instanceId)}`;
    expect((await notices('chenjing')).filter((n) => n === progress)).toHaveLength(1);
    expect((await approve(row.id)).success).toBe(true);
    expect((await t.leave(row.id)).status_dictText).toBe('已通过');
    expect((await notices('chenjing')).filter((n) => n === progress)).toHaveLength(2);
    expect(await history(instanceId)).toEqual([
      'start:发起申请:',
      'service:通知申请人:已通知发起人',
      'approve:部门经理审批:同意',
      'service:通知行政:已通知发起人',
      'end:结束:',
    ]);
  });

  it('a handler that throws leaves the instance at its node, kept as a failure; 重试 runs it again', async () => {
    const xml = model('zh:handler="notifyStarter"', 'zh:handler="notifyRole" zh:handlerArg="wfnotify"');
    expect((await deploy(xml)).success).toBe(true);
    const { row, instanceId } = await started();
    expect((await approve(row.id)).success).toBe(true);
    // The approval committed; the engine waits at 通知行政, visible, not silently stuck.
    const waiting = await t.leave(row.id);
    expect(waiting.status_dictText).toBe('审批中');
    expect(waiting.currentNode).toBe('通知行政（处理失败）');
    const [failure] = await failures(instanceId);
    expect(failure).toMatchObject({
      nodeName: '通知行政',
      handler: 'notifyRole',
      message: '角色 wfnotify 没有可通知的成员',
      attempts: 1,
      status: 'open',
    });
    expect((await history(instanceId)).slice(-1)).toEqual([
      'svcfail:通知行政:角色 wfnotify 没有可通知的成员',
    ]);
    // Retried while still failing: the message, one more attempt, still open.
    const again = await t.send('PUT', '/workflow/failure/retry', { id: failure!.id }, t.tokens.admin);
    expect(again.message).toBe('重试失败：角色 wfnotify 没有可通知的成员');
    expect((await failures(instanceId))[0]).toMatchObject({ attempts: 2, status: 'open' });
    expect(
      (await t.send('PUT', '/workflow/failure/retry', { id: failure!.id }, t.tokens.zhangwei)).success,
    ).toBe(false);
    // The role gets a member: 重试 runs the handler, the request ends approved, 赵磊 is told.
    const db = t.database.db;
    const roleId = newId();
    await sql`insert into sys_role (id, role_name, role_code) values (${roleId}, '流程通知', 'wfnotify')`.execute(
      db,
    );
    await sql`insert into sys_user_role (user_id, role_id)
      select id, ${roleId} from sys_user where username = 'zhaolei'`.execute(db);
    const ok = await t.send('PUT', '/workflow/failure/retry', { id: failure!.id }, t.tokens.admin);
    expect(ok.message).toBe('重试成功');
    expect((await t.leave(row.id)).status_dictText).toBe('已通过');
    expect((await failures(instanceId))[0]).toMatchObject({ status: 'resolved' });
    expect(await notices('zhaolei')).toContain(`流程通知：${await title(instanceId)}`);
    expect((await history(instanceId)).slice(-3)).toEqual([
      'svcretry:通知行政:',
      'service:通知行政:已通知角色 wfnotify 的1人',
      'end:结束:',
    ]);
    const twice = await t.send('PUT', '/workflow/failure/retry', { id: failure!.id }, t.tokens.admin);
    expect(twice.message).toBe('该异常已处理');
  });

  it('terminating an instance waiting at a failed node closes its failure', async () => {
    const xml = model('zh:handler="notifyStarter"', 'zh:handler="notifyRole" zh:handlerArg="wfnobody"');
    expect((await deploy(xml)).success).toBe(true);
    const { row, instanceId } = await started();
    expect((await approve(row.id)).success).toBe(true);
    expect((await failures(instanceId))[0]).toMatchObject({ status: 'open' });
    const res = await t.send(
      'PUT',
      '/workflow/monitor/terminate',
      { id: instanceId, reason: '通知角色不存在' },
      t.tokens.admin,
    );
    expect(res.success).toBe(true);
    expect((await t.leave(row.id)).status_dictText).toBe('已终止');
    expect((await failures(instanceId))[0]).toMatchObject({ status: 'closed' });
  });
});

async function title(instanceId: string): Promise<string> {
  const { rows } = await sql<{
    title: string;
  }>`select title from wf_instance where id = ${instanceId}`.execute(t.database.db);
  return rows[0]!.title;
}
