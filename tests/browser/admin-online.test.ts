/**
 * 在线用户 and 日志管理 as an admin uses them: the staff member's session is listed, 强制退出 asks
 * first and ends it, and the staff member's browser meets the signed-in-elsewhere (强制登录) dialog
 * on its next request; the sign-in log then tells who was forced out by whom.
 */
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
import { adminPage, spaced } from './render-list-helpers';
import { userMenu } from './shell-helpers';

let h: Harness;
let admin: Page;
let staff: Page;

beforeAll(async () => {
  h = await startHarness();
  staff = await h.newPage();
  staff.setDefaultTimeout(15_000);
  await signInFast(staff, h.baseUrl, { username: 'chenjing', password: STAFF_PASSWORD });
  admin = await adminPage(h);
});
afterAll(async () => {
  await h?.close();
});

const row = (page: Page, text: string) => page.locator('.zj-list .ant-table-row', { hasText: text });

describe('在线用户', () => {
  it('lists the signed-in staff member; 强制退出 asks first and ends that session', async () => {
    await admin.goto(`${h.baseUrl}/system/onlineUser`);
    await row(admin, 'chenjing').waitFor();
    expect(await row(admin, 'chenjing').innerText()).toContain('陈静');
    // The admin's own session is listed too, without 强制退出; no token shows anywhere on the page.
    await row(admin, '管理员').first().waitFor();
    expect(
      await row(admin, '管理员')
        .getByRole('button', { name: spaced('强制退出') })
        .count(),
    ).toBe(0);
    const token = await staff.evaluate(
      () => JSON.parse(localStorage.getItem('Access-Token') ?? '{}').value as string,
    );
    expect(await admin.content()).not.toContain(token);
    await dismissNotifications(admin).catch(() => undefined);
    await admin.screenshot({ path: screenshotPath('online-users.png') });

    await row(admin, 'chenjing')
      .getByRole('button', { name: spaced('强制退出') })
      .click();
    const confirm = admin.locator('.ant-modal-confirm', { hasText: '确定强制退出该用户吗?' });
    await confirm.getByRole('button', { name: spaced('确定') }).click();
    await admin.locator('.ant-message-notice', { hasText: '强制退出成功！' }).waitFor();
    await row(admin, 'chenjing').waitFor({ state: 'detached' });
  });

  it('the forced browser gets the signed-in-elsewhere dialog on its next request', async () => {
    await userMenu(staff, '清理缓存');
    const dialog = staff.locator('.ant-modal-confirm', { hasText: '账号已在其他设备登录' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: '重新登录' }).click();
    await staff.waitForURL((url) => url.pathname === '/user/login', { waitUntil: 'commit' });
    expect(await staff.evaluate(() => localStorage.getItem('Access-Token'))).toBeNull();
  });
});

describe('日志管理', () => {
  it('登录日志 shows who was forced out by whom, newest first', async () => {
    await admin.goto(`${h.baseUrl}/system/log/login`);
    const first = admin.locator('.zj-list .ant-table-row').first();
    await first.waitFor();
    await expect.poll(() => first.innerText()).toContain('用户名: chenjing,被admin强制退出！');
    // The demo's weeks of sign-ins are there behind it.
    await admin.locator('.ant-pagination-total-text', { hasText: /共\d{3,}条/ }).waitFor();
    await admin.screenshot({ path: screenshotPath('login-log.png') });
    expect(errorsOf(admin)).toEqual([]);
  });

  it("操作日志 lists the admin's 强制退出 as a screen-and-operation line, with no add or edit", async () => {
    await admin.goto(`${h.baseUrl}/system/log/operation`);
    const first = admin.locator('.zj-list .ant-table-row').first();
    await first.waitFor();
    // The log is written after the answer: a reload may be needed before the newest row shows.
    await expect
      .poll(
        async () => {
          await admin
            .getByRole('button', { name: spaced('查询') })
            .first()
            .click();
          return first.innerText();
        },
        { timeout: 15_000 },
      )
      .toMatch(/在线用户-强制退出[\s\S]*管理员/); // 操作人 by real name (issue 33, item 6)
    expect(
      await admin
        .locator('.zj-list')
        .getByRole('button', { name: spaced('新增') })
        .count(),
    ).toBe(0);
    expect(
      await admin
        .locator('.zj-list')
        .getByRole('button', { name: spaced('导入') })
        .count(),
    ).toBe(0);
    await admin.screenshot({ path: screenshotPath('operation-log.png') });
    expect(errorsOf(admin)).toEqual([]);
  });
});
