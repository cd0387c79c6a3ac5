/**
 * 抄送 and 催办 in the browser (docs/modules/workflow.md, "Slice 5b"): the manager zhangwei copies
 * chenjing's leave from 我的待办 to zhaolei with a note; zhaolei finds it bold (未读) in 我的抄送,
 * opens it and it reads 已读; chenjing urges it from 我发起的 and zhangwei, online, gets the
 * reminder modal whose 去处理 opens 我的待办; chenjing's 我的流程统计 shows the figures and the chart.
 * All screens are declared (schemas/flow).
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screenshotPath, signInFast, startHarness, STAFF_PASSWORD, type Harness } from './harness';
import { apiCall, spaced } from './render-list-helpers';

let h: Harness;
let staff: Page;
let mgr: Page;
let colleague: Page;

const TITLE = '陈静的请假申请（3天）';
const NOTE = '下周项目排期请知悉';
const row = (page: Page, text: string) => page.locator('.zj-list .ant-table-row', { hasText: text });
const dialog = (page: Page, title: string) => page.getByRole('dialog', { name: title });
const toast = (page: Page, text: string) => page.locator('.ant-message-notice', { hasText: text });

async function person(username: string, target: string): Promise<Page> {
  const page = await h.newPage({ width: 1440, height: 900 });
  page.setDefaultTimeout(15_000);
  await signInFast(page, h.baseUrl, { username, password: STAFF_PASSWORD, tenantId: 1, target });
  return page;
}

/** A row link, inline or folded into 更多. */
async function rowAction(page: Page, line: Locator, name: string): Promise<void> {
  const inline = line.getByRole('button', { name: spaced(name), exact: false });
  if (await inline.count()) {
    await inline.first().click();
    return;
  }
  await line.getByRole('button', { name: spaced('更多') }).click();
  await page.locator('.ant-dropdown').getByRole('menuitem', { name, exact: true }).click();
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
  if (ctx.task.result?.state === 'fail')
    for (const [name, page] of [
      ['staff', staff],
      ['mgr', mgr],
      ['colleague', colleague],
    ] as const)
      await page?.screenshot({ path: `.tmp/workflow-copy-urge-fail-${step}-${name}.png` });
});

describe('抄送 and 催办', () => {
  it('the manager copies a waiting leave to a colleague from 我的待办', async () => {
    staff = await person('chenjing', '/flow/mySend');
    const added = await apiCall(staff, 'POST', '/process/leave/add', {
      leaveType: '1',
      startDate: '2026-12-21',
      startHalf: '1',
      endDate: '2026-12-23',
      endHalf: '2',
      reason: '回老家办理户口迁移',
    });
    expect(added.success).toBe(true);
    const list = await apiCall<{ records: { id: string; reason: string }[] }>(
      staff,
      'GET',
      '/process/leave/list?type=1&pageSize=50',
    );
    const leave = list.result.records.find((r) => r.reason === '回老家办理户口迁移')!;
    expect((await apiCall(staff, 'PUT', '/process/leave/startProcess', { id: leave.id })).success).toBe(true);

    mgr = await person('zhangwei', '/flow/todo');
    const task = row(mgr, TITLE);
    await task.waitFor();
    await rowAction(mgr, task, '抄送');
    const d = dialog(mgr, '抄送给同事');
    await d.locator('.ant-form-item', { hasText: '抄送给' }).first().locator('input').first().click();
    const picker = dialog(mgr, '选择用户');
    await picker.getByPlaceholder('请输入用户账号').fill('zhaolei');
    await picker.getByRole('button', { name: spaced('查询') }).click();
    await picker.locator('.ant-table-row', { hasText: 'zhaolei' }).click();
    await picker.getByRole('button', { name: spaced('确定') }).click();
    await picker.waitFor({ state: 'detached' });
    await d.getByLabel('抄送说明').fill(NOTE);
    await d.getByRole('button', { name: spaced('确定') }).click();
    await toast(mgr, '抄送成功').waitFor();
    await d.waitFor({ state: 'detached' });
  });

  it('the colleague sees it bold (未读) in 我的抄送; opening it marks it 已读', async () => {
    colleague = await person('zhaolei', '/flow/copy');
    const mine = row(colleague, TITLE);
    await mine.waitFor();
    expect(await mine.innerText()).toContain(NOTE);
    expect(await mine.innerText()).toContain('张伟');
    await expect.poll(() => mine.getAttribute('class')).toContain('zj-row-mark--strong');
    await colleague.screenshot({ path: screenshotPath('workflow-copy.png') });
    await mine.getByRole('button', { name: '详情', exact: true }).click();
    const detail = colleague.getByRole('dialog').filter({ hasText: NOTE });
    await detail.waitFor();
    expect(await detail.innerText()).toContain('部门经理审批');
    await colleague.keyboard.press('Escape');
    await detail.waitFor({ state: 'detached' });
    await colleague.reload();
    const read = row(colleague, TITLE);
    await expect.poll(() => read.innerText()).toContain('已读');
    await expect.poll(() => read.getAttribute('class')).not.toContain('zj-row-mark--strong');
    // Read-only history: the copy is in it.
    await rowAction(colleague, read, '审批记录');
    const history = dialog(colleague, '审批记录');
    await history.locator('.ant-table-row', { hasText: '抄送给赵磊' }).waitFor();
  });

  it('the starter urges it from 我发起的; the manager gets the reminder and 去处理 opens 我的待办', async () => {
    await mgr.goto(`${h.baseUrl}/flow/done`);
    await staff.reload();
    const mine = row(staff, TITLE);
    await mine.waitFor();
    await rowAction(staff, mine, '催办');
    const d = dialog(staff, '催办当前处理人');
    await d.getByLabel('催办内容').fill('下周一出发，麻烦尽快审批');
    await d.getByRole('button', { name: spaced('确定') }).click();
    await toast(staff, '已催办张伟').waitFor();
    await d.waitFor({ state: 'detached' });

    const reminder = dialog(mgr, '消息提醒');
    await reminder.waitFor({ timeout: 20_000 });
    const text = await reminder.innerText();
    expect(text).toContain(`流程催办：${TITLE}`);
    expect(text).toContain('陈静');
    expect(text).toContain('下周一出发，麻烦尽快审批');
    // Once the modal's opening animation is over.
    await mgr.waitForFunction(() => !document.querySelector('.ant-modal-wrap [class*="ant-zoom-"]'));
    await mgr.screenshot({ path: screenshotPath('workflow-urge.png') });
    await reminder.getByRole('button', { name: spaced('去处理') }).click();
    await expect.poll(() => new URL(mgr.url()).pathname).toBe('/flow/todo');
    await row(mgr, TITLE).waitFor();

    // A second urge at once is refused in Chinese.
    await rowAction(staff, mine, '催办');
    const again = dialog(staff, '催办当前处理人');
    await again.getByRole('button', { name: spaced('确定') }).click();
    await staff.getByText('您已催办过该流程，请10分钟后再催办').first().waitFor();
  });

  it('the starter reads 我的流程统计: by process with the 合计 row, the chart above', async () => {
    await staff.goto(`${h.baseUrl}/flow/stats`);
    const total = row(staff, '（合计）');
    await total.waitFor();
    const leave = row(staff, '请假审批');
    // At least the leave filed here, still 审批中.
    await expect.poll(() => leave.innerText()).toMatch(/请假审批\s+[1-9]\d*\s+[1-9]/);
    await staff.locator('.zj-list-chart canvas').waitFor();
    await staff.screenshot({ path: screenshotPath('workflow-stats.png') });
    await staff.getByRole('tab', { name: '近30天' }).click();
    await expect.poll(() => staff.locator('.zj-list .ant-table-row').count()).toBe(30);
  });
});
