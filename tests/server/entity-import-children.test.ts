/**
 * Export and import of a parent with its one-to-many children (docs/modules/one-to-many.md,
 * "Import and export with children"): 项目计划 with 计划任务 and 计划成员 in one workbook, a sheet per
 * child tied to the parent's row by 项目计划行号; the import saves each plan with its rows through
 * the add path, all or nothing, naming sheet, row and field; child permissions on both sides.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissionsChanged } from '../../server/auth/permission-codes.js';
import { seedId } from '../../server/db/seed/ids.js';
import { roleId } from '../../server/db/seed/organisation.js';
import { createEntityContext, type EntityTestContext, type Page } from './entity-helpers.js';
import { book, childFixtures, sheetsOf, type Rows } from './entity-import-children-helpers.js';
import { multipart } from './entity-xlsx.js';
import { DEMO_PASSWORD } from './helpers.js';

interface Plan {
  id: string;
  planName: string;
  owner: string;
  owner_dictText: string;
  planTask: Record<string, unknown>[];
  planMember: Record<string, unknown>[];
}

const BASE = '/plan/projectPlan';
const fixtures = childFixtures();
let ctx: EntityTestContext;
let manager: string; // zhangwei, role manager: plan:* and planTask:* buttons
beforeAll(async () => {
  const saved = process.env.SCHEMAS_DIR;
  process.env.SCHEMAS_DIR = ['schemas', fixtures].join(path.delimiter);
  try {
    ctx = await createEntityContext();
  } finally {
    if (saved === undefined) delete process.env.SCHEMAS_DIR;
    else process.env.SCHEMAS_DIR = saved;
  }
  manager = await ctx.login('zhangwei', DEMO_PASSWORD);
  const task = (taskName: string, orderNum: number, priority: string) => ({
    taskName,
    owner: 'chenjing',
    startDate: '2026-12-01',
    endDate: '2026-12-10',
    priority,
    progress: 10,
    orderNum,
  });
  const plans = [
    { name: '导出计划甲', tasks: [task('=勘查', 1, 'H'), task('设计', 2, 'L')], members: ['chenjing'] },
    { name: '导出计划乙', tasks: [task('施工', 1, 'M')], members: [] },
  ];
  for (const p of plans) {
    const answer = await ctx.send('POST', `${BASE}/add`, {
      planName: p.name,
      owner: 'zhangwei',
      startDate: '2026-12-01',
      endDate: '2026-12-31',
      status: '0',
      planTask: { added: p.tasks },
      planMember: { added: p.members.map((member, i) => ({ member, duty: '设计', orderNum: i + 1 })) },
    });
    expect(answer).toMatchObject({ success: true });
  }
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(fixtures, { recursive: true, force: true });
});

async function exportBook(url: string, token = ctx.adminToken): Promise<Buffer> {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api${url}`,
    headers: { 'x-access-token': token },
  });
  expect(res.headers['content-type']).toContain('spreadsheetml');
  return res.rawPayload;
}

async function upload(data: Buffer, token = ctx.adminToken, url = `${BASE}/importExcel`) {
  const body = multipart([{ name: 'files[]', filename: 'plans.xlsx', value: data }]);
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api${url}`,
    payload: body.payload,
    headers: { ...body.headers, 'x-access-token': token },
  });
  return res.json() as { success: boolean; message: string };
}

async function plansNamed(name: string): Promise<Plan[]> {
  const page = await ctx.get<Page<Plan>>(`${BASE}/list?pageSize=60&planName=${encodeURIComponent(name)}`);
  const out: Plan[] = [];
  for (const record of page.result!.records)
    out.push((await ctx.get<Plan>(`${BASE}/queryById?id=${record.id}`)).result!);
  return out;
}

const count = async (table: string) =>
  Number(
    (await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(ctx.database.db))
      .rows[0].n,
  );

const PLAN_HEADER = ['计划名称', '负责人', '开始日期', '结束日期'];
const TASK_HEADER = ['项目计划行号', '任务名称', '负责人', '优先级', '进度(%)'];

describe('export with children', () => {
  it('writes the plans, then a sheet per child tied to the plan rows by 项目计划行号', async () => {
    const data = await exportBook(
      `${BASE}/exportXls?planName=${encodeURIComponent('*导出计划*')}&column=planName&order=asc`,
    );
    const sheets = await sheetsOf(data);
    expect([...sheets.keys()]).toEqual(['项目计划', '计划任务', '计划成员']);
    const plans = sheets.get('项目计划')!;
    expect(plans[0]).toEqual([
      '计划名称',
      '计划编号',
      '所属项目',
      '负责人',
      '开始日期',
      '结束日期',
      '计划状态',
    ]);
    expect(plans.slice(1).map((r) => r[0])).toEqual(['导出计划乙', '导出计划甲']);
    const [甲] = await plansNamed('导出计划甲');
    const taskOwner = String(甲.planTask[0].owner_dictText);
    expect(sheets.get('计划任务')).toEqual([
      [
        '项目计划行号',
        '任务名称',
        '上级任务',
        '负责人',
        '开始日期',
        '结束日期',
        '前置任务',
        '优先级',
        '进度(%)',
        '任务状态',
      ],
      [2, '施工', null, taskOwner, '2026-12-01', '2026-12-10', null, '中', 10, '未开始'],
      [3, "'=勘查", null, taskOwner, '2026-12-01', '2026-12-10', null, '高', 10, '未开始'],
      [3, '设计', null, taskOwner, '2026-12-01', '2026-12-10', null, '低', 10, '未开始'],
    ]);
    expect(sheets.get('计划成员')).toEqual([
      ['项目计划行号', '成员', '计划中职责'],
      [3, taskOwner, '设计'],
    ]);
  });

  it('leaves out the sheet of a child the user may not list', async () => {
    expect(
      await ctx.send('POST', '/test/ioOrder/add', {
        orderName: '订单一',
        ioLine: { added: [{ lineName: '甲' }] },
      }),
    ).toMatchObject({ success: true });
    const sheets = await sheetsOf(await exportBook('/test/ioOrder/exportXls'));
    expect([...sheets.keys()]).toEqual(['导入订单']);
  });
});

describe('import with children', () => {
  it('imports an exported workbook back: each plan with its tasks and members', async () => {
    const data = await exportBook(
      `${BASE}/exportXls?planName=${encodeURIComponent('*导出计划*')}&column=planName&order=asc`,
    );
    expect(await upload(data)).toMatchObject({
      success: true,
      message: '文件导入成功！数据行数：2，计划任务：3行，计划成员：1行',
    });
    const copies = await plansNamed('导出计划甲');
    expect(copies).toHaveLength(2);
    for (const copy of copies) {
      expect(copy.planTask.map((t) => [t.taskName, t.priority, t.owner]).sort()).toEqual([
        ['=勘查', 'H', 'chenjing'],
        ['设计', 'L', 'chenjing'],
      ]);
      expect(copy.planMember.map((m) => m.member)).toEqual(['chenjing']);
    }
  });

  it('saves a new plan with two tasks; unknown sheets are ignored', async () => {
    const data = await book({
      项目计划: [PLAN_HEADER, ['导入新计划', 'zhangwei', '2026-12-01', '2026-12-31']],
      备注: [['这一页不导入']],
      计划任务: [TASK_HEADER, [2, '踏勘', '陈静', '高', 20], [2, '报价', 'zhangwei', '低', null]],
    });
    expect(await upload(data, manager)).toMatchObject({
      success: true,
      message: '文件导入成功！数据行数：1，计划任务：2行',
    });
    const [saved] = await plansNamed('导入新计划');
    expect(saved.planTask.map((t) => [t.taskName, t.priority, t.progress, t.planId]).sort()).toEqual([
      ['报价', 'L', null, saved.id],
      ['踏勘', 'H', 20, saved.id],
    ]);
    expect(saved.planMember).toEqual([]);
  });

  it('a bad row anywhere saves nothing and names the sheet, the row and the field', async () => {
    const before = [await count('biz_project_plan'), await count('biz_plan_task')];
    const plans = [
      PLAN_HEADER,
      ['好计划', 'zhangwei', '2026-12-01', '2026-12-31'],
      ['次计划', '', '2026-12-01', '2026-12-31'],
    ];
    const cases: [Record<string, Rows>, string][] = [
      [{ 项目计划: plans, 计划任务: [TASK_HEADER, [2, '一'], [3, '']] }, '计划任务第3行：请输入任务名称!'],
      [{ 项目计划: plans, 计划任务: [TASK_HEADER, [2, '一'], [2, '一']] }, '计划任务第3行：任务名称不能重复'],
      [
        { 项目计划: plans, 计划任务: [TASK_HEADER, [2, '一', '无此人']] },
        '计划任务第2行：负责人的值不在字典中：无此人',
      ],
      [
        { 项目计划: plans, 计划任务: [TASK_HEADER, [2, '一'], [5, '二']] },
        '计划任务第3行：项目计划行号5在主表中没有对应的数据行',
      ],
      [{ 项目计划: plans, 计划任务: [TASK_HEADER, ['二', '一']] }, '计划任务第2行：项目计划行号不正确：二'],
      [
        { 项目计划: plans, 计划任务: [['任务名称'], ['一']] },
        '计划任务：缺少“项目计划行号”列（可先导出一份作为模板）',
      ],
      [
        {
          项目计划: [
            PLAN_HEADER,
            ['好计划', 'zhangwei', '2026-12-01', '2026-12-31'],
            ['', 'zhangwei', '2026-12-01', '2026-12-31'],
          ],
          计划任务: [TASK_HEADER, [2, '一']],
        },
        '项目计划第3行：请输入计划名称!',
      ],
      [
        {
          项目计划: [PLAN_HEADER, ['倒序计划', 'zhangwei', '2026-12-31', '2026-12-01']],
          计划任务: [TASK_HEADER, [2, '一']],
        },
        '项目计划第2行：结束日期不能早于开始日期',
      ],
    ];
    for (const [sheets, message] of cases)
      expect(await upload(await book(sheets))).toMatchObject({
        success: false,
        message: `${message}，未导入任何数据`,
      });
    expect([await count('biz_project_plan'), await count('biz_plan_task')]).toEqual(before);
  });

  it('a workbook without child sheets imports as before', async () => {
    const res = await upload(
      await book({ Sheet1: [PLAN_HEADER, ['单表计划', 'zhangwei', '2026-12-01', '2026-12-31']] }),
    );
    expect(res).toMatchObject({ success: true, message: '文件导入成功！数据行数：1' });
  });

  it('a child sheet needs the child add permission', async () => {
    const button = seedId('button:planTask:add');
    await sql`delete from sys_role_permission where role_id = ${roleId('manager')} and permission_id = ${button}`.execute(
      ctx.database.db,
    );
    await permissionsChanged(ctx.database.db, null);
    const before = await count('biz_project_plan');
    const data = await book({
      项目计划: [PLAN_HEADER, ['越权计划', 'zhangwei', '2026-12-01', '2026-12-31']],
      计划任务: [TASK_HEADER, [2, '一']],
    });
    expect(await upload(data, manager)).toMatchObject({
      success: false,
      message: '计划任务：没有权限，请联系管理员授权，未导入任何数据',
    });
    expect(await count('biz_project_plan')).toBe(before);
  });
});
