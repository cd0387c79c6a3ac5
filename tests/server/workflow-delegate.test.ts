/**
 * Slice 4's assignee actions (docs/modules/workflow.md, "Slice 4"): 委派 (the task returns to its
 * assignee after the delegate's opinion), 后加签 (the added signer approves before the engine moves
 * on) and 退回 to any earlier node the instance passed (a 会签 node's pending signers cancelled).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEAVE_BPMN } from '../../server/workflow/leave-model.js';
import { DEMO_PASSWORD } from './helpers.js';
import { createWorkflowTest, taskOf, type WorkflowTest } from './workflow-helpers.js';

let t: WorkflowTest;
beforeAll(async () => {
  t = await createWorkflowTest();
});
afterAll(() => t.close());

const send = (path: string, body: Record<string, unknown>, token: string) =>
  t.send('PUT', `/workflow/task/${path}`, body, token);
const started = async () => {
  const row = await t.file();
  expect((await t.start(row.id)).success).toBe(true);
  return row;
};
const history = async (leaveId: string) => {
  const id = (await t.leave(leaveId)).procInsId!;
  const res = await t.get<{ history: { action: string; realname: string; comment: string | null }[] }>(
    `/workflow/instance/history?id=${id}`,
    t.tokens.chenjing,
  );
  return res.result!.history;
};

describe('委派 (delegate)', () => {
  it('the delegate gives an opinion; the task returns to the assignee, who approves', async () => {
    const row = await started();
    const task = (await taskOf(t, row.id, t.tokens.zhangwei))!;
    const res = await send(
      'delegate',
      { id: task.id, username: 'zhaolei', comment: '请核实天数' },
      t.tokens.zhangwei,
    );
    expect(res.message).toBe('已委派');
    expect(await taskOf(t, row.id, t.tokens.zhangwei)).toBeUndefined();
    const delegated = (await taskOf(t, row.id, t.tokens.zhaolei))!;
    expect(delegated.name).toBe('部门经理审批（委派）');
    // The request stays at its node while the delegate looks at it.
    expect(await t.leave(row.id)).toMatchObject({ status: '1', currentNode: '部门经理审批' });
    // The delegate only gives an opinion: no reject, return or passing it on.
    expect((await t.act('reject', delegated.id, t.tokens.zhaolei, '不同意')).message).toBe(
      '委派任务不能驳回，请填写意见后提交，由委派人继续审批',
    );
    const again = { id: delegated.id, target: 'starter', comment: 'x' };
    expect((await send('return', again, t.tokens.zhaolei)).message).toBe(
      '委派任务请填写意见后提交，由委派人继续审批',
    );
    const choices = await t.get(`/workflow/task/returnable?id=${delegated.id}`, t.tokens.zhaolei);
    expect(choices.message).toBe('委派任务请填写意见后提交，由委派人继续审批');
    expect((await t.act('approve', delegated.id, t.tokens.zhaolei, '天数无误')).success).toBe(true);
    const back = (await taskOf(t, row.id, t.tokens.zhangwei))!;
    expect(back.name).toBe('部门经理审批');
    expect(await t.leave(row.id)).toMatchObject({ status: '1', currentNode: '部门经理审批' });
    expect((await t.act('approve', back.id, t.tokens.zhangwei, '同意')).success).toBe(true);
    expect((await t.leave(row.id)).status).toBe('2');
    const steps = (await history(row.id)).map((h) => [h.action, h.realname, h.comment]);
    expect(steps).toEqual([
      ['start', '陈静', null],
      ['delegate', '张伟', '委派给赵磊：请核实天数'],
      ['resolve', '赵磊', '天数无误'],
      ['approve', '张伟', '同意'],
      ['end', '系统', null],
    ]);
    const notices = JSON.stringify((await t.get('/sys/annountCement/listByUser', t.tokens.zhangwei)).result);
    expect(notices).toContain('委派已处理');
  });

  it('refuses a delegate to oneself, to nobody, to someone unknown, and by a non-assignee', async () => {
    const row = await started();
    const task = (await taskOf(t, row.id, t.tokens.zhangwei))!;
    const refusals: [Record<string, unknown>, string, string][] = [
      [{ username: 'zhangwei' }, t.tokens.zhangwei, '不能委派给自己'],
      [{ username: '' }, t.tokens.zhangwei, '请选择委派给谁'],
      [{ username: 'nobody_here' }, t.tokens.zhangwei, '委派对象不存在或已停用'],
      [{ username: 'chenjing' }, t.tokens.zhaolei, '您不是该任务的审批人，无权处理'],
    ];
    for (const [body, token, message] of refusals)
      expect((await send('delegate', { id: task.id, ...body }, token)).message).toBe(message);
    expect((await taskOf(t, row.id, t.tokens.zhangwei))?.id).toBe(task.id);
  });
});

describe('后加签 (add a signer after)', () => {
  it('the assignee approves, the added signer approves after, then the engine moves on', async () => {
    const row = await t.file({ endDate: '2026-12-05' });
    expect((await t.start(row.id)).success).toBe(true);
    const task = (await taskOf(t, row.id, t.tokens.zhangwei))!;
    const body = { id: task.id, username: 'zhaolei', position: 'after', comment: '请人事确认' };
    expect((await send('addsign', body, t.tokens.zhangwei)).message).toBe('已加签');
    // Not moved yet: no general manager task until the added signer approves.
    expect(await taskOf(t, row.id, t.tokens.admin)).toBeUndefined();
    const after = (await taskOf(t, row.id, t.tokens.zhaolei))!;
    expect(after.name).toBe('部门经理审批（后加签）');
    expect(
      (await send('return', { id: after.id, target: 'starter', comment: 'x' }, t.tokens.zhaolei)).message,
    ).toBe('加签任务不能退回，请同意或驳回');
    expect((await t.act('approve', after.id, t.tokens.zhaolei, '已确认')).success).toBe(true);
    expect(await t.leave(row.id)).toMatchObject({ status: '1', currentNode: '总经理审批' });
    expect((await history(row.id)).map((h) => h.action)).toEqual(['start', 'addafter', 'approve']);
    expect((await history(row.id))[1]!.comment).toBe('同意，后加签给赵磊：请人事确认');
  });

  it('the added signer may reject: the request is rejected', async () => {
    const row = await started();
    const task = (await taskOf(t, row.id, t.tokens.zhangwei))!;
    await send('addsign', { id: task.id, username: 'zhaolei', position: 'after' }, t.tokens.zhangwei);
    expect(
      (await send('addsign', { id: task.id, username: 'zhaolei', position: 'after' }, t.tokens.zhangwei))
        .message,
    ).toBe('该任务已被处理');
    await t.act('reject', (await taskOf(t, row.id, t.tokens.zhaolei))!.id, t.tokens.zhaolei, '手续不全');
    expect((await t.leave(row.id)).status).toBe('3');
  });
});

/** Three nodes in a row: 部门经理审批 → 赵磊复核 → 人事会签 (王芳 and 刘洋). */
const THREE_NODES = LEAVE_BPMN.replace(
  /<bpmn:sequenceFlow id="toDays"[\s\S]*<bpmn:endEvent id="end" name="结束" \/>/,
  `<bpmn:sequenceFlow id="toCheck" sourceRef="deptManager" targetRef="check" />
    <bpmn:userTask id="check" name="赵磊复核" zh:assignee="user:zhaolei" />
    <bpmn:sequenceFlow id="toHr" sourceRef="check" targetRef="hr" />
    <bpmn:userTask id="hr" name="人事会签" zh:assignee="users:wangfang,liuyang" zh:multi="all">
      <bpmn:multiInstanceLoopCharacteristics isSequential="false"><bpmn:loopCardinality xsi:type="bpmn:tFormalExpression">\${environment.services.signers(content.id)}</bpmn:loopCardinality></bpmn:multiInstanceLoopCharacteristics>
    </bpmn:userTask>
    <bpmn:sequenceFlow id="toEnd" sourceRef="hr" targetRef="end" />
    <bpmn:endEvent id="end" name="结束" />`,
);

describe('退回 to any earlier node', () => {
  it('lists the nodes passed, returns past the previous one and cancels the 会签 siblings', async () => {
    const deployed = await t.send(
      'POST',
      '/workflow/definition/deploy',
      { xml: THREE_NODES },
      t.tokens.admin,
    );
    expect(deployed.success).toBe(true);
    const wangfang = await t.login('wangfang', DEMO_PASSWORD);
    const liuyang = await t.login('liuyang', DEMO_PASSWORD);
    const row = await started();
    await t.act('approve', (await taskOf(t, row.id, t.tokens.zhangwei))!.id, t.tokens.zhangwei);
    await t.act('approve', (await taskOf(t, row.id, t.tokens.zhaolei))!.id, t.tokens.zhaolei);
    const hr = (await taskOf(t, row.id, wangfang))!;
    expect(await taskOf(t, row.id, liuyang)).toBeDefined();
    const choices = await t.get<{ elementId: string; name: string; realname: string }[]>(
      `/workflow/task/returnable?id=${hr.id}`,
      wangfang,
    );
    expect(choices.result).toEqual([
      { elementId: 'check', name: '赵磊复核', realname: '赵磊' },
      { elementId: 'deptManager', name: '部门经理审批', realname: '张伟' },
    ]);
    expect((await t.get(`/workflow/task/returnable?id=${hr.id}`, t.tokens.zhaolei)).success).toBe(false);
    const wrong = { id: hr.id, target: 'node', elementId: 'hr', comment: '重新审' };
    expect((await send('return', wrong, wangfang)).message).toBe('只能退回到本流程已经过的审批节点');
    const body = { id: hr.id, target: 'node', elementId: 'deptManager', comment: '请部门经理重新确认' };
    expect((await send('return', body, wangfang)).message).toBe('已退回');
    expect(await taskOf(t, row.id, liuyang)).toBeUndefined(); // the 会签 sibling is cancelled
    expect(await t.leave(row.id)).toMatchObject({ status: '1', currentNode: '部门经理审批' });
    // The manager approves: the flow returns straight to 人事会签, not through 赵磊复核.
    await t.act('approve', (await taskOf(t, row.id, t.tokens.zhangwei))!.id, t.tokens.zhangwei);
    expect(await taskOf(t, row.id, t.tokens.zhaolei)).toBeUndefined();
    expect(await t.leave(row.id)).toMatchObject({ currentNode: '人事会签' });
    await t.act('approve', (await taskOf(t, row.id, wangfang))!.id, wangfang);
    await t.act('approve', (await taskOf(t, row.id, liuyang))!.id, liuyang);
    expect((await t.leave(row.id)).status).toBe('2');
  });
});
