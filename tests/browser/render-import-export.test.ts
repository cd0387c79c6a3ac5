/**
 * 导出 and 导入EXCEL on the declared customer list against the real server: the export downloads a
 * workbook holding the list's rows (or only the selected ones), 导出全部字段 from the arrow's menu
 * every field the import takes, export failures go through the error catalogue; the import dialog's
 * 下载导入模板 gives that workbook's header without rows, and an import with one bad row shows the
 * code-201 warning whose link downloads the error workbook; a legacy .xls imports the same way.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Download, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorsOf, screenshotPath, startHarness, type Harness } from './harness';
import { addRows, adminPage, listTotal, spaced } from './render-list-helpers';

let h: Harness;
let page: Page;
let tmp: string;
/** The header of the 导出全部字段 workbook: the import template's too. */
let allFieldsHeader: string[] = [];

beforeAll(async () => {
  h = await startHarness();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'zj-import-export-'));
});

afterAll(async () => {
  await h?.close();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

const row = (text: string) => page.locator('.zj-list .ant-table-row', { hasText: text });
const importDialog = () => page.getByRole('dialog', { name: '导入EXCEL' });

/** The rows of a downloaded workbook's first sheet, as text. */
async function sheetRows(download: Download): Promise<string[][]> {
  const file = path.join(tmp, `${Date.now()}-${download.suggestedFilename()}`);
  await download.saveAs(file);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  const rows: string[][] = [];
  workbook.worksheets[0].eachRow((r) => {
    const values = (r.values as unknown[]).slice(1);
    rows.push(values.map((v) => (v === null || v === undefined ? '' : String(v))));
  });
  return rows;
}

async function workbook(name: string, rows: string[][]): Promise<string> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('客户');
  for (const r of rows) sheet.addRow(r);
  const file = path.join(tmp, name);
  await book.xlsx.writeFile(file);
  return file;
}

async function exportNow(): Promise<{ download: Download; url: URL }> {
  const sent = page.waitForRequest((r) => r.url().includes('/sys/customer/exportXls'));
  const downloaded = page.waitForEvent('download');
  await page.getByRole('button', { name: spaced('导出') }).click();
  return { url: new URL((await sent).url()), download: await downloaded };
}

describe('customer export', () => {
  it('downloads the list as a workbook whose rows match', async () => {
    page = await adminPage(h);
    await addRows(page, '/sys/customer', [
      { name: '华东贸易', code: 'E001', level: 'L' },
      { name: '西南物流', code: 'E002', level: 'L' },
      { name: '北方机械', code: 'E003', level: 'L' },
    ]);
    await page.goto(`${h.baseUrl}/customer/list`);
    await page.getByText('1-3 共3条').waitFor();

    const { download, url } = await exportNow();
    expect(url.searchParams.get('selections')).toBeNull();
    expect(url.searchParams.get('fields')).toBeNull();
    expect(download.suggestedFilename()).toBe('客户.xlsx');
    const rows = await sheetRows(download);
    expect(rows[0]).toEqual(expect.arrayContaining(['客户名称', '客户编码', '客户等级']));
    const codeAt = rows[0].indexOf('客户编码');
    expect(
      rows
        .slice(1)
        .map((r) => r[codeAt])
        .sort(),
    ).toEqual(['E001', 'E002', 'E003']);
    expect(rows[1][rows[0].indexOf('客户等级')]).toBe('低');
  });

  it('exports only the selected rows', async () => {
    for (const code of ['E001', 'E003']) await row(code).locator('.ant-checkbox-input').check();
    const { download, url } = await exportNow();
    expect(url.searchParams.get('selections')?.split(',')).toHaveLength(2);
    const rows = await sheetRows(download);
    const codeAt = rows[0].indexOf('客户编码');
    expect(
      rows
        .slice(1)
        .map((r) => r[codeAt])
        .sort(),
    ).toEqual(['E001', 'E003']);
    await page.getByRole('button', { name: spaced('清空') }).click();
  });

  it('导出全部字段 from the arrow menu writes every field the import takes, not only the columns', async () => {
    const sent = page.waitForRequest((r) => r.url().includes('/sys/customer/exportXls'));
    const downloaded = page.waitForEvent('download');
    await page.getByRole('button', { name: '选择字段范围' }).click();
    await page.getByRole('menuitem', { name: '导出全部字段' }).click();
    expect(new URL((await sent).url()).searchParams.get('fields')).toBe('all');
    const rows = await sheetRows(await downloaded);
    expect(rows[0]).toEqual(expect.arrayContaining(['客户编码', '客户等级', '备注', '负责人', '客户简介']));
    expect(rows[0]).not.toContain('创建时间');
    expect(rows).toHaveLength(4);
    allFieldsHeader = rows[0];
  });

  it('shows a refused export (JSON instead of a file) and an HTTP failure through the catalogue', async () => {
    await page.route('**/api/sys/customer/exportXls**', (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({
          success: false,
          code: 510,
          message: '没有权限，请联系管理员授权',
          result: null,
        }),
      }),
    );
    await page.getByRole('button', { name: spaced('导出') }).click();
    await page.locator('.ant-message-warning', { hasText: '没有权限，请联系管理员授权' }).waitFor();
    await page.unroute('**/api/sys/customer/exportXls**');
    await page.route('**/api/sys/customer/exportXls**', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, code: 500, message: '导出服务异常' }),
      }),
    );
    await page.getByRole('button', { name: spaced('导出') }).click();
    await page.locator('.ant-notification-notice', { hasText: '导出服务异常' }).waitFor();
    await page.locator('.ant-message-warning', { hasText: '文件下载失败' }).waitFor();
    await page.unroute('**/api/sys/customer/exportXls**');
  });
});

describe('customer import', () => {
  it('opens 导入EXCEL 600 wide; 确定 waits for a file (import-dialog.png)', async () => {
    await page
      .locator('.ant-notification-notice-close')
      .first()
      .click()
      .catch(() => undefined);
    await page.getByRole('button', { name: spaced('导入') }).click();
    await importDialog().waitFor();
    const box = page
      .locator('.zj-import-modal .ant-modal-container, .zj-import-modal .ant-modal-content')
      .first();
    await expect.poll(async () => Math.round((await box.boundingBox())?.width ?? 0)).toBe(600);
    const ok = importDialog().getByRole('button', { name: spaced('确定') });
    expect(await ok.isDisabled()).toBe(true);
    expect(await importDialog().locator('input[type=file]').getAttribute('accept')).toBe('.xls,.xlsx');
    // 下载导入模板: the 导出全部字段 workbook's header, no rows.
    const sent = page.waitForRequest((r) => r.url().includes('/sys/customer/exportXls'));
    const downloaded = page.waitForEvent('download');
    await importDialog().getByRole('button', { name: '下载导入模板' }).click();
    expect(new URL((await sent).url()).searchParams.get('template')).toBe('1');
    const template = await downloaded;
    expect(template.suggestedFilename()).toBe('客户导入模板.xlsx');
    expect(await sheetRows(template)).toEqual([allFieldsHeader]);
    const file = await workbook('客户导入.xlsx', [
      ['客户名称', '客户编码', '手机号码'],
      ['新客户甲', 'I001', '13900000001'],
      ['重复客户', 'E001', '13900000002'],
      ['新客户丙', 'I003', '13900000003'],
    ]);
    await importDialog().locator('input[type=file]').setInputFiles(file);
    await importDialog().getByText('客户导入.xlsx').waitFor();
    await expect.poll(() => ok.isDisabled()).toBe(false);
    // The export tests' toasts would cover the dialog in the picture.
    await expect.poll(() => page.locator('.ant-message-notice').count(), { timeout: 10_000 }).toBe(0);
    await page.waitForTimeout(300);
    await page.screenshot({ path: screenshotPath('import-dialog.png') });
  });

  it('a file with one bad row: the 201 warning links the error workbook, the good rows are in', async () => {
    await importDialog()
      .getByRole('button', { name: spaced('确定') })
      .click();
    const warning = page.locator('.ant-modal-confirm', { hasText: '导入成功,但是有错误数据!' });
    await warning.waitFor();
    await importDialog().waitFor({ state: 'detached' });
    await warning.getByText('具体详情请').waitFor();
    const downloaded = page.waitForEvent('download');
    await warning.getByRole('link', { name: '点击下载' }).click();
    const rows = await sheetRows(await downloaded);
    expect(rows[0]).toEqual(expect.arrayContaining(['客户编码', '行号', '错误原因']));
    expect(rows).toHaveLength(2);
    expect(rows[1]).toEqual(expect.arrayContaining(['重复客户', 'E001']));
    await warning.getByRole('button').last().click();
    await expect.poll(() => listTotal(page)).toBe(5);
    await row('I001').waitFor();
    await row('I003').waitFor();
  });

  it('a clean file: the server message, the dialog closes', async () => {
    await page.getByRole('button', { name: spaced('导入') }).click();
    const file = await workbook('客户导入2.xlsx', [
      ['客户名称', '客户编码'],
      ['新客户丁', 'I004'],
    ]);
    await importDialog().locator('input[type=file]').setInputFiles(file);
    await importDialog()
      .getByRole('button', { name: spaced('确定') })
      .click();
    await page.locator('.ant-message-success', { hasText: '文件导入成功！数据行数：1' }).waitFor();
    await importDialog().waitFor({ state: 'detached' });
    await row('I004').waitFor();
    // The catalogue's 500 notice of the failed export test is expected; nothing else went wrong.
    expect(errorsOf(page).filter((e) => !e.includes('500'))).toEqual([]);
  });

  it('a legacy .xls (Excel 97-2003) imports the same way: its bad row in the warning, the rest in (import-xls.png)', async () => {
    const before = await listTotal(page);
    await page.getByRole('button', { name: spaced('导入') }).click();
    // Written by xlwt: texts, a code typed as a number, dates, one bad phone number, a blank row.
    await importDialog()
      .locator('input[type=file]')
      .setInputFiles(path.resolve('tests/server/entity-fixtures/xls/customers.xls'));
    await importDialog().getByText('customers.xls').waitFor();
    await importDialog()
      .getByRole('button', { name: spaced('确定') })
      .click();
    const warning = page.locator('.ant-modal-confirm', { hasText: '导入成功,但是有错误数据!' });
    await warning.getByText('总上传行数：4，已导入行数：3，错误行数：1').waitFor();
    // The list behind the warning already holds the imported rows, dates as typed.
    await expect.poll(() => listTotal(page)).toBe(before + 3);
    await row('北京甲科技有限公司').waitFor();
    await row('1002').getByText('2024-05-01').waitFor();
    await row('XA4').getByText('2024-05-01 09:30:00').waitFor();
    expect(await row('丙公司').count()).toBe(0);
    await expect.poll(() => page.locator('.ant-message-notice').count(), { timeout: 10_000 }).toBe(0);
    await page.screenshot({ path: screenshotPath('import-xls.png') });
    await warning.getByRole('button', { name: spaced('知道了') }).click();
    await warning.waitFor({ state: 'detached' });
  });
});
