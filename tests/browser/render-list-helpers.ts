/** Shared steps of the declared-list browser tests (query builder, import / export, transitions). */
import type { Locator, Page } from 'playwright-core';
import { ADMIN_PASSWORD, signIn, type Harness } from './harness';

/** A new page signed in as admin in the demonstration tenant (15 s per step: the machine is shared). */
export async function adminPage(h: Harness): Promise<Page> {
  const page = await h.newPage();
  page.setDefaultTimeout(15_000);
  await signIn(page, h.baseUrl, { username: 'admin', password: ADMIN_PASSWORD, tenant: '智慧接待示范单位' });
  return page;
}

/** Adds rows through the API (each must answer 添加成功！). */
export async function addRows(page: Page, basePath: string, rows: readonly object[]): Promise<void> {
  for (const row of rows) {
    const answer = await apiCall(page, 'POST', `${basePath}/add`, row);
    if (answer.message !== '添加成功！') throw new Error(`${basePath}/add: ${answer.message}`);
  }
}

/** antd may put a space between the two characters of a label; icons add their own name. */
export const spaced = (label: string) => new RegExp([...label].join('\\s*'));

/** The options of the select dropdown that is open now (closed ones stay in the DOM). */
export function openOption(page: Page, text: string | RegExp) {
  return page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', {
    hasText: text,
  });
}

/** Calls the API as the signed-in page does (its token and tenant from localStorage). */
export async function apiCall<T = unknown>(
  page: Page,
  method: string,
  url: string,
  body?: unknown,
): Promise<{ success: boolean; message: string; code: number; result: T }> {
  return page.evaluate(
    async ({ method, url, body }) => {
      const read = (key: string) => {
        const raw = localStorage.getItem(key);
        return raw ? (JSON.parse(raw) as { value: unknown }).value : '';
      };
      const res = await fetch(`/api${url}`, {
        method,
        headers: {
          'content-type': 'application/json',
          'X-Access-Token': String(read('Access-Token')),
          'tenant-id': String(read('TENANT_ID') || '0'),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return res.json();
    },
    { method, url, body },
  );
}

/** The total the list's pagination shows ('1-3 共3条' -> 3); 0 for an empty list. */
export async function listTotal(page: Page): Promise<number> {
  const text = await page
    .locator('.ant-pagination-total-text')
    .innerText()
    .catch(() => '');
  const match = /共(\d+)条/.exec(text);
  return match ? Number(match[1]) : 0;
}

/** The texts of one column of the list's rows, by the column's index among the data cells. */
export async function columnTexts(page: Page, index: number): Promise<string[]> {
  return page
    .locator('.zj-list .ant-table-tbody .ant-table-row')
    .evaluateAll(
      (rows, i) =>
        rows.map((r) =>
          (r.querySelectorAll('td:not(.ant-table-selection-column)')[i] as HTMLElement)?.innerText.trim(),
        ),
      index,
    );
}

/**
 * Presses 确定 in the confirmation holding `text` until it has closed: on a machine at full load a
 * click can land while the dialog is still zooming in and be lost; a second click on a confirmation
 * already busy with its request does nothing (its button is loading).
 */
export async function confirmOk(page: Page, text: string): Promise<void> {
  const confirm = page.locator('.ant-modal-confirm', { hasText: text });
  for (let attempt = 0; attempt < 3; attempt += 1) {
    await confirm
      .getByRole('button', { name: spaced('确定') })
      .click({ timeout: 10_000 })
      .catch(() => undefined);
    const closed = await confirm
      .waitFor({ state: 'detached', timeout: 10_000 })
      .then(() => true)
      .catch(() => false);
    if (closed) return;
  }
  await confirm.waitFor({ state: 'detached' });
}

/**
 * The frames an open dialog draws (issue 33, item 10): how many .ant-modal are open, and whether the
 * .ant-modal itself paints (a background or padding on it is a second, empty frame around the
 * dialog's real box, .ant-modal-container).
 */
export async function dialogFrames(page: Page): Promise<{ modals: number; outerPainted: boolean }> {
  return page.evaluate(`(() => {
    const modals = [...document.querySelectorAll('.ant-modal')].filter((m) => m.getClientRects().length > 0);
    const painted = modals.some((m) => {
      const style = getComputedStyle(m);
      const clear = style.backgroundColor === 'rgba(0, 0, 0, 0)' || style.backgroundColor === 'transparent';
      return !clear || parseFloat(style.paddingTop) > 0 || parseFloat(style.paddingLeft) > 0;
    });
    return { modals: modals.length, outerPainted: painted };
  })()`);
}

/**
 * Closes a form dialog with its 关闭 button; a form holding changes asks 确定放弃未保存的修改吗?
 * first (issue 33), answered with 确定. Waits until the dialog is gone.
 */
export async function closeForm(dialog: Locator): Promise<void> {
  const page = dialog.page();
  await dialog
    .locator('.ant-modal-footer')
    .getByRole('button', { name: spaced('关闭') })
    .click();
  const ask = page.locator('.ant-modal-confirm', { hasText: '确定放弃未保存的修改吗?' });
  await Promise.race([dialog.waitFor({ state: 'detached' }), ask.waitFor()]);
  if (await ask.count()) await ask.getByRole('button', { name: spaced('确定') }).click();
  await dialog.waitFor({ state: 'detached' });
}
