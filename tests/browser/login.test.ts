import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dismissNotifications,
  errorsOf,
  ADMIN_PASSWORD,
  chooseTenant,
  notificationText,
  screenshotPath,
  signIn,
  STAFF_PASSWORD,
  startHarness,
  submitAccountForm,
  type Harness,
  WEB_DIR,
} from './harness';

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});

afterAll(async () => {
  await h?.close();
});

describe('sign-in page', () => {
  it('renders the account form with a captcha image, and looks right (login.png)', async () => {
    const page = await h.newPage();
    await page.goto(`${h.baseUrl}/user/login`);
    await expect.poll(() => page.title()).toBe('登录 · 智慧接待平台');
    await page.locator('.user-form__captcha img').waitFor();
    expect(await page.getByRole('tab', { name: '账号密码登录' }).isVisible()).toBe(true);
    expect(await page.getByRole('tab', { name: '手机号登录' }).isVisible()).toBe(true);
    expect(await page.getByText('自动登录').isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: '忘记密码' }).getAttribute('href')).toBe('/user/alteration');
    expect(await page.getByRole('link', { name: '注册账户' }).getAttribute('href')).toBe('/user/register');
    expect(await page.locator('.user-layout__panel').isVisible()).toBe(true);
    await page.screenshot({ path: screenshotPath('login.png') });
  });

  it('stays light: no signed-in shell code is downloaded for the sign-in page', async () => {
    const page = await h.newPage();
    const scripts: string[] = [];
    page.on('response', (res) => {
      const { pathname } = new URL(res.url());
      if (pathname.endsWith('.js')) scripts.push(pathname);
    });
    await page.goto(`${h.baseUrl}/user/login`);
    await page.locator('.user-form__captcha img').waitFor();
    await page.waitForLoadState('networkidle');
    const names = scripts.map((file) => path.basename(file));
    expect(
      names.filter((name) =>
        /^(BasicLayout|icon-map|SideMenu|GlobalLayout|TabLayout|MultiTabBar|DialogHost|PasswordDialog|DepartDialog|VersionLogDialog|WechatDialog|SettingDrawer|Workbench|TenantSelect|select|dropdown|drawer|ListRenderer)-/.test(
          name,
        ),
      ),
    ).toEqual([]);
    const gzip = scripts.reduce(
      (sum, file) => sum + zlib.gzipSync(fs.readFileSync(path.join(WEB_DIR, file))).length,
      0,
    );
    console.info(
      `sign-in page: ${scripts.length} scripts, ${(gzip / 1024).toFixed(1)} KiB gzip: ${names.join(' ')}`,
    );
    // react-dom + react-router are ~95 KiB of this; the budget catches a stray heavy import.
    expect(gzip).toBeLessThan(300 * 1024);
  });

  it('on a phone the brand panel gives way to the form (login-mobile.png)', async () => {
    const page = await h.newPage({ width: 390, height: 844, mobile: true });
    await page.goto(`${h.baseUrl}/user/login`);
    await page.locator('.user-form__captcha img').waitFor();
    expect(await page.locator('.user-layout__panel').isVisible()).toBe(false);
    expect(await page.locator('.user-layout__mobile-brand').isVisible()).toBe(true);
    await page.screenshot({ path: screenshotPath('login-mobile.png') });
  });

  it('checks the mobile number on the phone tab', async () => {
    const page = await h.newPage();
    await page.goto(`${h.baseUrl}/user/login`);
    await page.getByRole('tab', { name: '手机号登录' }).click();
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.getByText('请输入手机号', { exact: true }).waitFor();
    await page.getByPlaceholder('请输入手机号').fill('12345');
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.getByText('请输入正确手机号').waitFor();
  });

  it('sends an SMS code and locks the button for 60 seconds', async () => {
    const page = await h.newPage();
    await page.goto(`${h.baseUrl}/user/login`);
    await page.getByRole('tab', { name: '手机号登录' }).click();
    await page.getByPlaceholder('请输入手机号').fill('13800000005');
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.getByRole('button', { name: /秒后重发/ }).waitFor();
    expect(await page.getByRole('button', { name: /秒后重发/ }).isDisabled()).toBe(true);
  });
});

describe('signing in', () => {
  it('admin picks one of two tenants, lands on the workbench and sees the full menu (workbench-admin.png)', async () => {
    const page = await h.newPage();
    await page.goto(`${h.baseUrl}/user/login`);
    await submitAccountForm(page, { username: 'admin', password: ADMIN_PASSWORD });
    await chooseTenant(page, '智慧接待示范单位');
    await page.waitForURL(`${h.baseUrl}/HomePage/index`);
    const menu = page.getByRole('navigation', { name: '主菜单' });
    await menu.getByText('系统管理').waitFor();
    await expect.poll(() => page.title()).toBe('智慧接待平台');
    expect(await notificationText(page)).toMatch(/欢迎.*管理员/);
    await page.getByText(/管理员，欢迎使用智慧接待平台/).waitFor();
    await page.getByText('当前部门：智慧接待中心').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('TENANT_ID'))).toContain('1');
    // Wait for the icon chunk so the picture shows the finished menu.
    await menu.locator('.anticon').first().waitFor();
    await dismissNotifications(page);
    await page.waitForTimeout(300);
    await page.screenshot({ path: screenshotPath('workbench-admin.png') });
    expect(errorsOf(page)).toEqual([]);
  });

  it('a staff member sees a smaller menu without 系统管理', async () => {
    const page = await h.newPage();
    await signIn(page, h.baseUrl, { username: 'chenjing', password: STAFF_PASSWORD });
    expect(new URL(page.url()).pathname).toBe('/HomePage/index');
    const menu = page.getByRole('navigation', { name: '主菜单' });
    await menu.getByText('每日工作').waitFor();
    expect(await menu.getByText('系统管理').count()).toBe(0);
    await page.getByText('陈静', { exact: true }).waitFor();
  });

  it('a wrong password shows 用户名或密码错误 and asks for a new captcha', async () => {
    const page = await h.newPage();
    await page.goto(`${h.baseUrl}/user/login`);
    const firstImage = await page.locator('.user-form__captcha img').getAttribute('src');
    await submitAccountForm(page, { username: 'zhangwei', password: 'Wrong@123456' });
    expect(await notificationText(page)).toContain('用户名或密码错误');
    expect(await page.getByPlaceholder('请输入验证码').inputValue()).toBe('');
    expect(new URL(page.url()).pathname).toBe('/user/login');
    await expect.poll(() => page.locator('.user-form__captcha img').getAttribute('src')).not.toBe(firstImage);
  });

  it('a wrong captcha shows 验证码错误 and clears the field', async () => {
    const page = await h.newPage();
    await page.goto(`${h.baseUrl}/user/login`);
    await submitAccountForm(page, { username: 'zhangwei', password: STAFF_PASSWORD, captcha: '1234' });
    expect(await notificationText(page)).toContain('验证码错误');
    expect(await page.getByPlaceholder('请输入验证码').inputValue()).toBe('');
  });

  it('a frozen account shows 该用户已冻结', async () => {
    const page = await h.newPage();
    await page.goto(`${h.baseUrl}/user/login`);
    await submitAccountForm(page, { username: 'dongjie', password: STAFF_PASSWORD });
    expect(await notificationText(page)).toContain('该用户已冻结');
  });

  it('five wrong passwords lock the account: 登录失败次数过多', async () => {
    const page = await h.newPage();
    await page.goto(`${h.baseUrl}/user/login`);
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      await submitAccountForm(page, { username: 'zhaolei', password: `Wrong@${attempt}` });
      expect(await notificationText(page)).toContain('用户名或密码错误');
      await page.locator('.ant-notification-notice-close').last().click();
      await page.locator('.ant-notification-notice').waitFor({ state: 'detached' });
    }
    // Even the right password is refused while the lock lasts.
    await submitAccountForm(page, { username: 'zhaolei', password: STAFF_PASSWORD });
    expect(await notificationText(page)).toMatch(/登录失败次数过多，请\d+分钟后再试/);
    expect(new URL(page.url()).pathname).toBe('/user/login');
  });
});
