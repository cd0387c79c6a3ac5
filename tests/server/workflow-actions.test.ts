/**
 * The assignees' own actions and multi-person nodes (docs/modules/workflow.md, "Slice 3"): 退回 to
 * the previous node and to the starter (the same instance continues), 转办, 前加签, 会签 needing
 * everyone, 或签 taken by exactly one of two signers acting at once, and per-node field rights.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEAVE_BPMN } from '../../server/workflow/leave-model.js';
import { createWorkflowTest, taskOf, type WorkflowTest } from './workflow-helpers.js';

let t: WorkflowTest;
beforeAll(async () => {
  t = await createWorkflowTest();
});
afterAll(() => t.close());

const send = (path: string, body: Record<string, unknown>, token: string) =>
  t.send('PUT', `/workflow/task/${path}`, body, token);
const history = async (leaveId: string) => {
  const id = (await t.leave(leaveId)).procInsId!;
  const res = await t.get<{ history: { action: string; realname: string; comment: string | null }[] }>(
    `/workflow/instance/history?id=${id}`,
    t.tokens.chenjing,
  );
  return res.result!.history;
};
const started = async (values: Record<string, unknown> = {}) => {
  const row = await t.file(values);
  expect((await t.start(row.id)).success).toBe(true);
  return row;
};

describe('return (退回)', () => {
  it('goes back to the previous node, whose approver leads it back here', async () => {
    const row = await started({ endDate: '2026-12-05' });
    expect(
      (await t.act('approve', (await taskOf(t, row.id, t.tokens.zhangwei))!.id, t.tokens.zhangwei)).success,
    ).toBe(true);
    const general = (await taskOf(t, row.id, t.tokens.admin))!;
    expect(
      (await send('return', { id: general.id, target: 'previous', comment: '' }, t.tokens.admin)).message,
    ).toBe('请填写审批意见');
    const back = await send(
      'return',
      { id: general.id, target: 'previous', comment: '天数请核实' },
      t.tokens.admin,
    );
    expect(back.message).toBe('已退回');
    expect(await taskOf(t, row.id, t.tokens.admin)).toBeUndefined();
    expect(await t.leave(row.id)).toMatchObject({ status: '1', currentNode: '部门经理审批' });
    const again = (await taskOf(t, row.id, t.tokens.zhangwei))!;
    expect(
      (await send('return', { id: again.id, target: 'previous', comment: 'x' }, t.tokens.zhangwei)).message,
    ).toBe('该任务由退回产生，只能退回发起人');
    await t.act('approve', again.id, t.tokens.zhangwei, '已核实');
    expect((await t.leave(row.id)).currentNode).toBe('总经理审批');
    await t.act('approve', (await taskOf(t, row.id, t.tokens.admin))!.id, t.tokens.admin);
    expect((await t.leave(row.id)).status).toBe('2');
    const actions = (await history(row.id)).map((h) => h.action);
    expect(actions).toEqual(['start', 'approve', 'return', 'approve', 'approve', 'end']);
  });

  it('goes back to the starter: the row may be edited and its submit continues the instance', async () => {
    const row = await started();
    const task = (await taskOf(t, row.id, t.tokens.zhangwei))!;
    expect(
      (await send('return', { id: task.id, target: 'previous', comment: 'x' }, t.tokens.zhangwei)).message,
    ).toBe('当前已是第一个审批节点，请选择退回发起人');
    await send('return', { id: task.id, target: 'starter', comment: '请补充事由' }, t.tokens.zhangwei);
    const returned = await t.leave(row.id);
    expect(returned).toMatchObject({ status: '3', currentNode: '已退回发起人' });
    expect(await taskOf(t, row.id, t.tokens.zhangwei)).toBeUndefined();
    const notices = await t.get('/sys/annountCement/listByUser', t.tokens.chenjing);
    expect(JSON.stringify(notices.result)).toContain('请补充事由');
    expect((await t.start(row.id)).success).toBe(true);
    const resumed = await t.leave(row.id);
    expect(resumed).toMatchObject({
      status: '1',
      procInsId: returned.procInsId,
      currentNode: '部门经理审批',
    });
    await t.act('approve', (await taskOf(t, row.id, t.tokens.zhangwei))!.id, t.tokens.zhangwei);
    expect((await t.leave(row.id)).status).toBe('2');
    expect((await history(row.id)).map((h) => h.action)).toContain('resubmit');
  });
  it('after a return the starter may also resubmit from 我的待办 or withdraw', async () => {
    const row = await started();
    await send(
      'return',
      { id: (await taskOf(t, row.id, t.tokens.zhangwei))!.id, target: 'starter', comment: '补充' },
      t.tokens.zhangwei,
    );
    const own = (await taskOf(t, row.id, t.tokens.chenjing))!;
    expect(own.name).toBe('发起人修改');
    expect((await send('transfer', { id: own.id, username: 'zhaolei' }, t.tokens.chenjing)).message).toBe(
      '请重新提交或撤回该申请',
    );
    expect((await t.act('approve', own.id, t.tokens.chenjing)).success).toBe(true);
    expect(await t.leave(row.id)).toMatchObject({ status: '1', currentNode: '部门经理审批' });
    await send(
      'return',
      { id: (await taskOf(t, row.id, t.tokens.zhangwei))!.id, target: 'starter', comment: '再补充' },
      t.tokens.zhangwei,
    );
    const withdraw = await t.send(
      'PUT',
      '/workflow/instance/withdraw',
      { id: (await t.leave(row.id)).procInsId },
      t.tokens.chenjing,
    );
    expect(withdraw.success, withdraw.message).toBe(true);
    expect((await t.leave(row.id)).status).toBe('4');
  });
});

describe('transfer (转办) and add a signer (加签)', () => {
  it('moves the task: the old assignee is refused, the new one approves', async () => {
    const row = await started();
    const task = (await taskOf(t, row.id, t.tokens.zhangwei))!;
    expect((await send('transfer', { id: task.id, username: 'zhangwei' }, t.tokens.zhangwei)).message).toBe(
      '不能转办给自己',
    );
    expect((await send('transfer', { id: task.id, username: 'nobody' }, t.tokens.zhangwei)).message).toBe(
      '转办对象不存在或已停用',
    );
    expect((await send('transfer', { id: task.id, username: 'zhaolei' }, t.tokens.zhaolei)).message).toBe(
      '您不是该任务的审批人，无权处理',
    );
    expect(
      (await send('transfer', { id: task.id, username: 'zhaolei', comment: '出差中' }, t.tokens.zhangwei))
        .success,
    ).toBe(true);
    expect((await t.act('approve', task.id, t.tokens.zhangwei)).message).toBe(
      '您不是该任务的审批人，无权处理',
    );
    expect((await t.act('approve', task.id, t.tokens.zhaolei)).success).toBe(true);
    expect((await t.leave(row.id)).status).toBe('2');
    expect((await history(row.id)).find((h) => h.action === 'transfer')?.comment).toBe('转办给赵磊：出差中');
  });

  it('asks the added signer first, then returns the task to its assignee', async () => {
    const row = await started();
    const task = (await taskOf(t, row.id, t.tokens.zhangwei))!;
    expect(
      (await send('addsign', { id: task.id, username: 'zhaolei', comment: '请先看' }, t.tokens.zhangwei))
        .success,
    ).toBe(true);
    expect(await taskOf(t, row.id, t.tokens.zhangwei)).toBeUndefined();
    const added = (await taskOf(t, row.id, t.tokens.zhaolei))!;
    expect(added.name).toBe('部门经理审批（加签）');
    expect(
      (await send('return', { id: added.id, target: 'starter', comment: 'x' }, t.tokens.zhaolei)).message,
    ).toBe('加签任务不能退回，请同意或驳回');
    await t.act('approve', added.id, t.tokens.zhaolei, '没问题');
    expect((await t.leave(row.id)).status).toBe('1');
    await t.act('approve', (await taskOf(t, row.id, t.tokens.zhangwei))!.id, t.tokens.zhangwei);
    expect((await t.leave(row.id)).status).toBe('2');
  });
});

const LOOP =
  '<bpmn:multiInstanceLoopCharacteristics isSequential="false"><bpmn:loopCardinality xsi:type="bpmn:tFormalExpression">${environment.services.signers(content.id)}</bpmn:loopCardinality></bpmn:multiInstanceLoopCharacteristics>';
const withManagerTask = (attributes: string, body = '') =>
  LEAVE_BPMN.replace(
    '<bpmn:userTask id="deptManager" name="部门经理审批" zh:assignee="deptManager" />',
    `<bpmn:userTask id="deptManager" name="部门经理审批" ${attributes}>${body}</bpmn:userTask>`,
  );
const deploy = (xml: string) => t.send('POST', '/workflow/definition/deploy', { xml }, t.tokens.admin);

describe('会签 and 或签', () => {
  it('refuses a multi-person node without its loop, in Chinese', async () => {
    const res = await deploy(withManagerTask('zh:assignee="users:zhangwei,zhaolei" zh:multi="all"'));
    expect(res.message).toContain('节点「部门经理审批」(deptManager)：会签/或签节点须为多实例任务');
  });

  it('会签 needs every signer; the diagram history shows who signed', async () => {
    expect(
      (await deploy(withManagerTask('zh:assignee="users:zhangwei,zhaolei" zh:multi="all"', LOOP))).success,
    ).toBe(true);
    const row = await started();
    const a = (await taskOf(t, row.id, t.tokens.zhangwei))!;
    const b = (await taskOf(t, row.id, t.tokens.zhaolei))!;
    await t.act('approve', a.id, t.tokens.zhangwei, '同意');
    expect(await t.leave(row.id)).toMatchObject({ status: '1', currentNode: '部门经理审批' });
    expect((await t.act('approve', b.id, t.tokens.zhaolei, '同意')).success).toBe(true);
    expect((await t.leave(row.id)).status).toBe('2');
    const signed = (await history(row.id)).filter((h) => h.action === 'approve').map((h) => h.realname);
    expect(signed).toEqual(['张伟', '赵磊']);
  });

  it('会签: one reject rejects', async () => {
    const row = await started();
    await t.act('reject', (await taskOf(t, row.id, t.tokens.zhaolei))!.id, t.tokens.zhaolei, '不同意');
    expect((await t.leave(row.id)).status).toBe('3');
    expect(await taskOf(t, row.id, t.tokens.zhangwei)).toBeUndefined();
  });

  it('或签: two signers at once, exactly one approval counts', async () => {
    expect(
      (await deploy(withManagerTask('zh:assignee="users:zhangwei,zhaolei" zh:multi="any"', LOOP))).success,
    ).toBe(true);
    const row = await started();
    const a = (await taskOf(t, row.id, t.tokens.zhangwei))!;
    const b = (await taskOf(t, row.id, t.tokens.zhaolei))!;
    const results = await Promise.all([
      t.act('approve', a.id, t.tokens.zhangwei),
      t.act('approve', b.id, t.tokens.zhaolei),
    ]);
    expect(results.filter((r) => r.success)).toHaveLength(1);
    expect(results.find((r) => !r.success)?.message).toBe('该任务已被处理');
    expect((await t.leave(row.id)).status).toBe('2');
    expect((await history(row.id)).filter((h) => h.action === 'approve')).toHaveLength(1);
  });
});

describe('field rights per node', () => {
  it('lets the approver change only the fields the node marks editable', async () => {
    const rights = 'zh:assignee="deptManager" zh:fields="reason:edit,days:read,attachment:hidden"';
    expect((await deploy(withManagerTask(rights))).success).toBe(true);
    const row = await started();
    const task = (await taskOf(t, row.id, t.tokens.zhangwei))!;
    const form = await t.get<{ form: Record<string, unknown>; fields: { name: string; right: string }[] }>(
      `/workflow/task/form?id=${task.id}`,
      t.tokens.zhangwei,
    );
    expect(form.result!.fields).toContainEqual({ name: 'reason', right: 'edit' });
    expect(form.result!.fields).toContainEqual({ name: 'days', right: 'read' });
    expect(form.result!.fields.some((f) => f.name === 'attachment')).toBe(false);
    expect((await t.get(`/workflow/task/form?id=${task.id}`, t.tokens.zhaolei)).success).toBe(false);
    const refused = await send('approve', { id: task.id, form: { days: 9 } }, t.tokens.zhangwei);
    expect(refused.message).toBe('字段 days 在节点「部门经理审批」不可编辑');
    expect((await t.leave(row.id)).status).toBe('1');
    const ok = await send(
      'approve',
      { id: task.id, form: { ...form.result!.form, reason: '已核对' } },
      t.tokens.zhangwei,
    );
    expect(ok.success).toBe(true);
  });
});
