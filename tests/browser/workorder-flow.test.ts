/**
 * Issue 13's "done when", in one run with three people: the admin (A) launches an order for
 * zhaolei (B) with huangmin (C) taking part; B sees it arrive on his workbench's 待办 without a
 * reload, opens it, accepts it and adds a note with a file; C finds the sub-order B gave him on his
 * own workbench and finishes it; A urges, B's reminder modal's 去处理 lands on the order; B
 * finishes it, it moves to his 已办, and the statistics count it.
 */
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, signInFast, STAFF_PASSWORD, startHarness, type Harness } from './harness';
import { apiCall, spaced } from './render-list-helpers';

let h: Harness;
let a: Page;
let b: Page;
let c: Page;

const TITLE = '接待中心二楼电子门禁失灵';
const SUB = '更换门禁读卡模块';

function day(days: number): string {
  return new Date(Date.now() + days * 24 * 3600 * 1000 + 8 * 3600 * 1000).toISOString().slice(0, 10);
}

async function person(username: string, password: string): Promise<Page> {
  const page = await h.newPage({ width: 1440, height: 900 });
  page.setDefaultTimeout(15_000);
  await signInFast(page, h.baseUrl, { username, password, tenantId: 1 });
  return page;
}

interface Statistics {
  summary: { total: number; finished: number };
}
const finishedCount = async () =>
  (await apiCall<Statistics>(a, 'GET', '/sys/workOrderStatic/workOrderStatistics')).result.summary.finished;

const todoRow = (page: Page, text: string) => page.locator('.todo-panel .todo-row', { hasText: text });
const headerAction = (page: Page, name: string) =>
  page.locator(`.wo-details__actions .zj-transition--${name}`);
const toast = (page: Page, text: string) => page.locator('.ant-message-notice', { hasText: text });

beforeAll(async () => {
  h = await startHarness();
  [a, b, c] = [
    await person('admin', ADMIN_PASSWORD),
    await person('zhaolei', STAFF_PASSWORD),
    await person('huangmin', STAFF_PASSWORD),
  ];
});
afterAll(async () => {
  await h?.close();
});
afterEach(async (context) => {
  if (context.task.result?.state !== 'fail') return;
  for (const [name, page] of [
    ['a', a],
    ['b', b],
    ['c', c],
  ] as const)
    await page?.screenshot({ path: `.tmp/workorder-flow-fail-${name}.png` }).catch(() => undefined);
});

describe('a work order from launch to 已办', () => {
  it('goes through three people, live, and the statistics count it', async () => {
    const finishedBefore = await finishedCount();
    await b.locator('.todo-panel').waitFor();

    // A launches; B's workbench shows it without a reload.
    const launched = await apiCall(a, 'POST', '/sys/workOrder/add', {
      title: TITLE,
      orderType: '3',
      priority: '3',
      charge: 'zhaolei',
      participants: 'huangmin',
      deadline: day(2),
      content: '<p>二楼东侧门禁刷卡无反应，访客无法进入贵宾区。</p>',
    });
    expect(launched.success).toBe(true);
    await todoRow(b, TITLE).click();
    await b.waitForURL(/\/HomePage\/DistributedDetails\/details\?id=/);
    const orderId = new URL(b.url()).searchParams.get('id')!;

    // B accepts and adds a note with a file.
    await headerAction(b, 'accept').click();
    await b
      .getByRole('dialog', { name: '接收工单' })
      .getByRole('button', { name: spaced('确定') })
      .click();
    await expect.poll(() => b.locator('.wo-details__status').innerText()).toBe('处理中');
    const box = b.locator('.wo-note');
    await box.getByLabel('添加动态').fill('已到现场，读卡模块损坏，今天更换');
    await box.locator('input[type=file]').setInputFiles({
      name: '门禁故障照片说明.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4'),
    });
    // 提交 waits while the file is on its way; the test waits for the stored file's list entry.
    await box.locator('.ant-upload-list-item-done').first().waitFor();
    await box.getByRole('button', { name: spaced('提交') }).click();
    await toast(b, '保存成功！').waitFor();
    const note = b.locator('.wo-timeline__entry', { hasText: '读卡模块损坏' });
    // The timeline reloads after the toast: wait for the new entry with its file.
    await expect.poll(() => note.locator('a[href*="/sys/common/static/workOrder/"]').count()).toBe(1);

    // B hands a sub-order to C; C's workbench shows it live, and C finishes it on the order's page.
    await c.locator('.todo-panel').waitFor();
    const sub = await apiCall(b, 'POST', '/sys/workOrderSub/add', {
      orderId,
      title: SUB,
      handler: 'huangmin',
      deadline: day(1),
    });
    expect(sub.success).toBe(true);
    await todoRow(c, SUB).click();
    await c.waitForURL(new RegExp(`details\\?id=${orderId}$`));
    const subRow = c.locator('.wo-details__subs .ant-table-row', { hasText: SUB });
    await subRow.locator('.zj-transition--finish').click();
    await c
      .locator('.ant-popconfirm')
      .getByRole('button', { name: spaced('确定') })
      .click();
    await expect.poll(() => subRow.innerText()).toContain('已完成');
    // B's open page shows C's work without a reload (the 'todo' message reaches everyone involved).
    await b.locator('.wo-timeline__entry', { hasText: `子工单“${SUB}”已完成` }).waitFor();

    // A urges; B's reminder modal takes him to the order.
    await b.goto(`${h.baseUrl}/HomePage/index`);
    await todoRow(b, TITLE).waitFor();
    await a.goto(`${h.baseUrl}/HomePage/DistributedDetails/details?id=${orderId}`);
    await a.locator('.wo-details__urge').click();
    await a
      .getByRole('dialog', { name: '催办工单' })
      .getByRole('button', { name: spaced('确定') })
      .click();
    await toast(a, '催办成功').waitFor();
    const reminder = b.getByRole('dialog', { name: '消息提醒' });
    await reminder.getByText(`工单催办：${TITLE}`).waitFor({ timeout: 20_000 });
    await reminder.getByRole('button', { name: spaced('去处理') }).click();
    await b.waitForURL(new RegExp(`details\\?id=${orderId}$`));

    // B finishes; it leaves his 待办 for 已办, and the statistics count one more finished order.
    await headerAction(b, 'finish').click();
    await b
      .getByRole('dialog', { name: '完成工单' })
      .getByRole('button', { name: spaced('确定') })
      .click();
    await expect.poll(() => b.locator('.wo-details__status').innerText()).toBe('已完成');
    expect(await headerAction(b, 'finish').count()).toBe(0);
    await b.goto(`${h.baseUrl}/HomePage/index`);
    await b.getByRole('tab', { name: /我的已办\(\d+\)/ }).click();
    await todoRow(b, TITLE).waitFor();
    await b.getByRole('tab', { name: /我的待办\(\d+\)/ }).click();
    // The 已办 rows stay until the 待办 ones replace them: wait for the order to leave.
    await expect.poll(() => todoRow(b, TITLE).count()).toBe(0);
    expect(await finishedCount()).toBe(finishedBefore + 1);
  });
});
