/**
 * Workflow slice 2 (docs/modules/workflow.md): models saved as drafts (a stale save refused),
 * deployed from the draft with every problem listed, suspend / activate of a definition, the
 * diagram of an instance, and the admins' terminate and reassign with their refusals.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userId } from '../../server/db/seed/organisation.js';
import type { Page } from './entity-helpers.js';
import { openSocket } from './notice-support.js';
import { createWorkflowTest, taskOf, type WorkflowTest } from './workflow-helpers.js';

let t: WorkflowTest;
beforeAll(async () => {
  t = await createWorkflowTest();
});
afterAll(() => t.close());

interface Model {
  id: string;
  modelKey: string;
  name: string;
  xml: string;
  rowVersion: number;
  deployedVersion: number | null;
}
interface Definition {
  id: string;
  processKey: string;
  version: number;
  status: string;
  status_dictText: string;
}
interface Diagram {
  xml: string;
  done: string[];
  current: string[];
  flows: string[];
  status: string;
  history: { action: string; comment: string | null }[];
}

const addModel = async (modelKey: string, name: string) => {
  const res = await t.send<{ id: string }>('POST', '/workflow/model/add', { modelKey, name }, t.tokens.admin);
  expect(res.success, res.message).toBe(true);
  return (await t.get<Model>(`/workflow/model/queryById?id=${res.result!.id}`)).result!;
};
const save = (m: Model, xml: string, rowVersion = m.rowVersion, token = t.tokens.admin) =>
  t.send<{ rowVersion: number }>('PUT', '/workflow/model/edit', { id: m.id, xml, rowVersion }, token);
const definitions = async (key: string) =>
  (await t.get<Page<Definition>>(`/workflow/definition/list?processKey=${key}`)).result!.records;

describe('models', () => {
  it('starts a model from a diagram, saves drafts and refuses a stale save', async () => {
    const m = await addModel('purchase', '采购审批');
    expect(m.xml).toContain('bpmndi:BPMNDiagram');
    expect(
      (await t.send('POST', '/workflow/model/add', { modelKey: 'purchase', name: 'x' }, t.tokens.admin))
        .message,
    ).toBe('流程标识「purchase」已存在');
    expect(
      (await t.send('POST', '/workflow/model/add', { modelKey: '1x', name: 'x' }, t.tokens.admin)).message,
    ).toContain('须以字母开头');
    const xml = m.xml.replace(
      '<bpmn:userTask id="approve" name="审批" />',
      '<bpmn:userTask id="approve" name="部门审批" zh:assignee="deptManager" />',
    );
    const first = await save(m, xml);
    expect(first.success, first.message).toBe(true);
    const stale = await save(m, xml.replace('部门审批', '别人的改动'));
    expect(stale).toMatchObject({ success: false, message: '该记录已被他人修改，请刷新后重试' });
    expect((await t.get<Model>(`/workflow/model/queryById?id=${m.id}`)).result!.xml).toContain('部门审批');
    expect(
      (await save(m, xml.replace('id="purchase"', 'id="other"'), first.result!.rowVersion)).message,
    ).toBe('流程标识须与模型一致：purchase');
    expect((await save(m, '<bpmn:definitions', first.result!.rowVersion)).message).toContain(
      '流程文件解析失败',
    );
    expect((await save(m, xml, first.result!.rowVersion, t.tokens.chenjing)).success).toBe(false);
  });

  it('deploys a valid draft as the next version and lists every problem of a broken one', async () => {
    const m = await addModel('seal', '用章申请');
    const refused = await t.send<{ problems: string[] }>(
      'PUT',
      '/workflow/model/deploy',
      { id: m.id },
      t.tokens.admin,
    );
    expect(refused.success).toBe(false);
    expect(refused.result!.problems).toEqual(['节点「审批」(approve)：未设置审批人规则']);
    const good = m.xml.replace(
      '<bpmn:userTask id="approve" name="审批" />',
      '<bpmn:userTask id="approve" name="审批" zh:assignee="starter" />',
    );
    expect((await save(m, good)).success).toBe(true);
    const ok = await t.send<{ version: number }>(
      'PUT',
      '/workflow/model/deploy',
      { id: m.id },
      t.tokens.admin,
    );
    expect(ok.message).toBe('部署成功，版本 1');
    expect((await t.send('PUT', '/workflow/model/deploy', { id: m.id }, t.tokens.admin)).message).toBe(
      '部署成功，版本 2',
    );
    expect((await definitions('seal')).map((d) => d.version)).toEqual([2, 1]);
    const row = (await t.get<Page<Model>>('/workflow/model/list?modelKey=seal')).result!.records[0]!;
    expect(row.deployedVersion).toBe(2);
    expect((await t.send('PUT', '/workflow/model/deploy', { id: m.id }, t.tokens.chenjing)).success).toBe(
      false,
    );
  });

  it('shows the shipped leave process as a deployed model', async () => {
    const page = (await t.get<Page<Model>>('/workflow/model/list?modelKey=leave')).result!;
    expect(page.records[0]).toMatchObject({ modelKey: 'leave', name: '请假审批', deployedVersion: 1 });
    expect((await t.get('/workflow/model/list', t.tokens.chenjing)).success).toBe(false);
  });
});

describe('suspend and activate', () => {
  it('refuses new starts of a suspended definition while its running instances go on', async () => {
    const running = await t.file();
    expect((await t.start(running.id)).success).toBe(true);
    const leaveDef = (await definitions('leave'))[0]!;
    expect(
      (await t.send('PUT', '/workflow/definition/suspend', { id: leaveDef.id }, t.tokens.chenjing)).success,
    ).toBe(false);
    const suspended = await t.send(
      'PUT',
      '/workflow/definition/suspend',
      { id: leaveDef.id },
      t.tokens.admin,
    );
    expect(suspended.message).toBe('「请假审批」版本 1已挂起，不能再发起新的申请');
    expect((await definitions('leave'))[0]).toMatchObject({ status: 'suspended', status_dictText: '挂起' });
    expect(
      (await t.send('PUT', '/workflow/definition/suspend', { id: leaveDef.id }, t.tokens.admin)).message,
    ).toBe('「请假审批」版本 1已是挂起状态');
    const fresh = await t.file();
    expect((await t.start(fresh.id)).message).toBe('流程「请假审批」（版本 1）已挂起，暂不能发起新的申请');
    expect((await t.leave(fresh.id)).status).toBe('0');
    const task = await taskOf(t, running.id, t.tokens.zhangwei);
    expect((await t.act('approve', task!.id, t.tokens.zhangwei)).success).toBe(true);
    expect((await t.leave(running.id)).status).toBe('2');
    expect(
      (await t.send('PUT', '/workflow/definition/activate', { id: leaveDef.id }, t.tokens.admin)).success,
    ).toBe(true);
    expect((await t.start(fresh.id)).success).toBe(true);
  });
});

describe('diagram', () => {
  it('shows the instance version with done, current and taken flows to its people only', async () => {
    const row = await t.file({ endDate: '2026-12-06' });
    await t.start(row.id);
    const task = await taskOf(t, row.id, t.tokens.zhangwei);
    await t.act('approve', task!.id, t.tokens.zhangwei, '同意');
    const d = await t.get<Diagram>(`/workflow/instance/diagram?businessKey=${row.id}`, t.tokens.chenjing);
    expect(d.success, d.message).toBe(true);
    expect(d.result!.done).toEqual(expect.arrayContaining(['start', 'deptManager', 'days']));
    expect(d.result!.current).toEqual(['generalManager']);
    expect(d.result!.flows).toEqual(expect.arrayContaining(['toManager', 'toDays', 'toGeneral']));
    expect(d.result!.flows).not.toContain('toEnd');
    expect(d.result!.xml).toContain('id="leave"');
    expect((await t.get(`/workflow/instance/diagram?taskId=${task!.id}`, t.tokens.zhangwei)).success).toBe(
      true,
    );
    expect((await t.get(`/workflow/instance/diagram?businessKey=${row.id}`, t.tokens.zhaolei)).message).toBe(
      '未找到对应数据',
    );
    expect((await t.get(`/workflow/instance/diagram?businessKey=${row.id}`, t.tokens.admin)).success).toBe(
      true,
    );
  });
});

describe('terminate and reassign', () => {
  const instanceOf = async (leaveId: string) => (await t.leave(leaveId)).procInsId!;
  const monitor = async (query: string, token = t.tokens.admin) =>
    t.get<Page<{ id: string; status: string; assignees: string | null; starter_dictText: string }>>(
      `/workflow/monitor/list?${query}`,
      token,
    );

  it('lists running and finished instances with filters, for admins only', async () => {
    const row = await t.file();
    await t.start(row.id);
    const id = await instanceOf(row.id);
    const running = (await monitor('type=1&processKey=leave&starter=chenjing&pageSize=200')).result!;
    expect(running.records.find((r) => r.id === id)).toMatchObject({ status: 'running', assignees: '张伟' });
    expect((await monitor('type=1&starter=zhaolei')).result!.records.some((r) => r.id === id)).toBe(false);
    expect((await monitor('type=1&startTime_begin=2000-01-01&startTime_end=2000-01-02')).result!.total).toBe(
      0,
    );
    expect((await monitor('type=1&startTime_begin=yesterday')).message).toBe('开始日期格式不正确');
    expect((await monitor('type=1', t.tokens.chenjing)).success).toBe(false);
  });

  it('terminates a running instance: tasks cancelled, the leave follows, the starter told', async () => {
    const row = await t.file();
    await t.start(row.id);
    const id = await instanceOf(row.id);
    expect(
      (await t.send('PUT', '/workflow/monitor/terminate', { id, reason: '' }, t.tokens.admin)).message,
    ).toBe('请填写终止原因');
    expect(
      (await t.send('PUT', '/workflow/monitor/terminate', { id, reason: '重复申请' }, t.tokens.zhangwei))
        .success,
    ).toBe(false);
    const done = await t.send(
      'PUT',
      '/workflow/monitor/terminate',
      { id, reason: '重复申请' },
      t.tokens.admin,
    );
    expect(done.message).toBe('流程已终止');
    expect(await t.leave(row.id)).toMatchObject({ status: '5', status_dictText: '已终止' });
    expect((await t.todo(t.tokens.zhangwei)).some((task) => task.instanceId === id)).toBe(false);
    const finished = (await monitor('type=2&pageSize=200')).result!.records.find((r) => r.id === id);
    expect(finished?.status).toBe('terminated');
    const notices = await t.get<{ anntMsgList: { titile: string }[] }>(
      '/sys/annountCement/listByUser',
      t.tokens.chenjing,
    );
    expect(JSON.stringify(notices.result)).toContain('审批已终止');
    const again = await t.send('PUT', '/workflow/monitor/terminate', { id, reason: '再次' }, t.tokens.admin);
    expect(again.message).toBe('流程已结束，无法终止');
    const d = await t.get<Diagram>(`/workflow/instance/diagram?id=${id}`, t.tokens.chenjing);
    expect(d.result!.history.at(-1)).toMatchObject({ action: 'terminate', comment: '重复申请' });
    expect((await t.start(row.id)).success).toBe(true);
  });

  it('reassigns the waiting task: the new person may act, the old one may not', async () => {
    const row = await t.file();
    await t.start(row.id);
    const id = await instanceOf(row.id);
    const task = await taskOf(t, row.id, t.tokens.zhangwei);
    const send = (body: Record<string, unknown>, token = t.tokens.admin) =>
      t.send('PUT', '/workflow/monitor/reassign', { id, ...body }, token);
    expect((await send({ username: '' })).message).toBe('请选择转派对象');
    expect((await send({ username: 'nobody-here' })).message).toBe('转派对象不存在或已停用');
    expect((await send({ username: 'zhangwei' })).message).toBe('任务已由张伟处理，无需转派');
    expect((await send({ username: 'zhaolei' }, t.tokens.zhangwei)).success).toBe(false);
    expect((await send({ username: 'zhaolei', comment: '张伟出差' })).message).toBe('转派成功');
    expect((await t.act('approve', task!.id, t.tokens.zhangwei)).message).toBe(
      '您不是该任务的审批人，无权处理',
    );
    const mine = (await t.todo(t.tokens.zhaolei)).find((x) => x.instanceId === id);
    expect(mine?.id).toBe(task!.id);
    expect((await t.act('approve', task!.id, t.tokens.zhaolei, '代为审批')).success).toBe(true);
    expect((await t.leave(row.id)).status).toBe('2');
    const d = await t.get<Diagram>(`/workflow/instance/diagram?id=${id}`, t.tokens.admin);
    expect(d.result!.history.map((h) => h.action)).toEqual(['start', 'reassign', 'approve', 'end']);
    expect(d.result!.history[1]!.comment).toBe('转派给赵磊：张伟出差');
    expect((await send({ username: 'zhangwei' })).message).toBe('流程已结束，无法转派');
  });

  it('tells the new assignee live (the workbench to-do refreshes)', async () => {
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const zhaolei = await openSocket(base, userId('zhaolei'), t.tokens.zhaolei);
    try {
      const row = await t.file();
      await t.start(row.id);
      const id = await instanceOf(row.id);
      await t.send('PUT', '/workflow/monitor/reassign', { id, username: 'zhaolei' }, t.tokens.admin);
      expect(await zhaolei.next((m) => m.cmd === 'todo')).toMatchObject({ cmd: 'todo' });
    } finally {
      zhaolei.close();
    }
  });
});
