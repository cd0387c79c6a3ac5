/**
 * Parallel gateways (docs/modules/workflow.md, "Slice 5"): a fork makes both branch tasks at once,
 * the instance waits at the join until both are approved; a reject by either ends the request and
 * cancels the sibling; 退回 from a branch is refused; deploy refuses a fork without its join and
 * conditions on parallel flows, naming the element.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorkflowTest, taskOf, type WorkflowTest } from './workflow-helpers.js';

let t: WorkflowTest;
beforeAll(async () => {
  t = await createWorkflowTest();
});
afterAll(() => t.close());

const HEAD = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:zh="http://zhihui.cn/schema/bpmn" id="d">
  <bpmn:process id="leave" name="请假审批" isExecutable="true">
    <bpmn:startEvent id="start" name="发起申请" />`;
const TAIL = `    <bpmn:endEvent id="end" name="结束" />
  </bpmn:process>
</bpmn:definitions>`;
const flow = (id: string, from: string, to: string, inner = '') =>
  `<bpmn:sequenceFlow id="${id}" sourceRef="${from}" targetRef="${to}">${inner}</bpmn:sequenceFlow>`;

/** start → fork → 行政审批 (张伟) ‖ 财务审批 (赵磊) → join → 总经理审批 → end. */
const PARALLEL = `${HEAD}
    ${flow('f1', 'start', 'fork')}
    <bpmn:parallelGateway id="fork" name="并行分支" />
    ${flow('f2', 'fork', 'office')}
    ${flow('f3', 'fork', 'finance')}
    <bpmn:userTask id="office" name="行政审批" zh:assignee="user:zhangwei" />
    <bpmn:userTask id="finance" name="财务审批" zh:assignee="user:zhaolei" />
    ${flow('f4', 'office', 'join')}
    ${flow('f5', 'finance', 'join')}
    <bpmn:parallelGateway id="join" name="汇聚" />
    ${flow('f6', 'join', 'general')}
    <bpmn:userTask id="general" name="总经理审批" zh:assignee="generalManager" />
    ${flow('f7', 'general', 'end')}
${TAIL}`;

const deploy = (xml: string) => t.send('POST', '/workflow/definition/deploy', { xml }, t.tokens.admin);
const started = async () => {
  const row = await t.file();
  expect((await t.start(row.id)).success).toBe(true);
  return { row, instanceId: (await t.leave(row.id)).procInsId! };
};
// Parallel branches' tasks are made in one transaction (one create_time): ties are put in name order.
const tasks = async (instanceId: string) =>
  (
    await sql<{ name: string; assignee: string; status: string }>`select name, assignee, status from wf_task
      where instance_id = ${instanceId} order by create_time, name collate "C"`.execute(t.database.db)
  ).rows;
const history = async (instanceId: string) =>
  (
    await sql<{ action: string; nodeName: string | null }>`select action, node_name as "nodeName"
      from wf_history where instance_id = ${instanceId} order by create_time, id`.execute(t.database.db)
  ).rows.map((h) => `${h.action}:${h.nodeName ?? ''}`);

describe('parallel gateways', () => {
  it('refuses a fork without its join and conditions on parallel flows, naming the element', async () => {
    const noJoin = `${HEAD}
      ${flow('f1', 'start', 'fork')}
      <bpmn:parallelGateway id="fork" name="并行分支" />
      ${flow('f2', 'fork', 'office')}
      ${flow('f3', 'fork', 'finance')}
      <bpmn:userTask id="office" name="行政审批" zh:assignee="user:zhangwei" />
      <bpmn:userTask id="finance" name="财务审批" zh:assignee="user:zhaolei" />
      ${flow('f4', 'office', 'end')}
      ${flow('f5', 'finance', 'end')}
${TAIL}`;
    const res = await deploy(noJoin);
    expect(res.success).toBe(false);
    expect(res.message).toContain('网关「并行分支」(fork)：没有对应的汇聚网关');
    const cond = PARALLEL.replace(
      flow('f3', 'fork', 'finance'),
      flow(
        'f3',
        'fork',
        'finance',
        '<bpmn:conditionExpression xsi:type="bpmn:tFormalExpression" language="json-logic">{"&gt;": [{"var": "days"}, 3]}</bpmn:conditionExpression>',
      ),
    );
    const refused = await deploy(cond);
    expect(refused.message).toContain('网关「并行分支」(fork)：并行网关的出口连线不能设置条件（f3）');
    const lonelyJoin = PARALLEL.replace(flow('f3', 'fork', 'finance'), flow('f3', 'start', 'finance'));
    expect((await deploy(lonelyJoin)).message).toContain('网关「汇聚」(join)：没有对应的并行分支网关');
  });

  it('makes both branch tasks at once and waits at the join until both approve', async () => {
    expect((await deploy(PARALLEL)).success).toBe(true);
    const { row, instanceId } = await started();
    expect(await tasks(instanceId)).toEqual([
      { name: '行政审批', assignee: 'zhangwei', status: 'todo' },
      { name: '财务审批', assignee: 'zhaolei', status: 'todo' },
    ]);
    expect((await t.leave(row.id)).currentNode).toBe('行政审批、财务审批');
    const office = (await taskOf(t, row.id, t.tokens.zhangwei))!;
    expect((await t.act('approve', office.id, t.tokens.zhangwei, '行政同意')).success).toBe(true);
    // The join waits for 财务审批: nothing reaches the general manager yet.
    expect((await t.leave(row.id)).currentNode).toBe('财务审批');
    expect(await taskOf(t, row.id, t.tokens.admin)).toBeUndefined();
    const finance = (await taskOf(t, row.id, t.tokens.zhaolei))!;
    expect(finance.name).toBe('财务审批');
    expect((await t.act('approve', finance.id, t.tokens.zhaolei, '财务同意')).success).toBe(true);
    const general = (await taskOf(t, row.id, t.tokens.admin))!;
    expect(general.name).toBe('总经理审批');
    expect((await t.leave(row.id)).currentNode).toBe('总经理审批');
    expect((await t.act('approve', general.id, t.tokens.admin)).success).toBe(true);
    const done = await t.leave(row.id);
    expect(done.status_dictText).toBe('已通过');
    expect(await history(instanceId)).toEqual([
      'start:发起申请',
      'approve:行政审批',
      'approve:财务审批',
      'approve:总经理审批',
      'end:结束',
    ]);
  });

  it('a reject on either branch ends the request and cancels the sibling', async () => {
    const { row, instanceId } = await started();
    const finance = (await taskOf(t, row.id, t.tokens.zhaolei))!;
    expect((await t.act('reject', finance.id, t.tokens.zhaolei, '预算不足')).success).toBe(true);
    expect((await t.leave(row.id)).status_dictText).toBe('已驳回');
    expect(await tasks(instanceId)).toEqual([
      { name: '行政审批', assignee: 'zhangwei', status: 'cancelled' },
      { name: '财务审批', assignee: 'zhaolei', status: 'done' },
    ]);
    expect(await taskOf(t, row.id, t.tokens.zhangwei)).toBeUndefined();
  });

  it('refuses 退回 from a branch with a Chinese message, and nothing changes', async () => {
    const { row, instanceId } = await started();
    const office = (await taskOf(t, row.id, t.tokens.zhangwei))!;
    for (const target of ['previous', 'starter'] as const) {
      const res = await t.send(
        'PUT',
        '/workflow/task/return',
        { id: office.id, target, comment: '请补充材料' },
        t.tokens.zhangwei,
      );
      expect(res.success).toBe(false);
      expect(res.message).toBe('节点「行政审批」处于并行分支中，不能退回；请同意，或驳回给发起人');
    }
    const choices = await t.get(`/workflow/task/returnable?id=${office.id}`, t.tokens.zhangwei);
    expect(choices.message).toContain('处于并行分支中，不能退回');
    expect((await tasks(instanceId)).map((x) => x.status)).toEqual(['todo', 'todo']);
    expect((await t.leave(row.id)).status_dictText).toBe('审批中');
  });
});
