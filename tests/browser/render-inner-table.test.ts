/**
 * The declared 数据字典 screen end to end: schemas/system/dict.json (kind innerTable) with its
 * children schemas/system/dict-item.json (one-to-many by dictId), rendered by
 * runtime/render/inner-table against the real server. Admin opens the menu entry, queries by
 * 字典名称, expands a seeded dictionary (性别), and adds, edits and deletes one of its items; the
 * item's value is unique within its dictionary (the declared index), not across dictionaries.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dismissNotifications, errorsOf, screenshotPath, startHarness, type Harness } from './harness';
import { adminPage, apiCall, closeForm, spaced } from './render-list-helpers';

let h: Harness;
let page: Page;

beforeAll(async () => {
  h = await startHarness();
});

afterAll(async () => {
  await h?.close();
});

const headRow = (text: string) => page.locator('.zj-list .ant-table-row', { hasText: text }).first();
const items = () => page.locator('.zj-inner-child[data-entity="dictItem"]');
const itemRow = (text: string) => items().locator('.ant-table-row', { hasText: text });
const toast = (text: string) => page.locator('.ant-message-notice', { hasText: text });

async function save(dialog: Locator): Promise<void> {
  await dialog.getByRole('button', { name: spaced('确定') }).click();
}

describe('declared dictionary screen (admin)', () => {
  it('opens 数据字典 under 系统管理 as the declared inner table', async () => {
    page = await adminPage(h);
    await dismissNotifications(page).catch(() => undefined);
    const menu = page.getByRole('navigation', { name: '主菜单' });
    await menu.getByText('系统管理').click();
    await menu.getByText('数据字典').click();
    await page.waitForURL(`${h.baseUrl}/system/dict`);
    await page.locator('.zj-list').waitFor();
    // Ordered by 字典编码, ten a page: 性别 (sex) need not be on the first page.
    await page.locator('.zj-list .ant-table-row').first().waitFor();
    await page.getByText(/共\d+条/).waitFor();
    for (const title of ['字典名称', '字典编码', '描述', '操作'])
      expect(await page.locator('.zj-list .ant-table-thead th', { hasText: title }).count()).toBeGreaterThan(
        0,
      );
  });

  it('queries by 字典名称', async () => {
    const query = page.locator('.zj-query-form');
    await query.getByLabel('字典名称').fill('性别');
    const filtered = page.waitForResponse(
      (r) => r.url().includes('/sys/dict/list') && r.url().includes('dictName='),
    );
    await query.getByRole('button', { name: spaced('查询') }).click();
    expect(decodeURIComponent((await filtered).url())).toContain('dictName=*性别*');
    await page.getByText('1-1 共1条').waitFor();
    expect(await page.locator('.zj-list .ant-table-row').count()).toBe(1);
  });

  it('expands 性别 to its items, filtered by the dictionary, with the status text', async () => {
    const loaded = page.waitForResponse(
      (r) => r.url().includes('/sys/dictItem/list') && r.url().includes('dictId='),
    );
    await headRow('sex').locator('.ant-table-row-expand-icon').click();
    await loaded;
    await itemRow('男').waitFor();
    expect(await items().locator('.ant-table-row').count()).toBe(2);
    expect(await itemRow('男').innerText()).toContain('启用');
    const answer = await apiCall<{ records: Record<string, unknown>[] }>(
      page,
      'GET',
      '/sys/dictItem/list?itemValue=1&pageSize=100',
    );
    expect(answer.result.records.some((r) => r.status_dictText === '启用')).toBe(true);
  });

  it('adds an item with the dictionary set; a value already in the dictionary is refused', async () => {
    await items().getByRole('button', { name: '新增' }).click();
    let dialog = page.getByRole('dialog', { name: '新增' });
    await dialog.getByLabel('名称').fill('重复');
    await dialog.getByLabel('数据值').fill('1');
    await save(dialog);
    await dialog.getByText('数据库中已存在该记录').waitFor();
    await closeForm(dialog);

    await items().getByRole('button', { name: '新增' }).click();
    dialog = page.getByRole('dialog', { name: '新增' });
    await dialog.getByLabel('名称').fill('未知');
    await dialog.getByLabel('数据值').fill('9');
    await dialog.getByLabel('排序值').fill('3');
    const added = page.waitForRequest((r) => r.url().includes('/sys/dictItem/add'));
    await save(dialog);
    expect((await added).postDataJSON()).toMatchObject({ itemText: '未知', itemValue: '9' });
    expect(((await added).postDataJSON() as { dictId?: string }).dictId).toBeTruthy();
    await toast('添加成功！').waitFor();
    await itemRow('未知').waitFor();
    expect(await items().locator('.ant-table-row').count()).toBe(3);
    await page.locator('.ant-message-notice').last().waitFor({ state: 'detached' });
    await page.screenshot({ path: screenshotPath('dict-inner-table.png') });
  });

  it('edits the item', async () => {
    await itemRow('未知').getByRole('button', { name: '编辑' }).click();
    const dialog = page.getByRole('dialog', { name: '编辑' });
    await expect.poll(() => dialog.getByLabel('名称').inputValue()).toBe('未知');
    await dialog.getByLabel('名称').fill('保密');
    await save(dialog);
    await toast('编辑成功').waitFor();
    await itemRow('保密').waitFor();
    expect(await itemRow('未知').count()).toBe(0);
  });

  it('deletes the item', async () => {
    await itemRow('保密').getByRole('button', { name: '删除' }).click();
    await page
      .locator('.ant-popconfirm', { hasText: '确定删除吗?' })
      .getByRole('button', { name: spaced('确定') })
      .click();
    await expect.poll(() => itemRow('保密').count()).toBe(0);
    expect(await items().locator('.ant-table-row').count()).toBe(2);
    expect(errorsOf(page)).toEqual([]);
  });

  it('keeps a value unique within its dictionary only', async () => {
    const idOf = async (code: string) => {
      const dicts = await apiCall<{ records: { id: string }[] }>(
        page,
        'GET',
        `/sys/dict/list?dictCode=${code}`,
      );
      return dicts.result.records[0]?.id;
    };
    const sex = await idOf('sex');
    const userStatus = await idOf('user_status');
    for (const dictId of [sex, userStatus]) {
      const added = await apiCall(page, 'POST', '/sys/dictItem/add', {
        dictId,
        itemText: '其他',
        itemValue: 'x9',
      });
      expect(added.success).toBe(true);
    }
    const again = await apiCall(page, 'POST', '/sys/dictItem/add', {
      dictId: sex,
      itemText: '重复',
      itemValue: 'x9',
    });
    expect(again.message).toBe('数据库中已存在该记录');
  });
});
