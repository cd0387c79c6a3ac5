import path from 'node:path';
import react from '@vitejs/plugin-react';
import type { Page } from 'playwright-core';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, CAPTCHA, errorsOf, startHarness, STAFF_PASSWORD, type Harness } from './harness.js';
import { letStaffReadCustomers } from '../server/grid-sync-support.js';

/**
 * Live table sync in Chromium: two browser contexts (two users) keep one customer row open on a
 * test-only page (tests/browser/grid-sync-page, built here into .tmp and served by the real server,
 * so the socket and the API are the page's own origin); an edit saved in one shows in the other,
 * read back through the API. A frame forged in a third browser shows nowhere.
 */
const PAGE_DIR = path.resolve('tests/browser/grid-sync-page');
const OUT_DIR = path.resolve('.tmp/grid-sync-page');

let harness: Harness;

beforeAll(async () => {
  await build({
    configFile: false,
    root: PAGE_DIR,
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir: OUT_DIR, emptyOutDir: true, target: 'es2022' },
  });
  harness = await startHarness({ webDir: OUT_DIR });
  // 客户管理 is the managers' screen; the staff member here watches it, so their role is given its
  // read code as an admin would in 角色授权.
  await letStaffReadCustomers(harness.server.database.db);
}, 240_000);

afterAll(async () => {
  await harness?.close();
});

interface Session {
  token: string;
  userId: string;
  tenantId: number;
}

async function login(username: string, password: string): Promise<Session> {
  const base = harness.baseUrl;
  const checkKey = `t${Date.now()}${Math.random().toString(36).slice(2, 8)}`;
  await (await fetch(`${base}/api/sys/randomImage/${checkKey}`)).arrayBuffer();
  const res = await fetch(`${base}/api/sys/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password, captcha: CAPTCHA, checkKey }),
  });
  const body = (await res.json()) as { result: { token: string; userInfo: { id: string } } };
  return { token: body.result.token, userId: body.result.userInfo.id, tenantId: 1 };
}

async function call(session: Session, method: string, url: string, body?: unknown) {
  const res = await fetch(`${harness.baseUrl}/api${url}`, {
    method,
    headers: { 'x-access-token': session.token, 'tenant-id': '1', 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()) as { success: boolean; result: { records: { id: string }[] } };
}

async function addCustomer(session: Session, name: string, code: string): Promise<string> {
  expect((await call(session, 'POST', '/sys/customer/add', { name, code })).success).toBe(true);
  return (await call(session, 'GET', `/sys/customer/list?code=${code}`)).result.records[0].id;
}

/**
 * From an attacker's page: its own socket on the table (a real session of a user who may edit it),
 * the forged frames, then a heartbeat; the pong means the server has handled every frame before it.
 */
async function forge(page: Page, session: Session, frames: unknown[]): Promise<void> {
  await page.evaluate(
    async ({ token, userId, frames }) => {
      const url = `ws://${location.host}/api/vxeSocket/${userId}/forger?table=customer&tenant=1`;
      const socket = new WebSocket(url, [token]);
      await new Promise((resolve, reject) => {
        socket.onopen = resolve;
        socket.onerror = reject;
      });
      for (const frame of frames) socket.send(JSON.stringify(frame));
      socket.send(JSON.stringify({ type: 'heartbeat', data: null }));
      await new Promise<void>((resolve) => {
        socket.onmessage = (event) => {
          if (String(event.data).includes('pong')) resolve();
        };
      });
      socket.close();
    },
    { token: session.token, userId: session.userId, frames },
  );
}

async function openRow(session: Session, rowId: string): Promise<Page> {
  const page = await harness.newPage();
  await page.addInitScript(
    (config) => {
      (window as unknown as { __SYNC__: unknown }).__SYNC__ = config;
    },
    { ...session, rowId },
  );
  await page.goto(`${harness.baseUrl}/grid-sync`);
  // 'open' once the first heartbeat was answered: from then on changes reach this page.
  await page.locator('#state', { hasText: 'open' }).waitFor();
  return page;
}

describe('live table sync between two browsers', () => {
  it("a remark saved on one user's page shows on the other's open page", async () => {
    const admin = await login('admin', ADMIN_PASSWORD);
    const staff = await login('chenjing', STAFF_PASSWORD);
    expect(
      (await call(admin, 'POST', '/sys/customer/add', { name: '浏览器同步', code: 'BSYNC1' })).success,
    ).toBe(true);
    const rowId = (await call(admin, 'GET', '/sys/customer/list?code=BSYNC1')).result.records[0].id;
    const editor = await openRow(admin, rowId);
    const viewer = await openRow(staff, rowId);
    await editor.locator('#remark-input').fill('两个浏览器之间实时同步');
    await editor.locator('#save').click();
    await expect
      .poll(() => viewer.locator('#remark').textContent(), { timeout: 5000 })
      .toBe('两个浏览器之间实时同步');
    expect(await viewer.locator('#log').textContent()).toContain(`update ${rowId}`);
    // The page that saved reads its row back too (the row version and update time stay current).
    await expect.poll(() => editor.locator('#remark').textContent()).toBe('两个浏览器之间实时同步');
    expect([...errorsOf(editor), ...errorsOf(viewer)]).toEqual([]);
  });

  it("a forged frame's title shows on nobody's page; the colleague still sees what was saved", async () => {
    const admin = await login('admin', ADMIN_PASSWORD);
    const staff = await login('chenjing', STAFF_PASSWORD);
    const rowId = await addCustomer(admin, '真实客户名', 'BSYNC2');
    const editor = await openRow(admin, rowId);
    const viewer = await openRow(staff, rowId);
    await viewer.locator('#name', { hasText: '真实客户名' }).waitFor();
    // admin may edit customers: the forgery comes from a session the old relay trusted most.
    const forged = { name: '伪造的标题', level: 'H' };
    await forge(editor, admin, [
      { type: 'update-table', data: { id: rowId, values: forged } },
      {
        type: 'update-table',
        data: {
          table: 'customer',
          action: 'edit',
          ids: [rowId],
          fields: ['name'],
          values: forged,
          origin: null,
        },
      },
    ]);
    // Then a real save: the viewer shows it once read back, and still the stored title.
    await editor.locator('#remark-input').fill('保存后的备注');
    await editor.locator('#save').click();
    await viewer.locator('#remark', { hasText: '保存后的备注' }).waitFor();
    expect(await viewer.locator('#name').textContent()).toBe('真实客户名');
    const log = (await viewer.locator('#log').textContent()) ?? '';
    expect(log).not.toContain('伪造');
    expect(log).toContain(`read ${rowId}`);
    expect(await editor.locator('#name').textContent()).toBe('真实客户名');
    expect([...errorsOf(editor), ...errorsOf(viewer)]).toEqual([]);
  });
});
