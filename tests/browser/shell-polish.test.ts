import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { qrImageUrl } from '../../src/shell/qr';
import {
  ADMIN_PASSWORD,
  errorsOf,
  screenshotPath,
  signIn,
  signInFast,
  STAFF_PASSWORD,
  startHarness,
  type Harness,
} from './harness';
import { mainMenu, userMenu } from './shell-helpers';

/** Rectangles of the elements matching `selector` that are on screen. */
function boxes(page: Page, selector: string) {
  return page.evaluate(
    (sel) =>
      [...document.querySelectorAll(sel)]
        .map((el) => el.getBoundingClientRect())
        .filter((r) => r.width > 0 && r.height > 0)
        .map(({ left, top, right, bottom }) => ({ left, top, right, bottom })),
    selector,
  );
}

type Box = { left: number; top: number; right: number; bottom: number };
const overlaps = (a: Box, b: Box) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** The user button's focus state and outline, as the browser draws it. */
function userButtonFocus(page: Page) {
  return page.evaluate(() => {
    const button = document.querySelector<HTMLElement>('.shell-user')!;
    const style = getComputedStyle(button);
    return {
      focused: document.activeElement === button,
      ring: button.matches(':focus-visible'),
      outline: `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}`,
      offset: style.outlineOffset,
    };
  });
}

describe('shell polish, WeChat not configured', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ wechat: null });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('a side-menu title cut at 160px shows in full on hover, and titles the collapsed popup (menu-tooltip.png)', async () => {
    const page = await h.newPage({ shared: true });
    await signInFast(page, h.baseUrl, { username: 'admin', password: ADMIN_PASSWORD });
    const menu = mainMenu(page);
    await menu.locator('.anticon').first().waitFor();

    // 每日工作 closed, so the group is in view without scrolling the menu.
    await menu.getByText('每日工作', { exact: true }).click();
    await menu.getByRole('menuitem', { name: '待办中心' }).waitFor({ state: 'hidden' });
    const title = menu.getByText('客户与通讯录', { exact: true });
    await title.hover();
    const tooltip = page.getByRole('tooltip', { name: '客户与通讯录' });
    await tooltip.waitFor();
    await page.waitForTimeout(300);
    // The tooltip sits beside the menu, not over it.
    const [tip] = await boxes(page, '.ant-tooltip:not(.ant-tooltip-hidden) .ant-tooltip-container');
    expect(tip!.left).toBeGreaterThanOrEqual(160);
    const row = (await title.boundingBox())!;
    const top = Math.max(0, Math.min(row.y - 160, 900 - 320));
    await page.screenshot({
      path: screenshotPath('menu-tooltip.png'),
      clip: { x: 0, y: top, width: 480, height: 320 },
    });
    // A title that fits gets no tooltip.
    await menu.getByText('工单管理', { exact: true }).hover();
    await tooltip.waitFor({ state: 'hidden' });
    await page.waitForTimeout(400);
    expect(await page.getByRole('tooltip', { name: '工单管理' }).count()).toBe(0);

    await page.getByRole('button', { name: '收起菜单' }).click();
    await menu
      .locator('.ant-menu-submenu', { hasText: '客户与通讯录' })
      .locator('.ant-menu-submenu-title')
      .hover();
    const popup = page.locator('.ant-menu-submenu-popup:not(.ant-menu-submenu-hidden)');
    await popup.getByRole('menuitem', { name: '客户管理' }).waitFor();
    expect(await popup.locator('.ant-menu-item-group-title').innerText()).toBe('客户与通讯录');
    expect(errorsOf(page)).toEqual([]);
  });

  it('a never-changed password asks for a personal one, not "expired", and the 欢迎 toast leaves the dialog free (password-initial.png)', async () => {
    // Through the sign-in form (what shows the 欢迎 notification), in a context of its own.
    const page = await h.newPage();
    await signIn(page, h.baseUrl, { username: 'luoqian', password: STAFF_PASSWORD });
    const dialog = page.getByRole('dialog', { name: '修改初始密码' });
    await dialog.getByText('*首次登录，请设置您的个人密码!').waitFor();
    expect(await dialog.getByText('密码已过期', { exact: false }).count()).toBe(0);
    await page.waitForTimeout(600);
    const [frame] = await boxes(page, '.password-dialog .ant-modal-container');
    expect(frame).toBeDefined();
    for (const notice of await boxes(page, '.ant-notification-notice'))
      expect(overlaps(notice, frame!)).toBe(false);
    await page.screenshot({ path: screenshotPath('password-initial.png') });
  });

  it('绑定微信 says it is not configured in the menu instead of opening a dead end (wechat-unconfigured.png)', async () => {
    const page = await h.newPage({ shared: true });
    await signInFast(page, h.baseUrl, { username: 'zhangwei', password: STAFF_PASSWORD });
    await page.getByRole('button', { name: '用户菜单' }).click();
    const entry = page.getByRole('menuitem', { name: '绑定微信（未配置）' });
    await entry.waitFor();
    expect(await entry.getAttribute('aria-disabled')).toBe('true');
    await entry.getByText('绑定微信（未配置）').hover();
    await page
      .getByRole('tooltip', { name: '系统未配置微信集成，暂时无法绑定微信，请联系系统管理员' })
      .waitFor();
    await page.waitForTimeout(300);
    await page.screenshot({
      path: screenshotPath('wechat-unconfigured.png'),
      clip: { x: 840, y: 0, width: 600, height: 420 },
    });
    await entry.click({ force: true });
    await page.waitForTimeout(400);
    expect(await page.getByRole('dialog', { name: '微信绑定' }).count()).toBe(0);
  });

  it('the user button shows no ring after pointer use while the bell popover is open; keyboard focus stays visible', async () => {
    const page = await h.newPage({ shared: true });
    await signInFast(page, h.baseUrl, { username: 'zhangwei', password: STAFF_PASSWORD });
    const user = page.getByRole('button', { name: '用户菜单' });
    // Open and close the menu with the pointer, go to the bell, then press Shift (the input-method switch).
    await user.click();
    await page.getByRole('menuitem', { name: '系统设置' }).waitFor();
    await user.click();
    await page.getByRole('menuitem', { name: '系统设置' }).waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: /消息通知/ }).hover();
    await page.locator('.notice-popover').waitFor();
    await page.keyboard.press('Shift');
    expect(await userButtonFocus(page)).toMatchObject({ ring: false });
    expect((await userButtonFocus(page)).outline).toMatch(/^none /);

    // Keyboard: Tab from the bell to the button, Enter opens the menu, Esc closes it. The focus stays
    // visible, in the theme colour and inside the button, so the bell's popover cannot cover part of it.
    await page.mouse.move(600, 500);
    await page.getByRole('button', { name: /消息通知/ }).focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: '系统设置' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('menuitem', { name: '系统设置' }).waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: /消息通知/ }).hover();
    await page.locator('.notice-popover').waitFor();
    expect(await userButtonFocus(page)).toEqual({
      focused: true,
      ring: true,
      outline: 'solid 2px rgb(26, 116, 242)',
      offset: '-2px',
    });
  });

  it('Esc closes the theme drawer after a colour was picked', async () => {
    const page = await h.newPage({ shared: true });
    await signInFast(page, h.baseUrl, { username: 'zhangwei', password: STAFF_PASSWORD });
    await userMenu(page, '系统设置');
    const drawer = page.getByRole('dialog', { name: '系统设置' });
    await drawer.waitFor();
    await drawer.getByRole('radio', { name: '酱紫' }).click();
    await expect
      .poll(() => drawer.getByRole('radio', { name: '酱紫' }).getAttribute('aria-checked'))
      .toBe('true');
    // The pointer rests on the swatch, so its tooltip shows, as it does for a user.
    await page.getByRole('tooltip', { name: '酱紫' }).waitFor();
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    // With a list open inside the drawer, Esc closes the list first.
    await userMenu(page, '系统设置');
    await drawer.getByRole('switch', { name: '固定顶栏' }).click();
    await drawer.getByRole('radio', { name: '顶部栏导航' }).click();
    await drawer.getByRole('combobox', { name: '内容区域宽度' }).click();
    await page.locator('.ant-select-item-option', { hasText: '流式' }).waitFor();
    await page.keyboard.press('Escape');
    await page.locator('.ant-select-item-option', { hasText: '流式' }).waitFor({ state: 'hidden' });
    expect(await drawer.isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
  });
});

describe('shell polish, WeChat configured', () => {
  let h: Harness;
  const openIds = new Map<string, string>();
  const fakeWechat = http.createServer((req, res) => {
    // WeChat's sns/oauth2/access_token, which this machine cannot reach.
    const code = new URL(req.url ?? '/', 'http://fake').searchParams.get('code') ?? '';
    const openid = openIds.get(code);
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end(
      JSON.stringify(openid ? { openid, access_token: 'at' } : { errcode: 40029, errmsg: 'invalid code' }),
    );
  });

  beforeAll(async () => {
    await new Promise<void>((resolve) => fakeWechat.listen(0, '127.0.0.1', resolve));
    const { port } = fakeWechat.address() as AddressInfo;
    h = await startHarness({
      wechat: {
        appId: 'wx5f6a7b8c9d0e1f2a',
        appSecret: 'browser-test-secret',
        redirectUri: 'https://jiedai.example.com/api/sys/thirdLogin/wechat/callback',
        apiBase: `http://127.0.0.1:${port}`,
      },
    });
  });
  afterAll(async () => {
    await h?.close();
    await new Promise((resolve) => fakeWechat.close(resolve));
  });

  it('绑定微信 shows the QR code of the binding link; the scan turns the dialog to 已绑定微信 (wechat-qr.png)', async () => {
    const page = await h.newPage();
    await signInFast(page, h.baseUrl, { username: 'zhangwei', password: STAFF_PASSWORD });
    const link = page.waitForResponse((res) => res.url().includes('/sys/thirdLogin/wechat/bindUrl'));
    await userMenu(page, '绑定微信');
    const answer = (await (await link).json()) as { result: { url: string } };
    const dialog = page.getByRole('dialog', { name: '微信绑定' });
    const qr = dialog.getByRole('img', { name: '微信绑定二维码' });
    await qr.waitFor();
    // The image is exactly the QR code of the link the server answered.
    expect(await qr.getAttribute('src')).toBe(await qrImageUrl(answer.result.url));
    await dialog.getByText('请使用微信扫一扫，扫描二维码完成绑定').waitFor();
    await page.waitForTimeout(300);
    await page.screenshot({ path: screenshotPath('wechat-qr.png') });

    // The phone: WeChat brings it to the callback with a code and the link's state.
    openIds.set('code-from-phone', 'oZhangWei_browser');
    const state = new URL(answer.result.url).searchParams.get('state') ?? '';
    const phone = await fetch(
      `${h.baseUrl}/api/sys/thirdLogin/wechat/callback?code=code-from-phone&state=${state}`,
    );
    expect(await phone.text()).toContain('绑定成功');
    await dialog.getByText('已绑定微信', { exact: true }).waitFor({ timeout: 10_000 });
    await dialog.getByRole('button', { name: '修改绑定' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: '用户菜单' }).click();
    await page.getByRole('menuitem', { name: '微信已绑定' }).waitFor();
    expect(errorsOf(page)).toEqual([]);
  });
});
