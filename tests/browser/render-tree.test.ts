/**
 * The tree renderer against the real server: schemas/system/category.json (kind tree) through
 * rootList / childList. The seed still points 分类字典 at a hand-made screen key, so the test
 * switches that menu row to 'declared/category' in the database first.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menuId } from '../../server/db/seed/menus.js';
import { ADMIN_PASSWORD, errorsOf, screenshotPath, signIn, startHarness, type Harness } from './harness';

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
  await h.server.database.db
    .updateTable('sysPermission')
    .set({ component: 'declared/category' })
    .where('id', '=', menuId('system.category'))
    .execute();
});

afterAll(async () => {
  await h?.close();
});

/** Calls the API with the page's session, as the app would. */
async function api(
  page: Page,
  method: string,
  url: string,
  body?: unknown,
): Promise<Record<string, unknown>> {
  return page.evaluate(
    async ({ method, url, body }) => {
      const read = (key: string) =>
        (JSON.parse(localStorage.getItem(key) ?? '{}') as { value?: string }).value;
      const response = await fetch(`/api${url}`, {
        method,
        headers: {
          'Content-Type': 'application/json',
          'X-Access-Token': read('Access-Token') ?? '',
          'tenant-id': String(read('TENANT_ID') ?? '0'),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return (await response.json()) as Record<string, unknown>;
    },
    { method, url, body },
  );
}

describe('tree list (分类字典)', () => {
  it('loads roots, shows 加载中... while a node loads, then its children; a search finds any depth', async () => {
    const page = await h.newPage();
    page.setDefaultTimeout(10_000);
    await signIn(page, h.baseUrl, {
      username: 'admin',
      password: ADMIN_PASSWORD,
      tenant: '智慧接待示范单位',
    });
    for (const [name, code] of [
      ['总部', 'A01'],
      ['华南分部', 'A02'],
    ]) {
      expect(await api(page, 'POST', '/sys/category/add', { pid: '0', name, code })).toMatchObject({
        success: true,
      });
    }
    const roots = (await api(page, 'GET', '/sys/category/rootList')) as {
      result: { records: { id: string; code: string }[] };
    };
    const parent = roots.result.records.find((r) => r.code === 'A01')!;
    expect(
      await api(page, 'POST', '/sys/category/add', { pid: parent.id, name: '研发中心', code: 'A0101' }),
    ).toMatchObject({ success: true });

    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const childCalls: string[] = [];
    await page.route('**/api/sys/category/childList**', async (route) => {
      childCalls.push(route.request().url());
      await held; // keep the call open so the placeholder can be seen
      await route.continue();
    });

    await page.goto(`${h.baseUrl}/system/category`);
    await page.locator('.ant-table-row', { hasText: '总部' }).waitFor();
    await page.locator('.ant-table-row', { hasText: '华南分部' }).waitFor();
    expect(await page.locator('.ant-table-row', { hasText: '研发中心' }).count()).toBe(0);
    // Only the node with children has an expander that opens.
    const expanders = page.locator('.ant-table-row-expand-icon:not(.ant-table-row-expand-icon-spaced)');
    expect(await expanders.count()).toBe(1);
    await expanders.first().click();
    await page.getByText('加载中...').waitFor();
    release();
    await page.locator('.ant-table-row', { hasText: '研发中心' }).waitFor();
    expect(await page.getByText('加载中...').count()).toBe(0);
    expect(new URL(childCalls[0]).searchParams.get('pid')).toBe(parent.id);
    await page.screenshot({ path: screenshotPath('render-tree.png') });

    const query = page.locator('.zj-query-form');
    await query.getByLabel('分类名称').fill('研发');
    const search = page.waitForResponse((r) => r.url().includes('hasQuery=true'));
    await query.getByRole('button', { name: /查\s*询/ }).click();
    expect(decodeURIComponent((await search).url())).toContain('name=*研发*');
    await page.getByText('1-1 共1条').waitFor();
    expect(await page.locator('.ant-table-row', { hasText: '研发中心' }).count()).toBe(1);
    expect(errorsOf(page)).toEqual([]);
  });
});
