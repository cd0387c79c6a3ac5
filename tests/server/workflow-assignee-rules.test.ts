/**
 * Assignee rules `position:<code>` and `field:<name>`, and required comments per node
 * (docs/modules/workflow.md, "Slice 5"): the holders of a position are candidates (the first to
 * act takes it), a form field names the next approver (here set by the manager, whose node may
 * edit it), a rule finding nobody refuses the action with today's message and changes nothing;
 * `zh:commentRequired` refuses 同意 without a comment.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from './helpers.js';
import { createWorkflowTest, taskOf, type WorkflowTest } from './workflow-helpers.js';

let t: WorkflowTest;
beforeAll(async () => {
  t = await createWorkflowTest();
});
afterAll(() => t.close());

/** start → 部门经理审批 (comment required; may set 指定审批人) → 工程师审批 (position) → 指定人审批 (field) → end. */
const model = (position: string) => `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:zh="http://zhihui.cn/schema/bpmn" id="d">
  <bpmn:process id="leave" name="请假审批" isExecutable="true">
    <bpmn:startEvent id="start" name="发起申请" />
    <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="deptManager" />
    <bpmn:userTask id="deptManager" name="部门经理审批" zh:assignee="deptManager" zh:commentRequired="true"
      zh:fields="approver:edit" />
    <bpmn:sequenceFlow id="f2" sourceRef="deptManager" targetRef="engineer" />
    <bpmn:userTask id="engineer" name="工程师审批" zh:assignee="position:${position}" />
    <bpmn:sequenceFlow id="f3" sourceRef="engineer" targetRef="named" />
    <bpmn:userTask id="named" name="指定人审批" zh:assignee="field:approver" />
    <bpmn:sequenceFlow id="f4" sourceRef="named" targetRef="end" />
    <bpmn:endEvent id="end" name="结束" />
  </bpmn:process>
</bpmn:definitions>`;

const deploy = (xml: string) => t.send('POST', '/workflow/definition/deploy', { xml }, t.tokens.admin);
const started = async () => {
  const row = await t.file();
  expect((await t.start(row.id)).success).toBe(true);
  return { row, instanceId: (await t.leave(row.id)).procInsId! };
};
const approveWith = (taskId: string, token: string, comment: string, form?: Record<string, unknown>) =>
  t.send('PUT', '/workflow/task/approve', { id: taskId, comment, form }, token);
const history = async (instanceId: string) =>
  (
    await sql<{ action: string; nodeName: string | null; username: string }>`select action,
        node_name as "nodeName", username from wf_history where instance_id = ${instanceId}
      order by create_time, id`.execute(t.database.db)
  ).rows.map((h) => `${h.action}:${h.nodeName ?? ''}:${h.username}`);

describe('assignee rules and required comments', () => {
  it('refuses a bad rule at deploy, naming the node', async () => {
    const bad = await deploy(model('bad code!'));
    expect(bad.message).toContain('节点「工程师审批」(engineer)：审批人规则无效（position:bad code!）');
    const comment = await deploy(
      model('engineer').replace('zh:commentRequired="true"', 'zh:commentRequired="yes"'),
    );
    expect(comment.message).toContain('节点「部门经理审批」(deptManager)：审批意见必填设置无效（yes）');
  });

  it('a required comment, then the position holders, then the user a form field names', async () => {
    expect((await deploy(model('engineer'))).success).toBe(true);
    const { row, instanceId } = await started();
    const mine = (await taskOf(t, row.id, t.tokens.zhangwei))!;
    for (const action of ['approve', 'reject'] as const) {
      const res = await t.act(action, mine.id, t.tokens.zhangwei, '  ');
      expect(res).toMatchObject({ success: false, message: '请填写审批意见' });
    }
    expect((await taskOf(t, row.id, t.tokens.zhangwei))?.id).toBe(mine.id);
    // The manager names 赵磊 as the approver of 指定人审批 and approves with an opinion.
    const res = await approveWith(mine.id, t.tokens.zhangwei, '同意，请赵磊复核', { approver: 'zhaolei' });
    expect(res.success).toBe(true);
    // 工程师审批: every active engineer is a candidate; 黄敏 sees it too, 赵磊 takes it.
    expect((await t.leave(row.id)).currentNode).toBe('工程师审批');
    const huangmin = await t.login('huangmin', DEMO_PASSWORD);
    expect((await taskOf(t, row.id, huangmin))?.name).toBe('工程师审批');
    const eng = (await taskOf(t, row.id, t.tokens.zhaolei))!;
    expect(eng.name).toBe('工程师审批');
    expect((await t.act('approve', eng.id, t.tokens.zhaolei)).success).toBe(true);
    expect(await taskOf(t, row.id, huangmin)).toBeUndefined();
    // 指定人审批 goes to the username in the form field: 赵磊 again, alone.
    const named = (await taskOf(t, row.id, t.tokens.zhaolei))!;
    expect(named.name).toBe('指定人审批');
    expect((await t.act('approve', named.id, t.tokens.zhaolei, '复核无误')).success).toBe(true);
    expect((await t.leave(row.id)).status_dictText).toBe('已通过');
    expect(await history(instanceId)).toEqual([
      'start:发起申请:chenjing',
      'approve:部门经理审批:zhangwei',
      'approve:工程师审批:zhaolei',
      'approve:指定人审批:zhaolei',
      'end:结束:system',
    ]);
  });

  it('a rule that finds nobody refuses the action with the usual message; nothing is half-done', async () => {
    const { row, instanceId } = await started();
    const mine = (await taskOf(t, row.id, t.tokens.zhangwei))!;
    expect((await approveWith(mine.id, t.tokens.zhangwei, '同意', { approver: 'zhaolei' })).success).toBe(
      true,
    );
    const eng = (await taskOf(t, row.id, t.tokens.zhaolei))!;
    await sql`update wf_instance set form = jsonb_set(form::jsonb, '{approver}', '"nobody"')::text
      where id = ${instanceId}`.execute(t.database.db);
    const refused = await t.act('approve', eng.id, t.tokens.zhaolei);
    expect(refused).toMatchObject({
      success: false,
      message: '节点「指定人审批」找不到审批人（规则：field:approver），请联系管理员',
    });
    expect((await taskOf(t, row.id, t.tokens.zhaolei))?.id).toBe(eng.id);
    expect((await t.leave(row.id)).currentNode).toBe('工程师审批');

    expect((await deploy(model('no_such_post'))).success).toBe(true);
    const other = await started();
    const next = (await taskOf(t, other.row.id, t.tokens.zhangwei))!;
    const nobody = await approveWith(next.id, t.tokens.zhangwei, '同意', { approver: 'zhaolei' });
    expect(nobody.message).toBe(
      '节点「工程师审批」找不到审批人（规则：position:no_such_post），请联系管理员',
    );
    expect((await taskOf(t, other.row.id, t.tokens.zhangwei))?.id).toBe(next.id);
  });
});
