/**
 * The workbench and 待办中心 in the browser (docs/modules/workorder.md, "Workbench"): zhaolei's
 * workbench shows his figures and 待办; an order the admin launches for him appears there live (no
 * reload) and opens its details page; 待办中心 is the declared to-do list with 待办 / 已办 tabs;
 * an overdue order is marked in 我负责的.
 */
import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screenshotPath, signInFast, STAFF_PASSWORD, startHarness, type Harness } from './harness';
import { adminPage, apiCall } from './render-list-helpers';

let h: Harness;
let admin: Page;
let user: Page;

/** YYYY-MM-DD `days` from today in the app's time zone (Asia/Shanghai). */
function day(days: number): string {
  return new Date(Date.now() + days * 24 * 3600 * 1000 + 8 * 3600 * 1000).toISOString().slice(0, 10);
}

const LIVE_TITLE = '三号会议室空调异响检修';
const LATE_TITLE = '月度接待数据报表整理';

beforeAll(async () => {
  h = await startHarness();
  admin = await adminPage(h);
  // An order of zhaolei's that is past its deadline (input refuses a past deadline: set it after).
  const made = await apiCall(admin, 'POST', '/sys/workOrder/add', {
    title: LATE_TITLE,
    orderType: '6',
    priority: '2',
    charge: 'zhaolei',
    deadline: day(1),
  });
  if (!made.success) throw new Error(made.message);
  await sql`update biz_work_order set deadline = ${day(-3)}::date where title = ${LATE_TITLE}`.execute(
    h.server.database.db,
  );
  user = await h.newPage({ width: 1440, height: 900 });
  user.setDefaultTimeout(15_000);
  await signInFast(user, h.baseUrl, { username: 'zhaolei', password: STAFF_PASSWORD });
});
afterAll(async () => {
  await h?.close();
});
afterEach(async (context) => {
  if (context.task.result?.state === 'fail')
    await user?.screenshot({ path: '.tmp/workbench-fail.png' }).catch(() => undefined);
});

const todoRow = (page: Page, text: string) => page.locator('.todo-panel .todo-row', { hasText: text });

describe('the workbench', () => {
  it('shows the figures and 待办, and a new order for the user arrives live', async () => {
    await todoRow(user, LATE_TITLE).waitFor();
    await expect.poll(() => todoRow(user, LATE_TITLE).innerText()).toContain('已逾期');
    const figure = (title: string) =>
      user.locator('.workbench-figure', { hasText: title }).locator('.workbench-figure__value');
    const before = Number(await figure('我的待办').innerText());
    expect(before).toBeGreaterThan(0);
    expect(Number(await figure('已逾期').innerText())).toBeGreaterThanOrEqual(1);
    // 访问统计: the last seven days as bars (the sign-ins of this run count as today's visits).
    const visits = user.locator('.visits-card');
    await expect.poll(() => visits.getByRole('listitem').count()).toBe(7);
    await expect
      .poll(async () => Number(await visits.locator('.visits-card__totals b').first().innerText()))
      .toBeGreaterThan(0);
    const tab = user.getByRole('tab', { name: /我的待办\(\d+\)/ });
    expect(await tab.innerText()).toBe(`我的待办(${before})`);

    const made = await apiCall(admin, 'POST', '/sys/workOrder/add', {
      title: LIVE_TITLE,
      orderType: '3',
      priority: '3',
      charge: 'zhaolei',
      deadline: day(0),
    });
    expect(made.success).toBe(true);
    // No reload: the server's 'todo' socket message makes the workbench load again.
    await todoRow(user, LIVE_TITLE).waitFor();
    await expect.poll(() => figure('我的待办').innerText()).toBe(String(before + 1));
    await user.screenshot({ path: screenshotPath('workbench-todo.png') });

    await todoRow(user, LIVE_TITLE).click();
    await user.waitForURL(/\/HomePage\/DistributedDetails\/details\?id=[A-Za-z0-9]+$/);
  });
});

describe('待办中心 and the overdue mark', () => {
  it('我负责的 marks the late order; 待办中心 lists 待办 and 已办 in tabs and opens a row', async () => {
    const list = user.locator('.zj-list');
    const row = (text: string) => list.locator('.ant-table-row', { hasText: text });
    await user.goto(`${h.baseUrl}/workOrder/myCharge`);
    await row(LATE_TITLE).waitFor();
    expect(await row(LATE_TITLE).getAttribute('class')).toContain('zj-row-mark--danger');
    expect(await row(LATE_TITLE).innerText()).toContain('已逾期');
    // Due today is not late.
    expect(await row(LIVE_TITLE).getAttribute('class')).not.toContain('zj-row-mark');
    await user.screenshot({ path: screenshotPath('workorder-overdue-mark.png') });

    await user.goto(`${h.baseUrl}/HomePage/todoCenter`);
    await row(LIVE_TITLE).waitFor();
    await expect.poll(() => row(LATE_TITLE).innerText()).toContain('已逾期');
    expect(await row(LATE_TITLE).getAttribute('class')).toContain('zj-row-mark--danger');
    await user.screenshot({ path: screenshotPath('todo-center.png') });
    // A finished order moves to 已办.
    const id = (
      await apiCall<{ records: { id: string }[] }>(
        user,
        'GET',
        `/sys/todo/list?title=${encodeURIComponent(LATE_TITLE)}`,
      )
    ).result.records[0].id;
    expect((await apiCall(user, 'PUT', '/sys/workOrder/accept', { id })).success).toBe(true);
    expect((await apiCall(user, 'PUT', '/sys/workOrder/finish', { id })).success).toBe(true);
    await user.getByRole('tab', { name: '已办', exact: true }).click();
    await row(LATE_TITLE).waitFor();
    expect(await row(LATE_TITLE).innerText()).toContain('已完成');
    await user.getByRole('tab', { name: '待办', exact: true }).click();
    await row(LIVE_TITLE).locator('.zj-action--open').click();
    await user.waitForURL(/\/HomePage\/DistributedDetails\/details\?id=[A-Za-z0-9]+$/);
  });
});
