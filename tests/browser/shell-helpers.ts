import type { Locator, Page } from 'playwright-core';
import { userId } from '../../server/db/seed/organisation.js';
import type { Harness } from './harness';

/** Waits for an antd message (toast) with the text. */
export async function expectMessage(page: Page, text: string): Promise<void> {
  await page.locator('.ant-message-notice', { hasText: text }).first().waitFor();
}

/** Waits for a notification with the text, then closes every notification. */
export async function expectNotification(page: Page, text: string): Promise<void> {
  await page.locator('.ant-notification-notice', { hasText: text }).first().waitFor();
  await page.evaluate(() =>
    document
      .querySelectorAll<HTMLElement>('.ant-notification-notice-close')
      .forEach((button) => button.click()),
  );
}

/** Picks an entry of the header's user menu. */
export async function userMenu(page: Page, item: string): Promise<void> {
  await page.getByRole('button', { name: '用户菜单' }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

export function mainMenu(page: Page): Locator {
  return page.getByRole('navigation', { name: '主菜单' });
}

/** Opens a page from the side menu (opening its group when needed) and waits for its URL. */
export async function openFromMenu(page: Page, group: string, item: string, path: string): Promise<void> {
  const menu = mainMenu(page);
  const entry = menu.getByRole('menuitem', { name: item, exact: true });
  if (!(await entry.isVisible())) await menu.getByText(group, { exact: true }).click();
  await entry.click();
  await page.waitForURL((url) => `${url.pathname}${url.search}` === path);
}

export function tabBar(page: Page): Locator {
  return page.getByRole('navigation', { name: '多页签' });
}

export async function tabTitles(page: Page): Promise<string[]> {
  return tabBar(page).locator('.ant-tabs-tab').allInnerTexts();
}

export function tabLabel(page: Page, title: string): Locator {
  return tabBar(page).locator('.shell-tab__label', { hasText: title });
}

/** Right-clicks a tab and picks an action of its menu (after the 300 ms click throttle). */
export async function tabAction(page: Page, title: string, action: string): Promise<void> {
  await page.waitForTimeout(350);
  await tabLabel(page, title).click({ button: 'right' });
  await page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').getByText(action, { exact: true }).click();
}

export function pathOf(page: Page): string {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
}

/** Reads a localStorage entry written by the app ({value, expire}). */
export async function stored<T>(
  page: Page,
  key: string,
): Promise<{ value: T; expire: number | null } | null> {
  return page.evaluate((k) => {
    const raw = localStorage.getItem(k);
    return raw === null ? null : JSON.parse(raw);
  }, key);
}

/** Sets a user's last password change to `daysAgo` days ago (null: never changed). */
export async function setPasswordAge(h: Harness, username: string, daysAgo: number | null): Promise<void> {
  const modifyTime = daysAgo === null ? null : new Date(Date.now() - daysAgo * 86_400_000 - 3_600_000);
  await h.server.database.db
    .updateTable('sysUser')
    .set({ modifyTime })
    .where('id', '=', userId(username))
    .execute();
}
