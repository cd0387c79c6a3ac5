/**
 * 项目计划 → 项目任务 (issue 33, item 7; docs/modules/projects.md 项目任务), declared in
 * schemas/project/plan-task.json: admin opens the entry and sees the tasks of two projects' plans,
 * filters them, adds a task to a chosen plan, adds a subtask under it (添加子任务: plan and parent
 * fixed), opens its 任务详情 page, imports a sheet naming the plan, then opens the plan in 全部计划
 * and finds both tasks under it and in its Gantt chart (the same rows). A project manager who is
 * not in the other project sees none of its tasks, neither in the list nor in 所属计划, nor by id.
 */
import ExcelJS from 'exceljs';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  dismissNotifications,
  errorsOf,
  screenshotPath,
  signInFast,
  startHarness,
  STAFF_PASSWORD,
  type Harness,
} from './harness';
import { adminPage, apiCall, openOption, spaced } from './render-list-helpers';

let h: Harness;
let page: Page;
let staff: Page;
const plans: Record<'a' | 'b', { id: string; name: string }> = {
  a: { id: '', name: '西湖接待中心智慧导览实施计划' },
  b: { id: '', name: '良渚展厅灯光改造计划' },
};

const list = () => page.locator('.zj-list').first();
const rows = () => list().locator('.ant-table-tbody .ant-table-row');
const row = (text: string) => rows().filter({ hasText: text });
const dialog = (title: string) => page.getByRole('dialog', { name: title });
const item = (d: Locator, label: string) => d.locator('.ant-form-item', { hasText: label });

let step = 0;
afterEach(async (ctx) => {
  step += 1;
  if (ctx.task.result?.state === 'fail')
    await page?.screenshot({ path: `.tmp/project-tasks-fail-${step}.png` });
});

async function seed(): Promise<void> {
  const ok = async (url: string, body: unknown) => {
    const answer = await apiCall(page, 'POST', url, body);
    if (!answer.success) throw new Error(`${url}: ${answer.message}`);
  };
  await ok('/sys/customer/add', { name: '杭州文旅集团', code: 'HZWL', level: 'M' });
  const customerId = (
    await apiCall<{ records: { id: string }[] }>(page, 'GET', '/sys/customer/list?code=HZWL')
  ).result.records[0]!.id;
  const project = async (name: string, code: string, manager: string, members: string) => {
    await ok('/sys/project/add', {
      name,
      code,
      customerId,
      category: '1',
      manager,
      members,
      planStart: '2026-11-01',
      planEnd: '2027-06-30',
      budget: 500000,
    });
    const found = await apiCall<{ records: { id: string }[] }>(
      page,
      'GET',
      `/sys/project/list?name=${encodeURIComponent(name)}`,
    );
    return found.result.records[0]!.id;
  };
  const tasks = (list: [string, string, string, string, number][]) =>
    list.map(([taskName, owner, startDate, endDate, progress], i) => ({
      taskName,
      owner,
      startDate,
      endDate,
      progress,
      status: progress === 100 ? '2' : progress > 0 ? '1' : '0',
      orderNum: i + 1,
    }));
  const plan = async (key: 'a' | 'b', projectId: string, added: Record<string, unknown>[]) => {
    await ok('/plan/projectPlan/add', {
      planName: plans[key].name,
      projectId,
      owner: 'admin',
      startDate: '2026-11-01',
      endDate: '2027-03-31',
      status: '1',
      planTask: { added },
    });
    const found = await apiCall<{ records: { id: string }[] }>(
      page,
      'GET',
      `/plan/projectPlan/list?planName=${encodeURIComponent(plans[key].name)}`,
    );
    plans[key].id = found.result.records[0]!.id;
  };
  const a = await project('西湖接待中心智慧导览', 'XH-DL', 'chenjing', 'majun');
  const b = await project('良渚展厅灯光改造', 'LZ-DG', 'yangqiang', 'zhuting');
  await plan(
    'a',
    a,
    tasks([
      ['现场勘查', 'chenjing', '2026-11-01', '2026-11-10', 100],
      ['导览内容策划', 'majun', '2026-11-11', '2026-12-10', 60],
      ['导览屏采购', 'chenjing', '2026-12-01', '2026-12-31', 20],
    ]),
  );
  await plan(
    'b',
    b,
    tasks([
      ['灯光现状评估', 'yangqiang', '2026-11-01', '2026-11-15', 100],
      ['灯具选型', 'zhuting', '2026-11-16', '2026-12-15', 40],
    ]),
  );
}

beforeAll(async () => {
  h = await startHarness();
  page = await adminPage(h);
  await seed();
});
afterAll(async () => {
  await h?.close();
});

describe('项目任务 (admin)', () => {
  it('opens from the menu and lists the tasks of every plan with their plan', async () => {
    await dismissNotifications(page).catch(() => undefined);
    const menu = page.getByRole('navigation', { name: '主菜单' });
    await menu.getByText('项目计划').first().click();
    await menu.getByText('项目任务').click();
    await page.waitForURL(`${h.baseUrl}/plan/task`);
    expect(await page.getByText('功能建设中').count()).toBe(0);
    await row('灯具选型').waitFor();
    expect(await rows().count()).toBe(5);
    await row('现场勘查').getByText(plans.a.name).waitFor();
    await row('灯具选型').getByText(plans.b.name).waitFor();
    await row('灯具选型').getByText('朱婷').waitFor();
    for (const title of ['任务名称', '所属计划', '上级任务', '负责人', '开始日期', '结束日期', '任务状态'])
      await list().locator('.ant-table-thead th', { hasText: title }).first().waitFor();
  });

  it('filters by plan and by name', async () => {
    const query = page.locator('.zj-list form').first();
    await item(query, '所属计划').locator('.ant-select').click();
    await openOption(page, plans.b.name).click();
    await query.getByRole('button', { name: spaced('查询') }).click();
    await expect.poll(() => rows().count()).toBe(2);
    await row('灯光现状评估').waitFor();
    await query.getByRole('button', { name: spaced('重置') }).click();
    await expect.poll(() => rows().count()).toBe(5);
    await item(query, '任务名称').locator('input').fill('导览');
    await query.getByRole('button', { name: spaced('查询') }).click();
    await expect.poll(() => rows().count()).toBe(2);
    await query.getByRole('button', { name: spaced('重置') }).click();
    await expect.poll(() => rows().count()).toBe(5);
  });

  it('adds a task to a chosen plan', async () => {
    await list()
      .getByRole('button', { name: spaced('新增') })
      .first()
      .click();
    const d = dialog('新增');
    await item(d, '所属计划').locator('.ant-select').click();
    await openOption(page, plans.a.name).click();
    await item(d, '任务名称').locator('input').fill('导览系统联调');
    for (const [label, value] of [
      ['开始日期', '2027-01-04'],
      ['结束日期', '2027-01-29'],
    ]) {
      const input = item(d, label).locator('.ant-picker input');
      await input.click();
      await input.fill(value);
      await input.press('Enter');
    }
    await d.getByRole('button', { name: spaced('确定') }).click();
    await d.waitFor({ state: 'detached' });
    await row('导览系统联调').getByText(plans.a.name).waitFor();
  });

  it('adds a subtask under it: the plan and the parent are fixed (project-tasks-subtask.png)', async () => {
    await row('导览系统联调').getByRole('button', { name: '添加子任务' }).click();
    const d = dialog('添加子任务');
    await item(d, '任务名称').locator('input').waitFor();
    // The row's plan and the row as the parent, shown and not to be changed; its dates to start with.
    await item(d, '所属计划').getByText(plans.a.name).waitFor();
    expect(await item(d, '所属计划').locator('.ant-select-disabled').count()).toBe(1);
    expect(await item(d, '上级任务').locator('input').inputValue()).toBe('导览系统联调');
    expect(await item(d, '上级任务').locator('input').isDisabled()).toBe(true);
    expect(await item(d, '开始日期').locator('.ant-picker input').inputValue()).toBe('2027-01-04');
    await item(d, '任务名称').locator('input').fill('接口联调测试');
    // The toast of the task added before would cover the dialog in the picture.
    await expect.poll(() => page.locator('.ant-message-notice').count(), { timeout: 10_000 }).toBe(0);
    await page.screenshot({ path: screenshotPath('project-tasks-subtask.png') });
    const sent = page.waitForRequest((r) => r.url().includes('/plan/planTask/add'));
    await d.getByRole('button', { name: spaced('确定') }).click();
    expect((await sent).postDataJSON()).toMatchObject({
      planId: plans.a.id,
      parentTask: '导览系统联调',
      taskName: '接口联调测试',
    });
    await d.waitFor({ state: 'detached' });
    await row('接口联调测试').getByText('导览系统联调').waitFor();
    await expect.poll(() => page.locator('.ant-message-notice').count(), { timeout: 10_000 }).toBe(0);
    await page.screenshot({ path: screenshotPath('project-tasks.png') });
  });

  it('opens the subtask on its 任务详情 page (project-task-details.png)', async () => {
    await row('接口联调测试').getByRole('button', { name: '详情' }).click();
    await page.waitForURL((url) => url.pathname === '/plan/taskDetails');
    const details = page.locator('.zj-detail-page');
    await details.getByRole('heading', { name: '任务详情' }).waitFor();
    const value = (label: string) =>
      details
        .locator('.ant-descriptions-item-label', { hasText: label })
        .locator('xpath=following-sibling::td[1]');
    await expect.poll(() => value('任务名称').innerText()).toBe('接口联调测试');
    expect(await value('所属计划').innerText()).toBe(plans.a.name);
    expect(await value('上级任务').innerText()).toBe('导览系统联调');
    await page.screenshot({ path: screenshotPath('project-task-details.png') });
    await details.getByRole('button', { name: spaced('返回') }).click();
    await page.waitForURL((url) => url.pathname === '/plan/task');
    await row('接口联调测试').waitFor();
  });

  it("imports tasks from a sheet naming the plan (the engine's import)", async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('任务');
    sheet.addRow(['所属计划', '任务名称', '负责人', '开始日期', '结束日期']);
    sheet.addRow([plans.b.name, '灯光控制系统安装', '朱婷', '2026-12-16', '2027-01-15']);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'zj-tasks-')), '项目任务导入.xlsx');
    await book.xlsx.writeFile(file);
    await list()
      .getByRole('button', { name: spaced('导入') })
      .click();
    const d = page.locator('.zj-import-modal');
    await d.locator('input[type=file]').setInputFiles(file);
    await d.getByText('项目任务导入.xlsx').waitFor();
    await d.getByRole('button', { name: spaced('确定') }).click();
    await d.waitFor({ state: 'detached' });
    await row('灯光控制系统安装').getByText(plans.b.name).waitFor();
    await row('灯光控制系统安装').getByText('朱婷').waitFor();
  });

  it("shows both tasks in the plan's task list and Gantt chart (the same rows)", async () => {
    const menu = page.getByRole('navigation', { name: '主菜单' });
    await menu.getByText('全部计划').click();
    await page.waitForURL(`${h.baseUrl}/plan/list`);
    const planRow = page.locator('.zj-list .ant-table-row', { hasText: plans.a.name });
    await planRow.locator('td').nth(2).click();
    const below = page.locator('.zj-erp-children .zj-inner-child[data-entity="planTask"]');
    await below.locator('.ant-table-row', { hasText: '接口联调测试' }).waitFor();
    await below.locator('.ant-table-row', { hasText: '导览系统联调' }).first().waitFor();
    expect(await below.locator('.ant-table-row').count()).toBe(5);
    // Under its plan the list leaves the plan out: every row's plan is the one selected.
    expect(await below.locator('.ant-table-thead th', { hasText: '所属计划' }).count()).toBe(0);
    await planRow.getByRole('button', { name: '甘特图' }).click();
    const gantt = page.locator('.zj-plan-gantt');
    await expect.poll(() => gantt.locator('.bar-wrapper').count()).toBe(5);
    await gantt.locator('.bar-wrapper', { hasText: '导览系统联调' }).first().waitFor({ state: 'attached' });
    // The subtask is drawn under its parent, marked as one.
    await gantt.locator('.bar-wrapper', { hasText: '└ 接口联调测试' }).first().waitFor({ state: 'attached' });
    const order = await gantt
      .locator('.bar-wrapper')
      .evaluateAll((bars) => bars.map((b) => b.getAttribute('data-id')));
    const ids = await apiCall<{ records: { id: string; taskName: string }[] }>(
      page,
      'GET',
      `/plan/planTask/list?planId=${plans.a.id}&pageSize=50`,
    );
    const idOf = (name: string) => ids.result.records.find((t) => t.taskName === name)!.id;
    expect(order.indexOf(idOf('接口联调测试'))).toBe(order.indexOf(idOf('导览系统联调')) + 1);
    expect(errorsOf(page)).toEqual([]);
  });
});

describe('项目任务 (a manager outside the other project)', () => {
  it("lists only his own plan's tasks and reads no other task by id", async () => {
    staff = await h.newPage();
    staff.setDefaultTimeout(15_000);
    await signInFast(staff, h.baseUrl, {
      username: 'yangqiang',
      password: STAFF_PASSWORD,
      tenantId: 1,
      target: '/plan/task',
    });
    const staffRows = staff.locator('.zj-list .ant-table-tbody .ant-table-row');
    await staffRows.filter({ hasText: '灯具选型' }).waitFor();
    expect(await staffRows.count()).toBe(3);
    expect(await staffRows.filter({ hasText: plans.a.name }).count()).toBe(0);
    // 所属计划 offers his plan only.
    const query = staff.locator('.zj-list form').first();
    await query.locator('.ant-form-item', { hasText: '所属计划' }).locator('.ant-select').click();
    await openOption(staff, plans.b.name).waitFor();
    expect(await openOption(staff, plans.a.name).count()).toBe(0);
    await staff.keyboard.press('Escape');
    await staff.screenshot({ path: screenshotPath('project-tasks-staff.png') });

    const all = await apiCall<{ records: { id: string; taskName: string; planId: string }[] }>(
      page,
      'GET',
      `/plan/planTask/list?planId=${plans.a.id}&pageSize=50`,
    );
    expect(all.result.records.length).toBe(5);
    const mine = await apiCall<{ records: unknown[] }>(
      staff,
      'GET',
      `/plan/planTask/list?planId=${plans.a.id}&pageSize=50`,
    );
    expect(mine.result.records).toEqual([]);
    for (const task of all.result.records.slice(0, 2)) {
      const read = await apiCall(staff, 'GET', `/plan/planTask/queryById?id=${task.id}`);
      expect(read).toMatchObject({ success: false, message: '未找到对应数据' });
    }
    // Another plan's task's page says it is not his to see; so does that plan's 计划详情, not his own.
    await staff.goto(`${h.baseUrl}/plan/taskDetails?id=${all.result.records[0]!.id}`);
    await staff.locator('.zj-detail-page').getByText('未找到对应数据').waitFor();
    expect(await staff.locator('.zj-detail-page .ant-descriptions').count()).toBe(0);
    await staff.goto(`${h.baseUrl}/plan/details?id=${plans.a.id}`);
    await staff.locator('.zj-detail-page').getByText('未找到对应数据').waitFor();
    await staff.goto(`${h.baseUrl}/plan/details?id=${plans.b.id}`);
    await staff.locator('.zj-detail-page').getByRole('heading', { name: '计划详情' }).waitFor();
    await staff.locator('.zj-detail-page .ant-descriptions').getByText(plans.b.name).waitFor();
    expect(errorsOf(staff)).toEqual([]);
  });
});
