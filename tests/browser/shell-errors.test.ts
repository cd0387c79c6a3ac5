import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forgetSessions, hashToken } from '../../server/auth/sessions.js';
import { signInFast, STAFF_PASSWORD, startHarness, type Harness } from './harness';
import { expectMessage, expectNotification, stored, userMenu } from './shell-helpers';

let h: Harness;

beforeAll(async () => {
  // The server answers GET /api/test/fault/:status only with this test-only switch.
  h = await startHarness({ faultInjection: true });
});

afterAll(async () => {
  await h?.close();
});

/** Sends the version log's request to the fault route: a real request answered by the real server. */
async function failVersionLog(page: Page, status: number): Promise<void> {
  await page.unroute('**/api/sys/version/listAll**');
  await page.route('**/api/sys/version/listAll**', (route) =>
    route.continue({ url: `${h.baseUrl}/api/test/fault/${status}` }),
  );
  await userMenu(page, '版本日志');
}

async function closeVersionLog(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog', { name: '版本日志' });
  await dialog.locator('.ant-modal-footer').getByRole('button', { name: '关闭' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

async function sessionToken(page: Page): Promise<string> {
  return (await stored<string>(page, 'Access-Token'))?.value ?? '';
}

describe('the HTTP error catalogue, through real requests', () => {
  it('maps 403, 404, 500 and 504 to their notices, and a 510 list answer to a warning', async () => {
    const page = await h.newPage({ shared: true });
    await signInFast(page, h.baseUrl, { username: 'chenjing', password: STAFF_PASSWORD });
    for (const [status, text] of [
      [403, '拒绝访问'],
      [404, '很抱歉，资源未找到!'],
      [500, '服务器内部错误：故障注入'],
      [504, '网络超时'],
    ] as const) {
      await failVersionLog(page, status);
      await expectNotification(page, text);
      await closeVersionLog(page);
    }
    await failVersionLog(page, 510);
    await expectMessage(page, '没有权限，请联系管理员授权');
    await page.getByRole('dialog', { name: '版本日志' }).getByText('暂无版本信息').waitFor();
    // The session survived all of it.
    expect(await sessionToken(page)).not.toBe('');
  });

  it('401 (the session is gone): notice, sign-out, and the sign-in page after 1.5 s', async () => {
    const page = await h.newPage({ shared: true });
    await signInFast(page, h.baseUrl, { username: 'chenjing', password: STAFF_PASSWORD });
    // The workbench's own first requests answered: the one below is the first to find the session gone.
    await page.waitForLoadState('networkidle');
    const token = await sessionToken(page);
    await h.server.database.db.deleteFrom('sysSession').where('tokenHash', '=', hashToken(token)).execute();
    // Deleted behind the server's back (as a database tool would): the server may still reuse the
    // session it read within SESSION_REUSE_MS, so its held answers are dropped as a revocation would.
    forgetSessions(h.server.database.db);
    // Both ends are timed in the page: when the 401 answer arrived (the product signs out, then waits
    // 1.5 s) and when the next document starts. The notice's own render is not a clock: a loaded
    // machine may paint it late, which would shorten the gap without the product being wrong.
    await page.evaluate(() => {
      const send = XMLHttpRequest.prototype.send;
      XMLHttpRequest.prototype.send = function (...args) {
        this.addEventListener('loadend', () => {
          if (this.status === 401 && !sessionStorage.getItem('unauthorizedAt')) {
            sessionStorage.setItem('unauthorizedAt', String(Date.now()));
          }
        });
        return send.apply(this, args);
      };
    });
    await userMenu(page, '版本日志');
    await page.locator('.ant-notification-notice', { hasText: '未授权，请重新登录' }).waitFor();
    await page.waitForURL((url) => url.pathname === '/user/login');
    const gap = await page.evaluate(
      () => performance.timeOrigin - Number(sessionStorage.getItem('unauthorizedAt')),
    );
    expect(gap).toBeGreaterThan(1400); // 1.5 s less the few ms between the answer and its handler
    expect(gap).toBeLessThan(60_000);
    expect(await page.evaluate(() => localStorage.getItem('Access-Token'))).toBeNull();
  });

  for (const [reason, title] of [
    ['password', '登录已过期'],
    ['forced', '账号已在其他设备登录'],
  ] as const) {
    it(`500 with ${reason === 'forced' ? '强制登录' : 'Token失效'}: the ${title} dialog signs in again`, async () => {
      const page = await h.newPage({ shared: true });
      await signInFast(page, h.baseUrl, { username: 'chenjing', password: STAFF_PASSWORD });
      await page.waitForLoadState('networkidle');
      const token = await sessionToken(page);
      await h.server.database.db
        .updateTable('sysSession')
        .set({ revokedAt: new Date(), revokedReason: reason })
        .where('tokenHash', '=', hashToken(token))
        .execute();
      // Changed behind the server's back (as a database tool would): the session read in the last
      // SESSION_REUSE_MS is held, so the held answers are dropped as this server's revocation would.
      forgetSessions(h.server.database.db);
      const dialog = page.locator('.ant-modal-confirm', { hasText: title });
      // Any request of the page may meet the revoked session first (the notice poll, a to-do
      // refresh on a slow machine): the dialog is then up already and covers the user menu.
      if (!(await dialog.isVisible()))
        await userMenu(page, '清理缓存').catch(async (error: unknown) => {
          if (!(await dialog.isVisible())) throw error;
        });
      await dialog.waitFor();
      const relogin = dialog.getByRole('button', { name: '重新登录' });
      await relogin.click();
      // 'commit', not 'load': the reloaded page reaches /user/login by client routing, and a loaded
      // machine can hold the document's load event back long after the sign-in form is usable.
      await page.waitForURL((url) => url.pathname === '/user/login', { waitUntil: 'commit' });
      await page.getByPlaceholder('请输入用户名').waitFor();
      expect(await page.evaluate(() => localStorage.getItem('Access-Token'))).toBeNull();
    });
  }
});
