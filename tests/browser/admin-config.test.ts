/**
 * The rest of 系统管理 as an admin sees it (issue 10): every new screen opens with its demo rows
 * (a picture of each in docs/screenshots/), a tenant's users, 测试连接 on a data source, a setting
 * refused by its type, the 图标 screen copying a name, and an icon picked in the 菜单权限 form that
 * then shows in the side menu.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorsOf, screenshotPath, startHarness, type Harness } from './harness';
import { adminPage, apiCall, closeForm, spaced } from './render-list-helpers';

let h: Harness;
let page: Page;

beforeAll(async () => {
  h = await startHarness();
  page = await adminPage(h);
  await page.setViewportSize({ width: 1440, height: 900 });
});
afterAll(async () => {
  await h?.close();
});

const row = (text: string) => page.locator('.zj-list .ant-table-row', { hasText: text });
const toast = (text: string | RegExp) => page.locator('.ant-message-notice', { hasText: text });

/** Opens a menu path and waits for a row holding `text`. */
async function open(path: string, text: string): Promise<void> {
  await page.goto(`${h.baseUrl}${path}`);
  await row(text).first().waitFor();
  await page.waitForLoadState('networkidle');
  await expect.poll(() => page.locator('.zj-list .ant-spin-spinning').count()).toBe(0);
}

describe('the screens open with their demo rows', () => {
  it.each([
    ['/system/tenant', '智慧接待示范单位', 'admin-tenant.png'],
    ['/system/config', 'login.maxFailures', 'admin-sys-config.png'],
    ['/version/list', 'v1.3.0', 'admin-version.png'],
    ['/version/reminder', '启用', 'admin-version-reminder.png'],
    ['/customer/mailList', '周建国', 'admin-mail-list.png'],
    ['/system/checkRule', '通用编码规则', 'admin-check-rule.png'],
    ['/system/fillRule', 'project_no', 'admin-fill-rule.png'],
    ['/system/dataSource', 'report_replica', 'admin-data-source.png'],
    ['/system/gatewayRoute', 'reception-api', 'admin-gateway-route.png'],
    ['/system/transitTarget', '天气开放接口', 'admin-transit-target.png'],
    ['/system/role', 'manager', 'admin-roles.png'],
  ])('%s', async (path, text, picture) => {
    await open(path, text);
    await page.screenshot({ path: screenshotPath(picture) });
  });
});

describe('what the screens do', () => {
  it('租户管理: 用户 lists a tenant’s users', async () => {
    await open('/system/tenant', '分支机构');
    await row('分支机构')
      .getByRole('button', { name: spaced('用户') })
      .click();
    const dialog = page.getByRole('dialog', { name: '用户' });
    await dialog.getByRole('tab', { name: /租户用户\(1\)/ }).waitFor();
    await dialog.locator('.ant-table-row', { hasText: 'admin' }).waitFor();
    await page.screenshot({ path: screenshotPath('admin-tenant-users.png') });
    await dialog
      .locator('.ant-modal-footer')
      .getByRole('button', { name: spaced('关闭') })
      .click();
  });

  it('数据源管理: 测试连接 answers one message for every failure (no port scanner)', async () => {
    const added = await apiCall(page, 'POST', '/sys/dataSource/add', {
      code: 'closed_port',
      name: '未启动的数据库',
      host: '127.0.0.1',
      port: 1,
      databaseName: 'nothing',
      username: 'nobody',
    });
    expect(added.success).toBe(true);
    await open('/system/dataSource', 'closed_port');
    await row('closed_port')
      .getByRole('button', { name: spaced('测试连接') })
      .click();
    // After the connect timeout (5 s) whatever the reason, so a closed port reads as a slow one.
    await toast('连接失败，请检查数据源的主机、端口、数据库、用户名和密码').waitFor({ timeout: 20_000 });
    // The password never reaches the page: the edit form's field starts empty.
    await row('closed_port')
      .getByRole('button', { name: spaced('编辑') })
      .click();
    const form = page.getByRole('dialog', { name: '编辑' });
    await expect.poll(() => form.getByLabel('数据源名称').inputValue()).toBe('未启动的数据库');
    expect(await form.getByLabel('密码').inputValue()).toBe('');
    await closeForm(form);
  });

  it('系统配置: a value that does not fit its type is refused with the reason', async () => {
    await open('/system/config', 'login.maxFailures');
    await row('login.maxFailures')
      .getByRole('button', { name: spaced('编辑') })
      .click();
    const form = page.getByRole('dialog', { name: '编辑' });
    await form.getByLabel('配置值').fill('abc');
    await form.getByRole('button', { name: spaced('确定') }).click();
    // The form keeps the dialog open and says the server's reason above its fields.
    await form.getByText('配置值必须是数字').waitFor();
    await closeForm(form);
  });

  it('图标: searching and clicking copies the icon’s name', async () => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: h.baseUrl });
    await page.goto(`${h.baseUrl}/system/icon`);
    const grid = page.getByRole('list', { name: '图标列表' });
    await grid.getByRole('listitem').first().waitFor();
    expect(await grid.getByRole('listitem').count()).toBeGreaterThan(300);
    await page.getByLabel('搜索图标').fill('设置');
    await grid.getByRole('listitem', { name: 'SettingOutlined', exact: true }).waitFor();
    await page.screenshot({ path: screenshotPath('admin-icons.png') });
    await grid.getByRole('listitem', { name: 'SettingOutlined', exact: true }).click();
    await toast('已复制：SettingOutlined').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('SettingOutlined');
  });

  it('an icon picked in the 菜单权限 form shows in the side menu', async () => {
    await open('/system/permission', '版本管理');
    await row('版本管理')
      .first()
      .getByRole('button', { name: spaced('编辑') })
      .click();
    const form = page.getByRole('dialog', { name: '编辑' });
    await expect.poll(() => form.getByLabel('菜单图标').inputValue()).toBe('TagsOutlined');
    await form.getByRole('button', { name: spaced('选择图标') }).click();
    const picker = page.getByRole('dialog', { name: '选择图标' });
    await picker.getByLabel('搜索图标').fill('rocket');
    await picker.getByRole('listitem', { name: 'RocketOutlined', exact: true }).waitFor();
    await page.screenshot({ path: screenshotPath('admin-icon-picker.png') });
    await picker.getByRole('listitem', { name: 'RocketOutlined', exact: true }).click();
    await picker.waitFor({ state: 'detached' });
    expect(await form.getByLabel('菜单图标').inputValue()).toBe('RocketOutlined');
    await form.getByRole('button', { name: spaced('确定') }).click();
    await form.waitFor({ state: 'detached' });
    await expect.poll(() => row('版本管理').first().innerText()).toContain('RocketOutlined');
    // The menu is read at sign-in / page load: after a reload the group shows the new icon.
    await page.reload();
    const item = page.locator('.ant-menu-submenu-title', { hasText: '版本管理' });
    await item.locator('.anticon-rocket').waitFor();
    await item.screenshot({ path: screenshotPath('admin-menu-icon.png') });
    expect(errorsOf(page)).toEqual([]);
  });
});
