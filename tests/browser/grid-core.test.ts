import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { TEST_CONTEXT } from './chromium.js';
import { openStaticPage, type StaticPage } from './static-page.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The editable grid core in Chromium, on a test-only page (tests/browser/grid-page) built here into
 * .tmp and served statically: the grid needs no server to edit rows, so none is started.
 */
const PAGE_DIR = path.resolve('tests/browser/grid-page');
const OUT_DIR = path.resolve('.tmp/grid-page');
const SCREENSHOT = path.resolve('docs/screenshots/grid-core.png');

let site: StaticPage;
let browser: Browser;
let baseUrl = '';
const errors: string[] = [];

beforeAll(async () => {
  site = await openStaticPage(PAGE_DIR, OUT_DIR);
  ({ browser, baseUrl } = site);
}, 240_000);

afterAll(() => site?.close());

/** Data rows (the footer's calc row is a .tabulator-row too). */
const ROWS = '.tabulator-tableholder .tabulator-row';
const row = (page: Page, n: number) => page.locator(ROWS).nth(n);
const cell = (page: Page, n: number, field: string) =>
  row(page, n).locator(`.tabulator-cell[tabulator-field="${field}"]`);
const footer = (page: Page, field: string) =>
  page.locator(`.tabulator-calcs-bottom .tabulator-cell[tabulator-field="${field}"]`);
const state = async (page: Page) => JSON.parse((await page.locator('#grid-state').textContent()) || 'null');

async function type(target: Locator, text: string): Promise<void> {
  await target.click();
  const editor = target.locator('.zj-grid-editor');
  await editor.waitFor();
  await editor.pressSequentially(text);
  await editor.press('Enter');
}

describe('editable grid core', () => {
  it('loads the grid code lazily: the entry chunk has no Tabulator', () => {
    const assets = fs.readdirSync(path.join(OUT_DIR, 'assets')).filter((f) => f.endsWith('.js'));
    const html = fs.readFileSync(path.join(OUT_DIR, 'index.html'), 'utf8');
    const entry = assets.find((f) => html.includes(f));
    expect(entry).toBeDefined();
    expect(fs.readFileSync(path.join(OUT_DIR, 'assets', entry as string), 'utf8')).not.toContain(
      'tabulator-row',
    );
    expect(
      assets.some((f) => fs.readFileSync(path.join(OUT_DIR, 'assets', f), 'utf8').includes('tabulator-row')),
    ).toBe(true);
  });

  it('adds, edits, validates and removes rows; the footer follows', async () => {
    const context = await browser.newContext({ viewport: { width: 1600, height: 760 }, ...TEST_CONTEXT });
    const page = await context.newPage();
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    await page.goto(baseUrl);
    await expect.poll(() => page.locator(ROWS).count()).toBe(2);
    await expect.poll(() => footer(page, '__rownum').innerText()).toBe('合计\n平均');
    expect(await footer(page, 'quantity').innerText()).toBe('5\n2.5');
    expect(await cell(page, 0, 'priority').innerText()).toBe('高');

    // Two new rows at the end, with the declared defaults (clicks 350 ms apart: not too fast; the
    // second insert waits for the 1500 ms throttle).
    await page.getByRole('button', { name: /新\s*增/ }).click();
    await page.waitForTimeout(350);
    await page.getByRole('button', { name: /新\s*增/ }).click();
    await expect.poll(() => page.locator(ROWS).count(), { timeout: 3000 }).toBe(4);
    expect(await cell(page, 2, 'priority').innerText()).toBe('中');
    expect(await state(page)).toMatchObject({ rows: 4, added: 2, edited: [], removed: [] });

    // Typing: the name, then a number cell that drops what is not a number.
    await type(cell(page, 2, 'taskName'), '编写方案');
    expect(await cell(page, 2, 'taskName').innerText()).toBe('编写方案');
    await type(cell(page, 2, 'quantity'), '4a.5x');
    expect(await cell(page, 2, 'quantity').innerText()).toBe('4.5');
    await expect.poll(() => footer(page, 'quantity').innerText()).toBe('9.5\n3.17');
    await type(cell(page, 2, 'label'), 'abc;de');
    expect(await cell(page, 2, 'label').innerText()).toBe('ab;cd;e');

    // Select, date and date-time editors store the contract's formats.
    await cell(page, 2, 'priority').click();
    await cell(page, 2, 'priority').locator('select').selectOption('1');
    await expect.poll(() => cell(page, 2, 'priority').innerText()).toBe('高');
    await cell(page, 2, 'startDate').click();
    await cell(page, 2, 'startDate').locator('input').fill('2025-04-01');
    await cell(page, 2, 'startDate').locator('input').press('Enter');
    expect(await cell(page, 2, 'startDate').innerText()).toBe('2025-04-01');
    await cell(page, 2, 'deadline').click();
    await cell(page, 2, 'deadline').locator('input').fill('2025-04-02T09:30:15');
    await cell(page, 2, 'deadline').locator('input').press('Enter');
    expect(await cell(page, 2, 'deadline').innerText()).toBe('2025-04-02 09:30:15');

    // Leaving a required cell empty shows the shared message on the cell.
    await type(cell(page, 3, 'taskName'), '');
    await expect
      .poll(() => cell(page, 3, 'taskName').locator('.zj-grid-error').textContent())
      .toBe('请输入任务名称!');

    // A repeated name fails on both rows; a bad mobile shows its pattern message.
    await type(cell(page, 3, 'taskName'), '需求调研');
    await expect
      .poll(() => cell(page, 3, 'taskName').locator('.zj-grid-error').textContent())
      .toBe('任务名称不能重复');
    await expect
      .poll(() => cell(page, 0, 'taskName').locator('.zj-grid-error').textContent())
      .toBe('任务名称不能重复');
    await type(cell(page, 3, 'owner'), '12345');
    await expect
      .poll(() => cell(page, 3, 'owner').locator('.zj-grid-error').textContent())
      .toBe('请输入正确的手机号码');

    // Toggles: a checkbox with its own values, a Y/N switch; editing a saved row marks it edited.
    await cell(page, 1, 'done').click();
    await cell(page, 1, 'keyTask').click();
    await expect.poll(async () => (await state(page)).edited).toEqual(['grid1_t2']);
    await page.mouse.click(1000, 700);
    await page.locator('.zj-grid').screenshot({ path: SCREENSHOT });

    // Removing a new row drops it; its duplicate partner is valid again.
    await row(page, 3).locator('.tabulator-cell[tabulator-field="__select"] input').check();
    await page.getByRole('button', { name: /删\s*除/ }).click();
    await expect.poll(() => page.locator(ROWS).count()).toBe(3);
    await expect.poll(() => cell(page, 0, 'taskName').locator('.zj-grid-error').count()).toBe(0);
    expect(await state(page)).toMatchObject({ rows: 3, added: 1, removed: [] });

    // Removing a saved row records its id (prefix stripped) as deleted; the footer follows.
    await row(page, 1).locator('.tabulator-cell[tabulator-field="__select"] input').check();
    await page.getByRole('button', { name: /删\s*除/ }).click();
    await expect.poll(() => page.locator(ROWS).count()).toBe(2);
    expect(await state(page)).toMatchObject({ rows: 2, added: 1, edited: [], removed: ['t2'] });
    await expect.poll(() => footer(page, 'quantity').innerText()).toBe('6.5\n3.25');

    const payload = JSON.parse((await page.locator('#grid-payload').textContent()) || 'null');
    expect(payload.deletedIds).toEqual(['t2']);
    expect(payload.added).toEqual([
      expect.objectContaining({
        taskName: '编写方案',
        quantity: 4.5,
        label: 'ab;cd;e',
        priority: '1',
        startDate: '2025-04-01',
        deadline: '2025-04-02 09:30:15',
        orderNum: 3,
      }),
    ]);
    expect(payload.added[0]).not.toHaveProperty('id');

    // Validate-all names the first failing cell in grid order.
    await page.locator('#validate').click();
    expect(JSON.parse((await page.locator('#grid-check').textContent()) || 'null')).toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  });
});
