/**
 * Work orders in the browser (docs/modules/workorder.md): the admin launches an order for zhaolei
 * through 新增 on 我发起的 and sees it there; zhaolei signs in, finds it under 我负责的, accepts it
 * (接收), sees none of the launcher's links (撤回 / 关闭), and the server refuses them when called anyway.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  dismissNotifications,
  screenshotPath,
  signIn,
  STAFF_PASSWORD,
  startHarness,
  type Harness,
} from './harness';
import { addRows, adminPage, apiCall, openOption, spaced } from './render-list-helpers';

let h: Harness;
let admin: Page;
let user: Page;

const TITLE = '二号楼会议室投影仪无法开机';

/** YYYY-MM-DD `days` from today (the browser and the server share the machine's clock). */
function day(days: number): string {
  const d = new Date(Date.now() + days * 24 * 3600 * 1000 + 8 * 3600 * 1000);
  return d.toISOString().slice(0, 10);
}

beforeAll(async () => {
  h = await startHarness();
  admin = await adminPage(h);
  // A few orders around the one the test launches, so the lists look like a working desk.
  await addRows(admin, '/sys/workOrder', [
    { title: '接待中心贵宾室茶歇准备', orderType: '1', priority: '2', charge: 'zhaolei', deadline: day(2) },
    { title: '新员工电脑及账号开通', orderType: '5', priority: '1', charge: 'zhaolei', deadline: day(5) },
    { title: '季度经营分析会会场布置', orderType: '2', priority: '3', charge: 'chenjing', deadline: day(1) },
  ]);
});
afterAll(async () => {
  await h?.close();
});
afterEach(async (context) => {
  if (context.task.result?.state === 'fail') {
    await admin?.screenshot({ path: '.tmp/workorder-fail-admin.png' }).catch(() => undefined);
    await user?.screenshot({ path: '.tmp/workorder-fail-user.png' }).catch(() => undefined);
  }
});

const rowOf = (page: Page, text: string) => page.locator('.zj-list .ant-table-row', { hasText: text });
const toast = (page: Page, text: string) => page.locator('.ant-message-notice', { hasText: text });

async function pickUser(page: Page, form: Locator, label: string, depart: string, username: string) {
  await form.getByLabel(label).click();
  const picker = page.getByRole('dialog', { name: '选择用户' });
  await picker.locator('.ant-tree-title', { hasText: new RegExp(`^${depart}$`) }).click();
  await picker.locator('.ant-table-row', { hasText: username }).click();
  await picker.getByRole('button', { name: spaced('确定') }).click();
  await picker.waitFor({ state: 'detached' });
}

describe('work-order lists', () => {
  it('launches an order for another user through 新增 on 我发起的', async () => {
    await admin.goto(`${h.baseUrl}/workOrder/myLaunch`);
    await rowOf(admin, '新员工电脑及账号开通').waitFor();
    await admin.getByRole('button', { name: '新增' }).click();
    const form = admin.getByRole('dialog', { name: '新增' });
    await form.getByLabel('工单标题').fill(TITLE);
    await form.getByLabel('工单类型').click();
    await openOption(admin, '设备维修').click();
    await form.getByText('紧急', { exact: true }).click();
    await pickUser(admin, form, '负责人', '技术部', 'zhaolei');
    await expect.poll(() => form.getByLabel('负责人').inputValue()).toBe('赵磊');
    await form.getByLabel('截止日期').fill(day(3));
    await form.getByLabel('截止日期').press('Enter');
    await form
      .locator('.ant-modal-footer')
      .getByRole('button', { name: spaced('确定') })
      .click();
    await toast(admin, '添加成功！').last().waitFor();
    const row = rowOf(admin, TITLE);
    await row.waitFor();
    await expect
      .poll(() => row.innerText())
      .toMatch(/WO\d{8}-\d{4}[\s\S]*待接收[\s\S]*赵磊[\s\S]*管理员[\s\S]*设备维修[\s\S]*紧急/);
    // The launcher may withdraw or close it, but accepting is the person in charge's.
    await expect.poll(() => row.locator('.zj-transition--withdraw').count()).toBe(1);
    expect(await row.locator('.zj-transition--accept').count()).toBe(0);
    await dismissNotifications(admin).catch(() => undefined);
    await admin.screenshot({ path: screenshotPath('workorder-my-launch.png') });
  });

  it('shows it to the person in charge under 我负责的, who accepts it and may not close it', async () => {
    user = await h.newPage();
    user.setDefaultTimeout(15_000);
    await signIn(user, h.baseUrl, { username: 'zhaolei', password: STAFF_PASSWORD });
    await user.goto(`${h.baseUrl}/workOrder/myCharge`);
    const row = rowOf(user, TITLE);
    await row.waitFor();
    // Not this user's: the others' orders and the launcher's links.
    expect(await rowOf(user, '季度经营分析会会场布置').count()).toBe(0);
    expect(await row.locator('.zj-transition--withdraw, .zj-transition--close').count()).toBe(0);
    await row.locator('.zj-transition--accept').click();
    await user
      .locator('.ant-popconfirm')
      .getByRole('button', { name: spaced('确定') })
      .click();
    await toast(user, '已接收！').last().waitFor();
    await expect.poll(() => row.innerText()).toContain('处理中');
    await expect.poll(() => row.locator('.zj-transition--finish').count()).toBe(1);

    const id = (
      await apiCall<{ records: { id: string; title: string }[] }>(
        user,
        'GET',
        `/sys/workOrder/list?type=1&title=${encodeURIComponent(TITLE)}`,
      )
    ).result.records[0].id;
    expect(await apiCall(user, 'PUT', '/sys/workOrder/close', { id })).toMatchObject({
      success: false,
      message: '只有工单发起人可以关闭工单',
    });
    expect(await apiCall(user, 'GET', '/sys/workOrder/list')).toMatchObject({ success: false });
    await dismissNotifications(user).catch(() => undefined);
    await user.screenshot({ path: screenshotPath('workorder-my-charge.png') });
  });
});
