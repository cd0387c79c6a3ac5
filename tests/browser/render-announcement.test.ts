/**
 * 通知公告 as a declaration over hand-written routes (schemas/system/announcement.json, "routes":
 * "external"): admin opens it from the menu, adds an announcement to a department (the 指定部门
 * field appears only for that recipient type), it lists as 未发布, 发布 asks its confirmation and
 * sends GET doReleaseData?id=, the row turns 已发布 and offers 撤销 instead. A staff account does not
 * see the menu.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dismissNotifications,
  errorsOf,
  screenshotPath,
  signIn,
  STAFF_PASSWORD,
  startHarness,
  type Harness,
} from './harness';
import { adminPage, openOption, spaced } from './render-list-helpers';

const TITLE = '关于年终总结会议的通知';

let h: Harness;
let page: Page;

beforeAll(async () => {
  h = await startHarness();
});

afterAll(async () => {
  await h?.close();
});

const row = (text: string) => page.locator('.zj-list .ant-table-row', { hasText: text });
const toast = (text: string) => page.locator('.ant-message-notice', { hasText: text });
/** A form item by its label (the radio option 指定部门 and the field 指定部门 share a text). */
const formItem = (dialog: Locator, label: string) =>
  dialog.locator('.ant-form-item').filter({ has: page.locator(`label[title="${label}"]`) });

describe('通知公告 (admin)', () => {
  it('opens from the menu as a declared list', async () => {
    page = await adminPage(h);
    const menu = page.getByRole('navigation', { name: '主菜单' });
    await menu.getByText('系统管理').click();
    await menu.getByText('通知公告').click();
    await page.waitForURL(`${h.baseUrl}/system/announcement`);
    await page.locator('.zj-list').waitFor();
    await page.locator('.zj-list .ant-table-thead', { hasText: '发布状态' }).waitFor();
  });

  it('adds an announcement to a department (指定部门 shows only for that type)', async () => {
    await dismissNotifications(page).catch(() => undefined);
    await page.getByRole('button', { name: '新增' }).click();
    const dialog = page.getByRole('dialog', { name: '新增' });
    await dialog.getByLabel('标题').fill(TITLE);
    await dialog.getByLabel('消息分类').click();
    await openOption(page, '每日工作').click();
    expect(await formItem(dialog, '指定部门').count()).toBe(0);
    await dialog.locator('.ant-radio-wrapper', { hasText: '指定部门' }).click();
    await formItem(dialog, '指定部门').waitFor();
    expect(await formItem(dialog, '指定用户').count()).toBe(0);

    await formItem(dialog, '指定部门').locator('input').first().click();
    const picker = page.getByRole('dialog', { name: '选择部门' });
    await picker.getByPlaceholder('请输入部门名称按回车进行搜索').fill('研发组');
    await picker.getByPlaceholder('请输入部门名称按回车进行搜索').press('Enter');
    await picker.locator('.ant-tree-treenode', { hasText: '研发组' }).locator('.ant-tree-checkbox').click();
    await picker.getByRole('button', { name: spaced('确定') }).click();
    await picker.waitFor({ state: 'detached' });
    await expect
      .poll(() => formItem(dialog, '指定部门').locator('input').first().inputValue())
      .toBe('研发组');

    const editor = dialog.getByRole('textbox', { name: '内容' });
    await editor.click();
    await page.keyboard.type('请各部门于本周五前提交年终总结。');
    const added = page.waitForRequest(
      (r) => r.method() === 'POST' && r.url().includes('/sys/annountCement/add'),
    );
    await dialog
      .locator('.ant-modal-footer')
      .getByRole('button', { name: spaced('确定') })
      .click();
    const body = (await added).postDataJSON() as Record<string, unknown>;
    expect(body).toMatchObject({ titile: TITLE, msgCategory: '4', msgType: 'DEPART' });
    expect(String(body.departIds)).toMatch(/\S/);
    await toast('添加成功！').last().waitFor();
    await dialog.waitFor({ state: 'detached' });
    await row(TITLE).waitFor();
    expect(await row(TITLE).innerText()).toContain('未发布');
    expect(await row(TITLE).innerText()).toContain('指定部门');
    await row(TITLE).getByRole('button', { name: '发布' }).waitFor();
    expect(await row(TITLE).getByRole('button', { name: '撤销' }).count()).toBe(0);
  });

  it('发布 asks its confirmation, sends GET ?id= and gives way to 撤销 (announcement-admin.png)', async () => {
    await row(TITLE).getByRole('button', { name: '发布' }).click();
    const released = page.waitForRequest(
      (r) => r.method() === 'GET' && r.url().includes('/sys/annountCement/doReleaseData'),
    );
    await page
      .locator('.ant-popconfirm', { hasText: '确定发布该公告吗?' })
      .getByRole('button', { name: spaced('确定') })
      .click();
    expect(new URL((await released).url()).searchParams.get('id')).toBeTruthy();
    await toast('该系统通知发布成功').waitFor();
    await expect.poll(() => row(TITLE).innerText()).toContain('已发布');
    await row(TITLE).getByRole('button', { name: '撤销' }).waitFor();
    expect(await row(TITLE).getByRole('button', { name: '发布' }).count()).toBe(0);
    expect(await row(TITLE).innerText()).toContain('管理员');
    await page.mouse.move(0, 0);
    await page.waitForTimeout(300);
    await page.screenshot({ path: screenshotPath('announcement-admin.png') });
    expect(errorsOf(page)).toEqual([]);
  });
});

describe('通知公告 (staff)', () => {
  it('is not in a staff account menu', async () => {
    page = await h.newPage();
    page.setDefaultTimeout(15_000);
    await signIn(page, h.baseUrl, { username: 'chenjing', password: STAFF_PASSWORD });
    const menu = page.getByRole('navigation', { name: '主菜单' });
    await menu.waitFor();
    await page.waitForLoadState('networkidle');
    expect(await menu.getByText('通知公告').count()).toBe(0);
    expect(await menu.getByText('系统管理').count()).toBe(0);
  });
});
