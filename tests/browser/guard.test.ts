import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dismissNotifications,
  errorsOf,
  screenshotPath,
  signInFast,
  STAFF_PASSWORD,
  startHarness,
  submitAccountForm,
  type Harness,
} from './harness';

const SESSION_KEYS = [
  'Access-Token',
  'TENANT_ID',
  'Login_Username',
  'Login_Userinfo',
  'LOGIN_USER_BUTTON_AUTH',
  'SYS_BUTTON_AUTH',
  'UI_CACHE_DB_DICT_DATA',
  'CACHE_INCLUDED_ROUTES',
];

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});

afterAll(async () => {
  await h?.close();
});

function pathAndQuery(url: string): string {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
}

describe('route guard', () => {
  it('sends a signed-out visitor to sign-in with the full path, and back there afterwards', async () => {
    const page = await h.newPage();
    await page.goto(`${h.baseUrl}/HomePage/index?x=1`);
    await page.waitForURL((url) => url.pathname === '/user/login');
    const redirect = new URL(page.url()).searchParams.get('redirect');
    expect(redirect).toBe('/HomePage/index?x=1');
    expect(pathAndQuery(page.url())).toBe('/user/login?redirect=%2FHomePage%2Findex%3Fx%3D1');
    await submitAccountForm(page, { username: 'zhangwei', password: STAFF_PASSWORD });
    await page.waitForURL((url) => url.pathname === '/HomePage/index');
    expect(pathAndQuery(page.url())).toBe('/HomePage/index?x=1');
  });

  it('keeps the open pages open without a session', async () => {
    const page = await h.newPage();
    for (const [path, text] of [
      ['/user/register', '注册账户'],
      ['/user/alteration', '找回密码'],
    ]) {
      await page.goto(`${h.baseUrl}${path}`);
      await page.getByRole('heading', { name: text }).waitFor();
      expect(new URL(page.url()).pathname).toBe(path);
    }
    await page.goto(`${h.baseUrl}/user`);
    await page.waitForURL((url) => url.pathname === '/user/login');
  });

  it('sends a signed-in user away from /user/login to the workbench, and / to the workbench', async () => {
    const page = await h.newPage({ shared: true });
    await signInFast(page, h.baseUrl, { username: 'wangfang', password: STAFF_PASSWORD });
    await page.goto(`${h.baseUrl}/user/login`);
    await page.waitForURL((url) => url.pathname === '/HomePage/index');
    await page.goto(`${h.baseUrl}/`);
    await page.waitForURL((url) => url.pathname === '/HomePage/index');
    await page.getByText(/王芳，欢迎使用智慧接待平台/).waitFor();
  });

  it('shows 功能建设中 for a page whose screen is not built yet (coming.png)', async () => {
    const page = await h.newPage({ shared: true });
    await signInFast(page, h.baseUrl, { username: 'zhangwei', password: STAFF_PASSWORD });
    const menu = page.getByRole('navigation', { name: '主菜单' });
    // Every entry of the side menu has its screen now (issue 33); the hidden 流程详情 page has none yet.
    await page.goto(`${h.baseUrl}/flow/details`);
    await page.getByText('功能建设中').waitFor();
    await page.getByText('「流程详情」').waitFor();
    await page.getByText('该页面将在后续版本中上线').waitFor();
    await expect.poll(() => page.title()).toBe('流程详情 · 智慧接待平台');
    await menu.locator('.anticon').first().waitFor();
    await dismissNotifications(page);
    await page.waitForTimeout(300);
    await menu.evaluate((element) => element.scrollTo(0, 0));
    await page.screenshot({ path: screenshotPath('coming.png') });
    expect(errorsOf(page)).toEqual([]);
  });

  it('opens only one submenu at a time', async () => {
    const page = await h.newPage({ shared: true });
    await signInFast(page, h.baseUrl, { username: 'zhangwei', password: STAFF_PASSWORD });
    const menu = page.getByRole('navigation', { name: '主菜单' });
    await menu.getByText('工单管理').click();
    await menu.getByText('全部工单').waitFor();
    await menu.getByText('项目管理').click();
    await menu.getByText('项目列表').waitFor();
    await expect.poll(() => menu.getByText('全部工单').isVisible()).toBe(false);
  });

  it('sends unknown paths to the 404 page', async () => {
    const page = await h.newPage({ shared: true });
    await signInFast(page, h.baseUrl, { username: 'zhangwei', password: STAFF_PASSWORD });
    await page.goto(`${h.baseUrl}/no/such/page`);
    await page.waitForURL((url) => url.pathname === '/404');
    await page.getByText('抱歉，您访问的页面不存在').waitFor();
  });

  it('logs out after confirmation and clears every session key', async () => {
    const page = await h.newPage({ shared: true });
    await signInFast(page, h.baseUrl, { username: 'zhangwei', password: STAFF_PASSWORD });
    const stored = await page.evaluate(
      (keys) => keys.filter((key) => localStorage.getItem(key) !== null),
      SESSION_KEYS,
    );
    expect(stored).toEqual(expect.arrayContaining(['Access-Token', 'Login_Userinfo', 'Login_Username']));
    const token = await page.evaluate(
      () => JSON.parse(localStorage.getItem('Access-Token') ?? '{}').value as string,
    );
    await page.getByRole('button', { name: '退出登录' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
    await page.waitForURL((url) => url.pathname === '/user/login');
    const left = await page.evaluate(
      (keys) => keys.filter((key) => localStorage.getItem(key) !== null),
      SESSION_KEYS,
    );
    expect(left).toEqual([]);
    // The server ended the session too: the old token no longer opens the menu.
    const res = await fetch(`${h.baseUrl}/api/sys/permission/getUserPermissionByToken`, {
      headers: { 'X-Access-Token': token },
    });
    expect(res.status).not.toBe(200);
  });

  it('a stale token is dropped and the visitor signs in again, keeping the target', async () => {
    const page = await h.newPage();
    await page.goto(`${h.baseUrl}/user/login`);
    await page.evaluate(() =>
      localStorage.setItem('Access-Token', JSON.stringify({ value: 'not-a-real-token', expire: null })),
    );
    await page.goto(`${h.baseUrl}/project/list`);
    await page.waitForURL((url) => url.pathname === '/user/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/project/list');
    expect(await page.evaluate(() => localStorage.getItem('Access-Token'))).toBeNull();
  });
});
