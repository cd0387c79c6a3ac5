/**
 * The workflow (docs/modules/workflow.md): deploying numbered versions and refusing bad models per
 * element; leave from filing to approval on one and two levels, reject to the starter, withdraw,
 * refusals of people who are not the assignee, one complete of a task under concurrency, and an
 * instance continuing on a new app over the same database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { LogSmsProvider } from '../../server/auth/sms.js';
import { userId } from '../../server/db/seed/organisation.js';
import { LEAVE_BPMN } from '../../server/workflow/leave-model.js';
import { openSocket } from './notice-support.js';
import { createWorkflowTest, taskOf, type WorkflowTest } from './workflow-helpers.js';

let t: WorkflowTest;
beforeAll(async () => {
  t = await createWorkflowTest();
});
afterAll(() => t.close());

const trip = (body: string) =>
  LEAVE_BPMN.replace('id="leave" name="请假审批"', 'id="trip" name="出差审批"').replace(
    /<bpmn:startEvent[\s\S]*<\/bpmn:process>/,
    `${body}</bpmn:process>`,
  );
const deploy = (xml: string, token = t.tokens.admin) =>
  t.send<{ version: number; processKey: string }>('POST', '/workflow/definition/deploy', { xml }, token);

describe('deploy', () => {
  it('numbers the versions of a key and keeps each one', async () => {
    const xml = trip(`<bpmn:startEvent id="s" /><bpmn:sequenceFlow id="f1" sourceRef="s" targetRef="a" />
      <bpmn:userTask id="a" name="主管审批" zh:assignee="starter" /><bpmn:sequenceFlow id="f2" sourceRef="a" targetRef="e" />
      <bpmn:endEvent id="e" />`);
    const first = await deploy(xml);
    const second = await deploy(xml);
    expect(first.success, first.message).toBe(true);
    expect([first.result!.version, second.result!.version]).toEqual([1, 2]);
    const list = await t.get<{ records: { version: number }[] }>('/workflow/definition/list?processKey=trip');
    expect(list.result!.records.map((d) => d.version)).toEqual([2, 1]);
    expect((await deploy(xml, t.tokens.chenjing)).success).toBe(false);
  });

  it('refuses a model per element, in Chinese', async () => {
    expect((await deploy('<definitions><process')).message).toContain('流程文件解析失败');
    const bad = await deploy(
      trip(`<bpmn:startEvent id="s" /><bpmn:sequenceFlow id="f1" sourceRef="s" targetRef="a" />
      <bpmn:userTask id="a" name="主管审批" /><bpmn:sequenceFlow id="f2" sourceRef="a" targetRef="g" />
      <bpmn:exclusiveGateway id="g" name="金额判断" /><bpmn:sequenceFlow id="f3" sourceRef="g" targetRef="e" />
      <bpmn:sequenceFlow id="f4" sourceRef="g" targetRef="e" /><bpmn:endEvent id="e" /><bpmn:endEvent id="lost" />`),
    );
    expect(bad.success).toBe(false);
    expect(bad.message).toContain('节点「主管审批」(a)：未设置审批人规则');
    expect(bad.message).toContain('网关「金额判断」(g)：出口连线须设置条件或默认连线');
    expect(bad.message).toContain('节点 lost：无法到达');
    const code = await deploy(
      LEAVE_BPMN.replace('language="json-logic"', 'language="javascript"').replace(
        'id="leave"',
        'id="trip2"',
      ),
    );
    expect(code.message).toContain('连线 toGeneral：条件须使用json-logic');
  });
});

describe('leave', () => {
  it('computes the days in half days on the server', async () => {
    const row = await t.file({ startHalf: '2', endDate: '2026-12-03', endHalf: '1', days: 99 });
    expect(row).toMatchObject({ days: 2, status: '0', status_dictText: '草稿' });
    const bad = await t.send(
      'POST',
      '/process/leave/add',
      {
        leaveType: '1',
        startDate: '2026-12-03',
        startHalf: '1',
        endDate: '2026-12-01',
        endHalf: '2',
        reason: 'x',
      },
      t.tokens.chenjing,
    );
    expect(bad.message).toBe('结束时间须晚于开始时间');
  });

  it('2 days: the department manager approves, the starter hears it', async () => {
    const row = await t.file();
    expect((await t.start(row.id)).success).toBe(true);
    expect((await t.start(row.id)).message).toBe('该请假申请已在审批中或已通过');
    expect((await t.start(row.id, t.tokens.zhangwei)).message).toBe('只能操作本人的请假申请');
    expect(await t.leave(row.id)).toMatchObject({ status: '1', currentNode: '部门经理审批' });
    const task = await taskOf(t, row.id, t.tokens.zhangwei);
    expect(task).toMatchObject({ name: '部门经理审批', status: 'todo' });
    const todo = await t.get<{ records: { kind: string }[] }>(
      '/sys/todo/list?type=1&kind=wfTask',
      t.tokens.zhangwei,
    );
    expect(todo.result!.records.length).toBeGreaterThan(0);
    expect((await t.act('approve', task!.id, t.tokens.zhangwei, '同意，注意交接')).success).toBe(true);
    // Done, the task opens 我的已办 (read-only), not 我的待办.
    const done = await t.get<{ records: { id: string; done: boolean; link: string }[] }>(
      '/sys/todo/list?type=2&kind=wfTask',
      t.tokens.zhangwei,
    );
    expect(done.result!.records.find((r) => r.id === task!.id)).toMatchObject({
      done: true,
      link: '/flow/done',
    });
    expect(await t.leave(row.id)).toMatchObject({
      status: '2',
      status_dictText: '已通过',
      currentNode: null,
    });
    const history = await t.get<{ history: { action: string; realname: string; comment: string | null }[] }>(
      `/workflow/instance/history?id=${(await t.leave(row.id)).procInsId}`,
      t.tokens.chenjing,
    );
    expect(history.result!.history.map((h) => h.action)).toEqual(['start', 'approve', 'end']);
    expect(history.result!.history[1]).toMatchObject({ realname: '张伟', comment: '同意，注意交接' });
    const notices = await t.get<{ sysMsgList?: unknown[]; anntMsgList: { titile: string }[] }>(
      '/sys/annountCement/listByUser',
      t.tokens.chenjing,
    );
    expect(JSON.stringify(notices.result)).toContain('审批已通过');
  });

  it('more than 3 days: the general manager approves next', async () => {
    const row = await t.file({ endDate: '2026-12-05' });
    expect(row.days).toBe(5);
    await t.start(row.id);
    const first = await taskOf(t, row.id, t.tokens.zhangwei);
    expect((await t.act('approve', first!.id, t.tokens.zhangwei)).success).toBe(true);
    expect(await t.leave(row.id)).toMatchObject({ status: '1', currentNode: '总经理审批' });
    const second = await taskOf(t, row.id, t.tokens.admin);
    expect(second).toMatchObject({ name: '总经理审批' });
    expect((await t.act('approve', second!.id, t.tokens.admin)).success).toBe(true);
    expect((await t.leave(row.id)).status).toBe('2');
  });

  it('reject goes back to the starter, who may start again', async () => {
    const row = await t.file();
    await t.start(row.id);
    const task = await taskOf(t, row.id, t.tokens.zhangwei);
    expect((await t.act('reject', task!.id, t.tokens.zhangwei)).message).toBe('请填写审批意见');
    expect((await t.act('reject', task!.id, t.tokens.zhangwei, '时间冲突')).success).toBe(true);
    expect(await t.leave(row.id)).toMatchObject({ status: '3', status_dictText: '已驳回' });
    expect((await t.act('approve', task!.id, t.tokens.zhangwei)).message).toBe('该任务已被处理');
    expect((await t.start(row.id)).success).toBe(true);
    expect((await t.leave(row.id)).status).toBe('1');
  });

  it('withdraw: allowed before the next node acted, refused after', async () => {
    const row = await t.file();
    await t.start(row.id);
    expect(
      (await t.send('PUT', '/process/leave/edit', { id: row.id, reason: '改' }, t.tokens.chenjing)).message,
    ).toBe('审批中或已通过的请假申请不能修改');
    expect((await t.send('PUT', '/process/leave/withdraw', { id: row.id }, t.tokens.chenjing)).success).toBe(
      true,
    );
    expect((await t.leave(row.id)).status).toBe('4');
    expect(await taskOf(t, row.id, t.tokens.zhangwei)).toBeUndefined();

    const other = await t.file({ endDate: '2026-12-05' });
    await t.start(other.id);
    const task = await taskOf(t, other.id, t.tokens.zhangwei);
    await t.act('approve', task!.id, t.tokens.zhangwei);
    const late = await t.send('PUT', '/process/leave/withdraw', { id: other.id }, t.tokens.chenjing);
    expect(late.message).toBe('下一节点已处理，无法撤回');
  });

  it('refuses people who are not the assignee or the starter', async () => {
    const row = await t.file();
    await t.start(row.id);
    const task = await taskOf(t, row.id, t.tokens.zhangwei);
    expect((await t.act('approve', task!.id, t.tokens.zhaolei)).message).toBe(
      '您不是该任务的审批人，无权处理',
    );
    const instanceId = (await t.leave(row.id)).procInsId;
    const other = await t.send('PUT', '/workflow/instance/withdraw', { id: instanceId }, t.tokens.zhaolei);
    expect(other.message).toBe('只有发起人可以撤回');
    expect((await t.get(`/workflow/instance/history?id=${instanceId}`, t.tokens.zhaolei)).success).toBe(
      false,
    );
  });

  it('tells the approver live, then the starter the result', async () => {
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const approver = await openSocket(base, userId('zhangwei'), t.tokens.zhangwei);
    const starter = await openSocket(base, userId('chenjing'), t.tokens.chenjing);
    try {
      const row = await t.file();
      await t.start(row.id);
      expect(await approver.next((m) => m.cmd === 'todo')).toMatchObject({ cmd: 'todo' });
      const task = await taskOf(t, row.id, t.tokens.zhangwei);
      await t.act('approve', task!.id, t.tokens.zhangwei);
      expect(await starter.next((m) => m.cmd === 'user')).toMatchObject({
        msgTxt: expect.stringContaining('审批已通过'),
      });
    } finally {
      approver.close();
      starter.close();
    }
  });

  it('completes one task once when two approvals race', async () => {
    const row = await t.file();
    await t.start(row.id);
    const task = await taskOf(t, row.id, t.tokens.zhangwei);
    const results = await Promise.all([
      t.act('approve', task!.id, t.tokens.zhangwei),
      t.act('approve', task!.id, t.tokens.zhangwei),
    ]);
    expect(results.filter((r) => r.success)).toHaveLength(1);
    expect(results.find((r) => !r.success)!.message).toBe('该任务已被处理');
    const history = await t.get<{ history: { action: string }[] }>(
      `/workflow/instance/history?id=${(await t.leave(row.id)).procInsId}`,
      t.tokens.chenjing,
    );
    expect(history.result!.history.filter((h) => h.action === 'approve')).toHaveLength(1);
  });

  it('a waiting instance continues on a new app over the same database', async () => {
    const row = await t.file({ endDate: '2026-12-04' });
    await t.start(row.id);
    await t.app.close();
    const app = await buildApp({
      config: t.config,
      database: t.database,
      sms: new LogSmsProvider(() => {}),
      logger: false,
    });
    await app.ready();
    const call = async (method: 'GET' | 'PUT', url: string, token: string, payload?: object) =>
      (
        await app.inject({ method, url: `/api${url}`, headers: { 'x-access-token': token }, payload })
      ).json() as {
        success: boolean;
        result: { records: { id: string; instanceId: string }[] };
      };
    const leave = (await call(
      'GET',
      `/process/leave/queryById?id=${row.id}`,
      t.tokens.chenjing,
    )) as unknown as {
      result: { procInsId: string };
    };
    const todo = await call('GET', '/workflow/task/list?type=1&pageSize=200', t.tokens.zhangwei);
    const task = todo.result.records.find((r) => r.instanceId === leave.result.procInsId)!;
    expect((await call('PUT', '/workflow/task/approve', t.tokens.zhangwei, { id: task.id })).success).toBe(
      true,
    );
    const next = await call('GET', '/workflow/task/list?type=1&pageSize=200', t.tokens.admin);
    expect(next.result.records.some((r) => r.instanceId === leave.result.procInsId)).toBe(true);
    // The shipped model is not deployed again by the new app.
    const versions = (await call(
      'GET',
      '/workflow/definition/list?processKey=leave',
      t.tokens.admin,
    )) as unknown as {
      result: { records: unknown[] };
    };
    expect(versions.result.records).toHaveLength(1);
    await app.close();
  });
});
