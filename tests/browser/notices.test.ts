import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, CAPTCHA, signInFast, STAFF_PASSWORD, startHarness, type Harness } from './harness';
import { expectMessage } from './shell-helpers';

let h: Harness;
let member: Page;
let adminToken = '';
let adminTenant = '0';
const pushes: string[] = [];

interface Answer<T> {
  success: boolean;
  code: number;
  message: string;
  result: T;
}

/** The admin's requests, over HTTP like any client (the admin screens are tested elsewhere). */
async function asAdmin<T>(method: string, path: string, body?: unknown): Promise<Answer<T>> {
  const res = await fetch(`${h.baseUrl}/api${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      'X-Access-Token': adminToken,
      'tenant-id': adminTenant,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()) as Answer<T>;
}

async function signInAdmin(): Promise<void> {
  const checkKey = `n${Date.now()}`;
  await (await fetch(`${h.baseUrl}/api/sys/randomImage/${checkKey}`)).arrayBuffer();
  const res = await fetch(`${h.baseUrl}/api/sys/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD, captcha: CAPTCHA, checkKey }),
  });
  const body = (await res.json()) as Answer<{ token: string; tenantList?: { id: number }[] }>;
  adminToken = body.result.token;
  adminTenant = String(body.result.tenantList?.[0]?.id ?? 0);
}

/** Adds and releases an announcement to one department; returns its id. */
async function releaseToDepartment(title: string, departId: string, category = '5'): Promise<string> {
  const added = await asAdmin('POST', '/sys/annountCement/add', {
    titile: title,
    msgContent: `<p>${title}的内容</p><script>window.__hacked = true</script><img src="x" onerror="window.__hacked = true">`,
    msgCategory: category,
    msgType: 'DEPART',
    departIds: departId,
    priority: 'M',
  });
  expect(added.success, added.message).toBe(true);
  const list = await asAdmin<{ records: { id: string; titile: string }[] }>(
    'GET',
    `/sys/annountCement/list?titile=${encodeURIComponent(title)}&pageNo=1&pageSize=10`,
  );
  const id = list.result.records.find((r) => r.titile === title)?.id ?? '';
  const released = await asAdmin('GET', `/sys/annountCement/doReleaseData?id=${id}`);
  expect(released.success, released.message).toBe(true);
  return id;
}

function bell(page: Page) {
  return page.locator('.shell-header__bell');
}

async function badgeCount(page: Page): Promise<number> {
  const text =
    (await bell(page)
      .locator('.ant-badge-count')
      .textContent()
      .catch(() => '')) ?? '';
  return Number(text.replace(/\D/g, '') || 0);
}

async function memberDepartId(): Promise<string> {
  const row = await h.server.database.db
    .selectFrom('sysUserDepart')
    .innerJoin('sysUser', 'sysUser.id', 'sysUserDepart.userId')
    .select('sysUserDepart.depId')
    .where('sysUser.username', '=', 'chenjing')
    .executeTakeFirstOrThrow();
  return row.depId;
}

beforeAll(async () => {
  h = await startHarness();
  await signInAdmin();
  member = await h.newPage();
  member.setDefaultTimeout(10_000);
  member.on('websocket', (ws) => {
    ws.on('framereceived', ({ payload }) => pushes.push(String(payload)));
  });
  await signInFast(member, h.baseUrl, { username: 'chenjing', password: STAFF_PASSWORD });
  await member.getByText('欢迎使用智慧接待平台').waitFor();
});

afterAll(async () => {
  await h?.close();
});

describe('notices between two signed-in users', () => {
  it('a release to the member department raises the bell at once, through the socket', async () => {
    await bell(member).waitFor();
    // The first poll has answered: the count is the seeded unread total.
    await member.waitForResponse((r) => r.url().includes('/api/sys/notice/list'));
    const before = await badgeCount(member);
    const title = `部门通知${Date.now()}`;
    const released = Date.now();
    await releaseToDepartment(title, await memberDepartId());
    await expect.poll(() => badgeCount(member), { timeout: 5_000, interval: 50 }).toBe(before + 1);
    const elapsed = Date.now() - released;
    // Delivered by a push, not by the 6 s poll.
    expect(pushes.some((p) => p.includes('"cmd":"user"') && p.includes(title))).toBe(true);
    console.info(`release to bell: ${elapsed} ms`);
    // The popover lists it.
    await bell(member).hover();
    await member.locator('.notice-popover').getByText(title).waitFor();
  });

  it('opens a notice from the panel: details without the script, then it is read', async () => {
    const title = `项目通知${Date.now()}`;
    await releaseToDepartment(title, await memberDepartId());
    await member.locator('.notice-popover').getByText(title).waitFor({ state: 'attached' });
    await bell(member).click();
    const panel = member.getByRole('dialog', { name: '消息通知' });
    await panel.waitFor();
    await panel.getByRole('tab', { name: /未读/ }).click();
    await panel.getByText(title).click();
    await member.waitForURL((url) => url.pathname === '/HomePage/noticedetails');
    expect(
      await member.evaluate(() => JSON.parse(localStorage.getItem('noticeid') ?? 'null')?.value),
    ).toBeTruthy();
    const details = member.locator('.notice-details');
    await details.getByText(title, { exact: true }).waitFor();
    await details.getByText(`${title}的内容`).waitFor();
    expect(await details.locator('script, img[onerror]').count()).toBe(0);
    expect(
      await member.evaluate(() => (window as unknown as { __hacked?: boolean }).__hacked),
    ).toBeUndefined();
    await member.screenshot({ path: 'docs/screenshots/notice-details.png' });
    // It moved to 已读.
    await bell(member).click();
    await panel.waitFor();
    await panel.getByRole('tab', { name: /已读/ }).click();
    await panel.locator('.notice-list__item--read', { hasText: title }).waitFor();
    await panel.getByRole('tab', { name: /未读/ }).click();
    expect(
      await panel.locator('.ant-tabs-tabpane-active .notice-list__item', { hasText: title }).count(),
    ).toBe(0);
  });

  it('mark-all-read empties the unread tab and the badge', async () => {
    const panel = member.getByRole('dialog', { name: '消息通知' });
    await releaseToDepartment(`待读通知${Date.now()}`, await memberDepartId(), '4');
    await expect.poll(() => badgeCount(member), { timeout: 5_000 }).toBeGreaterThan(0);
    if (!(await panel.isVisible())) await bell(member).click();
    await panel.waitFor();
    await member.screenshot({ path: 'docs/screenshots/notice-panel.png' });
    await panel.getByRole('button', { name: '全部标注已读' }).click();
    await expectMessage(member, '设置成功');
    await panel.getByRole('tab', { name: '未读(0)' }).waitFor();
    await expect.poll(() => badgeCount(member), { timeout: 5_000 }).toBe(0);
    await panel.locator('.ant-modal-close').click();
    await panel.waitFor({ state: 'hidden' });
  });

  it('a reminder pops the 消息提醒 modal, and 去处理 opens the work order', async () => {
    const memberId = (
      await h.server.database.db
        .selectFrom('sysUser')
        .select('id')
        .where('username', '=', 'chenjing')
        .executeTakeFirstOrThrow()
    ).id;
    const urged = await asAdmin('POST', '/sys/notice/urge', {
      userIds: memberId,
      title: '请尽快处理接待工单',
      content: '<p>客户明天到访，请今天完成准备。</p>',
      appType: 'workOrder',
      appId: 'WO-2026-001',
    });
    expect(urged.success, urged.message).toBe(true);
    const modal = member.getByRole('dialog', { name: '消息提醒' });
    await modal.waitFor();
    await modal.getByText('请尽快处理接待工单').waitFor();
    await modal.getByText('催办人').waitFor();
    await modal.getByText('催办时间').waitFor();
    await modal.getByText('客户明天到访，请今天完成准备。').waitFor();
    await member.screenshot({ path: 'docs/screenshots/reminder-modal.png' });
    await modal.getByRole('button', { name: '去处理' }).click();
    await member.waitForURL(
      (url) =>
        url.pathname === '/HomePage/DistributedDetails/details' &&
        url.searchParams.get('id') === 'WO-2026-001',
    );
  });
});
