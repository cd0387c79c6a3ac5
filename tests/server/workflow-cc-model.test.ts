/**
 * Model-level 抄送 (docs/modules/workflow.md, "Slice 5c"): a node's `zh:ccUsers` copies the instance
 * to the people its rules name when the node is approved — from the approver, with the note
 * 节点「X」自动抄送, a bell notice each and one history row — never to the approver nor to someone
 * already holding a copy; a rule finding nobody copies nothing; a bad rule is refused at deploy.
 * And the diagram shows a failed service task as where the instance stopped.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from './helpers.js';
import { createWorkflowTest, taskOf, type WorkflowTest } from './workflow-helpers.js';

let t: WorkflowTest;
let huangmin: string;
beforeAll(async () => {
  t = await createWorkflowTest();
  huangmin = await t.login('huangmin', DEMO_PASSWORD);
});
afterAll(() => t.close());

/** start → 部门经理审批 (with `cc`) → `after` → end. */
const model = (
  cc: string,
  after = '<bpmn:userTask id="gm" name="总经理审批" zh:assignee="generalManager" />',
) => `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:zh="http://zhihui.cn/schema/bpmn" id="d">
  <bpmn:process id="leave" name="请假审批" isExecutable="true">
    <bpmn:startEvent id="start" name="发起申请" />
    <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="deptManager" />
    <bpmn:userTask id="deptManager" name="部门经理审批" zh:assignee="deptManager" zh:ccUsers="${cc}" />
    <bpmn:sequenceFlow id="f2" sourceRef="deptManager" targetRef="${after.match(/id="(\w+)"/)![1]}" />
    ${after}
    <bpmn:sequenceFlow id="f3" sourceRef="${after.match(/id="(\w+)"/)![1]}" targetRef="end" />
    <bpmn:endEvent id="end" name="结束" />
  </bpmn:process>
</bpmn:definitions>`;

const deploy = (xml: string) => t.send('POST', '/workflow/definition/deploy', { xml }, t.tokens.admin);
const started = async () => {
  const row = await t.file();
  expect((await t.start(row.id)).success).toBe(true);
  return { row, instanceId: (await t.leave(row.id)).procInsId! };
};
const copies = async (instanceId: string) =>
  (
    await sql<{ username: string; fromUser: string; note: string; taskName: string }>`select c.username,
        c.from_user as "fromUser", c.note, t.name as "taskName"
      from wf_copy c join wf_task t on t.id = c.task_id
      where c.instance_id = ${instanceId} order by c.username`.execute(t.database.db)
  ).rows;
/** The bell of a person: the notices listByUser counts, and their titles. */
const bell = async (token: string) => {
  const res = await t.get<{ anntMsgTotal: number; sysMsgTotal: number }>(
    '/sys/annountCement/listByUser?pageSize=50',
    token,
  );
  return { total: res.result!.anntMsgTotal + res.result!.sysMsgTotal, text: JSON.stringify(res.result) };
};
const copyHistory = async (instanceId: string) =>
  (
    await sql<{
      username: string;
      nodeName: string;
      comment: string;
    }>`select username, node_name as "nodeName",
        comment from wf_history where instance_id = ${instanceId} and action = 'copy'
      order by create_time, id`.execute(t.database.db)
  ).rows;

describe('model-level 抄送', () => {
  it('refuses a bad rule at deploy, naming the node', async () => {
    for (const [cc, shown] of [
      ['user:zhaolei,bogus', 'bogus'],
      ['users:zhaolei', 'users:zhaolei'],
      ['role:bad code', 'role:bad code'],
      ['user:zhaolei,,starter', ''],
    ]) {
      const res = await deploy(model(cc!));
      expect(res.success).toBe(false);
      expect(res.message).toContain(`节点「部门经理审批」(deptManager)：抄送规则无效（${shown || cc}）`);
    }
  });

  it('copies on approval to everyone the rules name, except the approver and who holds a copy', async () => {
    const cc = 'user:zhaolei,user:huangmin,starter,deptManager,user:zhaolei';
    expect((await deploy(model(cc))).success).toBe(true);
    const { row, instanceId } = await started();
    const task = (await taskOf(t, row.id, t.tokens.zhangwei))!;
    // Arrival copies nothing; 黄敏 gets a copy by hand first.
    expect(await copies(instanceId)).toEqual([]);
    const manual = await t.send(
      'PUT',
      '/workflow/task/copy',
      { id: task.id, usernames: 'huangmin', note: '先看看' },
      t.tokens.zhangwei,
    );
    expect(manual.success).toBe(true);
    const before = await bell(t.tokens.zhaolei);
    const huangminBefore = await bell(huangmin);
    expect((await t.act('approve', task.id, t.tokens.zhangwei, '同意')).success).toBe(true);
    const note = '节点「部门经理审批」自动抄送';
    // 陈静 (starter) and 赵磊 (named twice: once); not 张伟 (the approver, also the deptManager
    // rule); 黄敏 keeps her one copy.
    expect(await copies(instanceId)).toEqual([
      { username: 'chenjing', fromUser: 'zhangwei', note, taskName: '部门经理审批' },
      { username: 'huangmin', fromUser: 'zhangwei', note: '先看看', taskName: '部门经理审批' },
      { username: 'zhaolei', fromUser: 'zhangwei', note, taskName: '部门经理审批' },
    ]);
    expect(await copyHistory(instanceId)).toEqual([
      { username: 'zhangwei', nodeName: '部门经理审批', comment: '抄送给黄敏：先看看' },
      { username: 'zhangwei', nodeName: '部门经理审批', comment: `抄送给陈静、赵磊：${note}` },
    ]);
    // The bell rose for 赵磊 (the notice opens 我的抄送), not for 黄敏.
    const after = await bell(t.tokens.zhaolei);
    expect(after.total).toBe(before.total + 1);
    expect(after.text).toContain('抄送：');
    expect((await bell(huangmin)).total).toBe(huangminBefore.total);
    const notice = await sql<{ content: string; openPage: string }>`select a.msg_content as content,
        a.open_page as "openPage" from sys_announcement a join sys_user u on u.id = a.user_ids
      where u.username = 'zhaolei' and a.bus_id = ${instanceId}`.execute(t.database.db);
    expect(notice.rows).toHaveLength(1);
    expect(notice.rows[0]!.openPage).toBe('/flow/copy');
    expect(notice.rows[0]!.content).toMatch(new RegExp(`^张伟将「.+」抄送给您：${note}$`));
    // 我的抄送 lists it for 赵磊, who may read the diagram; the flow went on to 总经理审批.
    const list = await t.get<{ records: { instanceId: string; note: string }[] }>(
      '/workflow/copy/list?pageSize=100',
      t.tokens.zhaolei,
    );
    expect(list.result!.records.find((c) => c.instanceId === instanceId)?.note).toBe(note);
    expect((await t.get(`/workflow/instance/diagram?id=${instanceId}`, t.tokens.zhaolei)).success).toBe(true);
    expect((await t.leave(row.id)).currentNode).toBe('总经理审批');
  });

  it('a rule finding nobody copies nothing and the approval goes through', async () => {
    expect((await deploy(model('position:no_such_post,user:nobody_here'))).success).toBe(true);
    const { row, instanceId } = await started();
    const task = (await taskOf(t, row.id, t.tokens.zhangwei))!;
    expect((await t.act('approve', task.id, t.tokens.zhangwei, '同意')).success).toBe(true);
    expect(await copies(instanceId)).toEqual([]);
    expect(await copyHistory(instanceId)).toEqual([]);
    expect((await t.leave(row.id)).currentNode).toBe('总经理审批');
  });

  it('a rejection copies nothing', async () => {
    expect((await deploy(model('user:zhaolei'))).success).toBe(true);
    const { row, instanceId } = await started();
    const task = (await taskOf(t, row.id, t.tokens.zhangwei))!;
    expect((await t.act('reject', task.id, t.tokens.zhangwei, '不同意')).success).toBe(true);
    expect(await copies(instanceId)).toEqual([]);
  });
});

describe('the diagram of a failed service task', () => {
  it('marks the node where the instance stopped as current and failed', async () => {
    const svc =
      '<bpmn:serviceTask id="notify" name="通知行政" zh:handler="notifyRole" zh:handlerArg="wfnobody" />';
    expect((await deploy(model('user:zhaolei', svc))).success).toBe(true);
    const { row, instanceId } = await started();
    const task = (await taskOf(t, row.id, t.tokens.zhangwei))!;
    expect((await t.act('approve', task.id, t.tokens.zhangwei, '同意')).success).toBe(true);
    expect((await t.leave(row.id)).currentNode).toBe('通知行政（处理失败）');
    const diagram = await t.get<{ current: string[]; failed: string[]; done: string[] }>(
      `/workflow/instance/diagram?id=${instanceId}`,
      t.tokens.admin,
    );
    expect(diagram.result).toMatchObject({ current: ['notify'], failed: ['notify'] });
    expect(diagram.result!.done).toContain('deptManager');
    expect(diagram.result!.done).not.toContain('notify');
    // Once the failure is no longer open (closed by 终止), nothing is current.
    await sql`update wf_failure set status = 'closed' where instance_id = ${instanceId}`.execute(
      t.database.db,
    );
    const closed = await t.get<{ current: string[]; failed: string[] }>(
      `/workflow/instance/diagram?id=${instanceId}`,
      t.tokens.admin,
    );
    expect(closed.result).toMatchObject({ current: [], failed: [] });
  });
});
