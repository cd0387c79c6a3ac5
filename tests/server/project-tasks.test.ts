/**
 * 项目计划 → 项目任务 (issue 33, item 7; docs/modules/projects.md, 项目任务): the tasks of every plan
 * a caller may see, through the task's own generated routes. Who sees which plan is the plan's rule
 * (its project's people; project:all every plan), on the server: the list, queryById, the 所属计划
 * dictionary, the import's plan column. A task is added to a chosen plan (its project's editors
 * only), a subtask under another task; the plan form reads the same rows; a task never moves to
 * another plan; a plan in the bin takes its tasks out of the list. Migration 0052 opens the entry.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../server/db/database.js';
import { projectTasks } from '../../server/db/migrations/0052_project_tasks.js';
import type { Page } from './entity-helpers.js';
import { multipart, workbook } from './entity-xlsx.js';
import { createProjectTest, fresh, type ProjectTest, type Row } from './project-helpers.js';
import { openTestDatabase } from './template-db.js';

let p: ProjectTest;
/** chenjing manages A (majun a member), yangqiang manages B; hugang is in neither. */
let planA = '';
let planB = '';
const nameA = fresh('接待系统实施计划');
const nameB = fresh('展厅改造计划');

const PLAN_DICT = '/sys/dict/getDictItems/biz_project_plan,plan_name,id';

async function addPlan(
  projectId: string,
  planName: string,
  tasks: Record<string, unknown>[],
): Promise<string> {
  const res = await p.t.send(
    'POST',
    '/plan/projectPlan/add',
    {
      planName,
      projectId,
      startDate: '2026-12-01',
      endDate: '2027-03-31',
      planTask: { added: tasks.map((t, i) => ({ ...t, orderNum: i + 1 })) },
    },
    p.tok.zhangwei,
  );
  expect(res).toMatchObject({ success: true });
  const page = await p.t.get<Page<Row>>(
    `/plan/projectPlan/list?planName=${encodeURIComponent(planName)}&projectId=${projectId}`,
    p.tok.zhangwei,
  );
  return page.result!.records[0]!.id;
}

const tasks = async (token: string, query = '') =>
  (await p.t.get<Page<Row>>(`/plan/planTask/list?pageSize=200${query}`, token)).result?.records ?? [];
const planIdsOf = (rows: Row[]) => [...new Set(rows.map((r) => r.planId))].sort();
const dictValues = async (token: string) =>
  ((await p.t.get<{ value: string; text: string }[]>(PLAN_DICT, token)).result ?? []).map((i) => i.value);

beforeAll(async () => {
  p = await createProjectTest();
  const a = await p.project({ manager: 'chenjing', members: 'majun' });
  const b = await p.project({ manager: 'yangqiang', members: '' });
  planA = await addPlan(a.id, nameA, [
    { taskName: '需求调研', owner: 'chenjing', startDate: '2026-12-01', endDate: '2026-12-20', status: '1' },
    { taskName: '方案设计', owner: 'majun', startDate: '2026-12-21', endDate: '2027-01-31' },
  ]);
  planB = await addPlan(b.id, nameB, [
    { taskName: '场地测量', owner: 'yangqiang', startDate: '2026-12-01', endDate: '2026-12-10' },
  ]);
});
afterAll(() => p?.t.close());

describe('项目任务: the tasks of the plans one sees', () => {
  it('lists each person the tasks of the plans whose project they are in, with the plan by name', async () => {
    expect(planIdsOf(await tasks(p.tok.zhangwei))).toEqual(expect.arrayContaining([planA, planB].sort()));
    expect(planIdsOf(await tasks(p.tok.chenjing))).toEqual([planA]);
    expect(planIdsOf(await tasks(p.tok.majun))).toEqual([planA]);
    expect(planIdsOf(await tasks(p.tok.yangqiang))).toEqual([planB]);
    expect(await tasks(p.tok.hugang)).toEqual([]);
    const row = (await tasks(p.tok.chenjing)).find((t) => t.taskName === '需求调研')!;
    expect(row).toMatchObject({ planId_dictText: nameA, owner_dictText: '陈静' });
  });

  it('filters by name, plan, status, person and dates', async () => {
    const names = async (query: string) => (await tasks(p.tok.zhangwei, query)).map((t) => t.taskName);
    expect(await names(`&planId=${planB}`)).toEqual(['场地测量']);
    expect(await names(`&planId=${planA}&taskName=${encodeURIComponent('*设计*')}`)).toEqual(['方案设计']);
    expect(await names(`&planId=${planA}&status=1`)).toEqual(['需求调研']);
    expect(await names(`&owner=majun&planId=${planA}`)).toEqual(['方案设计']);
    expect(await names(`&planId=${planA}&startDate_begin=2026-12-15&startDate_end=2026-12-31`)).toEqual([
      '方案设计',
    ]);
  });

  it("refuses another plan's task by id, and names in 所属计划 only the plans one sees", async () => {
    const [other] = await tasks(p.tok.yangqiang);
    for (const token of [p.tok.chenjing, p.tok.hugang]) {
      const res = await p.t.get(`/plan/planTask/queryById?id=${other!.id}`, token);
      expect(res).toMatchObject({ success: false, message: '未找到对应数据' });
    }
    expect(await p.t.get(`/plan/planTask/queryById?id=${other!.id}`, p.tok.yangqiang)).toMatchObject({
      success: true,
      result: { taskName: '场地测量', planId: planB },
    });
    expect(await dictValues(p.tok.chenjing)).toContain(planA);
    expect(await dictValues(p.tok.chenjing)).not.toContain(planB);
    expect(await dictValues(p.tok.hugang)).toEqual([]);
    expect(await dictValues(p.tok.zhangwei)).toEqual(expect.arrayContaining([planA, planB]));
    const search = await p.t.get<{ value: string }[]>(
      `/sys/dict/loadDict/biz_project_plan,plan_name,id?keyword=${encodeURIComponent(nameB.slice(0, 4))}`,
      p.tok.chenjing,
    );
    expect((search.result ?? []).map((i) => i.value)).not.toContain(planB);
  });

  it('adds a task to the chosen plan and a subtask under it; the plan form reads both', async () => {
    const add = (token: string, values: Record<string, unknown>) =>
      p.t.send('POST', '/plan/planTask/add', values, token);
    const task = { planId: planA, taskName: '系统部署', startDate: '2027-02-01', endDate: '2027-02-28' };
    expect(await add(p.tok.hugang, task)).toMatchObject({
      success: false,
      message: '所属计划不存在或您无权查看',
    });
    expect(await add(p.tok.majun, task)).toMatchObject({
      success: false,
      message: '只有项目经理可以修改该项目的计划',
    });
    expect(await add(p.tok.chenjing, task)).toMatchObject({ success: true });
    // A subtask lies within its parent's dates (plan-rules.ts), as 添加子任务 starts it.
    expect(
      await add(p.tok.chenjing, {
        ...task,
        taskName: '服务器安装',
        parentTask: '系统部署',
        endDate: '2027-03-05',
      }),
    ).toMatchObject({ success: false, message: expect.stringContaining('上级任务“系统部署”的日期内') });
    expect(
      await add(p.tok.chenjing, {
        ...task,
        taskName: '服务器安装',
        parentTask: '系统部署',
        endDate: '2027-02-10',
      }),
    ).toMatchObject({ success: true });
    const plan = await p.t.get<{ planTask: Row[] }>(`/plan/projectPlan/queryById?id=${planA}`, p.tok.majun);
    expect(plan.result!.planTask.map((t) => [t.taskName, t.parentTask ?? null])).toEqual(
      expect.arrayContaining([
        ['系统部署', null],
        ['服务器安装', '系统部署'],
      ]),
    );
  });

  it('keeps a task in its plan: an edit naming another plan is refused', async () => {
    const row = (await tasks(p.tok.zhangwei, `&planId=${planA}`)).find((t) => t.taskName === '系统部署')!;
    const res = await p.t.send(
      'PUT',
      '/plan/planTask/edit',
      { id: row.id, rowVersion: row.rowVersion, planId: planB },
      p.tok.zhangwei,
    );
    expect(res).toMatchObject({ success: false, message: '不允许修改字段：所属计划' });
  });

  it("takes a plan's tasks out of the list while the plan is in the bin, and back with it", async () => {
    expect(
      await p.t.send('DELETE', `/plan/projectPlan/delete?id=${planB}`, undefined, p.tok.zhangwei),
    ).toMatchObject({ success: true });
    expect(planIdsOf(await tasks(p.tok.zhangwei))).not.toContain(planB);
    expect(await dictValues(p.tok.zhangwei)).not.toContain(planB);
    expect(
      await p.t.send('PUT', '/plan/projectPlan/recycle/restore', { id: planB }, p.tok.zhangwei),
    ).toMatchObject({ success: true });
    expect(planIdsOf(await tasks(p.tok.zhangwei))).toContain(planB);
    expect((await tasks(p.tok.yangqiang)).map((t) => t.taskName)).toEqual(['场地测量']);
  });

  it('imports tasks naming their plan by name or number, among the plans the importer sees', async () => {
    const upload = async (token: string, route: string, rows: unknown[][]) => {
      const body = multipart([
        { name: 'file', value: await workbook(rows as never), filename: 'tasks.xlsx' },
      ]);
      const res = await p.t.app.inject({
        method: 'POST',
        url: `/api/plan/planTask/${route}`,
        payload: body.payload,
        headers: { ...body.headers, 'x-access-token': token },
      });
      return res.json() as { success: boolean; message: string };
    };
    const header = ['所属计划', '任务名称', '开始日期', '结束日期'];
    const codeB = (await p.t.get<Row>(`/plan/projectPlan/queryById?id=${planB}`, p.tok.zhangwei)).result!
      .planCode as string;
    expect(
      await upload(p.tok.zhangwei, 'importExcel', [
        header,
        [nameA, '上线培训', '2027-03-01', '2027-03-10'],
        [codeB, '灯光调试', '2027-01-05', '2027-01-20'],
      ]),
    ).toMatchObject({ success: true, message: '文件导入成功！数据行数：2' });
    expect((await tasks(p.tok.chenjing, `&taskName=${encodeURIComponent('上线培训')}`))[0]).toMatchObject({
      planId: planA,
    });
    expect((await tasks(p.tok.yangqiang, `&taskName=${encodeURIComponent('灯光调试')}`))[0]).toMatchObject({
      planId: planB,
    });

    // A plan of B named like A's: whoever sees both must say which; chenjing sees only A's.
    const b = (await p.t.get<Row>(`/plan/projectPlan/queryById?id=${planB}`, p.tok.zhangwei)).result!;
    const twin = await addPlan(String(b.projectId), nameA, []);
    const again = await upload(p.tok.zhangwei, 'importExcel', [
      header,
      [nameA, '验收', '2027-03-20', '2027-03-25'],
    ]);
    expect(again).toMatchObject({ success: false });
    expect(again.message).toBe(`第2行：所属计划“${nameA}”有多个同名计划，请填写计划编号，未导入任何数据`);
    expect(
      await upload(p.tok.chenjing, 'importTasks', [header, [nameA, '验收', '2027-03-20', '2027-03-25']]),
    ).toMatchObject({ success: true });
    expect((await tasks(p.tok.chenjing, `&taskName=${encodeURIComponent('验收')}`))[0]).toMatchObject({
      planId: planA,
    });
    expect(await tasks(p.tok.zhangwei, `&planId=${twin}`)).toEqual([]);
  });
});

describe('0052_project_tasks', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database?.close());

  it('opens 项目任务, 任务详情 and 计划详情 for every role instead of 功能建设中, once', async () => {
    const db = database.db;
    const urls = ['/plan/task', '/plan/taskDetails', '/plan/details'];
    // The database as a session before this one left it.
    await sql`update sys_permission set component = case url
        when '/plan/task' then 'modules/plan/ProjectTaskList'
        when '/plan/taskDetails' then 'modules/plan/TaskDetails'
        else 'modules/plan/PlanDetails' end
      where url in (${sql.join(urls)}) and menu_type <> 2`.execute(db);
    await sql`delete from sys_role_permission where permission_id in (select id from sys_permission
        where url in (${sql.join(urls)}) and menu_type <> 2)
      and role_id in (select id from sys_role where role_code in ('staff', 'analyst'))`.execute(db);

    await projectTasks.up(db);
    await projectTasks.up(db); // a second run changes nothing and does not fail

    const menus = await sql<{ url: string; component: string }>`select url, component from sys_permission
      where url in (${sql.join(urls)}) and menu_type <> 2 order by url`.execute(db);
    expect(menus.rows).toEqual([
      { url: '/plan/details', component: 'declared/projectPlan/detail' },
      { url: '/plan/task', component: 'declared/planTask' },
      { url: '/plan/taskDetails', component: 'declared/planTask/detail' },
    ]);
    const grants = await sql<{ url: string; role: string }>`select p.url, r.role_code as role
      from sys_permission p join sys_role_permission g on g.permission_id = p.id
      join sys_role r on r.id = g.role_id
      where p.url in (${sql.join(urls)}) and p.menu_type <> 2 and r.role_code <> 'admin'
      order by p.url, r.role_code`.execute(db);
    expect(grants.rows).toEqual(
      [...urls].sort().flatMap((url) => ['analyst', 'manager', 'staff'].map((role) => ({ url, role }))),
    );
    // An entry the admin has pointed elsewhere stays theirs.
    await sql`update sys_permission set component = 'modules/custom/Tasks' where url = '/plan/task'`.execute(
      db,
    );
    await projectTasks.up(db);
    const kept = await sql<{ component: string }>`select component from sys_permission
      where url = '/plan/task' and menu_type <> 2`.execute(db);
    expect(kept.rows[0]!.component).toBe('modules/custom/Tasks');
  });
});
