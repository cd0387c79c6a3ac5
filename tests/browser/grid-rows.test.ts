import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { openStaticPage, type StaticPage } from './static-page.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Tree rows with lazy children, the popup sub-table's placement and failure, and drag sort, on the
 * grid test page (tests/browser/grid-page: `?tree`, `?sub`, and the plain page) built into .tmp.
 */
const PAGE_DIR = path.resolve('tests/browser/grid-page');
const OUT_DIR = path.resolve('.tmp/grid-page-rows');
const SHOTS = path.resolve('docs/screenshots');

let site: StaticPage;
let browser: Browser;
let baseUrl = '';

beforeAll(async () => {
  site = await openStaticPage(PAGE_DIR, OUT_DIR);
  ({ browser, baseUrl } = site);
}, 240_000);

afterAll(() => site?.close());

const ROWS = '.tabulator-tableholder .tabulator-row';
const names = (page: Page) =>
  page.locator(`${ROWS} .tabulator-cell[tabulator-field="taskName"]`).allInnerTexts();
const rowOf = (page: Page, name: string) => page.locator(ROWS).filter({ hasText: name });
const footer = (page: Page, field: string) =>
  page.locator(`.tabulator-calcs-bottom .tabulator-cell[tabulator-field="${field}"]`);
const state = async (page: Page) => JSON.parse((await page.locator('#grid-state').textContent()) || 'null');

async function open(query: string, height = 760): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1600, height }, locale: 'zh-CN' });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await page.goto(`${baseUrl}/${query}`);
  await page.locator(ROWS).first().waitFor();
  return { page, errors };
}

describe('editable grid rows', () => {
  it('tree rows: a lazy node shows the loading child, then its children, tracked like saved rows', async () => {
    const { page, errors } = await open('?tree');
    expect(await names(page)).toEqual(['需求调研', '方案设计', '验收']);
    // The expand column holds a toggle for the two parents only; the footer counts top-level rows.
    expect(await page.locator(`${ROWS} .zj-grid-tree-toggle`).count()).toBe(2);
    await expect.poll(() => footer(page, 'quantity').innerText()).toBe('9\n3');

    // Children delivered with the row show at once, without a load.
    await rowOf(page, '方案设计').locator('.zj-grid-tree-toggle').click();
    expect(await names(page)).toEqual(['需求调研', '方案设计', '画原型', '验收']);
    // A lazy node shows its placeholder child while loadChildren runs.
    await rowOf(page, '需求调研').locator('.zj-grid-tree-toggle').click();
    await expect.poll(() => page.locator(`${ROWS} .zj-grid-loading`).first().innerText()).toBe('加载中...');
    expect(await page.locator('#grid-asked').textContent()).toBe('需求调研');
    await page.mouse.move(1000, 700);
    await page.locator('.zj-grid').screenshot({ path: path.join(SHOTS, 'grid-tree.png') });

    await page.locator('#release').click();
    await expect.poll(() => names(page)).toEqual(['需求调研', '访谈', '问卷', '方案设计', '画原型', '验收']);
    expect(await page.locator(`${ROWS} .zj-grid-loading`).count()).toBe(0);
    await expect.poll(() => footer(page, 'quantity').innerText()).toBe('9\n3');

    // Editing a child marks it edited; removing a child records its id as deleted.
    await rowOf(page, '访谈').locator('.tabulator-cell[tabulator-field="taskName"]').click();
    await page.locator('.zj-grid-editor').fill('用户访谈');
    await page.locator('.zj-grid-editor').press('Enter');
    await expect.poll(async () => (await state(page)).edited).toEqual(['tree_t11']);
    await rowOf(page, '问卷').locator('.tabulator-cell[tabulator-field="__select"] input').check();
    await page.getByRole('button', { name: /删\s*除/ }).click();
    await expect.poll(() => names(page)).toEqual(['需求调研', '用户访谈', '方案设计', '画原型', '验收']);
    expect(await state(page)).toMatchObject({
      rows: ['tree_t1', 'tree_t11', 'tree_t2', 'tree_t21', 'tree_t3'],
      added: 0,
      removed: ['t12'],
    });
    const payload = JSON.parse((await page.locator('#grid-payload').textContent()) || 'null');
    expect(payload.edited).toEqual([expect.objectContaining({ id: 't11', taskName: '用户访谈', pid: 't1' })]);
    expect(payload.edited[0]).not.toHaveProperty('hasChildren');
    expect(payload.deletedIds).toEqual(['t12']);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('popup sub-table: below the row with room beneath the click, else above; 打开子表失败', async () => {
    const { page, errors } = await open('?sub');
    const popup = page.locator('.zj-grid-subtable');
    const first = rowOf(page, '布置会场');
    await first.locator('.zj-grid-subtable-open').click();
    await expect.poll(() => popup.innerText()).toContain('布置会场的明细');
    expect(await popup.getAttribute('class')).toContain('zj-grid-subtable-below');
    const rowBox = (await first.boundingBox())!;
    const below = (await popup.boundingBox())!;
    expect(Math.abs(below.y - (rowBox.y + rowBox.height))).toBeLessThanOrEqual(1);
    await page.mouse.move(1000, 700);
    await page.screenshot({
      path: path.join(SHOTS, 'grid-subtable.png'),
      clip: { x: 0, y: 0, width: 1000, height: 460 },
    });
    await popup.locator('.zj-grid-subtable-close').click();
    await expect.poll(() => popup.count()).toBe(0);

    // A short window: less than 350 px beneath the click puts the popup above the row.
    await page.setViewportSize({ width: 1600, height: 420 });
    const last = rowOf(page, '会后整理');
    const button = last.locator('.zj-grid-subtable-open');
    const buttonBox = (await button.boundingBox())!;
    expect(420 - (buttonBox.y + buttonBox.height / 2)).toBeLessThanOrEqual(350);
    await button.click();
    await expect.poll(() => popup.innerText()).toContain('会后整理的明细');
    expect(await popup.getAttribute('class')).toContain('zj-grid-subtable-above');
    const lastBox = (await last.boundingBox())!;
    const above = (await popup.boundingBox())!;
    expect(Math.abs(above.y + above.height - lastBox.y)).toBeLessThanOrEqual(1);
    await page.keyboard.press('Escape');
    await expect.poll(() => popup.count()).toBe(0);

    // A row that cannot be found: 3 more tries 100 ms apart, then the message.
    await page.locator('#open-missing').click();
    await expect.poll(() => page.locator('.ant-message').innerText()).toContain('打开子表失败');
    const [ok, elapsed] = ((await page.locator('#grid-opened').textContent()) ?? '').split(' ');
    expect(ok).toBe('false');
    expect(Number(elapsed)).toBeGreaterThanOrEqual(300);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('drag sort: moving a row by its handle renumbers the sort column from 1', async () => {
    const { page, errors } = await open('');
    expect(await names(page)).toEqual(['需求调研', '方案设计']);
    const handle = page.locator(`${ROWS}`).nth(1).locator('.tabulator-cell[tabulator-field="__drag"]');
    const from = (await handle.boundingBox())!;
    const to = (await page.locator(ROWS).first().boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, to.y + 5, { steps: 12 });
    await page.mouse.up();
    await expect.poll(() => names(page)).toEqual(['方案设计', '需求调研']);
    await expect.poll(async () => (await state(page)).edited).toEqual(['grid1_t2', 'grid1_t1']);
    const payload = JSON.parse((await page.locator('#grid-payload').textContent()) || 'null');
    expect(payload.edited).toEqual([
      expect.objectContaining({ id: 't2', orderNum: 1 }),
      expect.objectContaining({ id: 't1', orderNum: 2 }),
    ]);
    expect(errors).toEqual([]);
    await page.close();
  });
});
