/**
 * 抄送 (docs/modules/workflow.md, "Slice 5b"): an approver copies a leave to colleagues with a note;
 * 我的抄送 lists it unread, opening it marks it read; a recipient may read the instance's history
 * and diagram, nobody else beyond the rules before; the refusals.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorkflowTest, taskOf, type WorkflowTest } from './workflow-helpers.js';
import type { Page } from './entity-helpers.js';
import { DEMO_PASSWORD } from './helpers.js';

let t: WorkflowTest;
let huangmin: string;
beforeAll(async () => {
  t = await createWorkflowTest();
  huangmin = await t.login('huangmin', DEMO_PASSWORD);
});
afterAll(() => t.close());

interface CopyRow {
  id: string;
  instanceId: string;
  title: string;
  fromUser: string;
  fromUser_dictText: string;
  note: string;
  readFlag: string;
  readFlag_dictText: string;
}

const started = async () => {
  const row = await t.file();
  expect((await t.start(row.id)).success).toBe(true);
  return { row, instanceId: (await t.leave(row.id)).procInsId! };
};
const copy = (taskId: string, usernames: string, token: string, note = '') =>
  t.send('PUT', '/workflow/task/copy', { id: taskId, usernames, note }, token);
const copies = async (token: string, query = '') =>
  (await t.get<Page<CopyRow>>(`/workflow/copy/list?pageSize=100${query}`, token)).result!.records;

describe('抄送', () => {
  it('the approver copies a leave to a colleague, who reads it (read state, history, diagram)', async () => {
    const { row, instanceId } = await started();
    const task = (await taskOf(t, row.id, t.tokens.zhangwei))!;
    // Before the copy, 赵磊 may not read the instance.
    expect((await t.get(`/workflow/instance/diagram?id=${instanceId}`, t.tokens.zhaolei)).message).toBe(
      '未找到对应数据',
    );
    const answer = await copy(task.id, 'zhaolei', t.tokens.zhangwei, '请知悉，下周人手安排');
    expect(answer).toMatchObject({ success: true, message: '抄送成功' });
    const listed = (await copies(t.tokens.zhaolei)).find((c) => c.instanceId === instanceId)!;
    expect(listed).toMatchObject({
      fromUser: 'zhangwei',
      fromUser_dictText: '张伟',
      note: '请知悉，下周人手安排',
      readFlag: '0',
      readFlag_dictText: '未读',
    });
    expect((await copies(t.tokens.zhaolei, '&readFlag=0')).some((c) => c.id === listed.id)).toBe(true);
    // A bell notice that opens 我的抄送.
    const notice = await sql<{ openPage: string; content: string }>`select a.open_page as "openPage",
        a.msg_content as content from sys_announcement a join sys_user u on u.id = a.user_ids
      where u.username = 'zhaolei' and a.bus_id = ${instanceId}`.execute(t.database.db);
    expect(notice.rows).toEqual([
      { openPage: '/flow/copy', content: `张伟将「${listed.title}」抄送给您：请知悉，下周人手安排` },
    ]);
    // Others cannot open 赵磊's copy; he can, and that marks it read.
    expect((await t.get(`/workflow/copy/queryById?id=${listed.id}`, huangmin)).message).toBe(
      '未找到对应数据',
    );
    const opened = await t.get<CopyRow>(`/workflow/copy/queryById?id=${listed.id}`, t.tokens.zhaolei);
    expect(opened.result).toMatchObject({ id: listed.id, readFlag: '1' });
    expect((await copies(t.tokens.zhaolei)).find((c) => c.id === listed.id)?.readFlag).toBe('1');
    // Read-only: the history (with the 抄送 row) and the diagram; still no action on the task.
    const history = await t.get<{ history: { actionText: string; comment: string }[] }>(
      `/workflow/copy/history?id=${listed.id}`,
      t.tokens.zhaolei,
    );
    expect(history.result!.history.map((h) => h.actionText)).toEqual(['提交', '抄送']);
    expect(history.result!.history[1]!.comment).toBe('抄送给赵磊：请知悉，下周人手安排');
    const diagram = await t.get<{ current: string[] }>(
      `/workflow/instance/diagram?id=${instanceId}`,
      t.tokens.zhaolei,
    );
    expect(diagram.result!.current).toEqual(['deptManager']);
    expect((await t.act('approve', task.id, t.tokens.zhaolei)).message).toBe(
      '您不是该任务的审批人，无权处理',
    );
    // Someone without a copy still may not read it.
    expect((await t.get(`/workflow/instance/diagram?id=${instanceId}`, huangmin)).message).toBe(
      '未找到对应数据',
    );
  });

  it('refuses: not the approver, nobody chosen, oneself, a disabled user, a second copy', async () => {
    const { row } = await started();
    const task = (await taskOf(t, row.id, t.tokens.zhangwei))!;
    expect((await copy(task.id, 'zhaolei', t.tokens.chenjing)).message).toBe(
      '您不是该任务的审批人，无权抄送',
    );
    expect((await copy(task.id, '', t.tokens.zhangwei)).message).toBe('请选择抄送给谁');
    expect((await copy(task.id, 'zhangwei', t.tokens.zhangwei)).message).toBe('不能抄送给自己');
    expect((await copy(task.id, 'zhaolei,nobody', t.tokens.zhangwei)).message).toBe('抄送对象不存在或已停用');
    // Nothing half-done: the refused batch wrote no copy for 赵磊.
    expect((await copies(t.tokens.zhaolei)).some((c) => c.instanceId === task.instanceId)).toBe(false);
    expect((await copy(task.id, 'zhaolei,wangfang', t.tokens.zhangwei)).success).toBe(true);
    expect((await copy(task.id, 'wangfang', t.tokens.zhangwei)).message).toBe('王芳已收到过本流程的抄送');
    // After approving, the task is in 我的已办: its approver may still copy it.
    expect((await t.act('approve', task.id, t.tokens.zhangwei)).success).toBe(true);
    expect((await copy(task.id, 'chenjing', t.tokens.zhangwei)).success).toBe(true);
    expect((await copies(t.tokens.chenjing)).some((c) => c.instanceId === task.instanceId)).toBe(true);
  });
});
