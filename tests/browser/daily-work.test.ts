/**
 * Daily work, weekly reports and the work board in the browser (docs/modules/daily-work.md): the
 * manager zhangwei assigns department work to chenjing in 部门工作; it arrives on her open
 * workbench's 待办 without a reload; she opens 日常工作 and finishes it; she fills and submits this
 * week's report (the week opens on this week, an item in the 工作事项 grid on one of her own projects,
 * every column labelled, the computed total); zhangwei's
 * 团队周报 shows who of the team has not submitted, 工作看板 the counts by department and 统计工作
 * those per person.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  screenshotPath,
  signInFast,
  startHarness,
  STAFF_PASSWORD,
  type Harness,
} from './harness';
import { addRows, apiCall, spaced } from './render-list-helpers';
import { isoWeekOf } from '../../runtime/model/declaration/defaults';

let h: Harness;
let mgr: Page;
let staff: Page;

const TITLE = '整理接待流程优化建议';
const day = (days: number) => new Date(Date.now() + days * 86400000 + 8 * 3600000).toISOString().slice(0, 10);
const row = (page: Page, text: string) => page.locator('.zj-list .ant-table-row', { hasText: text });
const dialog = (page: Page, title: string) => page.getByRole('dialog', { name: title });
const toast = (page: Page, text: string) => page.locator('.ant-message-notice', { hasText: text });
const gridRows = (scope: Locator) => scope.locator('.tabulator-tableholder .tabulator-row');
const cell = (scope: Locator, n: number, field: string) =>
  gridRows(scope).nth(n).locator(`.tabulator-cell[tabulator-field="${field}"]`);

async function person(username: string): Promise<Page> {
  const page = await h.newPage({ width: 1440, height: 900 });
  page.setDefaultTimeout(15_000);
  await signInFast(page, h.baseUrl, { username, password: STAFF_PASSWORD, tenantId: 1 });
  return page;
}

async function confirm(page: Page, text: string): Promise<void> {
  await page
    .locator('.ant-popconfirm', { hasText: text })
    .getByRole('button', { name: spaced('确定') })
    .click();
}

async function typeCell(page: Page, target: Locator, text: string): Promise<void> {
  await target.click();
  const editor = target.locator('.zj-grid-editor');
  await editor.waitFor();
  await editor.fill(text);
  await editor.press('Enter');
  await page.waitForTimeout(300);
}

/** A few items of the team, so the board and lists look used (test databases have no demo rows). */
async function seedTeamWork(): Promise<void> {
  const items: [string, string, number, number][] = [
    ['完成智慧展厅方案初稿', 'majun', -6, -2],
    ['对接华东会展中心需求', 'yangqiang', -3, 3],
    ['组织季度设备巡检', 'zhuting', -1, 5],
    ['编写运维值班手册', 'gaopeng', 0, 4],
  ];
  for (const [title, assignee, plan, deadline] of items) {
    const answer = await apiCall(mgr, 'POST', '/sys/workItem/add', {
      title,
      assignee,
      planDate: day(plan),
      deadline: day(deadline),
    });
    expect(answer.message).toBe('添加成功！');
  }
}

/**
 * Projects for the report's 项目 pick: two chenjing is in (as manager, as a member) and one she is
 * not; the pick offers only hers (the my_project dictionary, scoped by the server).
 */
async function seedProjects(): Promise<void> {
  const admin = await h.newPage();
  await signInFast(admin, h.baseUrl, { username: 'admin', password: ADMIN_PASSWORD, tenantId: 1 });
  await addRows(admin, '/sys/customer', [{ name: '华东国际会展中心', code: 'HDGJ', level: 'M' }]);
  const customers = await apiCall<{ records: { id: string }[] }>(
    admin,
    'GET',
    '/sys/customer/list?code=HDGJ',
  );
  const customerId = customers.result.records[0]!.id;
  const project = (name: string, code: string, manager: string, members: string) => ({
    name,
    code,
    customerId,
    category: '1',
    manager,
    members,
    planStart: day(-30),
    planEnd: day(60),
  });
  await addRows(admin, '/sys/project', [
    project('接待系统升级', 'JD-SJ', 'chenjing', 'majun'),
    project('智慧展厅建设', 'ZH-ZT', 'yangqiang', 'majun,chenjing'),
    project('会议系统改造', 'HY-GZ', 'yangqiang', 'zhaolei'),
  ]);
  await admin.close();
}

beforeAll(async () => {
  h = await startHarness();
  mgr = await person('zhangwei');
  staff = await person('chenjing');
  await seedTeamWork();
  await seedProjects();
});
afterAll(async () => {
  await h?.close();
});
afterEach(async (ctx) => {
  if (ctx.task.result?.state !== 'fail') return;
  await mgr?.screenshot({ path: '.tmp/daily-work-fail-mgr.png' }).catch(() => undefined);
  await staff?.screenshot({ path: '.tmp/daily-work-fail-staff.png' }).catch(() => undefined);
});

describe('department work from assignment to 已完成', () => {
  it('a manager assigns work to a person of the department', async () => {
    // Her workbench is open meanwhile: the item arrives there without a reload.
    await staff.goto(`${h.baseUrl}/HomePage/index`);
    await staff.locator('.todo-panel').waitFor();
    await mgr.goto(`${h.baseUrl}/HomePage/departWork`);
    await row(mgr, '完成智慧展厅方案初稿').waitFor();
    await mgr
      .locator('.zj-list__toolbar')
      .getByRole('button', { name: spaced('新增') })
      .click();
    const d = dialog(mgr, '新增');
    await d.getByLabel('工作事项').fill(TITLE);
    await d.getByLabel('执行人').click();
    const picker = dialog(mgr, '选择用户');
    await picker.getByPlaceholder('请输入用户账号').fill('chenjing');
    await picker.getByRole('button', { name: spaced('查询') }).click();
    await picker.locator('.ant-table-row', { hasText: 'chenjing' }).click();
    await picker.getByRole('button', { name: spaced('确定') }).click();
    await picker.waitFor({ state: 'detached' });
    const deadline = d.locator('.ant-form-item', { hasText: '截止日期' }).locator('.ant-picker input');
    await deadline.click();
    await deadline.fill(day(3));
    await deadline.press('Enter');
    await d.getByLabel('工作内容').fill('汇总各接待组的意见，形成优化建议清单。');
    await d.getByRole('button', { name: spaced('确定') }).click();
    await toast(mgr, '添加成功！').waitFor();
    const added = row(mgr, TITLE);
    await expect.poll(() => added.innerText()).toMatch(/部门工作[\s\S]*陈静[\s\S]*待开始/);
    expect(await row(mgr, '完成智慧展厅方案初稿').innerText()).toContain('已逾期');
    await mgr.screenshot({ path: screenshotPath('daily-work-depart.png') });
  });

  it('the person finds it on the workbench and finishes it in 日常工作', async () => {
    const todo = staff.locator('.todo-panel .todo-row', { hasText: TITLE });
    await todo.waitFor();
    await staff.screenshot({ path: screenshotPath('daily-work-workbench.png') });
    await todo.click();
    await staff.waitForURL(/\/HomePage\/dailyWork/);
    const mine = row(staff, TITLE);
    await mine.getByRole('button', { name: '完成' }).click();
    await confirm(staff, '确定该工作已完成吗?');
    await expect.poll(() => mine.innerText()).toMatch(/已完成[\s\S]*100/);
    await staff.screenshot({ path: screenshotPath('daily-work-mine.png') });
    // A staff member has no 部门工作 and no other department's item.
    expect((await apiCall(staff, 'GET', '/sys/workItem/list?type=2')).message).toBe(
      '没有权限，请联系管理员授权',
    );
  });
});

describe('weekly reports and the board', () => {
  it("a staff member fills and submits this week's report", async () => {
    await staff.goto(`${h.baseUrl}/HomePage/weeklyWork`);
    await staff.locator('.zj-list').waitFor();
    await staff
      .locator('.zj-list__toolbar')
      .getByRole('button', { name: spaced('新增') })
      .click();
    const d = dialog(staff, '新增');
    // The form opens on this week (the field's default #{week}), shown with its dates.
    await expect.poll(() => d.getByLabel('周次').inputValue()).toContain(isoWeekOf(day(0)));
    await d.getByLabel('周次').click();
    await staff.locator('.ant-picker-dropdown:visible .ant-picker-cell-today').hover();
    await staff.screenshot({ path: screenshotPath('daily-work-weekly-week.png') });
    await staff.locator('.ant-picker-dropdown:visible .ant-picker-cell-today').click();
    await expect
      .poll(() => d.getByLabel('周次').inputValue())
      .toMatch(/^\d{4}-W\d{2}（\d{2}-\d{2} ~ \d{2}-\d{2}）$/);
    await d.getByLabel('本周总结').fill('接待系统升级按计划推进，完成联调。');
    await d.locator('.zj-form-tables .ant-tabs-tab', { hasText: '工作事项' }).click();
    const grid = d.locator('[role="tabpanel"][id$="-panel-weeklyReportItem"]');
    await grid.locator('.tabulator').waitFor();
    await grid.getByRole('button', { name: spaced('新增') }).click();
    await expect.poll(() => gridRows(grid).count()).toBe(1);
    // Every column of the grid is labelled and reaches the grid's edge: no empty band after the last.
    const headers = await grid.locator('.tabulator-col').evaluateAll((cols) =>
      cols.map((c) => ({
        field: c.getAttribute('tabulator-field'),
        title: (c as HTMLElement).innerText.trim(),
        right: c.getBoundingClientRect().right,
      })),
    );
    expect(headers.filter((c) => !c.field?.startsWith('__')).map((c) => c.title)).toEqual([
      '项目',
      '进度(%)',
      '用时(小时)',
      '本周工作',
      '下周计划',
    ]);
    const edge = await grid.locator('.tabulator-header').evaluate((e) => e.getBoundingClientRect().right);
    expect(edge - Math.max(...headers.map((c) => c.right))).toBeLessThan(2);
    // 项目 is a pick of her own projects (manager or member), not free text nor everyone's.
    await cell(grid, 0, 'projectName').click();
    const pick = cell(grid, 0, 'projectName').locator('select.zj-grid-editor');
    await expect
      .poll(async () => (await pick.locator('option').allInnerTexts()).filter((t) => t.trim() !== '').sort())
      .toEqual(['智慧展厅建设', '接待系统升级'].sort());
    await pick.selectOption('接待系统升级');
    await expect.poll(() => cell(grid, 0, 'projectName').innerText()).toBe('接待系统升级');
    await typeCell(staff, cell(grid, 0, 'progress'), '70');
    await typeCell(staff, cell(grid, 0, 'hours'), '32');
    await typeCell(staff, cell(grid, 0, 'thisWeek'), '完成接口联调与测试');
    await typeCell(staff, cell(grid, 0, 'nextWeek'), '准备上线材料');
    await d.locator('.ant-modal-title').click();
    await staff.screenshot({ path: screenshotPath('daily-work-weekly-form.png') });
    await d.getByRole('button', { name: spaced('确定') }).click();
    await toast(staff, '添加成功！').waitFor();
    const report = staff.locator('.zj-list .ant-table-row').first();
    await expect.poll(() => report.innerText()).toMatch(/陈静[\s\S]*草稿[\s\S]*32/);
    await report.getByRole('button', { name: '提交' }).click();
    await confirm(staff, '提交后不能再修改');
    await expect.poll(() => report.innerText()).toContain('已提交');
    await staff.screenshot({ path: screenshotPath('daily-work-weekly.png') });
  });

  it('the manager sees who has not submitted, and the board counts by department', async () => {
    await mgr.goto(`${h.baseUrl}/HomePage/weeklyTeam`);
    const submitted = row(mgr, '陈静');
    await expect.poll(() => submitted.innerText()).toContain('已提交');
    const missing = row(mgr, '马军');
    await expect.poll(() => missing.innerText()).toMatch(/未提交[\s\S]*马军/);
    expect(await mgr.locator('.zj-list .ant-table-row', { hasText: '未提交' }).count()).toBeGreaterThan(2);
    await mgr.screenshot({ path: screenshotPath('daily-work-weekly-team.png') });

    await mgr.goto(`${h.baseUrl}/statistics/board`);
    const total = row(mgr, '项目管理部（合计）');
    await total.waitFor();
    // 合计 5 (four seeded, one assigned and finished): 待开始 4, 已完成 1, one overdue.
    await expect
      .poll(async () => (await total.locator('td').allInnerTexts()).slice(2, 10).join(' '))
      .toBe('5 4 0 1 0 1 0 20.0%');
    await row(mgr, '项目一组').getByRole('button', { name: '人员' }).click();
    const view = dialog(mgr, '人员');
    await view.locator('.ant-table-row', { hasText: '陈静' }).waitFor();
    await view.getByRole('tab', { name: /未完成事项/ }).click();
    await view.locator('.ant-table-row', { hasText: '完成智慧展厅方案初稿' }).waitFor();
    await mgr.screenshot({ path: screenshotPath('daily-work-board-people.png') });
    await view
      .getByRole('button', { name: /关闭|Close/ })
      .first()
      .click();
    await view.waitFor({ state: 'detached' });
    await mgr.locator('.zj-list-chart canvas').waitFor();
    await mgr.screenshot({ path: screenshotPath('daily-work-board.png') });

    // 统计工作: one row per person of the department and below.
    await mgr.goto(`${h.baseUrl}/statistics/work`);
    await expect
      .poll(() => row(mgr, '陈静').innerText())
      .toMatch(/陈静[\s\S]*项目一组[\s\S]*1[\s\S]*100\.0%/);
    await mgr.locator('.zj-list-chart canvas').waitFor();
    await mgr.screenshot({ path: screenshotPath('daily-work-people.png') });
  });
});
