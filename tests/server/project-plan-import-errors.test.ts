/**
 * The plan import's error workbook (docs/modules/projects.md, 计划与任务 → Import): a refused sheet
 * stores nothing and answers code 201 with the failing rows' workbook, downloadable by the importer
 * only; a person granted 编辑 on the project (the 权限 tab) imports like its manager.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from './entity-helpers.js';
import { multipart, workbook } from './entity-xlsx.js';
import { createProjectTest, fresh, type ProjectTest, type Row } from './project-helpers.js';

let p: ProjectTest;
let planId = '';
let projectId = '';
const HEADER = ['任务名称', '开始日期', '结束日期'];

beforeAll(async () => {
  p = await createProjectTest();
  projectId = (await p.project({ planStart: '2026-12-01', planEnd: '2027-03-31' })).id;
  const planName = fresh('错误文件计划');
  const made = await p.t.send(
    'POST',
    '/plan/projectPlan/add',
    { planName, projectId, startDate: '2026-12-01', endDate: '2027-03-31' },
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

interface Answer {
  success: boolean;
  message: string;
  code: number;
  result: { fileUrl?: string; errorCount?: number; successCount?: number } | null;
}

async function importTasks(token: string, rows: unknown[][]): Promise<Answer> {
  const body = multipart([
    { name: 'file', value: await workbook([HEADER, ...rows] as never), filename: 'tasks.xlsx' },
    { name: 'foreignKeys', value: JSON.stringify({ planId }) },
  ]);
  const res = await p.t.app.inject({
    method: 'POST',
    url: '/api/plan/planTask/importTasks',
    payload: body.payload,
    headers: { ...body.headers, 'x-access-token': token },
  });
  return res.json() as Answer;
}

describe('the plan import error workbook', () => {
  it('answers 201 with the failing rows, stores nothing, and lets only the importer download them', async () => {
    const bad = await importTasks(p.tok.chenjing, [
      ['勘察', '2026-12-01', '2026-12-10'],
      ['部署', '2027-05-01', '2027-05-10'],
    ]);
    expect(bad).toMatchObject({ success: false, code: 201, result: { errorCount: 1, successCount: 0 } });
    expect(bad.message).toMatch(/^第3行：.*，未导入任何数据$/);
    const url = bad.result!.fileUrl!;
    expect(url).toMatch(/^\/sys\/common\/importError\/[a-f0-9]{32}$/);
    const file = await p.t.app.inject({
      method: 'GET',
      url: `/api${url}`,
      headers: { 'x-access-token': p.tok.chenjing },
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const values = book.worksheets[0]!.getRow(2).values as unknown[];
    expect(values).toContain('部署');
    expect(String(values[values.length - 1])).not.toBe('');
    const other = await p.t.app.inject({
      method: 'GET',
      url: `/api${url}`,
      headers: { 'x-access-token': p.tok.majun },
    });
    expect(other.json()).toMatchObject({ success: false, message: '文件不存在或已过期' });
    const tasks = await p.t.get<Page<Row>>(`/plan/planTask/list?planId=${planId}`, p.tok.chenjing);
    expect(tasks.result!.records).toEqual([]);
  });

  it('lets a person granted 编辑 import, and refuses a 查看 holder', async () => {
    const grant = (edit: boolean) =>
      p.t.send(
        'POST',
        '/sys/project/createOrUpdatePermission',
        { projectId, username: 'hugang', edit },
        p.tok.chenjing,
      );
    expect((await grant(false)).success).toBe(true);
    expect((await importTasks(p.tok.hugang, [['勘察', '2026-12-01', '2026-12-10']])).message).toBe(
      '只有项目经理可以修改该项目的计划',
    );
    expect((await grant(true)).success).toBe(true);
    expect(await importTasks(p.tok.hugang, [['勘察', '2026-12-01', '2026-12-10']])).toMatchObject({
      success: true,
      message: '文件导入成功！数据行数：1',
    });
  });
});
