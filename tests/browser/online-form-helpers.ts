/** Shared by the browser tests of the online form designer (docs/modules/online-forms.md). */
import type { Locator, Page } from 'playwright-core';
import { spaced } from './render-list-helpers';

export function designerKit(page: () => Page) {
  const drawer = () => page().locator('.ant-drawer-open .ant-drawer-body');
  const visibleOption = (text: string | RegExp) =>
    page().locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text }).last();
  /** Picks from a select inside `scope` (default the drawer) by typing: the one match is taken with Enter. */
  const pick = async (label: string, search: string, scope: Locator = drawer()): Promise<void> => {
    await scope.getByLabel(label, { exact: true }).click();
    await page().keyboard.type(search);
    await visibleOption(search).waitFor();
    await page().keyboard.press('Enter');
  };
  return {
    drawer,
    visibleOption,
    pick,
    toast: (text: string) => page().locator('.ant-message-notice', { hasText: text }),
    head: (text: string) => page().locator('.zj-list .ant-table-row', { hasText: text }),
    tab: (name: string, scope: Locator = drawer()) => scope.getByRole('tab', { name }).click(),
    /** Opens 新建表单 and replaces the JSON view's text. */
    async newDesign(declaration: object): Promise<void> {
      await page()
        .locator('.zj-list__toolbar')
        .getByRole('button', { name: spaced('新建表单') })
        .click();
      await drawer().getByRole('tab', { name: 'JSON' }).click();
      await drawer().locator('.cm-content').click();
      await page().keyboard.press('Control+A');
      await page().keyboard.insertText(JSON.stringify(declaration, null, 2));
    },
    /** Fills 保存说明 and clicks 保存. */
    async submit(comment: string): Promise<void> {
      await drawer().getByLabel('保存说明').fill(comment);
      await drawer()
        .getByRole('button', { name: spaced('保存') })
        .click();
    },
    /** The declaration the server serves now (what the designer saved). */
    declarationOf(name: string): Promise<Record<string, unknown>> {
      return page().evaluate(async (name) => {
        const token =
          (JSON.parse(localStorage.getItem('Access-Token') ?? '{}') as { value?: string }).value ?? '';
        const res = await fetch(`/api/online/cgform/api/declaration/${name}`, {
          headers: { 'X-Access-Token': token },
        });
        return ((await res.json()) as { result: { declaration: Record<string, unknown> } }).result
          .declaration;
      }, name);
    },
  };
}
