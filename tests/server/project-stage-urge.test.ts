/**
 * Urging and returning a project's stage (docs/modules/projects.md, "Urging a stage", "Returning a
 * stage"): queryUrgeInfo / urgeStage write reminders (appType project) to the stage's people, and
 * returnStage sends the open stage back to an earlier one with its reason in the stage history.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProjectTest, type ProjectTest, type Row } from './project-helpers.js';

let p: ProjectTest;
beforeAll(async () => {
  p = await createProjectTest();
});
afterAll(() => p?.t.close());

const get = <T = Row>(path: string, token: string | undefined) => p.t.get<T>(path, token);
const byId = async (id: string) =>
  (await get(`/sys/project/getProjectById?projectId=${id}`, p.tok.chenjing)).result!;
const urge = (projectId: string, token: string | undefined, extra: Record<string, unknown> = {}) =>
  p.t.send('POST', '/sys/project/urgeStage', { projectId, ...extra }, token);
const advance = (projectId: string, token: string | undefined) =>
  p.t.send('PUT', '/sys/project/advanceStage', { projectId }, token);
const giveBack = (projectId: string, token: string | undefined, extra: Record<string, unknown> = {}) =>
  p.t.send('PUT', '/sys/project/returnStage', { projectId, ...extra }, token);

async function started(): Promise<Row> {
  const row = await p.project();
  expect((await p.t.send('PUT', '/sys/project/startProject', { id: row.id }, p.tok.chenjing)).success).toBe(
    true,
  );
  return byId(row.id);
}

describe('urging a stage', () => {
  it('answers the open stage with its people and waiting time, and reminds them through the bell', async () => {
    const notStarted = await p.project();
    expect((await urge(notStarted.id, p.tok.chenjing)).message).toBe('项目尚未启动，没有可催办的阶段');
    const row = await started();
    const info = await get(
      `/sys/project/queryUrgeInfo?projectId=${row.id}&procInsId=${row.procInsId}`,
      p.tok.chenjing,
    );
    expect(info.result).toMatchObject({
      procInsId: row.procInsId,
      taskDefKey: 'initiation',
      nodeName: '立项',
      waited: '0分钟',
      mayUrge: true,
      reason: null,
      urges: [],
    });
    expect((info.result!.assignees as Row[]).map((a) => a.username)).toEqual(['chenjing', 'majun']);
    const asMember = await get(`/sys/project/queryUrgeInfo?projectId=${row.id}`, p.tok.majun);
    expect(asMember.result).toMatchObject({ mayUrge: false, reason: '只有项目经理可以催办该项目的阶段' });
    expect((await get(`/sys/project/queryUrgeInfo?projectId=${row.id}`, p.tok.hugang)).code).toBe(403);
    expect((await urge(row.id, p.tok.majun)).message).toBe('只有项目经理可以催办该项目的阶段');
    expect((await urge(row.id, p.tok.chenjing, { userIds: 'not-a-user' })).message).toBe(
      '催办对象不是本阶段的处理人',
    );

    expect(await urge(row.id, p.tok.chenjing, { content: '请本周内完成立项材料' })).toMatchObject({
      success: true,
      message: '催办成功',
    });
    // One reminder, to the member (not to the manager who urged), about this project.
    const { rows } = await sql<{ username: string; appType: string; appId: string; content: string }>`select
        s.username, u.app_type as "appType", u.app_id as "appId", u.content from sys_urge u
      join sys_user s on s.id = u.user_id where u.app_id = ${row.id}`.execute(p.t.database.db);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ username: 'majun', appType: 'project', appId: row.id });
    expect(rows[0]!.content).toContain('请本周内完成立项材料');
    const after = await get(`/sys/project/queryUrgeInfo?projectId=${row.id}`, p.tok.majun);
    expect(after.result!.urges).toEqual([expect.objectContaining({ targetName: '马军', readFlag: '0' })]);

    await p.t.send('PUT', '/sys/project/suspendProject', { id: row.id }, p.tok.chenjing);
    expect((await urge(row.id, p.tok.chenjing)).message).toBe('项目已暂停，不能催办');
    await p.t.send('PUT', '/sys/project/closeProject', { id: row.id }, p.tok.chenjing);
    expect((await urge(row.id, p.tok.chenjing)).message).toBe('项目已关闭，不能催办');
  });
});

describe('returning a stage', () => {
  it('sends the open stage back to an earlier one with a required reason, then advancing leads back', async () => {
    const row = await started();
    expect((await giveBack(row.id, p.tok.chenjing, { comment: '退回' })).message).toBe(
      '当前已是第一个阶段，不能退回',
    );
    expect((await advance(row.id, p.tok.chenjing)).success).toBe(true);
    expect((await advance(row.id, p.tok.majun)).success).toBe(true);
    const targets = await get<Row[]>(`/sys/project/returnTargets?projectId=${row.id}`, p.tok.majun);
    expect(targets.result!.map((t) => [t.taskDefKey, t.nodeName])).toEqual([
      ['research', '需求调研'],
      ['initiation', '立项'],
    ]);

    expect((await giveBack(row.id, p.tok.chenjing)).message).toBe('请填写退回原因');
    expect((await giveBack(row.id, p.tok.hugang, { comment: 'x' })).message).toBe(
      '您不是该项目的成员，无权查看该项目',
    );
    expect((await giveBack(row.id, p.tok.chenjing, { comment: 'x', targetKey: 'build' })).message).toBe(
      '只能退回到本项目已经过的阶段',
    );
    expect(
      await giveBack(row.id, p.tok.chenjing, {
        comment: '立项预算需要重新评审',
        targetKey: 'initiation',
        taskDefKey: 'design',
      }),
    ).toMatchObject({ success: true, message: '阶段已退回' });
    expect(await byId(row.id)).toMatchObject({ taskDefKey: 'initiation', stage: '立项' });
    const diagram = await get<{ history: Row[] }>(
      `/sys/project/stageDiagram?projectId=${row.id}`,
      p.tok.majun,
    );
    expect(diagram.result!.history.some((h) => h.comment === '立项预算需要重新评审')).toBe(true);
    // The returned stage is offered to the project's people again.
    expect((await get(`/sys/project/queryPower?projectId=${row.id}`, p.tok.majun)).result).toMatchObject({
      advance: true,
    });
    expect((await giveBack(row.id, p.tok.chenjing, { comment: '再退回' })).message).toBe(
      '当前阶段由退回产生，请先推进本阶段，再退回',
    );
    // Redone, it leads back to the stage that returned it.
    expect((await advance(row.id, p.tok.majun)).success).toBe(true);
    expect(await byId(row.id)).toMatchObject({ taskDefKey: 'design', stage: '方案设计' });
    expect((await advance(row.id, p.tok.majun)).success).toBe(true);
    expect(await byId(row.id)).toMatchObject({ taskDefKey: 'build', stage: '实施' });
  });
});
