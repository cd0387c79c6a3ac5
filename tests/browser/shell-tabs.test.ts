import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menuId } from '../../server/db/seed/menus.js';
import { roleId } from '../../server/db/seed/organisation.js';
import { errorsOf, signInFast, STAFF_PASSWORD, startHarness, type Harness } from './harness';
import {
  expectMessage,
  mainMenu,
  openFromMenu,
  pathOf,
  stored,
  tabAction,
  tabBar,
  tabLabel,
  tabTitles,
} from './shell-helpers';

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
  // 全部工单 keeps its page alive across tab switches (like the workbench does in the seed).
  await h.server.database.db
    .updateTable('sysPermission')
    .set({ keepAlive: true })
    .where('url', '=', '/workOrder/list')
    .execute();
});

afterAll(async () => {
  await h?.close();
});

/** Marks the (loaded) page element of a tab, to tell a kept page from a remounted one. */
async function mark(page: Page, key: string): Promise<void> {
  // A declared screen shows a spinner while its declaration loads: mark the screen, not the spinner.
  await page.locator(`.shell-pane[data-tab="${key}"] > :not(.page-loading):not(.ant-spin)`).waitFor();
  await page.evaluate((k) => {
    const pane = document.querySelector<HTMLElement>(`.shell-pane[data-tab="${k}"] > *`);
    if (pane) pane.dataset.mark = 'kept';
  }, key);
}
const isMarked = (page: Page, key: string) =>
  page.evaluate(
    (k) => document.querySelector<HTMLElement>(`.shell-pane[data-tab="${k}"] > *`)?.dataset.mark === 'kept',
    key,
  );

describe('multipage tabs', () => {
  it('opens a tab per page with the workbench first, and applies the close rules and the tab menu', async () => {
    const page = await h.newPage({ shared: true });
    await signInFast(page, h.baseUrl, { username: 'zhangwei', password: STAFF_PASSWORD });
    await expect.poll(() => tabTitles(page)).toEqual(['工作台']);
    await openFromMenu(page, '工单管理', '全部工单', '/workOrder/list');
    await openFromMenu(page, '工单管理', '我负责的', '/workOrder/myCharge');
    await openFromMenu(page, '工单管理', '我发起的', '/workOrder/myLaunch');
    await openFromMenu(page, '会议管理', '会议列表', '/meeting/list');
    await expect
      .poll(() => tabTitles(page))
      .toEqual(['工作台', '全部工单', '我负责的', '我发起的', '会议列表']);
    // The workbench has no close button; closing it anyway (middle click) is refused.
    const homeTab = tabBar(page).locator('.ant-tabs-tab', { hasText: '工作台' });
    expect(await homeTab.locator('.ant-tabs-tab-remove').count()).toBe(0);
    await tabLabel(page, '工作台').click({ button: 'middle' });
    await expectMessage(page, '首页不能关闭!');

    await tabAction(page, '我负责的', '关闭左侧');
    await expect.poll(() => tabTitles(page)).toEqual(['工作台', '我负责的', '我发起的', '会议列表']);
    expect(pathOf(page)).toBe('/meeting/list');
    // The active tab is closed by 关闭右侧: the tab that was right-clicked takes over.
    await tabAction(page, '我发起的', '关闭右侧');
    await expect.poll(() => tabTitles(page)).toEqual(['工作台', '我负责的', '我发起的']);
    await page.waitForURL((url) => url.pathname === '/workOrder/myLaunch');
    // Closing the active last tab activates its left neighbour.
    await tabBar(page).locator('.ant-tabs-tab-active .ant-tabs-tab-remove').click();
    await page.waitForURL((url) => url.pathname === '/workOrder/myCharge');
    await expect.poll(() => tabTitles(page)).toEqual(['工作台', '我负责的']);

    await openFromMenu(page, '会议管理', '会议列表', '/meeting/list');
    await tabAction(page, '我负责的', '关闭其他');
    await expect.poll(() => tabTitles(page)).toEqual(['工作台', '我负责的']);
    await page.waitForURL((url) => url.pathname === '/workOrder/myCharge');

    // 刷新 remounts the page.
    await mark(page, '/workOrder/myCharge');
    await tabAction(page, '我负责的', '刷新');
    await expect.poll(() => isMarked(page, '/workOrder/myCharge')).toBe(false);
    await page.locator('.shell-pane[data-tab="/workOrder/myCharge"] .zj-list').waitFor();
    // Two tab actions within 300 ms: the second is refused.
    await page.waitForTimeout(350);
    await tabLabel(page, '我负责的').click({ button: 'right' });
    const refresh = page.locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item', {
      hasText: '刷新',
    });
    await refresh.evaluate((item: HTMLElement) => {
      item.click();
      item.click();
    });
    await expectMessage(page, '你点击的太快了，请慢点点击!');
    expect(errorsOf(page)).toEqual([]);
  });

  it('keeps keep-alive pages mounted, remounts the others, and drops a closed tab from the cache', async () => {
    const page = await h.newPage({ shared: true });
    await signInFast(page, h.baseUrl, { username: 'zhangwei', password: STAFF_PASSWORD });
    await mark(page, '/HomePage/index');
    await openFromMenu(page, '工单管理', '全部工单', '/workOrder/list');
    await mark(page, '/workOrder/list');
    await openFromMenu(page, '工单管理', '我负责的', '/workOrder/myCharge');
    await mark(page, '/workOrder/myCharge');
    await expect
      .poll(async () => (await stored<string[]>(page, 'CACHE_INCLUDED_ROUTES'))?.value)
      .toEqual(['Workbench', 'workOrder']);
    // Kept-alive pages stay in the document, hidden.
    expect(await page.locator('.shell-pane[data-tab="/workOrder/list"]').isHidden()).toBe(true);

    await tabLabel(page, '全部工单').click();
    await page.waitForURL((url) => url.pathname === '/workOrder/list');
    expect(await isMarked(page, '/workOrder/list')).toBe(true);
    await tabLabel(page, '我负责的').click();
    await page.waitForURL((url) => url.pathname === '/workOrder/myCharge');
    expect(await isMarked(page, '/workOrder/myCharge')).toBe(false);
    await tabLabel(page, '工作台').click();
    await page.waitForURL((url) => url.pathname === '/HomePage/index');
    expect(await isMarked(page, '/HomePage/index')).toBe(true);

    await tabLabel(page, '全部工单').click();
    await page.waitForURL((url) => url.pathname === '/workOrder/list');
    // The × of that very tab, once the bar shows it active (the URL changes a render before the bar).
    const listTab = tabBar(page).locator('.ant-tabs-tab', {
      has: page.locator('.shell-tab__label', { hasText: '全部工单' }),
    });
    await expect.poll(() => listTab.getAttribute('class')).toContain('ant-tabs-tab-active');
    await listTab.locator('.ant-tabs-tab-remove').click();
    await expect
      .poll(() => tabBar(page).locator('.shell-tab__label').allTextContents())
      .toEqual(['工作台', '我负责的']);
    await page.waitForURL((url) => url.pathname === '/workOrder/myCharge');
    await expect
      .poll(async () => (await stored<string[]>(page, 'CACHE_INCLUDED_ROUTES'))?.value)
      .toEqual(['Workbench']);
    await expect.poll(() => page.locator('.shell-pane[data-tab="/workOrder/list"]').count()).toBe(0);
  });

  it('shows the breadcrumb from 每日工作, the page title, the release banner and the footer', async () => {
    const page = await h.newPage({ shared: true });
    await signInFast(page, h.baseUrl, { username: 'zhangwei', password: STAFF_PASSWORD });
    const crumbs = () => page.locator('.shell-breadcrumb').innerText();
    await expect.poll(crumbs).toBe('每日工作\n/\n工作台');
    await expect.poll(() => page.title()).toBe('智慧接待平台');
    await page.getByRole('status').filter({ hasText: '升级到 v1.3.0' }).waitFor();
    expect(await page.locator('.shell-footer').innerText()).toBe('Copyright © 2021 智慧接待平台');
    await openFromMenu(page, '工单管理', '全部工单', '/workOrder/list');
    await expect.poll(crumbs).toBe('每日工作\n/\n工单管理\n/\n全部工单');
    await expect.poll(() => page.title()).toBe('全部工单 · 智慧接待平台');
    await page.locator('.shell-breadcrumb').getByRole('link', { name: '每日工作' }).click();
    await page.waitForURL((url) => url.pathname === '/HomePage/index');
  });

  it('shows the result pages in the shell and the exception pages on their own', async () => {
    const page = await h.newPage({ shared: true });
    await signInFast(page, h.baseUrl, {
      username: 'zhangwei',
      password: STAFF_PASSWORD,
      target: '/result/error',
    });
    await page.getByText('提交失败').waitFor();
    await expect.poll(() => tabTitles(page)).toEqual(['工作台', '失败']);
    await page.getByRole('button', { name: '返回工作台' }).click();
    await page.waitForURL((url) => url.pathname === '/HomePage/index');
    await page.goto(`${h.baseUrl}/result/success`);
    await page.getByText('提交成功').waitFor();
    for (const [path, text] of [
      ['/403', '抱歉，您无权访问该页面'],
      ['/500', '抱歉，服务器出错了'],
    ]) {
      await page.goto(`${h.baseUrl}${path}`);
      await page.getByText(text).waitFor();
      expect(await page.locator('.shell').count()).toBe(0);
    }
  });

  it('collapses the side menu to 80px, closing its submenus, and restores them when expanded', async () => {
    const page = await h.newPage({ shared: true });
    await signInFast(page, h.baseUrl, { username: 'zhangwei', password: STAFF_PASSWORD });
    await openFromMenu(page, '工单管理', '全部工单', '/workOrder/list');
    const sider = page.locator('.shell-sider');
    const width = async () => Math.round((await sider.boundingBox())?.width ?? 0);
    expect(await width()).toBe(160);
    await page.getByRole('button', { name: '收起菜单' }).click();
    await expect.poll(width).toBe(80);
    expect(await mainMenu(page).locator('.ant-menu-submenu-open').count()).toBe(0);
    await page.getByRole('button', { name: '展开菜单' }).click();
    await expect.poll(width).toBe(160);
    await expect
      .poll(() => mainMenu(page).getByRole('menuitem', { name: '全部工单' }).isVisible())
      .toBe(true);
    expect(await mainMenu(page).locator('.ant-menu-submenu-open').innerText()).toContain('工单管理');
  });

  it('refuses to close the last tab when the user has no workbench', async () => {
    // The workbench is switched off (a granted-but-missing one would be added back by the server):
    // the first page is then an ordinary, closable tab.
    const db = h.server.database.db;
    await db
      .deleteFrom('sysRolePermission')
      .where('roleId', '=', roleId('staff'))
      .where('permissionId', '=', menuId('home.workbench'))
      .execute();
    await db
      .updateTable('sysPermission')
      .set({ status: '0' })
      .where('id', '=', menuId('home.workbench'))
      .execute();
    const page = await h.newPage({ shared: true });
    await signInFast(page, h.baseUrl, {
      username: 'chenjing',
      password: STAFF_PASSWORD,
      target: '/HomePage/todoCenter',
    });
    await tabLabel(page, '待办中心').waitFor();
    await expect.poll(() => tabTitles(page)).toEqual(['待办中心']);
    await tabBar(page).locator('.ant-tabs-tab-remove').click();
    await expectMessage(page, '这是最后一页，不能再关闭了啦');
    await expect.poll(() => tabTitles(page)).toEqual(['待办中心']);
  });
});
