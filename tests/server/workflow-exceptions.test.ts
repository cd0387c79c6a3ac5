/**
 * 流程异常 (docs/modules/workflow.md, "Slice 5b"): a timer whose automatic move finds nobody is kept
 * failed and listed; 重试 (failing again, then succeeding), 指派 and 忽略, each recorded and each
 * under its own permission; staff are refused.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEAVE_BPMN } from '../../server/workflow/leave-model.js';
import { fireDueTimers } from '../../server/workflow/timer-fire.js';
import type { Page } from './entity-helpers.js';
import { createWorkflowTest, taskOf, type WorkflowTest } from './workflow-helpers.js';

let t: WorkflowTest;
beforeAll(async () => {
  t = await createWorkflowTest();
});
afterAll(() => t.close());

interface ExceptionRow {
  id: string;
  instanceId: string;
  kind: string;
  kind_dictText: string;
  nodeName: string;
  autoAction: string;
  message: string;
  status: string;
  status_dictText: string;
  handledBy: string | null;
  handleNote: string | null;
}

const ESCALATE_TO_ZHAOLEI = LEAVE_BPMN.replace(
  '<bpmn:userTask id="deptManager" name="部门经理审批" zh:assignee="deptManager" />',
  '<bpmn:userTask id="deptManager" name="部门经理审批" zh:assignee="deptManager" zh:timeout="PT1H" zh:timeoutAction="escalate" zh:escalateTo="user:zhaolei" />',
);
const setZhaolei = (status: number) =>
  sql`update sys_user set status = ${status} where username = 'zhaolei'`.execute(t.database.db);
const pass = () =>
  fireDueTimers({
    db: t.database.db,
    bindings: new Map(),
    bus: { publish: async () => {} } as never,
    log: t.app.log,
  });

/** A leave whose escalation (to a disabled 赵磊) failed: a failed timer. */
async function stuck() {
  const row = await t.file();
  expect((await t.start(row.id)).success).toBe(true);
  const instanceId = (await t.leave(row.id)).procInsId!;
  await setZhaolei(0);
  await sql`update wf_timer set due_time = now() - interval '1 second' where instance_id = ${instanceId}`.execute(
    t.database.db,
  );
  expect(await pass()).toMatchObject({ failed: 1 });
  await setZhaolei(1);
  return { row, instanceId };
}
const list = async (type: string, token = t.tokens.admin) =>
  (await t.get<Page<ExceptionRow>>(`/workflow/exception/list?type=${type}&pageSize=100`, token)).result!
    .records;
const act = (action: string, body: Record<string, unknown>, token = t.tokens.admin) =>
  t.send('PUT', `/workflow/exception/${action}`, body, token);
const handles = async (id: string) =>
  (
    await sql<{ action: string; username: string; result: string }>`select action, username, result
      from wf_exception_handle where source_id = ${id} order by create_time, id`.execute(t.database.db)
  ).rows;

describe('流程异常', () => {
  beforeAll(async () => {
    expect(
      (await t.send('POST', '/workflow/definition/deploy', { xml: ESCALATE_TO_ZHAOLEI }, t.tokens.admin))
        .success,
    ).toBe(true);
  });

  it('lists a failed escalation as 找不到处理人; 重试 fails while the cause stays, then succeeds', async () => {
    const { row, instanceId } = await stuck();
    const item = (await list('1')).find((e) => e.instanceId === instanceId)!;
    expect(item).toMatchObject({
      kind: 'nobody',
      kind_dictText: '找不到处理人',
      nodeName: '部门经理审批',
      autoAction: '超时升级',
      message: '节点「部门经理审批」找不到审批人（规则：user:zhaolei），请联系管理员',
      status: 'open',
      status_dictText: '待处理',
    });
    await setZhaolei(0);
    const failed = await act('retry', { id: item.id });
    expect(failed).toMatchObject({
      success: false,
      message: '重试失败：节点「部门经理审批」找不到审批人（规则：user:zhaolei），请联系管理员',
    });
    expect((await list('1')).some((e) => e.id === item.id)).toBe(true);
    await setZhaolei(1);
    expect(await act('retry', { id: item.id })).toMatchObject({ success: true, message: '重试成功' });
    expect((await taskOf(t, row.id, t.tokens.zhaolei))?.name).toBe('部门经理审批');
    expect((await list('1')).some((e) => e.id === item.id)).toBe(false);
    expect((await list('2')).find((e) => e.id === item.id)).toMatchObject({
      status: 'retried',
      handledBy: 'admin',
    });
    expect((await handles(item.id)).map((h) => [h.action, h.result])).toEqual([
      ['retry', '重试失败：节点「部门经理审批」找不到审批人（规则：user:zhaolei），请联系管理员'],
      ['retry', '重试成功'],
    ]);
    // Handled: a second action is refused.
    expect((await act('ignore', { id: item.id })).message).toBe('该异常已处理');
  });

  it('指派 hands the stuck task to a user (history 转派); 忽略 marks one handled with its reason', async () => {
    const first = await stuck();
    const one = (await list('1')).find((e) => e.instanceId === first.instanceId)!;
    expect((await act('assign', { id: one.id })).message).toBe('请选择指派给谁');
    expect((await act('assign', { id: one.id, username: 'nobody' })).message).toBe('转派对象不存在或已停用');
    expect(await act('assign', { id: one.id, username: 'yangqiang', comment: '张伟休假' })).toMatchObject({
      success: true,
      message: '指派成功',
    });
    expect(await taskOf(t, first.row.id, t.tokens.zhangwei)).toBeUndefined();
    const history = await sql<{ action: string; comment: string }>`select action, comment from wf_history
      where instance_id = ${first.instanceId} and action = 'reassign'`.execute(t.database.db);
    expect(history.rows).toEqual([{ action: 'reassign', comment: '转派给杨强：张伟休假' }]);
    expect((await list('2')).find((e) => e.id === one.id)).toMatchObject({
      status: 'assigned',
      status_dictText: '已指派',
      handleNote: '张伟休假',
    });

    const second = await stuck();
    const two = (await list('1')).find((e) => e.instanceId === second.instanceId)!;
    expect(await act('ignore', { id: two.id, comment: '已电话通知' })).toMatchObject({ success: true });
    expect((await list('2')).find((e) => e.id === two.id)).toMatchObject({
      status: 'ignored',
      handleNote: '已电话通知',
    });
    expect((await handles(two.id)).map((h) => [h.action, h.username])).toEqual([['ignore', 'admin']]);
    // The task itself still waits for 张伟 (ignoring changes nothing in the flow).
    expect((await taskOf(t, second.row.id, t.tokens.zhangwei))?.name).toBe('部门经理审批');
  });

  it('staff may neither list nor act; an unknown id is refused', async () => {
    expect((await t.get('/workflow/exception/list?type=1', t.tokens.chenjing)).success).toBe(false);
    const { instanceId } = await stuck();
    const item = (await list('1')).find((e) => e.instanceId === instanceId)!;
    for (const action of ['retry', 'assign', 'ignore'])
      expect((await act(action, { id: item.id, username: 'zhaolei' }, t.tokens.chenjing)).success).toBe(
        false,
      );
    expect((await act('ignore', { id: 'nosuchtimer' })).message).toBe('未找到对应的流程异常');
    expect((await list('1')).some((e) => e.id === item.id)).toBe(true);
  });
});

/** start → 部门经理审批 → 通知行政 (a service task notifying role wfnotify2, empty at first) → end. */
const WITH_SERVICE = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:zh="http://zhihui.cn/schema/bpmn" id="d">
  <bpmn:process id="leave" name="请假审批" isExecutable="true">
    <bpmn:startEvent id="start" name="发起申请" />
    <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="deptManager" />
    <bpmn:userTask id="deptManager" name="部门经理审批" zh:assignee="deptManager" />
    <bpmn:sequenceFlow id="f2" sourceRef="deptManager" targetRef="notify" />
    <bpmn:serviceTask id="notify" name="通知行政" zh:handler="notifyRole" zh:handlerArg="wfnotify2" />
    <bpmn:sequenceFlow id="f3" sourceRef="notify" targetRef="end" />
    <bpmn:endEvent id="end" name="结束" />
  </bpmn:process>
</bpmn:definitions>`;

describe('流程异常: a failed service task', () => {
  it('is listed as 服务处理失败; 指派 is refused, 重试 fails, then runs it once the role has a member', async () => {
    expect(
      (await t.send('POST', '/workflow/definition/deploy', { xml: WITH_SERVICE }, t.tokens.admin)).success,
    ).toBe(true);
    const row = await t.file();
    expect((await t.start(row.id)).success).toBe(true);
    const instanceId = (await t.leave(row.id)).procInsId!;
    const task = (await taskOf(t, row.id, t.tokens.zhangwei))!;
    expect((await t.act('approve', task.id, t.tokens.zhangwei, '同意')).success).toBe(true);
    const item = (await list('1')).find((e) => e.instanceId === instanceId)!;
    expect(item).toMatchObject({
      kind: 'service',
      kind_dictText: '服务处理失败',
      nodeName: '通知行政',
      message: '角色 wfnotify2 没有可通知的成员',
      status: 'open',
    });
    expect((await act('assign', { id: item.id, username: 'zhaolei' })).message).toBe(
      '服务处理失败不能指派，请重试或忽略（或在流程实例中终止）',
    );
    expect((await act('retry', { id: item.id })).message).toBe('重试失败：角色 wfnotify2 没有可通知的成员');
    const db = t.database.db;
    await sql`insert into sys_role (id, role_name, role_code) values ('wfnotify2role', '流程通知2', 'wfnotify2')`.execute(
      db,
    );
    await sql`insert into sys_user_role (user_id, role_id)
      select id, 'wfnotify2role' from sys_user where username = 'zhaolei'`.execute(db);
    expect(await act('retry', { id: item.id })).toMatchObject({ success: true, message: '重试成功' });
    expect((await t.leave(row.id)).status).toBe('2');
    expect((await list('2')).find((e) => e.id === item.id)).toMatchObject({
      status: 'retried',
      handledBy: 'admin',
    });
    expect((await handles(item.id)).map((h) => h.result)).toEqual([
      '重试失败：角色 wfnotify2 没有可通知的成员',
      '重试成功',
    ]);
  });
});
