import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userId } from '../../server/db/seed/organisation.js';
import { errorsOf, screenshotPath, signInFast, STAFF_PASSWORD, startHarness, type Harness } from './harness';
import { expectMessage, setPasswordAge, stored, userMenu } from './shell-helpers';

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
  // The password states of spec section 4 (the server's limit is 90 days).
  await Promise.all([
    setPasswordAge(h, 'xuming', 100), // expired 10 days ago
    setPasswordAge(h, 'sunli', 88), // 2 days left
    setPasswordAge(h, 'majun', 10), // 80 days left
  ]);
});

afterAll(async () => {
  await h?.close();
});

const signIn = (page: Page, username: string) =>
  signInFast(page, h.baseUrl, { username, password: STAFF_PASSWORD });

const passwordDialog = (page: Page) => page.locator('.password-dialog');

describe('password expiry', () => {
  it('expired: a forced 修改密码 dialog with the expiry warning that cannot be dismissed', async () => {
    const page = await h.newPage({ shared: true });
    await signIn(page, 'xuming');
    const dialog = page.getByRole('dialog', { name: '修改密码' });
    await dialog.getByText('*密码已过期，修改密码后可使用!').waitFor();
    expect(await dialog.locator('.ant-modal-close').count()).toBe(0);
    expect(await dialog.getByRole('button', { name: '取消' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await page.mouse.click(10, 10);
    await page.waitForTimeout(300);
    expect(await dialog.isVisible()).toBe(true);
  });

  it('1 to 3 days left: the dialog opens by itself with the days left, and can be closed', async () => {
    const page = await h.newPage({ shared: true });
    await signIn(page, 'sunli');
    const dialog = page.getByRole('dialog', { name: '修改密码' });
    await dialog.getByText('*密码有效时间剩余2天，请尽快修改密码！').waitFor();
    await dialog.getByRole('button', { name: '取消' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('more than 3 days left: no dialog by itself, and none of the warnings from the menu', async () => {
    const page = await h.newPage({ shared: true });
    const expiryCheck = page.waitForResponse((res) => res.url().includes('/sys/user/getUserInfoByUserName'));
    await signIn(page, 'majun');
    await page.getByText('欢迎使用智慧接待平台').waitFor();
    // The shell asked for the days left (80) and decided not to open the dialog.
    expect(((await (await expiryCheck).json()) as { result: number }).result).toBe(80);
    await page.waitForTimeout(100);
    expect(await passwordDialog(page).count()).toBe(0);
    await userMenu(page, '修改密码');
    const dialog = page.getByRole('dialog', { name: '修改密码' });
    await dialog.getByPlaceholder('请输入旧密码').waitFor();
    expect(await dialog.getByRole('alert').count()).toBe(0);
    expect(await dialog.locator('.ant-modal-close').count()).toBe(1);
  });

  it('never changed: 修改初始密码, forced; the rules of the form, then a change that sticks (password-dialog.png)', async () => {
    const page = await h.newPage({ shared: true });
    await signIn(page, 'luoqian');
    const dialog = page.getByRole('dialog', { name: '修改初始密码' });
    await dialog.getByText('*首次登录，请设置您的个人密码!').waitFor();
    expect(await dialog.locator('.ant-modal-close').count()).toBe(0);
    await page.waitForTimeout(400);
    await page.screenshot({ path: screenshotPath('password-dialog.png') });

    await dialog.getByRole('button', { name: '确定' }).click();
    await dialog.getByText('请输入旧密码!').waitFor();
    await dialog.getByText('请输入新密码!').waitFor();
    await dialog.getByText('请确认新密码!').waitFor();
    await dialog.getByPlaceholder('请输入旧密码').fill(STAFF_PASSWORD);
    await dialog.getByPlaceholder('请输入新密码').fill('weak');
    await dialog.getByText('密码由8位数字、大小写字母和特殊符号组成!').waitFor();
    await dialog.getByPlaceholder('请输入新密码').fill(STAFF_PASSWORD);
    await dialog.getByText('旧密码不能与新密码一致！').waitFor();
    await dialog.getByPlaceholder('请输入新密码').fill('Luo@2024new');
    await dialog.getByPlaceholder('请确认新密码').fill('Luo@2024neW');
    await dialog.getByText('两次输入的密码不一样！').waitFor();
    await dialog.getByPlaceholder('请确认新密码').fill('Luo@2024new');
    await page.waitForTimeout(350);
    await dialog.getByRole('button', { name: '确定' }).click();
    await expectMessage(page, '密码修改成功！');
    await dialog.waitFor({ state: 'hidden' });
    const info = await stored<{ modifyTime: string | null }>(page, 'Login_Userinfo');
    expect(info?.value.modifyTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    await userMenu(page, '修改密码');
    await page.getByRole('dialog', { name: '修改密码' }).getByPlaceholder('请输入旧密码').waitFor();
    expect(errorsOf(page)).toEqual([]);
  });

  it('warns 当前系统无登录用户! when the session has no user name', async () => {
    const page = await h.newPage({ shared: true });
    await signIn(page, 'majun');
    // Before the app starts (the unload would write the name back from memory otherwise).
    await page.addInitScript(() => localStorage.removeItem('Login_Username'));
    await page.reload();
    await page.locator('.shell').waitFor();
    await userMenu(page, '修改密码');
    await expectMessage(page, '当前系统无登录用户!');
    expect(await passwordDialog(page).count()).toBe(0);
  });
});

describe('department switch', () => {
  it('switches between two departments; no choice marks the field; a double click is refused', async () => {
    const page = await h.newPage({ shared: true });
    await signIn(page, 'gaopeng');
    await page.getByText('当前部门：项目一组').waitFor();
    await userMenu(page, '切换部门');
    const dialog = page.getByRole('dialog', { name: '切换部门' });
    await dialog.waitFor();
    const modal = page.locator('.ant-modal').filter({ hasText: '切换部门' });
    await expect.poll(async () => Math.round((await modal.boundingBox())?.width ?? 0)).toBe(450);
    await dialog.locator('.ant-select').click();
    await page.locator('.ant-select-item-option', { hasText: '研发组' }).click();
    await dialog.getByRole('button', { name: '确定' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('当前部门：研发组').waitFor();
    expect((await stored<{ orgCode: string }>(page, 'Login_Userinfo'))?.value.orgCode).toBe('A01A03A01');

    await userMenu(page, '切换部门');
    await dialog.waitFor();
    await dialog.locator('.ant-select').hover();
    await dialog.locator('.ant-select-clear').click();
    await page.waitForTimeout(350);
    await dialog.getByRole('button', { name: '确定' }).click();
    await dialog.locator('.ant-form-item-has-error').getByText('请选择部门').waitFor();
    await page.waitForTimeout(350);
    await dialog.getByRole('button', { name: '确定' }).dblclick();
    await expectMessage(page, '你点击的太快了，请慢点点击!');
  });

  it('a user with one department sees it; a user without any gets 您尚未设置部门信息!', async () => {
    const page = await h.newPage({ shared: true });
    await signIn(page, 'chenjing');
    await userMenu(page, '切换部门');
    const dialog = page.getByRole('dialog', { name: '切换部门' });
    await dialog.locator('.ant-select-content', { hasText: '项目一组' }).waitFor();

    await h.server.database.db.deleteFrom('sysUserDepart').where('userId', '=', userId('hugang')).execute();
    const other = await h.newPage({ shared: true });
    await signIn(other, 'hugang');
    await userMenu(other, '切换部门');
    await expectMessage(other, '您尚未设置部门信息!');
    expect(await other.getByRole('dialog', { name: '切换部门' }).count()).toBe(0);
  });
});

describe('the rest of the user menu', () => {
  it('清理缓存 reloads the dictionaries for 15 days, and says so when it fails', async () => {
    const page = await h.newPage({ shared: true });
    await signIn(page, 'wangfang');
    await page.evaluate(() => localStorage.removeItem('UI_CACHE_DB_DICT_DATA'));
    await userMenu(page, '清理缓存');
    await expectMessage(page, '刷新缓存完成！');
    const dicts = await stored<Record<string, unknown[]>>(page, 'UI_CACHE_DB_DICT_DATA');
    expect(Object.keys(dicts?.value ?? {}).length).toBeGreaterThan(0);
    const days = ((dicts?.expire ?? 0) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(14.9);
    expect(days).toBeLessThanOrEqual(15);
    await page.route('**/api/sys/dict/refleshCache**', (route) => route.abort());
    await page.waitForTimeout(350);
    await userMenu(page, '清理缓存');
    await expectMessage(page, '刷新缓存失败！');
  });

  it('版本日志 lists the releases newest first, and 暂无版本信息 when there are none', async () => {
    const page = await h.newPage({ shared: true });
    await signIn(page, 'wangfang');
    await userMenu(page, '版本日志');
    const dialog = page.getByRole('dialog', { name: '版本日志' });
    // The banner's upcoming v1.3.0 heads the log, planned for a Saturday 22:00 (server/db/seed/versions.ts).
    await dialog.getByText('v1.3.0').waitFor();
    expect(await dialog.locator('.version-log__head strong').allInnerTexts()).toEqual([
      'v1.3.0',
      'v1.2.0',
      'v1.1.0',
      'v1.0.0',
    ]);
    await dialog
      .getByText(/\d{4}-\d{2}-\d{2} 22:00:00/)
      .first()
      .waitFor();
    await dialog.locator('.ant-modal-footer').getByRole('button', { name: '关闭' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.route('**/api/sys/version/listAll**', (route) =>
      route.fulfill({ json: { success: true, code: 200, message: '', result: [], timestamp: 0 } }),
    );
    await userMenu(page, '版本日志');
    await dialog.getByText('暂无版本信息').waitFor();
  });

  it('微信绑定 differs by openId; without the WeChat integration the menu says so', async () => {
    const page = await h.newPage({ shared: true });
    await signIn(page, 'yangqiang');
    await page.getByRole('button', { name: '用户菜单' }).click();
    const entry = page.getByRole('menuitem', { name: '绑定微信（未配置）' });
    await entry.waitFor();
    expect(await entry.getAttribute('aria-disabled')).toBe('true');

    await h.server.database.db
      .updateTable('sysUser')
      .set({ openId: 'o-test-openid' })
      .where('id', '=', userId('zhoujie'))
      .execute();
    const bound = await h.newPage({ shared: true });
    await signIn(bound, 'zhoujie');
    await userMenu(bound, '微信已绑定');
    const boundDialog = bound.getByRole('dialog', { name: '微信绑定' });
    await boundDialog.getByText('已绑定微信', { exact: true }).waitFor();
    // Binding another WeChat needs the integration too.
    expect(await boundDialog.getByRole('button', { name: '修改绑定' }).isDisabled()).toBe(true);
  });

  it('退出登录 clears every session key, keeps the preferences, ends the server session', async () => {
    const page = await h.newPage({ shared: true });
    await signIn(page, 'wangfang');
    await page.evaluate(() =>
      localStorage.setItem('DEFAULT_THEME', JSON.stringify({ value: 'dark', expire: null })),
    );
    const token = (await stored<string>(page, 'Access-Token'))?.value ?? '';
    await userMenu(page, '退出登录');
    await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
    await page.waitForURL((url) => url.pathname === '/user/login');
    // The standard edition's brand panel (LOGIN_PANEL_EDITION) is 600px wide.
    await expect
      .poll(async () => Math.round((await page.locator('.user-layout__panel').boundingBox())?.width ?? 0))
      .toBe(600);
    const keys = await page.evaluate(() => Object.keys(localStorage).sort());
    expect(keys).toEqual(['DEFAULT_THEME']);
    const res = await fetch(`${h.baseUrl}/api/sys/user/getCurrentUserDeparts`, {
      headers: { 'X-Access-Token': token },
    });
    expect(res.status).not.toBe(200);
  });
});
