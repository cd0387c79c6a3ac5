import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dismissNotifications,
  errorsOf,
  screenshotPath,
  signInFast,
  STAFF_PASSWORD,
  startHarness,
  type Harness,
} from './harness';
import { mainMenu, openFromMenu, stored, tabBar, tabLabel, userMenu } from './shell-helpers';

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});

afterAll(async () => {
  await h?.close();
});

const signIn = (page: Page) =>
  signInFast(page, h.baseUrl, { username: 'zhangwei', password: STAFF_PASSWORD });

/** A settled picture: icons loaded, notifications gone, animations over. */
async function snapshot(page: Page, name: string): Promise<void> {
  await mainMenu(page).locator('.anticon').first().waitFor();
  if (await page.locator('.ant-notification-notice').count()) await dismissNotifications(page);
  // As a user sees it: the menu from its top, the pointer resting on the page.
  await page.evaluate(() => document.querySelector('.shell-sider__menu')?.scrollTo(0, 0));
  await page.mouse.move(720, 600);
  await page.waitForTimeout(400);
  await page.screenshot({ path: screenshotPath(name) });
}

async function openSettings(page: Page) {
  await userMenu(page, '系统设置');
  const drawer = page.getByRole('dialog', { name: '系统设置' });
  await drawer.waitFor();
  return drawer;
}

async function closeSettings(page: Page): Promise<void> {
  const drawer = page.getByRole('dialog', { name: '系统设置' });
  await drawer.locator('.ant-drawer-close').click();
  await drawer.waitFor({ state: 'hidden' });
}

describe('theme drawer', () => {
  // Desktop tabs of one context: the app's assets come from its cache after the first test.
  it('switches style, navigation mode, colour and the other settings, and keeps them after a reload', async () => {
    const page = await h.newPage({ shared: true });
    await signIn(page);
    await openFromMenu(page, '项目计划', '项目任务', '/plan/task');
    // The tab bar re-renders as the new tab arrives; a click that lands mid-render is lost (seen on a
    // loaded CI machine), so click until the workbench shows - an active tab ignores a second click.
    await expect
      .poll(async () => {
        await tabLabel(page, '工作台').click();
        return page.getByText('欢迎使用智慧接待平台').isVisible();
      })
      .toBe(true);
    await snapshot(page, 'shell-desktop-light.png');

    const drawer = await openSettings(page);
    await page.waitForTimeout(300);
    await page.screenshot({ path: screenshotPath('theme-drawer.png') });
    await drawer.getByRole('radio', { name: '暗色菜单风格' }).click();
    await expect.poll(() => page.locator('.shell-sider--dark').count()).toBe(1);
    await closeSettings(page);
    await snapshot(page, 'shell-desktop-dark.png');

    await openSettings(page);
    await drawer.getByRole('radio', { name: '顶部栏导航' }).click();
    await page.locator('.shell--topmenu').waitFor();
    // Fixed width applies in the top-menu layout: the page is 1200px wide at most.
    expect(await page.locator('.shell--narrow').count()).toBe(1);
    await drawer.getByRole('radio', { name: '酱紫' }).click();
    await drawer.getByRole('switch', { name: '色弱模式' }).click();
    expect(await page.evaluate(() => document.documentElement.classList.contains('color-weak'))).toBe(true);
    await drawer.getByRole('switch', { name: '色弱模式' }).click();
    await drawer.getByRole('switch', { name: '固定顶栏' }).click();
    await closeSettings(page);
    expect(await page.locator('.shell-sider').count()).toBe(0);
    await snapshot(page, 'shell-topmenu.png');

    await page.reload();
    await page.locator('.shell--topmenu.shell--nav-dark').waitFor();
    expect(await page.locator('.shell-header--fixed').count()).toBe(0);
    expect(
      await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--app-primary')),
    ).toBe('#722ed1');
    expect(await page.evaluate(() => document.documentElement.classList.contains('color-weak'))).toBe(false);
    for (const [key, value] of [
      ['DEFAULT_THEME', 'dark'],
      ['DEFAULT_LAYOUT_MODE', 'topmenu'],
      ['DEFAULT_COLOR', '#722ed1'],
      ['DEFAULT_FIXED_HEADER', false],
    ] as const) {
      expect((await stored(page, key))?.value).toBe(value);
    }
    const settings = await openSettings(page);
    await settings.getByRole('combobox', { name: '内容区域宽度' }).click();
    await page.locator('.ant-select-item-option', { hasText: '流式' }).click();
    await expect.poll(() => page.locator('.shell--narrow').count()).toBe(0);
    expect(errorsOf(page)).toEqual([]);
  });

  it('hides the fixed header while scrolling down past 100px when auto-hide is on', async () => {
    const page = await h.newPage({ shared: true });
    await signIn(page);
    const drawer = await openSettings(page);
    await drawer.getByRole('switch', { name: '下滑时隐藏顶栏' }).click();
    await closeSettings(page);
    await page.evaluate(() => {
      document.querySelector<HTMLElement>('.shell-content')!.style.minHeight = '3000px';
    });
    const hidden = () => page.locator('.shell-header--hidden').count();
    await page.evaluate(() => window.scrollTo(0, 80));
    await page.waitForTimeout(250);
    expect(await hidden()).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 600));
    await expect.poll(hidden).toBe(1);
    await page.evaluate(() => window.scrollTo(0, 400));
    await expect.poll(hidden).toBe(0);
  });

  it('multipage off shows a single page, also after a reload', async () => {
    const page = await h.newPage({ shared: true });
    await signIn(page);
    await tabBar(page).waitFor();
    const drawer = await openSettings(page);
    await drawer.getByRole('switch', { name: '多页签模式' }).click();
    await closeSettings(page);
    expect(await tabBar(page).count()).toBe(0);
    await openFromMenu(page, '项目计划', '项目任务', '/plan/task');
    await page.locator('.zj-list').waitFor();
    await page.reload();
    await page.locator('.zj-list').waitFor();
    expect(await tabBar(page).count()).toBe(0);
    expect((await stored(page, 'DEFAULT_MULTI_PAGE'))?.value).toBe(false);
  });
});

describe('devices', () => {
  it('a phone gets the mobile shell: menu in a 160px drawer, one page at a time', async () => {
    const page = await h.newPage({ width: 390, height: 844, mobile: true });
    await signIn(page);
    expect(await page.locator('.shell').getAttribute('data-device')).toBe('mobile');
    expect(await page.locator('.shell-sider').count()).toBe(0);
    expect(await tabBar(page).count()).toBe(0);
    await page.getByText('欢迎使用智慧接待平台').waitFor();
    if (await page.locator('.ant-notification-notice').count()) await dismissNotifications(page);
    await page.waitForTimeout(400);
    await page.screenshot({ path: screenshotPath('shell-mobile.png') });

    await page.getByRole('button', { name: '打开菜单' }).click();
    const drawer = page.locator('.shell-drawer');
    await drawer.waitFor();
    await expect.poll(async () => Math.round((await drawer.boundingBox())?.width ?? 0)).toBe(160);
    await page.waitForTimeout(300);
    await page.screenshot({ path: screenshotPath('shell-mobile-menu.png') });
    await openFromMenu(page, '项目计划', '项目任务', '/plan/task');
    await drawer.waitFor({ state: 'hidden' });
    await page.locator('.zj-list').waitFor();
  });

  it('tablets collapse the side menu to 80px; a desktop opens it', async () => {
    for (const [width, height, device] of [
      [1024, 768, 'tablet-l'],
      [820, 1180, 'tablet'],
    ] as const) {
      const page = await h.newPage({ width, height, mobile: true });
      await signIn(page);
      expect(await page.locator('.shell').getAttribute('data-device')).toBe(device);
      expect(Math.round((await page.locator('.shell-sider').boundingBox())?.width ?? 0)).toBe(80);
      await page.context().close();
    }
    const desktop = await h.newPage({ width: 1280, height: 800 });
    await signIn(desktop);
    expect(await desktop.locator('.shell').getAttribute('data-device')).toBe('desktop');
    expect(Math.round((await desktop.locator('.shell-sider').boundingBox())?.width ?? 0)).toBe(160);
  });
});
