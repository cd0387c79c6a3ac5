/**
 * A list never shows rows the server has moved on from (issue 33, item 1), on the declared 客户管理:
 * 查询 with unchanged criteria asks the server again; a change stored by anyone reaches the open
 * list over the notice socket; a list in a tab that was hidden reloads when its tab shows again.
 * Changes written straight into the table stand for "someone else, unseen by this page".
 */
import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './harness';
import { addRows, adminPage, apiCall } from './render-list-helpers';
import { tabLabel } from './shell-helpers';

let h: Harness;
let page: Page;
let listCalls = 0;

beforeAll(async () => {
  h = await startHarness();
  page = await adminPage(h);
  await addRows(page, '/sys/customer', [{ name: '华北物流', code: 'F001', phone: '13900000001' }]);
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/sys/customer/list') listCalls += 1;
  });
  // The live step needs the page's notice socket: it is made with the page, waited for here.
  const socket = page.waitForEvent('websocket', (ws) => ws.url().includes('/websocket/'));
  await page.goto(`${h.baseUrl}/customer/list`);
  await socket;
  await page.locator('.ant-table-row', { hasText: '华北物流' }).waitFor();
});

afterAll(async () => {
  await h?.close();
});

const row = (text: string) => page.locator('.ant-table-row', { hasText: text });

/** Renames the customer behind the server's back: no event tells any page. */
async function renameUnseen(name: string): Promise<void> {
  await sql`update biz_customer set name = ${name} where code = 'F001'`.execute(h.server.database.db);
}

describe('lists stay current', () => {
  it('查询 with the same criteria asks the server again and shows the stored rows', async () => {
    await renameUnseen('华北物流二部');
    const before = listCalls;
    await page.getByRole('button', { name: /^(search )?查\s*询$/ }).click();
    await row('华北物流二部').waitFor();
    expect(listCalls).toBe(before + 1);
    await page.getByRole('button', { name: /^(reload )?重\s*置$/ }).click();
    await expect.poll(() => listCalls).toBe(before + 2);
  });

  it('a change stored by anyone shows in the open list without a click', async () => {
    const found = await apiCall<{ records: { id: string; rowVersion: number }[] }>(
      page,
      'GET',
      '/sys/customer/list?code=F001',
    );
    const [customer] = found.result.records;
    const answer = await apiCall(page, 'PUT', '/sys/customer/edit', {
      id: customer.id,
      rowVersion: customer.rowVersion,
      name: '华北物流三部',
    });
    expect(answer.success).toBe(true);
    await row('华北物流三部').waitFor();
  });

  it('a list whose tab was hidden reloads when its tab shows again', async () => {
    await tabLabel(page, '工作台').click();
    await page.waitForURL((url) => url.pathname === '/HomePage/index');
    await renameUnseen('华北物流四部');
    await tabLabel(page, '客户管理').click();
    await page.waitForURL((url) => url.pathname === '/customer/list');
    await row('华北物流四部').waitFor();
  });
});
