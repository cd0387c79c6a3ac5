/**
 * Leave through the approval flow in the browser (docs/modules/workflow.md): the staff member
 * chenjing files a 2-day leave in 请假 (the days computed by the server) and submits it; her
 * department manager zhangwei finds it in 我的待办 and approves it with a comment; chenjing sees
 * 已通过 in 请假 and the history in 我发起的 → 审批记录. All screens are declared (schemas/flow).
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screenshotPath, signInFast, startHarness, STAFF_PASSWORD, type Harness } from './harness';
import { spaced } from './render-list-helpers';

let h: Harness;
let staff: Page;
let mgr: Page;

const REASON = '家中老人住院，需陪护两天';
const row = (page: Page, text: string) => page.locator('.zj-list .ant-table-row', { hasText: text });
const dialog = (page: Page, title: string) => page.getByRole('dialog', { name: title });
const item = (d: Locator, label: string) => d.locator('.ant-form-item', { hasText: label }).first();
const toast = (page: Page, text: string) => page.locator('.ant-message-notice', { hasText: text });

async function person(username: string, target: string): Promise<Page> {
  const page = await h.newPage({ width: 1440, height: 900 });
  page.setDefaultTimeout(15_000);
  await signInFast(page, h.baseUrl, { username, password: STAFF_PASSWORD, tenantId: 1, target });
  return page;
}

async function pickDate(page: Page, d: Locator, label: string, value: string): Promise<void> {
  const input = item(d, label).locator('.ant-picker input');
  await input.click();
  await input.fill(value);
  await input.press('Enter');
  await expect.poll(() => input.inputValue()).toBe(value);
  await page.keyboard.press('Escape').catch(() => undefined);
}

beforeAll(async () => {
  h = await startHarness();
});

afterAll(async () => {
  await h?.close();
});

let step = 0;
afterEach(async (ctx) => {
  step += 1;
  if (ctx.task.result?.state === 'fail') {
    await staff?.screenshot({ path: `.tmp/workflow-fail-${step}-staff.png` });
    await mgr?.screenshot({ path: `.tmp/workflow-fail-${step}-mgr.png` });
  }
});

describe('a leave through approval', () => {
  it('the staff member files a 2-day leave and submits it', async () => {
    staff = await person('chenjing', '/flow/leave');
    await staff
      .locator('.zj-list__toolbar')
      .getByRole('button', { name: spaced('新增') })
      .click();
    const d = dialog(staff, '新增');
    await item(d, '请假类型').locator('.ant-select').click();
    await staff.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '事假' }).click();
    await pickDate(staff, d, '开始日期', '2026-12-07');
    await pickDate(staff, d, '结束日期', '2026-12-08');
    await d.getByLabel('请假事由').fill(REASON);
    await d.getByRole('button', { name: spaced('确定') }).click();
    await d.waitFor({ state: 'detached' });
    const mine = row(staff, '2026-12-07');
    await expect.poll(() => mine.innerText()).toContain('草稿');
    expect(await mine.innerText()).toMatch(/\b2\b/);

    await mine.getByText('提交审批').click();
    await staff
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: spaced('确定') })
      .click();
    await toast(staff, '提交成功').waitFor();
    await staff.locator('.ant-modal-confirm').waitFor({ state: 'detached' });
    await expect.poll(() => mine.innerText()).toContain('审批中');
    expect(await mine.innerText()).toContain('部门经理审批');
    await staff.screenshot({ path: screenshotPath('workflow-leave.png') });
  });

  it('the department manager approves it from 我的待办 with a comment', async () => {
    mgr = await person('zhangwei', '/flow/todo');
    const task = row(mgr, '陈静的请假申请（2天）');
    await task.waitFor();
    expect(await task.innerText()).toContain('部门经理审批');
    await mgr.screenshot({ path: screenshotPath('workflow-todo.png') });
    await task.getByText('同意').click();
    const d = dialog(mgr, '同意');
    await d.getByLabel('审批意见').fill('同意，请做好工作交接');
    await d.getByRole('button', { name: spaced('确定') }).click();
    await toast(mgr, '审批成功').waitFor();
    await expect.poll(() => row(mgr, '陈静的请假申请（2天）').count()).toBe(0);
  });

  it('the staff member sees 已通过 and the history', async () => {
    await staff.reload();
    await expect.poll(() => row(staff, '2026-12-07').innerText()).toContain('已通过');
    await staff.goto(`${h.baseUrl}/flow/mySend`);
    const mine = row(staff, '陈静的请假申请（2天）');
    await expect.poll(() => mine.innerText()).toContain('已通过');
    await mine.getByText('审批记录').click();
    const d = dialog(staff, '审批记录');
    await d.locator('.ant-table-row', { hasText: '同意，请做好工作交接' }).waitFor();
    const text = await d.innerText();
    expect(text).toContain('提交');
    expect(text).toContain('张伟');
    expect(text).toContain('结束');
    await staff.screenshot({ path: screenshotPath('workflow-history.png') });
  });
});
