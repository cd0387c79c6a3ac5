/**
 * 高级查询构造器 on the declared customer list against the real server: empty-condition messages,
 * two rules joined by and / or, the `in` rule's several values, saved queries that survive a reload
 * (overwritten and deleted only after confirmation), the active state and its clear action.
 */
import type { Locator, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorsOf, screenshotPath, startHarness, type Harness } from './harness';
import { addRows, adminPage, columnTexts, listTotal, openOption, spaced } from './render-list-helpers';

let h: Harness;
let page: Page;
/** Requests that failed or answered 400+, for the diagnosis in choose(). */
const failedRequests: string[] = [];

beforeAll(async () => {
  h = await startHarness();
});

afterAll(async () => {
  await h?.close();
});

const CUSTOMERS = [
  { name: '华东贸易', code: 'Q001', level: 'H', email: 'east@example.com' },
  { name: '西南物流', code: 'Q002', level: 'M' },
  { name: '北方机械', code: 'Q003', level: 'L' },
  { name: '华南物流', code: 'Q004', level: 'H', email: 'south@example.com' },
];

const builder = () => page.getByRole('dialog', { name: '高级查询构造器' });
const toast = (text: string) => page.locator('.ant-message-notice', { hasText: text });

/** The decoded advanced query of a list request. */
function superQueryOf(request: Request): { entries: unknown; matchType: string | null } {
  const url = new URL(request.url());
  const raw = url.searchParams.get('superQueryParams');
  return {
    entries: raw ? JSON.parse(decodeURIComponent(raw)) : null,
    matchType: url.searchParams.get('superQueryMatchType'),
  };
}

/**
 * Opens `select` until its dropdown offers `option`, then chooses it. On a loaded machine a click can
 * land while the select is being replaced (a rule change re-renders the value select), and that
 * click opens nothing: it is made again, never while a dropdown is already showing the option.
 */
async function choose(select: Locator, option: string | RegExp): Promise<void> {
  const offered = openOption(page, option).first();
  try {
    await expect
      .poll(
        async () => {
          if (!(await offered.isVisible())) await select.click();
          return offered.isVisible();
        },
        { timeout: 15_000, interval: 700 },
      )
      .toBe(true);
  } catch (error) {
    // Seen only in full CI runs: say what the select and the page's requests looked like then.
    const html = await select.evaluate((e) => e.outerHTML).catch(() => '(gone)');
    const dropdowns = await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')
      .allInnerTexts()
      .catch(() => []);
    throw new Error(
      `${String(error)}\nselect: ${html.slice(0, 2000)}\nopen dropdowns: ${JSON.stringify(dropdowns)}\n` +
        `failed requests: ${JSON.stringify(failedRequests)}\npage errors: ${JSON.stringify(errorsOf(page))}`,
      { cause: error },
    );
  }
  await offered.click();
}

async function pick(label: string, option: string | RegExp): Promise<void> {
  await choose(builder().getByLabel(label), option);
  await dropdownsClosed();
}

/** A click while a dropdown is still closing lands on it, not on what lies beneath. */
async function dropdownsClosed(): Promise<void> {
  await expect
    .poll(() => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').count())
    .toBe(0);
}

/** Presses 查询 and answers the list request it sent. */
async function runQuery(): Promise<Request> {
  const sent = page.waitForRequest(
    (r) => r.url().includes('/sys/customer/list') && r.url().includes('superQuery'),
  );
  await builder()
    .getByRole('button', { name: /^查\s*询$/ })
    .click();
  const request = await sent;
  await builder().waitFor({ state: 'detached' });
  return request;
}

async function openBuilder(): Promise<void> {
  // A dialog still fading out (under load the animation is slow) would take the click.
  await expect.poll(() => page.locator('.ant-modal-wrap >> visible=true').count()).toBe(0);
  await page.locator('.zj-super-query__open').click();
  await builder().waitFor();
}

const builderBox = () =>
  page.locator('.zj-super-query .ant-modal-container, .zj-super-query .ant-modal-content').first();

async function codes(): Promise<string[]> {
  await page.waitForLoadState('networkidle');
  return (await columnTexts(page, 1)).sort();
}

describe('advanced query builder (customer list)', () => {
  it('opens 高级查询构造器 1000 wide and refuses empty conditions', async () => {
    page = await adminPage(h);
    page.on('requestfailed', (r) => failedRequests.push(`${r.url()} ${r.failure()?.errorText ?? ''}`));
    page.on('response', (r) => {
      if (r.status() >= 400) failedRequests.push(`${r.url()} ${r.status()}`);
    });
    await addRows(page, '/sys/customer', CUSTOMERS);
    await page.goto(`${h.baseUrl}/customer/list`);
    await page.getByText('1-4 共4条').waitFor();

    await openBuilder();
    await expect.poll(async () => Math.round((await builderBox().boundingBox())?.width ?? 0)).toBe(1000);
    await builder()
      .getByRole('button', { name: /^查\s*询$/ })
      .click();
    await toast('不能查询空条件').waitFor();
    await builder().getByRole('button', { name: '保存查询条件' }).click();
    await toast('空条件不能保存').waitFor();
  });

  it('two rules joined by and, then by or, return the right rows', async () => {
    await pick('条件1字段', '客户名称');
    // A free-text field starts with 包含 (like).
    await expect.poll(() => builder().locator('.zj-super-query__row').first().innerText()).toContain('包含');
    await builder()
      .locator('#zj-super-query-value-' + (await firstRowKey()))
      .fill('物流');
    // Half-filled second row: 查询 refuses it.
    await builder().getByRole('button', { name: '增加条件' }).first().click();
    await builder()
      .getByRole('button', { name: /^查\s*询$/ })
      .click();
    await toast('不能查询空条件').last().waitFor();
    await pick('条件2字段', '客户等级');
    await pick('条件2规则', '等于');
    await choose(builder().locator('.zj-super-query__row').nth(1).locator('.ant-select').nth(2), /^高$/);

    const and = superQueryOf(await runQuery());
    expect(and.matchType).toBe('and');
    expect(and.entries).toEqual([
      expect.objectContaining({ field: 'name', rule: 'like', val: '物流' }),
      expect.objectContaining({ field: 'level', rule: 'eq', val: 'H', dictCode: 'priority' }),
    ]);
    await expect.poll(() => codes()).toEqual(['Q004']);
    await page.locator('.zj-super-query__active', { hasText: '已有高级查询条件生效' }).waitFor();

    await openBuilder();
    await pick('过滤条件匹配', /^OR/);
    const or = superQueryOf(await runQuery());
    expect(or.matchType).toBe('or');
    await expect.poll(() => codes()).toEqual(['Q001', 'Q002', 'Q004']);
  });

  it('the in rule takes several values; leaving it keeps the first', async () => {
    await openBuilder();
    await builder().getByRole('button', { name: '删除条件' }).first().click();
    // The row left is 客户等级 (a dictionary field): its 在...中 is a dropdown of the dictionary.
    await expect.poll(() => builder().locator('.zj-super-query__row').count()).toBe(1);
    expect(await builder().locator('.zj-super-query__row').first().innerText()).toContain('客户等级');
    await pick('条件1规则', '在...中');
    const value = builder().locator('.zj-super-query__row').first().locator('.ant-select').nth(2);
    // Switching to 在...中 kept 高; 低 is added beside it.
    await choose(value, /^低$/);
    await builder().getByText('过滤条件匹配：').click();
    const several = superQueryOf(await runQuery());
    expect(several.entries).toEqual([expect.objectContaining({ field: 'level', rule: 'in', val: 'H,L' })]);
    await expect.poll(() => codes()).toEqual(['Q001', 'Q003', 'Q004']);

    await openBuilder();
    await pick('条件1规则', '等于');
    const first = superQueryOf(await runQuery());
    expect(first.entries).toEqual([expect.objectContaining({ field: 'level', rule: 'eq', val: 'H' })]);
    await expect.poll(() => codes()).toEqual(['Q001', 'Q004']);
  });

  it('saves a query (name required, overwrite confirmed) that survives a reload (query-builder.png)', async () => {
    await openBuilder();
    await builder().getByRole('button', { name: '增加条件' }).first().click();
    await pick('条件2字段', '客户编码');
    await pick('条件2规则', '不等于');
    await builder().locator('.zj-super-query__row').nth(1).locator('input').last().fill('Q001');
    await pick('过滤条件匹配', /^AND/);
    await builder().getByRole('button', { name: '保存查询条件' }).click();
    const naming = page.getByRole('dialog', { name: '请输入保存的名称' });
    await naming.getByRole('button', { name: spaced('确定') }).click();
    await toast('保存名称不能为空').waitFor();
    await naming.getByLabel('保存名称').fill('高等级客户');
    await naming.getByRole('button', { name: spaced('确定') }).click();
    await toast('保存成功').waitFor();
    await builder().locator('.zj-super-query__saved-item', { hasText: '高等级客户' }).waitFor();

    // The same name again: overwritten only after the confirmation.
    await builder().getByRole('button', { name: '保存查询条件' }).click();
    await naming.getByLabel('保存名称').fill('高等级客户');
    await naming.getByRole('button', { name: spaced('确定') }).click();
    const confirm = page.locator('.ant-modal-confirm', { hasText: '已存在，是否覆盖？' });
    await confirm.getByRole('button', { name: spaced('确定') }).click();
    await toast('保存成功').last().waitFor();
    expect(await builder().locator('.zj-super-query__saved-item').count()).toBe(1);
    await page.locator('.ant-message-notice').last().waitFor({ state: 'detached' });
    await page.mouse.move(0, 0);
    await page
      .locator('.ant-tooltip:not(.ant-tooltip-hidden)')
      .waitFor({ state: 'detached' })
      .catch(() => undefined);
    await page.waitForTimeout(300);
    await page.screenshot({ path: screenshotPath('query-builder.png') });

    await page.reload();
    await page.getByText('1-4 共4条').waitFor();
    await openBuilder();
    await builder()
      .locator('.zj-super-query__saved-item', { hasText: '高等级客户' })
      .getByRole('button', { name: '高等级客户', exact: true })
      .click();
    await expect.poll(() => builder().locator('.zj-super-query__row').count()).toBe(2);
    await runQuery();
    await expect.poll(() => codes()).toEqual(['Q004']);
  });

  it('clears the query in effect, and deletes a saved query after confirmation', async () => {
    await page.locator('.zj-super-query__active').getByLabel('清空高级查询').click();
    await page.locator('.zj-super-query__active').waitFor({ state: 'detached' });
    await expect.poll(() => listTotal(page)).toBe(4);

    await openBuilder();
    await builder().getByRole('button', { name: '删除查询 高等级客户' }).click();
    await page
      .locator('.ant-popconfirm', { hasText: '是否删除当前查询?' })
      .getByRole('button', { name: spaced('确定') })
      .click();
    await builder().getByText('没有保存任何查询').waitFor();
    await builder()
      .locator('.ant-modal-footer')
      .getByRole('button', { name: spaced('关闭') })
      .click();
    await page.reload();
    await openBuilder();
    await builder().getByText('没有保存任何查询').waitFor();
    await builder()
      .locator('.ant-modal-footer')
      .getByRole('button', { name: spaced('关闭') })
      .click();
    await builder().waitFor({ state: 'detached' });
    expect(errorsOf(page)).toEqual([]);
  });
});

describe('column settings (customer list)', () => {
  const header = (title: string) => page.locator('.zj-list .ant-table-thead th', { hasText: title });

  it('hides a column, remembers it for the route across a reload, and resets', async () => {
    await header('邮箱').waitFor();
    await page.getByRole('button', { name: '列设置' }).click();
    const panel = page.locator('.zj-column-settings');
    await panel.getByLabel('邮箱').uncheck();
    await header('邮箱').waitFor({ state: 'detached' });
    await page.reload();
    await page.getByText('1-4 共4条').waitFor();
    expect(await header('邮箱').count()).toBe(0);
    await header('客户编码').waitFor();
    await page.getByRole('button', { name: '列设置' }).click();
    await panel.getByRole('button', { name: spaced('重置') }).click();
    await header('邮箱').waitFor();
    expect(errorsOf(page)).toEqual([]);
  });
});

/** The React key of the first condition row, read from its value input's id. */
async function firstRowKey(): Promise<string> {
  const id = await builder()
    .locator('.zj-super-query__row')
    .first()
    .locator('[id^="zj-super-query-value-"]')
    .first()
    .getAttribute('id');
  return (id ?? '').replace('zj-super-query-value-', '');
}
