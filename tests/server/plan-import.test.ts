/**
 * A plan's tasks imported from .xlsx by the project's manager (docs/modules/projects.md, 计划与任务
 * → Import): `POST /plan/planTask/importTasks` lets the manager of the plan's project import, refuses
 * a member and an outsider, and checks the plan rules against the plan's stored tasks inside the
 * import's transaction: all or nothing, the failing rows named.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from './entity-helpers.js';
import { multipart, workbook } from './entity-xlsx.js';
import { createProjectTest, fresh, type ProjectTest, type Row } from './project-helpers.js';

let p: ProjectTest;
let planId = '';

const HEADER = ['任务名称', '上级任务', '前置任务', '开始日期', '结束日期'];

beforeAll(async () => {
  p = await createProjectTest();
  const project = await p.project({ planStart: '2026-12-01', planEnd: '2027-03-31' });
  const planName = fresh('导入计划');
  const made = await p.t.send(
    'POST',
    '/plan/projectPlan/add',
    {
      planName,
      projectId: project.id,
      startDate: '2026-12-01',
      endDate: '2027-03-31',
      planTask: {
        added: [{ taskName: '调研', startDate: '2026-12-01', endDate: '2026-12-31', orderNum: 1 }],
      },
    },
    p.tok.chenjing,
  );
  expect(made).toMatchObject({ success: true });
  const plans = await p.t.get<Page<Row>>(
    `/plan/projectPlan/list?planName=${encodeURIComponent(planName)}`,
    p.tok.chenjing,
  );
  planId = plans.result!.records[0]!.id;
});
afterAll(() => p?.t.close());

async function importTasks(token: string, rows: unknown[][], keys: Record<string, string> = { planId }) {
  const body = multipart([
    { name: 'file', value: await workbook([HEADER, ...rows] as never), filename: 'tasks.xlsx' },
    { name: 'foreignKeys', value: JSON.stringify(keys) },
  ]);
  const res = await p.t.app.inject({
    method: 'POST',
    url: '/api/plan/planTask/importTasks',
    payload: body.payload,
    headers: { ...body.headers, 'x-access-token': token },
  });
  return res.json() as { success: boolean; message: string };
}

const taskNames = async () =>
  (
    (await p.t.get<Page<Row>>(`/plan/planTask/list?planId=${planId}&pageSize=100`, p.tok.chenjing)).result
      ?.records ?? []
  ).map((t) => t.taskName);

describe("importing a plan's tasks", () => {
  it("lets the project's manager import a task tree, refers to stored tasks by name", async () => {
    const res = await importTasks(p.tok.chenjing, [
      ['访谈', '调研', '', '2026-12-02', '2026-12-10'],
      ['设计', '', '调研', '2027-01-04', '2027-01-31'],
      ['评审', '设计', '', '2027-01-20', '2027-01-25'],
    ]);
    expect(res).toMatchObject({ success: true, message: '文件导入成功！数据行数：3' });
    expect(await taskNames()).toEqual(expect.arrayContaining(['调研', '访谈', '设计', '评审']));
  });

  it('refuses a member and an outsider, and an unknown plan', async () => {
    const row = [['测试', '', '', '2027-02-01', '2027-02-02']];
    expect((await importTasks(p.tok.majun, row)).message).toBe('只有项目经理可以修改该项目的计划');
    expect((await importTasks(p.tok.hugang, row)).message).toBe('所属计划不存在或您无权查看');
    expect((await importTasks(p.tok.chenjing, row, { planId: 'nosuchplan' })).message).toBe(
      '所属计划不存在或您无权查看',
    );
    expect(await taskNames()).not.toContain('测试');
  });

  it('stores nothing when a row breaks a plan rule, and names every failing row', async () => {
    const res = await importTasks(p.tok.chenjing, [
      ['验收', '', '', '2027-03-01', '2027-03-20'],
      ['验收准备', '不存在的任务', '', '2027-03-01', '2027-03-05'],
      ['结项', '', '', '2027-03-25', '2027-04-10'],
      ['调研', '', '', '2026-12-01', '2026-12-02'],
      ['补充访谈', '调研', '', '2027-01-05', '2027-01-06'],
    ]);
    expect(res.success).toBe(false);
    expect(res.message).toBe(
      [
        '第3行：任务“验收准备”的上级任务“不存在的任务”不在本计划中',
        '第4行：任务“结项”的日期须在计划的日期内（2026-12-01 ~ 2027-03-31）',
        '第5行：任务名称“调研”在本计划中已存在',
        '第6行：子任务“补充访谈”的日期须在上级任务“调研”的日期内（2026-12-01 ~ 2026-12-31）',
      ].join('；') + '，未导入任何数据',
    );
    expect(await taskNames()).not.toContain('验收');
  });

  it('refuses a cycle among the imported rows', async () => {
    const res = await importTasks(p.tok.chenjing, [
      ['甲', '乙', '', '2027-02-01', '2027-02-10'],
      ['乙', '甲', '', '2027-02-01', '2027-02-10'],
    ]);
    expect(res).toMatchObject({ success: false });
    expect(res.message).toMatch(/^导入的任务：上级任务不能循环：/);
    expect(await taskNames()).not.toContain('甲');
  });
});
