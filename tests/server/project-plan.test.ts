/**
 * Plans of projects (docs/modules/projects.md, 计划与任务): who sees and changes a plan, its tasks'
 * rules (cycles, subtask dates), a Gantt drag's version check, the recycle bin, 项目工单 and the
 * declared task import (all or nothing; more in plan-import.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from './entity-helpers.js';
import { multipart, workbook } from './entity-xlsx.js';
import { createProjectTest, fresh, NO_PERMISSION, type ProjectTest, type Row } from './project-helpers.js';

let p: ProjectTest;
let project: Row;
let planId = '';

beforeAll(async () => {
  p = await createProjectTest();
  project = await p.project({ planStart: '2026-12-01', planEnd: '2027-03-31' });
});
afterAll(() => p?.t.close());

const task = (taskName: string, extra: Record<string, unknown> = {}) => ({ taskName, ...extra });
const plan = (name: string, tasks: Record<string, unknown>[]) => ({
  planName: name,
  projectId: project.id,
  startDate: '2026-12-01',
  endDate: '2027-03-31',
  planTask: { added: tasks.map((t, i) => ({ ...t, orderNum: i + 1 })) },
});
const planRows = async (token: string, query = '') =>
  (await p.t.get<Page<Row>>(`/plan/projectPlan/list?pageSize=100${query}`, token)).result?.records ?? [];
const tasksOf = async (token: string) =>
  (await p.t.get<Page<Row>>(`/plan/planTask/list?planId=${planId}&pageSize=100`, token)).result?.records ??
  [];

describe('plans of a project', () => {
  it("lets the project's manager add a plan with a task tree and predecessors", async () => {
    const name = fresh('实施计划');
    const res = await p.t.send(
      'POST',
      '/plan/projectPlan/add',
      plan(name, [
        task('调研', { startDate: '2026-12-01', endDate: '2026-12-20', progress: 100, status: '2' }),
        task('访谈', { parentTask: '调研', startDate: '2026-12-02', endDate: '2026-12-10' }),
        task('设计', { predecessor: '调研', startDate: '2026-12-21', endDate: '2027-01-31', progress: 40 }),
      ]),
      p.tok.chenjing,
    );
    expect(res).toMatchObject({ success: true });
    const rows = await planRows(p.tok.chenjing, `&planName=${encodeURIComponent(name)}`);
    planId = rows[0]!.id;
    expect(rows[0]).toMatchObject({ projectId: project.id, projectId_dictText: project.name });
    expect((await tasksOf(p.tok.chenjing)).map((t) => [t.taskName, t.parentTask, t.predecessor])).toEqual([
      ['调研', null, null],
      ['访谈', '调研', null],
      ['设计', null, '调研'],
    ]);
  });

  it("is seen by the project's member but changed only by its managers; an outsider finds nothing", async () => {
    expect((await planRows(p.tok.majun)).some((r) => r.id === planId)).toBe(true);
    const edit = await p.t.send(
      'PUT',
      '/plan/projectPlan/edit',
      { id: planId, planName: '改名' },
      p.tok.majun,
    );
    expect(edit).toMatchObject({ success: false, message: '只有项目经理可以修改该项目的计划' });
    expect((await planRows(p.tok.hugang)).some((r) => r.id === planId)).toBe(false);
    expect(await tasksOf(p.tok.hugang)).toEqual([]);
    const added = await p.t.send('POST', '/plan/projectPlan/add', plan(fresh('越权'), []), p.tok.hugang);
    expect(added).toMatchObject({ success: false, message: '所选项目不存在或您无权查看' });
    const stolen = await p.t.send('POST', '/plan/planTask/add', { planId, taskName: '偷偷加' }, p.tok.hugang);
    expect(stolen).toMatchObject({ success: false, message: '所属计划不存在或您无权查看' });
  });

  it('refuses a predecessor cycle and a subtask outside its parent, in Chinese', async () => {
    const [research, , design] = await tasksOf(p.tok.chenjing);
    const cycle = await p.t.send(
      'PUT',
      '/plan/planTask/edit',
      { id: research!.id, rowVersion: research!.rowVersion, predecessor: '设计' },
      p.tok.chenjing,
    );
    expect(cycle).toMatchObject({ success: false, message: '前置任务不能循环：调研 → 设计 → 调研' });
    const outside = await p.t.send(
      'POST',
      '/plan/planTask/add',
      { planId, taskName: '晚了', parentTask: '调研', startDate: '2026-12-15', endDate: '2026-12-25' },
      p.tok.chenjing,
    );
    expect(outside).toMatchObject({
      success: false,
      message: '子任务“晚了”的日期须在上级任务“调研”的日期内（2026-12-01 ~ 2026-12-20）',
    });
    const unknown = await p.t.send(
      'PUT',
      '/plan/planTask/edit',
      { id: design!.id, rowVersion: design!.rowVersion, predecessor: '不存在' },
      p.tok.chenjing,
    );
    expect(unknown).toMatchObject({ success: false, message: '任务“设计”的前置任务“不存在”不在本计划中' });
    // The plan sent back as queryById answers it: the rules see the list as the new set of tasks.
    const read = (
      await p.t.get<Row & { planTask: Row[] }>(`/plan/projectPlan/queryById?id=${planId}`, p.tok.chenjing)
    ).result!;
    const late = read.planTask.map((t) => (t.taskName === '访谈' ? { ...t, endDate: '2026-12-25' } : t));
    expect(
      await p.t.send('PUT', '/plan/projectPlan/edit', { ...read, planTask: late }, p.tok.chenjing),
    ).toMatchObject({
      success: false,
      message: '子任务“访谈”的日期须在上级任务“调研”的日期内（2026-12-01 ~ 2026-12-20）',
    });
    const orphan = read.planTask.filter((t) => t.taskName !== '调研');
    expect(
      await p.t.send('PUT', '/plan/projectPlan/edit', { ...read, planTask: orphan }, p.tok.chenjing),
    ).toMatchObject({ success: false, message: '任务“访谈”的上级任务“调研”不在本计划中' });
  });

  it('moves a bar through the task edit call and refuses a save from a stale copy', async () => {
    const design = (await tasksOf(p.tok.chenjing)).find((t) => t.taskName === '设计')!;
    const move = {
      id: design.id,
      rowVersion: design.rowVersion,
      startDate: '2026-12-22',
      endDate: '2027-02-05',
    };
    expect(await p.t.send('PUT', '/plan/planTask/edit', move, p.tok.chenjing)).toMatchObject({
      success: true,
    });
    const again = await p.t.send(
      'PUT',
      '/plan/planTask/edit',
      { ...move, endDate: '2027-02-10' },
      p.tok.chenjing,
    );
    expect(again).toMatchObject({ success: false, message: '该记录已被他人修改，请刷新后重试' });
    const moved = (await tasksOf(p.tok.chenjing)).find((t) => t.taskName === '设计')!;
    expect([moved.startDate, moved.endDate]).toEqual(['2026-12-22', '2027-02-05']);
  });

  it('imports tasks from .xlsx all or nothing through the declared import (button 导入任务明细)', async () => {
    const upload = async (token: string, rows: unknown[][]) => {
      const body = multipart([
        { name: 'file', value: await workbook(rows as never), filename: 'tasks.xlsx' },
        { name: 'foreignKeys', value: JSON.stringify({ planId }) },
      ]);
      const res = await p.t.app.inject({
        method: 'POST',
        url: '/api/plan/planTask/importExcel',
        payload: body.payload,
        headers: { ...body.headers, 'x-access-token': token },
      });
      return res.json() as { success: boolean; message: string };
    };
    const header = ['任务名称', '上级任务', '开始日期', '结束日期', '进度(%)'];
    // 导入任务明细 is a department manager's button (managers use importTasks: plan-import.test.ts).
    expect(await upload(p.tok.chenjing, [header, ['验收', '', '2027-03-01', '2027-03-20', 0]])).toMatchObject(
      {
        success: false,
        message: NO_PERMISSION,
      },
    );
    const bad = await upload(p.tok.zhangwei, [
      header,
      ['验收', '', '2027-03-01', '2027-03-20', 0],
      ['', '', '2027-03-01', '2027-03-02', 0],
    ]);
    expect(bad).toMatchObject({ success: false });
    expect(bad.message).toMatch(/^第3行：.*，未导入任何数据$/);
    expect((await tasksOf(p.tok.chenjing)).map((t) => t.taskName)).not.toContain('验收');
    expect(await upload(p.tok.zhangwei, [header, ['验收', '', '2027-03-01', '2027-03-20', 0]])).toMatchObject(
      {
        success: true,
        message: '文件导入成功！数据行数：1',
      },
    );
    expect((await tasksOf(p.tok.chenjing)).map((t) => t.taskName)).toContain('验收');
  });

  it('moves a deleted plan to the bin, restores it, and deletes it for good with its tasks', async () => {
    expect(
      await p.t.send('DELETE', `/plan/projectPlan/delete?id=${planId}`, undefined, p.tok.chenjing),
    ).toMatchObject({ success: true });
    expect((await planRows(p.tok.chenjing)).some((r) => r.id === planId)).toBe(false);
    const bin = await p.t.get<Page<Row>>('/plan/projectPlan/recycle/list?pageSize=100', p.tok.chenjing);
    expect(bin.result!.records.find((r) => r.id === planId)).toMatchObject({
      projectId_dictText: project.name,
    });
    const outsider = await p.t.get<Page<Row>>('/plan/projectPlan/recycle/list?pageSize=100', p.tok.hugang);
    expect(outsider.result!.records.some((r) => r.id === planId)).toBe(false);
    expect(
      await p.t.send('PUT', '/plan/projectPlan/recycle/restore', { id: planId }, p.tok.majun),
    ).toMatchObject({
      success: false,
      message: '只有项目经理可以修改该项目的计划',
    });
    expect(
      await p.t.send('PUT', '/plan/projectPlan/recycle/restore', { id: planId }, p.tok.chenjing),
    ).toMatchObject({
      success: true,
    });
    expect((await planRows(p.tok.chenjing)).some((r) => r.id === planId)).toBe(true);
    await p.t.send('DELETE', `/plan/projectPlan/delete?id=${planId}`, undefined, p.tok.chenjing);
    expect(
      await p.t.send('DELETE', `/plan/projectPlan/recycle/purge?id=${planId}`, undefined, p.tok.zhangwei),
    ).toMatchObject({ success: true });
    expect(await tasksOf(p.tok.admin)).toEqual([]);
  });
});

describe('项目工单', () => {
  it("lists a project's work orders to the people of the project only", async () => {
    const title = fresh('项目工单');
    const made = await p.t.send(
      'POST',
      '/sys/workOrder/add',
      { title, orderType: '1', priority: '1', projectId: project.id, charge: 'majun', deadline: p.today },
      p.tok.chenjing,
    );
    expect(made).toMatchObject({ success: true });
    const list = (token: string) =>
      p.t.get<Page<Row>>(`/sys/project/workOrder/list?projectId=${project.id}&pageSize=50`, token);
    expect((await list(p.tok.majun)).result!.records.find((r) => r.title === title)).toMatchObject({
      projectId_dictText: project.name,
      charge_dictText: '马军',
    });
    expect((await list(p.tok.hugang)).result!.records).toEqual([]);
  });
});
