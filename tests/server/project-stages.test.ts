/**
 * Project stages on the workflow engine (docs/modules/projects.md, "Stages"): 启动 starts the flow,
 * members advance it (node templates' required files first), the generic workflow actions refuse a
 * stage task, the calls of the stage tab and 节点详情, closing ends a running flow; and purging a
 * project takes its plans with them.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadAs } from './entity-xlsx.js';
import { createProjectTest, fresh, type ProjectTest, type Row } from './project-helpers.js';

let p: ProjectTest;
beforeAll(async () => {
  p = await createProjectTest();
});
afterAll(() => p?.t.close());

/** A file's bytes as the upload's type check reads them. */
const PDF = Buffer.from('%PDF-1.4\n%\n');

const get = <T = Row>(path: string, token: string | undefined) => p.t.get<T>(path, token);
const advance = (projectId: string, token: string | undefined, extra: Record<string, unknown> = {}) =>
  p.t.send('PUT', '/sys/project/advanceStage', { projectId, ...extra }, token);
const projectById = async (id: string) =>
  (await get(`/sys/project/getProjectById?projectId=${id}`, p.tok.chenjing)).result!;

async function started(): Promise<Row> {
  const row = await p.project();
  expect(await p.t.send('PUT', '/sys/project/startProject', { id: row.id }, p.tok.chenjing)).toMatchObject({
    success: true,
  });
  return projectById(row.id);
}

describe('project stages', () => {
  it('starts the stage flow with 启动 and lets members advance it, files first where a template asks', async () => {
    const row = await started();
    expect(row).toMatchObject({ taskDefKey: 'initiation', stage: '立项', status: '1' });
    expect(row.procInsId).toEqual(expect.any(String));

    const power = await get(
      `/sys/project/queryPower?projectId=${row.id}&procInsId=${row.procInsId}`,
      p.tok.majun,
    );
    expect(power.result).toMatchObject({ advance: true, taskDefKey: 'initiation', nodeName: '立项' });
    expect((await get(`/sys/project/queryPower?projectId=${row.id}`, p.tok.hugang)).message).toBe(
      '您不是该项目的成员，无权查看该项目',
    );
    // A department manager sees every project but is not one of its people: no advancing.
    const outsider = await get(`/sys/project/queryPower?projectId=${row.id}`, p.tok.lina);
    expect(outsider.result).toMatchObject({
      advance: false,
      reason: '只有项目经理和项目成员可以推进项目阶段',
    });
    expect((await advance(row.id, p.tok.lina)).message).toBe('只有项目经理和项目成员可以推进项目阶段');

    // The template of 立项 asks for a file: advancing waits for one.
    const key = 'initiation';
    const existing = await get(`/oa/nodeContentTemplate/queryByTaskDefKey?taskDefKey=${key}`, p.tok.majun);
    if (!existing.result)
      expect(
        await p.t.send(
          'POST',
          '/oa/nodeContentTemplate/add',
          {
            taskDefKey: key,
            title: '立项材料',
            content: '<p>提交立项申请书</p>',
            requiredFiles: '立项申请书',
          },
          p.tok.zhangwei,
        ),
      ).toMatchObject({ success: true });
    expect(
      (
        await p.t.send(
          'POST',
          '/oa/nodeContentTemplate/add',
          { taskDefKey: 'design', title: 'x' },
          p.tok.majun,
        )
      ).message,
    ).toBe('没有权限，请联系管理员授权');
    expect((await advance(row.id, p.tok.majun)).message).toBe('请先上传本阶段要求的文件：立项申请书');

    const file = {
      projectId: row.id,
      taskDefKey: key,
      fileName: '立项申请书',
      file: await uploadAs(p.t.app, p.tok.majun, { biz: 'projectNode', filename: 'apply.pdf', data: PDF }),
    };
    expect((await p.t.send('POST', '/sys/projectNodeFile/add', file, p.tok.hugang)).message).toBe(
      '所选项目不存在或您无权查看',
    );
    expect(await p.t.send('POST', '/sys/projectNodeFile/add', file, p.tok.majun)).toMatchObject({
      success: true,
    });
    const files = await get<Row[]>(
      `/sys/project/getFileList?projectId=${row.id}&taskDefKey=${key}`,
      p.tok.chenjing,
    );
    expect(files.result!.map((f) => [f.fileName, f.createByName])).toEqual([['立项申请书', '马军']]);
    expect((await get(`/sys/project/getFileList?projectId=${row.id}`, p.tok.hugang)).success).toBe(false);

    // The stage task is not for 我的待办's 同意: the project page moves it.
    const task = await sql<{ id: string }>`select id from wf_task where instance_id = ${String(row.procInsId)}
      and status = 'todo'`.execute(p.t.database.db);
    expect(
      (await p.t.send('PUT', '/workflow/task/approve', { id: task.rows[0]!.id }, p.tok.majun)).message,
    ).toBe('项目阶段请在项目主页推进');

    expect(await advance(row.id, p.tok.majun, { taskDefKey: key, comment: '立项完成' })).toMatchObject({
      success: true,
      message: '阶段已推进',
    });
    // A second click from a page that still shows 立项: refused, nothing moves twice.
    expect((await advance(row.id, p.tok.chenjing, { taskDefKey: key })).message).toBe(
      '项目阶段已变化，请刷新后重试',
    );
    expect(await projectById(row.id)).toMatchObject({ taskDefKey: 'research', stage: '需求调研' });

    const nodes = await get<Row[]>(
      `/oa/nodeContentTemplate/queryByProcInsId?procInsId=${row.procInsId}`,
      p.tok.majun,
    );
    expect(nodes.result!.map((n) => [n.nodeName, n.status])).toEqual([
      ['立项', 'done'],
      ['需求调研', 'current'],
      ['方案设计', 'pending'],
      ['实施', 'pending'],
      ['验收', 'pending'],
      ['结项', 'pending'],
    ]);
    expect(nodes.result![0]).toMatchObject({ fileCount: 1, template: { requiredFiles: '立项申请书' } });
    expect(
      (await get(`/oa/nodeContentTemplate/queryByProcInsId?procInsId=${row.procInsId}`, p.tok.hugang))
        .success,
    ).toBe(false);

    const diagram = await get(`/sys/project/stageDiagram?projectId=${row.id}`, p.tok.majun);
    expect(diagram.result).toMatchObject({
      current: ['research'],
      done: expect.arrayContaining(['initiation']),
    });
    expect(String(diagram.result!.xml)).toContain('方案设计');
    const stats = await get<Row[]>('/sys/project/stageStatistics', p.tok.majun);
    expect(stats.result!.find((s) => s.taskDefKey === 'research')!.count).toBeGreaterThanOrEqual(1);
    expect(stats.result!.map((s) => s.name)).toEqual([
      '未启动',
      '立项',
      '需求调研',
      '方案设计',
      '实施',
      '验收',
      '结项',
      '已结项',
    ]);
  });

  it('holds the flow while suspended, continues it on 启动, and closes the project after 结项', async () => {
    const row = await started();
    await p.t.send('PUT', '/sys/project/suspendProject', { id: row.id }, p.tok.chenjing);
    expect((await advance(row.id, p.tok.chenjing)).message).toBe('项目不在进行中，不能推进阶段');
    await p.t.send('PUT', '/sys/project/startProject', { id: row.id }, p.tok.chenjing);
    expect((await projectById(row.id)).procInsId).toBe(row.procInsId);
    // 立项 may ask for a file (the first test's template): give one.
    await p.t.send(
      'POST',
      '/sys/projectNodeFile/add',
      {
        projectId: row.id,
        taskDefKey: 'initiation',
        fileName: '申请书',
        file: await uploadAs(p.t.app, p.tok.chenjing, { biz: 'projectNode', filename: 'a.pdf', data: PDF }),
      },
      p.tok.chenjing,
    );
    for (let i = 0; i < 6; i++) expect((await advance(row.id, p.tok.chenjing)).success).toBe(true);
    expect(await projectById(row.id)).toMatchObject({ status: '3', stage: '已结项', taskDefKey: null });
    expect((await advance(row.id, p.tok.chenjing)).message).toBe('项目不在进行中，不能推进阶段');
  });

  it('ends a running flow when the project is closed', async () => {
    const row = await started();
    await p.t.send('PUT', '/sys/project/closeProject', { id: row.id }, p.tok.chenjing);
    const { rows } = await sql<{ status: string; open: number }>`select i.status,
        (select count(*)::int from wf_task t where t.instance_id = i.id and t.status = 'todo') as open
      from wf_instance i where i.id = ${String(row.procInsId)}`.execute(p.t.database.db);
    expect(rows[0]).toEqual({ status: 'terminated', open: 0 });
  });
});

describe('purging a project', () => {
  it('removes its plans with their tasks and members in the same transaction', async () => {
    const row = await p.project({ planStart: '2026-12-01', planEnd: '2027-03-31' });
    const plan = (name: string) =>
      p.t.send(
        'POST',
        '/plan/projectPlan/add',
        {
          planName: name,
          projectId: row.id,
          startDate: '2026-12-01',
          endDate: '2027-03-31',
          planTask: { added: [{ taskName: '调研', orderNum: 1 }] },
          planMember: { added: [{ member: 'majun', orderNum: 1 }] },
        },
        p.tok.chenjing,
      );
    expect(await plan(fresh('计划A'))).toMatchObject({ success: true });
    expect(await plan(fresh('计划B'))).toMatchObject({ success: true });
    const db = p.t.database.db;
    const { rows: plans } = await sql<{ id: string }>`select id from biz_project_plan
      where project_id = ${row.id}`.execute(db);
    expect(plans).toHaveLength(2);
    // One plan already in the plan bin: it goes too.
    await p.t.send('DELETE', `/plan/projectPlan/delete?id=${plans[0]!.id}`, undefined, p.tok.chenjing);
    await p.t.send('DELETE', `/sys/project/delete?id=${row.id}`, undefined, p.tok.zhangwei);
    expect(
      (await p.t.send('DELETE', `/sys/project/recycle/purge?id=${row.id}`, undefined, p.tok.admin)).success,
    ).toBe(true);
    const ids = plans.map((r) => r.id);
    const left = await sql<{
      n: number;
    }>`select (select count(*) from biz_project_plan where project_id = ${row.id})
      + (select count(*) from biz_plan_task where plan_id in (${sql.join(ids)}))
      + (select count(*) from biz_plan_member where plan_id in (${sql.join(ids)})) as n`.execute(db);
    expect(Number(left.rows[0]!.n)).toBe(0);
  });
});
