import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { TEST_CONTEXT } from './chromium.js';
import { openStaticPage, type StaticPage } from './static-page.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The grid's other column types, dictionaries, permissions, disabled rows, select-all, the insert
 * throttle, input-time and async validation, on the test page's equipment grid (`?kinds`), whose
 * runtime answers from canned data (tests/browser/grid-page/fake-runtime.ts). Built into its own
 * folder so it can run beside grid-core.test.ts.
 */
const PAGE_DIR = path.resolve('tests/browser/grid-page');
const OUT_DIR = path.resolve('.tmp/grid-page-kinds');
const SHOT = (name: string) => path.resolve(`docs/screenshots/grid-${name}.png`);

let site: StaticPage;
let browser: Browser;
let baseUrl = '';

beforeAll(async () => {
  site = await openStaticPage(PAGE_DIR, OUT_DIR);
  ({ browser, baseUrl } = site);
}, 240_000);

afterAll(() => site?.close());

const ROWS = '.tabulator-tableholder .tabulator-row';
const row = (page: Page, n: number) => page.locator(ROWS).nth(n);
const cell = (page: Page, n: number, field: string) =>
  row(page, n).locator(`.tabulator-cell[tabulator-field="${field}"]`);
const rowsOf = async (page: Page) =>
  JSON.parse((await page.locator('#grid-rows').textContent()) || 'null') as Record<string, unknown>[];
const header = (page: Page) => page.locator('.tabulator-col[tabulator-field="__select"] input');
const box = (page: Page, n: number) => cell(page, n, '__select').locator('input');
const outside = (page: Page) => page.mouse.click(1500, 740);

async function open(path: string): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1600, height: 800 }, ...TEST_CONTEXT });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${baseUrl}${path}`);
  await expect.poll(() => page.locator(ROWS).count()).toBe(2);
  return { page, errors };
}

describe('editable grid column kinds', () => {
  it('shows dictionaries, files, progress, slots; applies permissions and disabled rows', async () => {
    const { page, errors } = await open('/?kinds');
    await expect.poll(() => cell(page, 0, 'colors').innerText()).toBe('红,蓝');
    expect(await cell(page, 0, 'depart').innerText()).toBe('行政部');
    expect(await cell(page, 0, 'category').innerText()).toBe('音视频');
    expect(await cell(page, 0, 'level').locator('input').first().isChecked()).toBe(true);
    expect(await cell(page, 0, 'progress').innerText()).toBe('60%');
    expect(await cell(page, 0, 'badge').locator('.badge-slot').innerText()).toBe('急');
    expect(await cell(page, 0, 'attachment').innerText()).toBe('说明书第一…');
    // Permissions: cost removed (type 1), price disabled (type 2), no 删除 button.
    expect(await page.locator('.tabulator-col[tabulator-field="cost"]').count()).toBe(0);
    await cell(page, 0, 'price').click();
    expect(await cell(page, 0, 'price').locator('input').count()).toBe(0);
    expect(await page.getByRole('button', { name: /删\s*除/ }).count()).toBe(0);
    // The disabled row: no selection, no editing, no radio change.
    expect(await box(page, 1).isDisabled()).toBe(true);
    await cell(page, 1, 'itemName').click();
    expect(await cell(page, 1, 'itemName').locator('.zj-grid-editor').count()).toBe(0);
    expect(await cell(page, 1, 'level').locator('input').first().isDisabled()).toBe(true);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('throttles 新增 and keeps select-all to the selectable rows', async () => {
    const { page, errors } = await open('/?kinds');
    // The gate reads Date.now(): the three clicks happen at a page-controlled 0, 100 and 400 ms, so a
    // loaded machine cannot stretch the gaps. 0 inserts, 100 is too fast, 400 waits for the 1500 ms
    // window (a real 1100 ms timer) and then inserts once. The rows are counted by a 50 ms timer
    // set after that one, which fires first however late both are.
    const rowsSoon = await page.evaluate(async () => {
      const add = [...document.querySelectorAll('button')].find(
        (b) => b.textContent?.replace(/\s/g, '') === '新增',
      ) as HTMLButtonElement;
      const realNow = Date.now;
      const start = realNow();
      try {
        for (const at of [0, 100, 400]) {
          Date.now = () => start + at;
          add.click();
        }
      } finally {
        Date.now = realNow;
      }
      await new Promise((r) => setTimeout(r, 50));
      return document.querySelectorAll('.tabulator-tableholder .tabulator-row').length;
    });
    expect(rowsSoon).toBe(3);
    await expect.poll(() => page.getByText('你点击的太快了，请慢点点击!').count()).toBe(1);
    await expect.poll(() => page.locator(ROWS).count(), { timeout: 10_000 }).toBe(4);

    // 4 rows, 3 selectable: one checked is indeterminate, the header clears, then selects all 3.
    await box(page, 0).check();
    expect(await header(page).evaluate((b: HTMLInputElement) => [b.checked, b.indeterminate])).toEqual([
      false,
      true,
    ]);
    await header(page).click();
    expect(await header(page).evaluate((b: HTMLInputElement) => [b.checked, b.indeterminate])).toEqual([
      false,
      false,
    ]);
    expect(await box(page, 0).isChecked()).toBe(false);
    await header(page).click();
    expect(await header(page).evaluate((b: HTMLInputElement) => [b.checked, b.indeterminate])).toEqual([
      true,
      false,
    ]);
    expect(await box(page, 1).isChecked()).toBe(false);
    expect(await box(page, 2).isChecked()).toBe(true);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('edits with selects, search, pickers, pop-ups and uploads; validates on input and async', async () => {
    const { page, errors } = await open('/?kinds');
    await page.getByRole('button', { name: /新\s*增/ }).click();
    await expect.poll(() => page.locator(ROWS).count()).toBe(3);

    // Multiple select; a mouse-up outside the table and its dropdown ends the edit.
    await cell(page, 2, 'colors').click();
    await page.locator('.ant-select-dropdown .ant-select-item-option', { hasText: '红' }).click();
    await page.locator('.ant-select-dropdown .ant-select-item-option', { hasText: '绿' }).click();
    await outside(page);
    await expect.poll(() => cell(page, 2, 'colors').innerText()).toBe('红,绿');

    // Sync search over inline options.
    await cell(page, 2, 'category').click();
    await page.keyboard.type('家');
    await page.locator('.ant-select-dropdown .ant-select-item-option', { hasText: '家具' }).click();
    await expect.poll(() => cell(page, 2, 'category').innerText()).toBe('家具');

    // Async search: nothing for the empty keyword, one request 300 ms after the last keystroke.
    await page.evaluate(() => (window.gridCalls = []));
    await cell(page, 2, 'brand').click();
    await page.waitForTimeout(400);
    expect(await page.evaluate(() => window.gridCalls.filter((c) => c.includes('loadDict')))).toEqual([]);
    // One character at a time, as an input method commits them (a 0 px wide search input once left
    // the caret before each one: 想联).
    await page.keyboard.type('联想');
    expect(await cell(page, 2, 'brand').locator('input').inputValue()).toBe('联想');
    // The debounce shows in the requests themselves (one, for the whole word, none for 联 alone),
    // not in a wait shorter than it: a loaded machine can spend 300 ms between two steps.
    await page.locator('.ant-select-dropdown .ant-select-item-option', { hasText: '联想' }).click();
    await expect.poll(() => cell(page, 2, 'brand').innerText()).toBe('联想');
    expect(await page.evaluate(() => window.gridCalls.filter((c) => c.includes('loadDict')))).toEqual([
      '/sys/dict/loadDict/grid_brand {"keyword":"联想","pageSize":10}',
    ]);

    // Text-area popup, 150 by 200.
    await cell(page, 2, 'note').click();
    const pop = page.locator('textarea.zj-grid-input-pop');
    expect(await pop.evaluate((t: HTMLTextAreaElement) => [t.offsetWidth, t.offsetHeight])).toEqual([
      150, 200,
    ]);
    await pop.fill('第一行\n第二行');
    await outside(page);
    await expect.poll(async () => (await rowsOf(page))[2].note).toBe('第一行\n第二行');

    // Radio, department picker.
    await cell(page, 2, 'level').getByText('甲').click();
    await cell(page, 2, 'depart').click();
    await cell(page, 2, 'depart').getByRole('button', { name: '选择' }).click();
    await page
      .locator('.zj-depart-picker .ant-tree-treenode', { hasText: '技术部' })
      .locator('.ant-tree-checkbox')
      .click();
    await page
      .locator('.zj-depart-picker')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await expect.poll(() => cell(page, 2, 'depart').innerText()).toBe('技术部');

    // A file in the 520 x 200 file popup, through the product's upload.
    await cell(page, 2, 'attachment').click();
    const filePop = page
      .locator('.zj-grid-file-pop .ant-modal-container, .zj-grid-file-pop .ant-modal-content')
      .first();
    await filePop.waitFor();
    await page.locator('.zj-grid-file-pop input[type=file]').setInputFiles({
      name: '报价单2025.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4'),
    });
    // The product's upload list (an uploading entry may linger next to the stored one for a moment).
    await expect
      .poll(() =>
        page.locator('.zj-grid-file-pop .ant-upload-list-item', { hasText: '报价单2025.pdf' }).count(),
      )
      .toBeGreaterThan(0);
    await page
      .locator('.zj-grid-file-pop')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await expect.poll(() => cell(page, 2, 'attachment').innerText()).toBe('报价单20…');

    // The report popup fills its own column and the other destination column.
    await cell(page, 2, 'supplier').click();
    await page.locator('.ant-modal').getByText('北方科技').click();
    await page
      .locator('.ant-modal')
      .getByRole('button', { name: /确\s*定|OK/ })
      .last()
      .click();
    await expect.poll(() => cell(page, 2, 'supplier').innerText()).toBe('北方科技');
    expect(await cell(page, 2, 'phone').innerText()).toBe('13800000002');

    // Validation while typing, before the cell is left.
    await cell(page, 2, 'itemName').click();
    await page.keyboard.type('a');
    await page.keyboard.press('Backspace');
    await expect
      .poll(() => cell(page, 2, 'itemName').locator('.zj-grid-editing .zj-grid-error').textContent())
      .toBe('请输入设备名称!');
    await page.keyboard.type('投影幕');
    await page.keyboard.press('Enter');

    // The async handler after blur.
    await cell(page, 2, 'code').click();
    await page.keyboard.type('X001');
    await page.keyboard.press('Enter');
    await expect.poll(() => cell(page, 2, 'code').locator('.zj-grid-error').textContent()).toBe('编码已存在');
    await outside(page);
    await page.locator('.zj-grid').screenshot({ path: SHOT('kinds') });

    await page.locator('#validate-async').click();
    await expect
      .poll(async () => JSON.parse((await page.locator('#grid-check').textContent()) || 'null'))
      .toEqual({ rowIndex: 2, key: 'code', message: '编码已存在' });
    expect((await rowsOf(page))[2]).toMatchObject({
      colors: 'red,green',
      category: 'fu',
      brand: 'lx',
      level: 'a',
      depart: 'd2',
      attachment: 'temp/报价单2025.pdf',
      supplier: '北方科技',
      phone: '13800000002',
    });
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('always-edit draws every editable cell as its editor; focus edits at once', async () => {
    const { page, errors } = await open('/?kinds&always');
    await expect.poll(() => cell(page, 0, 'itemName').locator('.zj-grid-framed').count()).toBe(1);
    expect(await cell(page, 1, 'itemName').locator('.zj-grid-framed').count()).toBe(0);
    await page.locator('.zj-grid').screenshot({ path: SHOT('always-edit') });
    await cell(page, 0, 'itemName').click();
    await expect.poll(() => cell(page, 0, 'itemName').locator('.zj-grid-editor').count()).toBe(1);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
