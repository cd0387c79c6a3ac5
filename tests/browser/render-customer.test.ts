/**
 * The declared 客户管理 screen end to end: schemas/system/customer.json interpreted by
 * runtime/render against the real server (list, query, sort, add with validation, detail, edit,
 * delete, batch delete). render-access.test.ts covers the 510 warning and a staff account.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  dismissNotifications,
  errorsOf,
  screenshotPath,
  signIn,
  startHarness,
  type Harness,
  WEB_DIR,
} from './harness';
import { closeForm } from './render-list-helpers';

let h: Harness;
let page: Page;

beforeAll(async () => {
  h = await startHarness();
});

afterAll(async () => {
  await h?.close();
});

/** antd may put a space between the two characters of a label; icons add their own name. */
const spaced = (label: string) => new RegExp([...label].join('\\s*'));
const row = (text: string) => page.locator('.ant-table-row', { hasText: text });
const toast = (text: string) => page.locator('.ant-message-notice', { hasText: text });

/** Opens 新增, fills the form and saves; waits for the server's 添加成功！. */
async function addCustomer(name: string, code: string, phone: string): Promise<void> {
  await page.getByRole('button', { name: '新增' }).click();
  const dialog = page.getByRole('dialog', { name: '新增' });
  await dialog.getByLabel('客户名称').fill(name);
  await dialog.getByLabel('客户编码').fill(code);
  await dialog.getByLabel('手机号码').fill(phone);
  await dialog.getByRole('button', { name: spaced('确定') }).click();
  await toast('添加成功！').last().waitFor();
  await dialog.waitFor({ state: 'detached' });
  await row(code).waitFor();
}

describe('declared customer list (admin)', () => {
  it('opens 客户管理 under 客户与通讯录 and shows the empty list', async () => {
    page = await h.newPage();
    page.setDefaultTimeout(10_000);
    await signIn(page, h.baseUrl, {
      username: 'admin',
      password: ADMIN_PASSWORD,
      tenant: '智慧接待示范单位',
    });
    const menu = page.getByRole('navigation', { name: '主菜单' });
    await page.waitForLoadState('networkidle');
    const scripts: string[] = [];
    page.on('response', (res) => {
      const { pathname } = new URL(res.url());
      if (pathname.endsWith('.js')) scripts.push(pathname);
    });
    await menu.getByText('客户与通讯录').click();
    await menu.getByText('客户管理').click();
    await page.waitForURL(`${h.baseUrl}/customer/list`);
    await page.locator('.zj-list').waitFor();
    await page.locator('.ant-empty-description', { hasText: '暂无数据' }).waitFor();
    await page.waitForLoadState('networkidle');
    const gzip = scripts.reduce(
      (sum, file) => sum + zlib.gzipSync(fs.readFileSync(path.join(WEB_DIR, file))).length,
      0,
    );
    console.info(
      `customer list screen: ${scripts.length} more scripts, ${(gzip / 1024).toFixed(1)} KiB gzip`,
    );
    // The renderer, antd's table/form/select pieces and the widgets it uses; the modals load later.
    expect(gzip).toBeLessThan(200 * 1024);
    for (const title of ['客户名称', '客户编码', '手机号码', '邮箱', '客户等级', '地址', '创建日期', '操作'])
      expect(await page.locator('.ant-table-thead th', { hasText: title }).count()).toBeGreaterThan(0);
  });

  it('checks the form with the server rules first, then adds (render-form.png)', async () => {
    await dismissNotifications(page).catch(() => undefined);
    await page.getByRole('button', { name: '新增' }).click();
    const dialog = page.getByRole('dialog', { name: '新增' });
    await dialog.getByLabel('客户名称').fill('华东贸易');
    await dialog.getByLabel('客户编码').fill('C001');
    await dialog.getByLabel('手机号码').fill('12345');
    await dialog.getByRole('button', { name: spaced('确定') }).click();
    await dialog.getByText('请输入正确手机号').waitFor();
    // The json-logic rule: a 高 level customer must have an email.
    await dialog.getByLabel('客户等级').click();
    await page.locator('.ant-select-item-option', { hasText: '高' }).click();
    await dialog.getByRole('button', { name: spaced('确定') }).click();
    await dialog.getByText('请输入邮箱!').waitFor();
    await page.waitForTimeout(300);
    await page.screenshot({ path: screenshotPath('render-form.png') });
    await dialog.getByLabel('手机号码').fill('13912345678');
    await dialog.getByLabel('邮箱').fill('east@example.com');
    await dialog.getByRole('button', { name: spaced('确定') }).click();
    await toast('添加成功！').waitFor();
    await row('C001').waitFor();
    expect(await row('C001').innerText()).toContain('高');
  });

  it('shows the server message under its field when the server refuses (duplicate code)', async () => {
    await page.getByRole('button', { name: '新增' }).click();
    const dialog = page.getByRole('dialog', { name: '新增' });
    await dialog.getByLabel('客户名称').fill('重复客户');
    await dialog.getByLabel('客户编码').fill('C001');
    await dialog.getByRole('button', { name: spaced('确定') }).click();
    await dialog
      .locator('.ant-form-item-explain-error', { hasText: '客户编码：该值不可用，系统中已存在！' })
      .waitFor();
    await closeForm(dialog);
  });

  it('lists, queries by name and sorts (render-list.png)', async () => {
    await addCustomer('西南物流', 'C002', '13800001111');
    await addCustomer('北方机械', 'C003', '13800002222');
    await page.getByText('1-3 共3条').waitFor();
    // The 添加成功！ toasts would cover the header in the picture.
    await page.locator('.ant-message-notice').last().waitFor({ state: 'detached' });
    await page.screenshot({ path: screenshotPath('render-list.png') });

    const query = page.locator('.zj-query-form');
    await query.getByLabel('客户名称').fill('物流');
    const filtered = page.waitForResponse(
      (r) => r.url().includes('/sys/customer/list') && r.url().includes('name=*'),
    );
    await query.getByRole('button', { name: spaced('查询') }).click();
    expect(decodeURIComponent((await filtered).url())).toContain('name=*物流*');
    await page.getByText('1-1 共1条').waitFor();
    expect(await page.locator('.ant-table-row').count()).toBe(1);
    await query.getByRole('button', { name: spaced('重置') }).click();
    await page.getByText('1-3 共3条').waitFor();

    // The fourth item (客户等级, an `in` rule) shows after 展开 and sends the picked codes.
    expect(await query.getByLabel('客户等级').count()).toBe(0);
    await query.getByRole('button', { name: spaced('展开') }).click();
    await query.getByLabel('客户等级').click();
    await page.locator('.ant-select-item-option', { hasText: '高' }).click();
    const byLevel = page.waitForResponse((r) => r.url().includes('level=H'));
    await query.getByRole('button', { name: spaced('查询') }).click();
    await byLevel;
    await page.getByText('1-1 共1条').waitFor();
    await query.getByRole('button', { name: spaced('收起') }).waitFor();
    await query.getByRole('button', { name: spaced('重置') }).click();
    await page.getByText('1-3 共3条').waitFor();

    const sorted = page.waitForResponse((r) => r.url().includes('column=code'));
    await page.locator('.ant-table-thead th', { hasText: '客户编码' }).click();
    expect((await sorted).url()).toContain('order=asc');
    await expect.poll(() => page.locator('.ant-table-row').first().innerText()).toContain('C001');
    const desc = page.waitForResponse(
      (r) => r.url().includes('column=code') && r.url().includes('order=desc'),
    );
    await page.locator('.ant-table-thead th', { hasText: '客户编码' }).click();
    await desc;
    await expect.poll(() => page.locator('.ant-table-row').first().innerText()).toContain('C003');
  });

  it('shows 详细信息 with dictionary text, 1200 wide, with a fullscreen toggle', async () => {
    await row('C001').getByRole('button', { name: '详情' }).click();
    const dialog = page.getByRole('dialog', { name: '详细信息' });
    await dialog.getByText('east@example.com').waitFor();
    expect(await dialog.locator('.ant-descriptions-item-content', { hasText: /^高$/ }).count()).toBe(1);
    // Measured after the opening zoom animation settles.
    const box = page
      .locator('.zj-detail-modal .ant-modal-container, .zj-detail-modal .ant-modal-content')
      .first();
    await expect.poll(async () => Math.round((await box.boundingBox())?.width ?? 0)).toBe(1200);
    await dialog.getByRole('button', { name: '全屏' }).click();
    await dialog.getByRole('button', { name: '退出全屏' }).waitFor();
    await dialog
      .locator('.ant-modal-footer')
      .getByRole('button', { name: spaced('关闭') })
      .click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('edits a row and shows the server message', async () => {
    await row('C002').getByRole('button', { name: '编辑' }).click();
    const dialog = page.getByRole('dialog', { name: '编辑' });
    const name = dialog.getByLabel('客户名称');
    await expect.poll(() => name.inputValue()).toBe('西南物流');
    await name.fill('西南物流集团');
    await dialog.getByRole('button', { name: spaced('确定') }).click();
    await toast('编辑成功！').waitFor();
    await row('西南物流集团').waitFor();
  });

  it('deletes a row after confirmation', async () => {
    await row('C003').getByRole('button', { name: '删除' }).click();
    await page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: spaced('确定') })
      .click();
    await toast('删除成功！').waitFor();
    await row('C003').waitFor({ state: 'detached' });
  });

  it('batch delete asks for a selection, then removes the selected rows', async () => {
    await page.getByRole('button', { name: '批量删除' }).click();
    await toast('请选择一条记录！').waitFor();
    for (const code of ['C001', 'C002']) await row(code).locator('.ant-checkbox-input').check();
    await page.getByRole('button', { name: '批量删除' }).click();
    const confirm = page.locator('.ant-modal-confirm');
    await confirm.locator('.ant-modal-confirm-title', { hasText: '确认删除' }).waitFor();
    await confirm.getByText('是否删除选中数据?').waitFor();
    await confirm.getByRole('button', { name: spaced('确定') }).click();
    await toast('批量删除成功！').waitFor();
    await page.locator('.ant-empty-description', { hasText: '暂无数据' }).waitFor();
    expect(errorsOf(page)).toEqual([]);
  });
});
