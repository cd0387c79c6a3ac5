/**
 * Office supplies and equipment in the browser (docs/modules/office.md): chenjing requests two
 * supplies in the item grid and submits; her manager zhangwei and then the office's xuming approve
 * in 我的待办; the catalogue's stock fell and 台账 shows the issue. A request over the stock is
 * refused with 库存不足. Then chenjing borrows a laptop, both approve, and the register shows it
 * 借出 to her.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screenshotPath, signInFast, startHarness, STAFF_PASSWORD, CAPTCHA, type Harness } from './harness';
import { spaced } from './render-list-helpers';

let h: Harness;
let staff: Page;
let office: Page;
const STAMP = Date.now().toString(36).slice(-4).toUpperCase();
const PAPER = `A4复印纸${STAMP}`;
const PENS = `中性笔${STAMP}`;
const TONER = `硒鼓${STAMP}`;
const LAPTOP = `笔记本电脑${STAMP}`;

const row = (page: Page, text: string) => page.locator('.zj-list .ant-table-row', { hasText: text });
const dialog = (page: Page, title: string) => page.getByRole('dialog', { name: title });
const item = (d: Locator, label: string) => d.locator('.ant-form-item', { hasText: label }).first();
const toast = (page: Page, text: string) => page.locator('.ant-message-notice', { hasText: text });
const gridRows = (scope: Locator) => scope.locator('.tabulator-tableholder .tabulator-row');
const cell = (scope: Locator, n: number, field: string) =>
  gridRows(scope).nth(n).locator(`.tabulator-cell[tabulator-field="${field}"]`);

/** The API as xuming (office): catalogue items with stock, a piece of equipment. */
async function api(
  method: string,
  path: string,
  body?: unknown,
): Promise<{ success: boolean; message: string; result: unknown }> {
  const key = `k${Date.now()}`;
  await (await fetch(`${h.baseUrl}/api/sys/randomImage/${key}`)).arrayBuffer();
  const login = (await (
    await fetch(`${h.baseUrl}/api/sys/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'xuming', password: STAFF_PASSWORD, captcha: CAPTCHA, checkKey: key }),
    })
  ).json()) as { result: { token: string } };
  const res = await fetch(`${h.baseUrl}/api${path}`, {
    method,
    headers: { 'content-type': 'application/json', 'X-Access-Token': login.result.token, 'tenant-id': '1' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()) as { success: boolean; message: string; result: unknown };
}

async function stocked(code: string, name: string, unit: string, stock: number): Promise<void> {
  await api('POST', '/office/supplyItem/add', {
    code,
    name,
    category: '1',
    unit,
    safetyStock: 0,
    status: '1',
  });
  const list = (await api('GET', `/office/supplyItem/list?code=${code}`)).result as {
    records: { id: string }[];
  };
  const itemId = list.records[0]!.id;
  await api('POST', '/office/supplyStockIn/add', { itemId, quantity: stock });
  const ins = (await api('GET', `/office/supplyStockIn/list?itemId=${itemId}`)).result as {
    records: { id: string }[];
  };
  expect((await api('PUT', '/office/supplyStockIn/confirmIn', { id: ins.records[0]!.id })).success).toBe(
    true,
  );
}

async function person(username: string, target: string): Promise<Page> {
  const page = await h.newPage({ width: 1440, height: 900 });
  page.setDefaultTimeout(15_000);
  await signInFast(page, h.baseUrl, { username, password: STAFF_PASSWORD, tenantId: 1, target });
  return page;
}

async function chooseIn(page: Page, scope: Locator, text: string): Promise<void> {
  await page.keyboard.type(text);
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text })
    .first()
    .click();
  await expect.poll(() => scope.innerText()).toContain(text);
}

async function typeCell(page: Page, target: Locator, text: string): Promise<void> {
  await target.click();
  const editor = target.locator('.zj-grid-editor');
  await editor.waitFor();
  await editor.fill(text);
  await editor.press('Enter');
  await page.waitForTimeout(300);
}

/** A new supplies request with its lines, saved as a draft. */
async function request(reason: string, lines: [string, string][]): Promise<void> {
  await staff.goto(`${h.baseUrl}/office/supplies`);
  await staff
    .locator('.zj-list__toolbar')
    .getByRole('button', { name: spaced('新增') })
    .click();
  const d = dialog(staff, '新增');
  await d.getByLabel('领用事由').fill(reason);
  await d.locator('.zj-form-tables .ant-tabs-tab', { hasText: '领用物品' }).click();
  const grid = d.locator('[role="tabpanel"][id$="-panel-officeRequestItem"]');
  await grid.locator('.tabulator').waitFor();
  for (const [n, [name, quantity]] of lines.entries()) {
    if (n > 0) await staff.waitForTimeout(1600); // the grid takes one insert per 1.5 s
    await grid.getByRole('button', { name: spaced('新增') }).click();
    await expect.poll(() => gridRows(grid).count()).toBe(n + 1);
    await cell(grid, n, 'itemId').click();
    await chooseIn(staff, cell(grid, n, 'itemId'), name);
    await typeCell(staff, cell(grid, n, 'quantity'), quantity);
  }
  if (lines.length === 2)
    await staff.screenshot({ path: screenshotPath('office-supplies-request-form.png') });
  await d.getByRole('button', { name: spaced('确定') }).click();
  await toast(staff, '添加成功！').waitFor();
  await d.waitFor({ state: 'detached' });
}

async function submit(page: Page, mine: Locator): Promise<void> {
  await mine.getByText('提交审批').click();
  await page
    .locator('.ant-modal-confirm')
    .getByRole('button', { name: spaced('确定') })
    .click();
}

async function approveIn(username: string, title: string): Promise<void> {
  const page = await person(username, '/flow/todo');
  const task = row(page, title);
  await task.waitFor();
  await task.getByText('同意').click();
  const d = dialog(page, '同意');
  await d.getByLabel('审批意见').fill('同意');
  await d.getByRole('button', { name: spaced('确定') }).click();
  await toast(page, '审批成功').waitFor();
  await page.close();
}

beforeAll(async () => {
  h = await startHarness();
  await stocked(`P${STAMP}`, PAPER, '包', 20);
  await stocked(`N${STAMP}`, PENS, '支', 50);
  await stocked(`T${STAMP}`, TONER, '个', 1);
  const added = await api('POST', '/office/equipment/add', {
    name: LAPTOP,
    category: '2',
    model: '联想 ThinkPad T14',
    location: '行政库房F-1',
    keeper: 'xuming',
    purchaseDate: '2026-03-02',
    price: 6999,
  });
  expect(added.success).toBe(true);
});

afterAll(async () => {
  await h?.close();
});

let step = 0;
afterEach(async (ctx) => {
  step += 1;
  if (ctx.task.result?.state === 'fail') {
    await staff?.screenshot({ path: `.tmp/office-fail-${step}-staff.png` });
    await office?.screenshot({ path: `.tmp/office-fail-${step}-office.png` });
  }
});

describe('office supplies', () => {
  it('a staff member requests two items and submits them', async () => {
    staff = await person('chenjing', '/office/supplies');
    await request('部门季度资料整理', [
      [PAPER, '3'],
      [PENS, '10'],
    ]);
    const mine = row(staff, '部门季度资料整理');
    await expect.poll(() => mine.innerText()).toContain('草稿');
    await submit(staff, mine);
    await toast(staff, '提交成功').waitFor();
    await expect.poll(() => mine.innerText()).toContain('部门经理审批');
  });

  it('the manager and the office approve; the stock fell and the ledger shows the issue', async () => {
    await approveIn('zhangwei', '陈静的办公用品申领');
    await approveIn('xuming', '陈静的办公用品申领');
    await staff.reload();
    await expect.poll(() => row(staff, '部门季度资料整理').innerText()).toContain('已通过');

    office = await person('xuming', '/office/supplyItem');
    await expect.poll(() => row(office, PAPER).innerText()).toMatch(/\t17\t/);
    expect(await row(office, PENS).innerText()).toMatch(/\t40\t/);
    await office.goto(`${h.baseUrl}/office/supplyLedger`);
    const issued = row(office, PAPER).filter({ hasText: '领用出库' });
    await expect.poll(() => issued.innerText()).toMatch(/-3\t20\t17/);
    expect(await issued.innerText()).toMatch(/LY\d{8}-\d{3}/);
  });

  it('a request over the stock is refused with 库存不足', async () => {
    await request('打印机更换硒鼓', [[TONER, '5']]);
    await submit(staff, row(staff, '打印机更换硒鼓'));
    await staff.getByText(`「${TONER}」库存不足：仅剩 1个，申领 5个`).first().waitFor();
    await expect.poll(() => row(staff, '打印机更换硒鼓').innerText()).toContain('草稿');
  });
});

describe('equipment', () => {
  it('a borrow approved by the manager and the office lends the laptop to its borrower', async () => {
    await staff.goto(`${h.baseUrl}/office/equipment`);
    await staff
      .locator('.zj-list__toolbar')
      .getByRole('button', { name: spaced('新增') })
      .click();
    const d = dialog(staff, '新增');
    await item(d, '设备').locator('.ant-select').click();
    await staff.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: LAPTOP }).click();
    await d.getByLabel('借用事由').fill('赴杭州客户现场演示');
    for (const [label, value] of [
      ['借用日期', '2099-12-01'],
      ['预计归还', '2099-12-04'],
    ]) {
      const input = item(d, label!).locator('.ant-picker input');
      await input.click();
      await input.fill(value!);
      await input.press('Enter');
      await expect.poll(() => input.inputValue()).toBe(value);
      // A calendar still open is shut by a click on the dialog's title (Escape with the calendar
      // already shut would close the whole 新增 dialog).
      const calendar = staff.locator('.ant-picker-dropdown:visible');
      if ((await calendar.count()) > 0) await d.locator('.ant-modal-title').click();
      await expect.poll(() => calendar.count()).toBe(0);
    }
    await d.getByRole('button', { name: spaced('确定') }).click();
    await toast(staff, '添加成功！').waitFor();
    await d.waitFor({ state: 'detached' });
    const mine = row(staff, '赴杭州客户现场演示');
    await submit(staff, mine);
    await toast(staff, '提交成功').waitFor();
    await approveIn('zhangwei', '陈静的设备借用');
    await approveIn('xuming', '陈静的设备借用');
    await staff.reload();
    await expect.poll(() => row(staff, '赴杭州客户现场演示').innerText()).toContain('已通过');

    await office.goto(`${h.baseUrl}/office/equipmentList`);
    const lent = row(office, LAPTOP);
    await expect.poll(() => lent.innerText()).toContain('借出');
    expect(await lent.innerText()).toContain('陈静');
  });
});
