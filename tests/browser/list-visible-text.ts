/**
 * Checks of what a list shows, run on every declared list by the every-list walk
 * (lists-defaults-check.ts), issue 33:
 * - no column is covered: scrolled as far right as it goes, no header or cell of a scrolling column
 *   lies under the fixed 操作 column, and no header's title is cut (结束时间 read "结");
 * - no English: the visible text of the screen has no Latin word outside an allow-list of names
 *   and units a Chinese office reads as they are.
 */
import type { Page } from 'playwright-core';

/** Names, units and formats that are written in Latin letters in Chinese, too. */
const LATIN_ALLOWED = new Set([
  'excel',
  'xls',
  'xlsx',
  'id',
  'ip',
  'url',
  'api',
  'sql',
  'json',
  'html',
  'bpmn',
  'cron',
  'kb',
  'mb',
  'gb',
  'pdf',
  'word',
  'ppt',
  'oa',
  'cpu',
  'redis',
  'online',
  'email',
  'qq',
  'vip',
  'ok',
  'app',
  'pc',
  'it',
  'vs',
]);

/** Latin words of two letters or more in the page's visible text that are not allowed. */
export async function latinWords(page: Page, where: string, scope = 'body'): Promise<string[]> {
  const text = await page.locator(scope).first().innerText();
  // A record's own data (a customer named ACME, an e-mail address, a plate number) is not the
  // interface: table cells and inputs are left out; headers, labels, buttons and titles are in.
  const data = await page.evaluate((selector) => {
    const root = document.querySelector(selector);
    if (!root) return '';
    return [
      ...root.querySelectorAll<HTMLElement>(
        '.ant-table-tbody td, input, textarea, .ant-select-selection-item',
      ),
    ]
      .map((el) =>
        el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement ? el.value : el.innerText,
      )
      .join('\n');
  }, scope);
  const dataWords = new Set(data.match(/[A-Za-z]{2,}/g) ?? []);
  const words = (text.match(/[A-Za-z]{2,}/g) ?? []).filter(
    (w) => !dataWords.has(w) && !LATIN_ALLOWED.has(w.toLowerCase()),
  );
  return [...new Set(words)].map((w) => `${where}: English in the interface: ${w}`);
}

/** Columns the fixed 操作 column covers, or whose header title is cut, at the page's current width. */
export async function coveredColumns(page: Page, where: string, table: string): Promise<string[]> {
  const width = page.viewportSize()?.width ?? 0;
  const found = await page.evaluate((selector) => {
    const root = document.querySelector(selector);
    if (!root) return [];
    const wrap = root.querySelector<HTMLElement>('.ant-table-content, .ant-table-body');
    const before = wrap?.scrollLeft ?? 0;
    if (wrap) wrap.scrollLeft = wrap.scrollWidth;
    const problems: string[] = [];
    const fixed = [...root.querySelectorAll<HTMLElement>('.ant-table-thead th.ant-table-cell-fix-end')];
    const edge = Math.min(...fixed.map((th) => th.getBoundingClientRect().left));
    const heads = [...root.querySelectorAll<HTMLElement>('.ant-table-thead th')].filter(
      (th) =>
        !th.classList.contains('ant-table-cell-fix-end') &&
        !th.classList.contains('ant-table-selection-column'),
    );
    for (const th of heads) {
      const title = th.innerText.trim();
      if (!title) continue;
      if (th.getBoundingClientRect().right > edge + 1) problems.push(`${title} lies under 操作`);
      const text = th.querySelector<HTMLElement>('.ant-table-column-title') ?? th;
      if (text.scrollWidth > text.clientWidth + 1) problems.push(`${title} is cut`);
    }
    if (wrap) wrap.scrollLeft = before;
    return problems;
  }, table);
  return found.map((p) => `${where} at ${width} px: ${p}`);
}
