/**
 * 项目计划 with its tasks and members end to end (schemas/project, kind erp): admin adds a plan with
 * three tasks in the form's task grid; a task without a name stops the save, brings the 计划任务 tab
 * to the front (the user was on 计划成员) and names the row; fixed, the plan and its tasks are saved
 * in one request. Reopened, one task is renamed and another removed; the ERP list's tabs below show
 * the selected plan's tasks as saved.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { dismissNotifications, errorsOf, screenshotPath, startHarness, type Harness } from './harness';
import { adminPage, apiCall, closeForm, dialogFrames, spaced } from './render-list-helpers';

let h: Harness;
let page: Page;

beforeAll(async () => {
  h = await startHarness();
});

afterAll(async () => {
  await h?.close();
});

let step = 0;
// A failing step leaves its screen behind (.tmp/plan-tasks-fail-<n>.png): grids are hard to debug blind.
afterEach(async (ctx) => {
  step += 1;
  if (ctx.task.result?.state === 'fail') await page?.screenshot({ path: `.tmp/plan-tasks-fail-${step}.png` });
});

const PLAN = '会议中心导览屏升级计划';
const dialog = (title: string) => page.getByRole('dialog', { name: title });
/** A table's pane in the form (antd's tab panel of the child entity). */
const panel = (d: Locator, entity: string) => d.locator(`[role="tabpanel"][id$="-panel-${entity}"]`);
const activeTab = (d: Locator) => d.locator('.zj-form-tables .ant-tabs-tab-active').innerText();
const gridRows = (scope: Locator) => scope.locator('.tabulator-tableholder .tabulator-row');
const cell = (scope: Locator, n: number, field: string) =>
  gridRows(scope).nth(n).locator(`.tabulator-cell[tabulator-field="${field}"]`);
const toast = (text: string) => page.locator('.ant-message-notice', { hasText: text });

async function pickUserInCell(target: Locator, username: string): Promise<void> {
  await target.click();
  await target.locator('.zj-grid-widget input').first().click();
  const picker = page.getByRole('dialog', { name: '选择用户' });
  await picker.getByPlaceholder('请输入用户账号').fill(username);
  await picker.getByRole('button', { name: spaced('查询') }).click();
  await picker.locator('.ant-table-row', { hasText: username }).click();
  await picker.getByRole('button', { name: spaced('确定') }).click();
  await picker.waitFor({ state: 'detached' });
}

async function typeCell(target: Locator, text: string): Promise<void> {
  await target.click();
  const editor = target.locator('.zj-grid-editor');
  await editor.waitFor();
  await editor.fill(text);
  await editor.press('Enter');
  // The grid re-checks the column 100 ms after an edit and redraws the rows whose messages change.
  await page.waitForTimeout(300);
}

async function pickDate(d: Locator, label: string, value: string): Promise<void> {
  const input = d.locator('.ant-form-item', { hasText: label }).locator('.ant-picker input');
  await input.click();
  await input.fill(value);
  await input.press('Enter');
}

describe('项目计划 with 计划任务 (admin)', () => {
  it('opens 全部计划 as the declared ERP list', async () => {
    page = await adminPage(h);
    await dismissNotifications(page).catch(() => undefined);
    const menu = page.getByRole('navigation', { name: '主菜单' });
    await menu.getByText('项目计划').first().click();
    await menu.getByText('全部计划').click();
    await page.waitForURL(`${h.baseUrl}/plan/list`);
    // Test databases start without the declared demo rows (declared-demo.test.ts covers them).
    await page.locator('.zj-list .ant-table-thead th', { hasText: '计划名称' }).waitFor();
    await page.getByText('请在上方列表中点击一条记录，查看其明细').waitFor();
  });

  it('adds a plan with three tasks; a task without a name activates its tab and names the row', async () => {
    await page
      .locator('.zj-list')
      .getByRole('button', { name: spaced('新增') })
      .first()
      .click();
    const d = dialog('新增');
    await d.getByLabel('计划名称').fill(PLAN);
    await pickDate(d, '开始日期', '2026-12-01');
    await pickDate(d, '结束日期', '2026-12-31');
    const tasks = panel(d, 'planTask');
    await tasks.locator('.tabulator').waitFor();
    for (let i = 1; i <= 3; i++) {
      await tasks.getByRole('button', { name: spaced('新增') }).click();
      await expect.poll(() => gridRows(tasks).count()).toBe(i);
      // The grid takes one insert per 1.5 s (spec section 9).
      if (i < 3) await page.waitForTimeout(1600);
    }
    await typeCell(cell(tasks, 0, 'taskName'), '现场勘查');
    await typeCell(cell(tasks, 1, 'taskName'), '导览屏选型');
    // An end date before the start date: the declared check says so on the end date's cell.
    await typeCell(cell(tasks, 0, 'startDate'), '2026-12-10');
    await typeCell(cell(tasks, 0, 'endDate'), '2026-12-05');
    await expect.poll(() => cell(tasks, 0, 'endDate').innerText()).toContain('结束日期不能早于开始日期');
    await typeCell(cell(tasks, 0, 'endDate'), '2026-12-15');
    await expect.poll(() => cell(tasks, 0, 'endDate').innerText()).not.toContain('结束日期不能早于开始日期');
    // The user moves on to the members and adds one; the third task still has no name.
    await d.locator('.zj-form-tables .ant-tabs-tab', { hasText: '计划成员' }).click();
    const members = panel(d, 'planMember');
    await members.locator('.tabulator').waitFor();
    await members.getByRole('button', { name: spaced('新增') }).click();
    await pickUserInCell(cell(members, 0, 'member'), 'zhangwei');
    // The member is a person: the cell shows the name once picked, not the account.
    await expect.poll(() => cell(members, 0, 'member').innerText()).toContain('张伟');
    expect(await activeTab(d)).toBe('计划成员');

    await d.getByRole('button', { name: spaced('确定') }).click();
    await d.getByText('计划任务第3行：请输入任务名称!').waitFor();
    expect(await activeTab(d)).toBe('计划任务');
    expect(await cell(tasks, 2, 'taskName').innerText()).toContain('请输入任务名称!');

    await typeCell(cell(tasks, 2, 'taskName'), '安装调试');
    const saved = page.waitForRequest((r) => r.url().includes('/plan/projectPlan/add'));
    await d.getByRole('button', { name: spaced('确定') }).click();
    const body = (await saved).postDataJSON() as Record<string, { added: Record<string, unknown>[] }>;
    expect(body.planTask.added.map((t) => [t.taskName, t.$row, t.orderNum])).toEqual([
      ['现场勘查', 1, 1],
      ['导览屏选型', 2, 2],
      ['安装调试', 3, 3],
    ]);
    expect(body.planTask.added.every((t) => t.id === undefined)).toBe(true);
    await toast('添加成功！').waitFor();
    await d.waitFor({ state: 'detached' });
  });

  it('reopens the plan, renames a task and removes another in one save', async () => {
    const row = page.locator('.zj-list .ant-table-row', { hasText: PLAN });
    await row.getByRole('button', { name: '编辑' }).click();
    const d = dialog('编辑');
    await expect.poll(() => d.getByLabel('计划名称').inputValue()).toBe(PLAN);
    const tasks = panel(d, 'planTask');
    await expect.poll(() => gridRows(tasks).count()).toBe(3);
    expect(await cell(tasks, 0, 'taskName').innerText()).toContain('现场勘查');
    await typeCell(cell(tasks, 1, 'taskName'), '导览屏选型与采购');
    await gridRows(tasks).nth(2).locator('.tabulator-cell[tabulator-field="__select"] input').check();
    await tasks.getByRole('button', { name: spaced('删除') }).click();
    await expect.poll(() => gridRows(tasks).count()).toBe(2);
    await page.screenshot({ path: screenshotPath('plan-tasks-form.png') });
    const saved = page.waitForRequest((r) => r.url().includes('/plan/projectPlan/edit'));
    await d.getByRole('button', { name: spaced('确定') }).click();
    const body = (await saved).postDataJSON() as Record<string, Record<string, unknown[]>>;
    expect(body.planTask.edited).toHaveLength(1);
    expect(body.planTask.deletedIds).toHaveLength(1);
    await toast('编辑成功').waitFor();
    await d.waitFor({ state: 'detached' });
  });

  it("shows the selected plan's tasks below the ERP list", async () => {
    await page.locator('.zj-list .ant-table-row', { hasText: PLAN }).locator('td').nth(2).click();
    const below = page.locator('.zj-erp-children');
    const taskRows = below.locator('.zj-inner-child[data-entity="planTask"] .ant-table-row');
    await expect.poll(() => taskRows.count()).toBe(2);
    expect(await taskRows.nth(0).innerText()).toContain('现场勘查');
    expect(await taskRows.nth(1).innerText()).toContain('导览屏选型与采购');
    await below.locator('.ant-tabs-tab', { hasText: '计划成员' }).click();
    await below
      .locator('.zj-inner-child[data-entity="planMember"] .ant-table-row', { hasText: '张伟' })
      .waitFor();
    expect(errorsOf(page)).toEqual([]);
  });

  it('keeps an open form current: rows saved elsewhere show, a row edited here is kept and its save refused', async () => {
    await page
      .locator('.zj-list .ant-table-row', { hasText: PLAN })
      .getByRole('button', { name: '编辑' })
      .click();
    const d = dialog('编辑');
    const tasks = panel(d, 'planTask');
    await expect.poll(() => gridRows(tasks).count()).toBe(2);
    await typeCell(cell(tasks, 1, 'taskName'), '导览屏选型（本地）');
    // Someone else saves the plan meanwhile, as their form would: two tasks renamed, one added.
    type Task = { id: string; rowVersion: number; taskName: string };
    const [plan] = (
      await apiCall<{ records: { id: string }[] }>(
        page,
        'GET',
        `/plan/projectPlan/list?planName=${encodeURIComponent(PLAN)}`,
      )
    ).result.records;
    const saved = (
      await apiCall<{ planTask: Task[] }>(page, 'GET', `/plan/projectPlan/queryById?id=${plan.id}`)
    ).result.planTask;
    const named = (name: string) => saved.find((t) => t.taskName === name)!;
    const renamed = (t: Task, taskName: string) => ({ id: t.id, rowVersion: t.rowVersion, taskName });
    const answer = await apiCall(page, 'PUT', '/plan/projectPlan/edit', {
      id: plan.id,
      planTask: {
        edited: [
          renamed(named('现场勘查'), '现场勘查（复核）'),
          renamed(named('导览屏选型与采购'), '导览屏采购（他人）'),
        ],
        added: [{ taskName: '布线', orderNum: 3 }],
      },
    });
    expect(answer.success).toBe(true);
    await expect.poll(() => cell(tasks, 0, 'taskName').innerText()).toContain('现场勘查（复核）');
    await expect.poll(() => gridRows(tasks).count()).toBe(3);
    expect(await cell(tasks, 2, 'taskName').innerText()).toContain('布线');
    // The row with the user's unsaved edit is not overwritten, and the save is refused rather than
    // merged: the plan changed since the form loaded it (its version counts its children's saves).
    expect(await cell(tasks, 1, 'taskName').innerText()).toContain('导览屏选型（本地）');
    await d.getByRole('button', { name: spaced('确定') }).click();
    await d.getByText('该记录已被他人修改，请刷新后重试').waitFor();
    await closeForm(d);
  });

  it('shows a plan under way for the screenshot (added through the API in one request)', async () => {
    const task = (
      name: string,
      owner: string,
      start: string,
      end: string,
      priority: string,
      done: number,
    ) => ({
      taskName: name,
      owner,
      startDate: start,
      endDate: end,
      priority,
      progress: done,
    });
    const answer = await apiCall(page, 'POST', '/plan/projectPlan/add', {
      planName: '江南文旅集团接待系统升级计划',
      owner: 'chenjing',
      startDate: '2026-11-01',
      endDate: '2026-12-31',
      status: '1',
      description: '接待预约、访客登记与大屏展示的升级，兼容集团统一身份认证。',
      planTask: {
        added: [
          task('现有系统评估', 'chenjing', '2026-11-01', '2026-11-06', 'M', 100),
          task('访客登记模块改造', 'majun', '2026-11-07', '2026-11-30', 'H', 70),
          {
            ...task('统一身份认证对接', 'yangqiang', '2026-11-20', '2026-12-15', 'H', 30),
            predecessor: '现有系统评估',
          },
          task('接待大屏改版', 'zhuting', '2026-12-01', '2026-12-20', 'L', 10),
          {
            ...task('用户培训与上线', 'chenjing', '2026-12-21', '2026-12-31', 'M', 0),
            predecessor: '接待大屏改版',
          },
        ].map((t, i) => ({ ...t, orderNum: i + 1 })),
      },
      planMember: { added: [{ member: 'chenjing', duty: '计划负责人', orderNum: 1 }] },
    });
    expect(answer.message).toBe('添加成功！');
    // The list shows what the API added once the screen loads again.
    await page.reload();
    await page.locator('.zj-list .ant-table-row', { hasText: '江南文旅集团' }).locator('td').nth(2).click();
    const below = page.locator('.zj-erp-children');
    const taskRows = below.locator('.zj-inner-child[data-entity="planTask"] .ant-table-row');
    await expect.poll(() => taskRows.count()).toBe(5);
    await taskRows.first().getByText('陈静').waitFor();
    await page
      .locator('.ant-message-notice')
      .last()
      .waitFor({ state: 'detached' })
      .catch(() => undefined);
    // The children's table fades while it reloads: shoot it once it has settled.
    await expect.poll(() => page.locator('.ant-spin-spinning').count()).toBe(0);
    await page.waitForTimeout(300);
    await page.screenshot({ path: screenshotPath('plan-tasks-erp.png'), fullPage: true });
    expect(errorsOf(page)).toEqual([]);
  });

  it('opens the Gantt chart from the row: bars, arrows, and a drag the server refuses outside the plan', async () => {
    const row = page.locator('.zj-list .ant-table-row', { hasText: '江南文旅集团' });
    await row.getByRole('button', { name: '甘特图' }).click();
    const panel = page.locator('.zj-plan-gantt');
    await expect.poll(() => panel.locator('.bar-wrapper').count()).toBe(5);
    expect(await panel.locator('path[data-from]').count()).toBe(2);
    // One dialog with the chart in it, not a dialog inside an empty outer frame (issue 33, item 10).
    expect(await dialogFrames(page)).toEqual({ modals: 1, outerPainted: false });
    // The progress cell of the list (widget "progress") draws a bar with its figure.
    await page.screenshot({ path: screenshotPath('plan-gantt.png') });
    // Dragged far to the right, the last task would end after the plan: refused, the bar goes back.
    const bar = panel.locator('.bar-wrapper', { hasText: '用户培训与上线' }).locator('.bar').first();
    // The chart scrolls to today after it draws: take the bar's place once it stops moving.
    let box = (await bar.boundingBox())!;
    for (let i = 0; i < 20; i++) {
      await page.waitForTimeout(150);
      const next = (await bar.boundingBox())!;
      if (next.x === box.x && next.y === box.y) break;
      box = next;
    }
    const saved = page.waitForResponse((r) => r.url().includes('/plan/planTask/edit'));
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 100, box.y + box.height / 2, { steps: 8 });
    await page.mouse.up();
    const answer = (await (await saved).json()) as { success: boolean; message: string };
    expect(answer.success).toBe(false);
    expect(answer.message).toContain('的日期须在计划的日期内');
    await toast('的日期须在计划的日期内').waitFor();
    expect(errorsOf(page)).toEqual([]);
  });
});
