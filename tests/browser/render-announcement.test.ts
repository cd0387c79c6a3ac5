/**
 * 通知公告 as a declaration over hand-written routes (schemas/system/announcement.json, "routes":
 * "external"): admin opens it from the menu, adds an announcement to a department (the 指定部门
 * field appears only for that recipient type), it lists as 未发布, 发布 asks its confirmation and
 * sends GET doReleaseData?id=, the row turns 已发布 and offers 撤销 instead. The declared view 阅读统计
 * (GET readStatistics?id=) then lists the department's members as 未读; once one of them reads it
 * (over the API, with their own token) they move to 已读 with the time. A staff account does not
 * see the menu.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CAPTCHA,
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
/** The announcement's id, from the 发布 request. */
let announcementId = '';

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
    announcementId = new URL((await released).url()).searchParams.get('id') ?? '';
    expect(announcementId).toBeTruthy();
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

interface Answer<T> {
  success: boolean;
  message: string;
  result: T;
}

/** Signs a user in over the API, as any client would; returns the headers of their requests. */
async function apiHeaders(username: string, password: string): Promise<Record<string, string>> {
  const checkKey = `a${Date.now()}`;
  await (await fetch(`${h.baseUrl}/api/sys/randomImage/${checkKey}`)).arrayBuffer();
  const res = await fetch(`${h.baseUrl}/api/sys/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password, captcha: CAPTCHA, checkKey }),
  });
  const body = (await res.json()) as Answer<{ token: string; tenantList?: { id: number }[] }>;
  expect(body.success, body.message).toBe(true);
  return {
    'content-type': 'application/json',
    'X-Access-Token': body.result.token,
    'tenant-id': String(body.result.tenantList?.[0]?.id ?? 0),
  };
}

/** The realnames of the department the announcement went to (研发组), from the seeded data. */
async function departmentMembers(): Promise<string[]> {
  const rows = await h.server.database.db
    .selectFrom('sysUserDepart')
    .innerJoin('sysUser', 'sysUser.id', 'sysUserDepart.userId')
    .innerJoin('sysDepart', 'sysDepart.id', 'sysUserDepart.depId')
    .select('sysUser.realname')
    .where('sysDepart.departName', '=', '研发组')
    .execute();
  return rows.map((r) => r.realname);
}

/** Opens 阅读统计 of the row; checks the declared view's call (GET readStatistics?id=). */
async function openReadStatistics(): Promise<Locator> {
  const called = page.waitForRequest(
    (r) => r.method() === 'GET' && r.url().includes('/sys/annountCement/readStatistics'),
  );
  await row(TITLE).getByRole('button', { name: '阅读统计' }).click();
  expect(new URL((await called).url()).searchParams.get('id')).toBe(announcementId);
  const dialog = page.getByRole('dialog', { name: '阅读统计' });
  await dialog.locator('.ant-tabs').waitFor();
  return dialog;
}

const tab = (dialog: Locator, label: string) => dialog.getByRole('tab', { name: label });
/** The shown tab's panel (hidden panels of tabs visited before stay in the DOM). */
const pane = (dialog: Locator) => dialog.getByRole('tabpanel');
const closeView = async (dialog: Locator) => {
  await dialog
    .locator('.ant-modal-footer')
    .getByRole('button', { name: spaced('关闭') })
    .click();
  await dialog.waitFor({ state: 'detached' });
};

describe('通知公告 阅读统计 (a declared row view)', () => {
  it('lists the department as 未读 and nobody as 已读', async () => {
    const members = await departmentMembers();
    expect(members.length).toBeGreaterThan(0);
    const dialog = await openReadStatistics();
    await tab(dialog, `未读(${members.length})`).waitFor();
    await tab(dialog, '已读(0)').waitFor();
    const unread = pane(dialog).locator('.ant-table-tbody .ant-table-row');
    await expect.poll(() => unread.count()).toBe(members.length);
    const text = await pane(dialog).innerText();
    for (const name of members) expect(text).toContain(name);
    expect(text).toContain('账号');
    expect(text).not.toContain('阅读时间');

    await tab(dialog, '已读(0)').click();
    await pane(dialog).locator('.ant-empty').waitFor();
    expect(await pane(dialog).innerText()).toContain('阅读时间');
    await closeView(dialog);
  });

  it('shows a member under 已读 with the time once they read it (announcement-read-stats.png)', async () => {
    const members = await departmentMembers();
    const reader = await h.server.database.db
      .selectFrom('sysUser')
      .select(['username', 'realname'])
      .where('username', '=', 'zhaolei')
      .executeTakeFirstOrThrow();
    expect(members).toContain(reader.realname);
    const headers = await apiHeaders(reader.username, STAFF_PASSWORD);
    const read = await fetch(`${h.baseUrl}/api/sys/notice/read`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ id: announcementId }),
    });
    const answer = (await read.json()) as Answer<unknown>;
    expect(answer.success, answer.message).toBe(true);

    const dialog = await openReadStatistics();
    await tab(dialog, `未读(${members.length - 1})`).waitFor();
    expect(await pane(dialog).innerText()).not.toContain(reader.realname);
    await tab(dialog, '已读(1)').click();
    const readRow = pane(dialog).locator('.ant-table-tbody .ant-table-row');
    await expect.poll(() => readRow.count()).toBe(1);
    const text = await readRow.innerText();
    expect(text).toContain(reader.realname);
    expect(text).toContain(reader.username);
    expect(text).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
    // The 发布 toast of the test before would otherwise sit over the dialog in the picture.
    await expect.poll(() => page.locator('.ant-message-notice').count(), { timeout: 10_000 }).toBe(0);
    await page.mouse.move(0, 0);
    await page.waitForTimeout(300);
    await page.screenshot({ path: screenshotPath('announcement-read-stats.png') });
    expect(errorsOf(page)).toEqual([]);
    await closeView(dialog);
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
