/**
 * A deleted project's stage flow (docs/modules/projects.md, "Stages"): delete suspends it (the
 * stage leaves 我的待办, its timer waits), 恢复 resumes it where it stood, 彻底删除 removes the
 * instance with its tasks, history and timers in the purge's transaction.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from './entity-helpers.js';
import { createProjectTest, NO_PERMISSION, type ProjectTest, type Row } from './project-helpers.js';

let p: ProjectTest;
beforeAll(async () => {
  p = await createProjectTest();
});
afterAll(() => p?.t.close());

const db = () => p.t.database.db;

async function startedProject(): Promise<{ id: string; procInsId: string }> {
  const row = await p.project();
  expect(await p.t.send('PUT', '/sys/project/startProject', { id: row.id }, p.tok.chenjing)).toMatchObject({
    success: true,
  });
  const found = await p.t.get<Row>(`/sys/project/getProjectById?projectId=${row.id}`, p.tok.chenjing);
  return { id: row.id, procInsId: String(found.result!.procInsId) };
}

/** The titles of majun's (a member's) open workflow tasks. */
const todoTitles = async () =>
  ((await p.t.get<Page<Row>>('/workflow/task/list?pageSize=200', p.tok.majun)).result?.records ?? []).map(
    (r) => String(r.instanceId),
  );

async function addTimer(procInsId: string): Promise<string> {
  const task = await sql<{ id: string }>`select id from wf_task where instance_id = ${procInsId}
    and status = 'todo'`.execute(db());
  const id = `tm${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  await sql`insert into wf_timer (id, task_id, instance_id, element_id, action, due_time)
    values (${id}, ${task.rows[0]!.id}, ${procInsId}, 'initiation', 'remind', now() + interval '1 day')`.execute(
    db(),
  );
  return id;
}

const timerStatus = async (id: string) =>
  (await sql<{ status: string }>`select status from wf_timer where id = ${id}`.execute(db())).rows[0]?.status;
const taskStatuses = async (procInsId: string) =>
  (
    await sql<{ status: string }>`select status from wf_task where instance_id = ${procInsId}
      order by create_time`.execute(db())
  ).rows.map((r) => r.status);

describe("a deleted project's stage flow", () => {
  it('is suspended by delete and resumed by 恢复 where it stood', async () => {
    const project = await startedProject();
    const timer = await addTimer(project.procInsId);
    expect(await todoTitles()).toContain(project.procInsId);

    expect(
      await p.t.send('DELETE', `/sys/project/delete?id=${project.id}`, undefined, p.tok.zhangwei),
    ).toMatchObject({ success: true, message: '删除成功！' });
    expect(await taskStatuses(project.procInsId)).toEqual(['suspended']);
    expect(await timerStatus(timer)).toBe('suspended');
    expect(await todoTitles()).not.toContain(project.procInsId);
    // Nobody advances a deleted project's stage.
    expect(
      (await p.t.send('PUT', '/sys/project/advanceStage', { projectId: project.id }, p.tok.majun)).success,
    ).toBe(false);

    expect(
      await p.t.send('PUT', '/sys/project/recycle/restore', { id: project.id }, p.tok.zhangwei),
    ).toMatchObject({ success: true });
    expect(await taskStatuses(project.procInsId)).toEqual(['todo']);
    expect(await timerStatus(timer)).toBe('pending');
    expect(await todoTitles()).toContain(project.procInsId);
    const power = await p.t.get<Row>(
      `/sys/project/queryPower?projectId=${project.id}&procInsId=${project.procInsId}`,
      p.tok.majun,
    );
    expect(power.result).toMatchObject({ taskDefKey: 'initiation', nodeName: '立项' });
  });

  it('is suspended for every project of a batch delete; a member may not delete', async () => {
    const [a, b] = [await startedProject(), await startedProject()];
    expect(
      (await p.t.send('DELETE', `/sys/project/deleteBatch?ids=${a.id},${b.id}`, undefined, p.tok.majun))
        .message,
    ).toBe(NO_PERMISSION);
    expect(await taskStatuses(a.procInsId)).toEqual(['todo']);
    expect(
      await p.t.send('DELETE', `/sys/project/deleteBatch?ids=${a.id},${b.id},`, undefined, p.tok.zhangwei),
    ).toMatchObject({ success: true, message: '批量删除成功！' });
    expect([...(await taskStatuses(a.procInsId)), ...(await taskStatuses(b.procInsId))]).toEqual([
      'suspended',
      'suspended',
    ]);
    expect(
      (await p.t.send('DELETE', `/sys/project/delete?id=${a.id}`, undefined, p.tok.zhangwei)).message,
    ).toBe('未找到对应数据');
  });

  it('is removed with its tasks, history and timers by 彻底删除', async () => {
    const project = await startedProject();
    await addTimer(project.procInsId);
    await p.t.send('DELETE', `/sys/project/delete?id=${project.id}`, undefined, p.tok.zhangwei);
    expect(
      await p.t.send('DELETE', `/sys/project/recycle/purge?id=${project.id}`, undefined, p.tok.admin),
    ).toMatchObject({ success: true });
    const left = await sql<{ n: number }>`select
        (select count(*) from wf_instance where id = ${project.procInsId})
      + (select count(*) from wf_task where instance_id = ${project.procInsId})
      + (select count(*) from wf_history where instance_id = ${project.procInsId})
      + (select count(*) from wf_timer where instance_id = ${project.procInsId}) as n`.execute(db());
    expect(Number(left.rows[0]!.n)).toBe(0);
  });
});
