/**
 * Issue 33, as the people saw it. Item 2: a manager dispatches a work order to 陈静 - her bell rises
 * at once through the socket, the panel files it under 工单派发, and its 去处理 opens the order.
 * Item 6: what she and the admin read names people by their real name and records by their title or
 * number: her notice panel and a notice's details, 我的消息 (readable-text.ts; every declared list is
 * scanned by the every-list walk, lists-defaults-check.ts; approval titles and 访客登记's 接待人 by the
 * server tests office-equipment.test.ts and online-demo.test.ts).
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIn } from '../../server/workorder/rules';
import {
  CAPTCHA,
  errorsOf,
  screenshotPath,
  signInFast,
  STAFF_PASSWORD,
  startHarness,
  type Harness,
} from './harness';
import { unreadableCells } from './readable-text';
import { adminPage } from './render-list-helpers';

let h: Harness;
let member: Page;
const frames: string[] = [];

interface Answer<T = unknown> {
  success: boolean;
  message: string;
  result: T;
}

/** Signs in through the API; answers a caller of the API as that person. */
async function apiAs(username: string, password: string) {
  const checkKey = `a${Date.now()}${Math.random().toString(36).slice(2, 8)}`;
  await (await fetch(`${h.baseUrl}/api/sys/randomImage/${checkKey}`)).arrayBuffer();
  const res = await fetch(`${h.baseUrl}/api/sys/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password, captcha: CAPTCHA, checkKey }),
  });
  const body = (await res.json()) as Answer<{ token: string; tenantList?: { id: number }[] }>;
  const headers = {
    'content-type': 'application/json',
    'X-Access-Token': body.result.token,
    'tenant-id': String(body.result.tenantList?.[0]?.id ?? 0),
  };
  return async <T>(method: string, url: string, payload?: unknown): Promise<Answer<T>> => {
    const answer = await fetch(`${h.baseUrl}/api${url}`, {
      method,
      headers,
      body: payload === undefined ? undefined : JSON.stringify(payload),
    });
    return (await answer.json()) as Answer<T>;
  };
}

const bell = (page: Page) => page.locator('.shell-header__bell');
async function badgeCount(page: Page): Promise<number> {
  const text =
    (await bell(page)
      .locator('.ant-badge-count')
      .textContent()
      .catch(() => '')) ?? '';
  return Number(text.replace(/\D/g, '') || 0);
}

beforeAll(async () => {
  h = await startHarness();
  member = await h.newPage();
  member.setDefaultTimeout(15_000);
  member.on('websocket', (ws) => ws.on('framereceived', ({ payload }) => frames.push(String(payload))));
  await signInFast(member, h.baseUrl, { username: 'chenjing', password: STAFF_PASSWORD });
  await member.getByText('欢迎使用智慧接待平台').waitFor();
});
afterAll(async () => {
  await h?.close();
});

describe('a work order dispatched to someone (issue 33, item 2)', () => {
  it('raises her bell live, under 工单派发, and 去处理 opens the order', async () => {
    await bell(member).waitFor();
    await member.waitForResponse((r) => r.url().includes('/api/sys/notice/list'));
    await expect.poll(() => member.evaluate(() => document.readyState)).toBe('complete');
    const before = await badgeCount(member);
    const manager = await apiAs('zhangwei', STAFF_PASSWORD);
    const title = `展厅投影仪无法开机${Date.now() % 100000}`;
    const added = await manager('POST', '/sys/workOrder/add', {
      title,
      orderType: '3',
      priority: '2',
      charge: 'chenjing',
      deadline: todayIn('Asia/Shanghai'),
      content: '<p>开幕前修好</p>',
    });
    expect(added.success, added.message).toBe(true);
    // Through the socket: the push names the order, and the badge follows before the 6 s poll.
    await expect
      .poll(() => frames.some((f) => f.includes(`新工单待接收：${title}`)), { timeout: 5_000 })
      .toBe(true);
    await expect.poll(() => badgeCount(member), { timeout: 5_000 }).toBe(before + 1);

    await bell(member).click();
    const panel = member.getByRole('dialog', { name: '消息通知' });
    const item = panel.locator('.notice-list__item', { hasText: title });
    await expect.poll(() => item.first().innerText()).toContain(`【工单派发】新工单待接收：${title}`);
    expect(await item.first().innerText()).toContain('张伟');
    // The filter: 工单派发 alone keeps it; 流程审批 alone does not.
    await panel.getByRole('checkbox', { name: '每日工作' }).uncheck();
    await expect.poll(() => item.count()).toBe(1);
    for (const other of ['项目管理', '工单派发', '绩效考核', '项目计划'])
      await panel.getByRole('checkbox', { name: other }).uncheck();
    await expect.poll(() => item.count()).toBe(0);
    await panel.getByRole('checkbox', { name: '工单派发' }).check();
    await panel.getByRole('checkbox', { name: '流程审批' }).uncheck();
    await expect.poll(() => item.count()).toBe(1);
    await member.screenshot({ path: screenshotPath('notice-assigned-panel.png') });
    await item.first().click();

    const details = member.locator('.notice-details');
    await expect
      .poll(() => details.locator('.ant-card-head').innerText())
      .toContain(`新工单待接收：${title}`);
    expect(await details.innerText()).toMatch(/张伟将工单「WO\d{8}-\d{4} /);
    expect(await unreadableCells(member, '消息详情', '.notice-details')).toEqual([]);
    await member.screenshot({ path: screenshotPath('notice-assigned-details.png') });
    await details.getByRole('button', { name: /去\s*处\s*理/ }).click();
    await expect.poll(() => member.url()).toContain('/HomePage/DistributedDetails/details?id=');
    await expect.poll(() => member.locator('body').innerText()).toContain(title);
    // The order's details name its people by their real names (issue 33, item 6).
    await expect.poll(() => member.locator('body').innerText()).toContain('张伟');
    expect(await unreadableCells(member, '工单详情', '.ant-descriptions-item-content')).toEqual([]);
    expect(errorsOf(member)).toEqual([]);
  });
});

describe('people by name, records by title or number (issue 33, item 6)', () => {
  it('her notice panel, a notice and 我的消息 show no ids and no account names', async () => {
    await bell(member).click();
    const panel = member.getByRole('dialog', { name: '消息通知' });
    await panel.locator('.notice-list__item').first().waitFor();
    expect(await unreadableCells(member, '消息通知·未读', '.ant-modal .notice-list__item')).toEqual([]);
    await panel.getByRole('tab', { name: /已读/ }).click();
    expect(await unreadableCells(member, '消息通知·已读', '.ant-modal .notice-list__item')).toEqual([]);
    await panel.getByRole('button', { name: /我的消息/ }).click();
    await member.locator('.ant-table-tbody .ant-table-row').first().waitFor();
    expect(await unreadableCells(member, '我的消息', '.ant-table')).toEqual([]);
  });

  it('the admin’s 我的消息, 全部工单 and 操作日志 name people by their real name', async () => {
    const admin = await adminPage(h);
    for (const [title, path] of [
      ['我的消息（管理员）', '/modules/message/myMessage'],
      ['全部工单', '/workOrder/list'],
      ['操作日志', '/system/log/operation'],
    ] as const) {
      await admin.goto(`${h.baseUrl}${path}`);
      await admin.locator('.ant-table-tbody .ant-table-row').first().waitFor();
      expect(await unreadableCells(admin, title, '.ant-table')).toEqual([]);
    }
    // 操作人 reads the person, not the account (the seeded log names 何雪, 徐明 …).
    await expect.poll(() => admin.locator('.ant-table-tbody').innerText()).toMatch(/[\u4e00-\u9fa5]{2,3}/);
    expect(errorsOf(admin)).toEqual([]);
  });
});
