/**
 * Declared `#{...}` defaults show in the add form before the save (issue 32): 项目计划's 负责人
 * (`"default": "#{sysUserCode}"`, schemas/project/project-plan.json) opens as the signed-in user's
 * name, resolved in the browser by the server's own code (runtime/model/declaration/defaults.ts).
 * The user may pick someone else, and the one chosen is saved.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, signInFast, startHarness, type Harness } from './harness';
import { apiCall, spaced } from './render-list-helpers';

let h: Harness;
let page: Page;

beforeAll(async () => {
  h = await startHarness();
  page = await h.newPage();
  page.setDefaultTimeout(15_000);
  await signInFast(page, h.baseUrl, { username: 'admin', password: ADMIN_PASSWORD, target: '/plan/list' });
  await page.locator('.zj-list .ant-table-thead th', { hasText: '计划名称' }).waitFor();
});

afterAll(async () => {
  await h?.close();
});

async function pickDate(d: Locator, label: string, value: string): Promise<void> {
  const input = d.locator('.ant-form-item', { hasText: label }).locator('.ant-picker input');
  await input.click();
  await input.fill(value);
  await input.press('Enter');
}

describe('defaults in the add form', () => {
  it('shows 负责人 as the signed-in user before saving, and saves the one the user picks instead', async () => {
    await page
      .locator('.zj-list')
      .getByRole('button', { name: spaced('新增') })
      .first()
      .click();
    const d = page.getByRole('dialog', { name: '新增' });
    await d.getByLabel('计划名称').waitFor();
    // admin's name, not the empty picker (请选择用户) the form showed before.
    await expect.poll(() => d.getByLabel('负责人').inputValue()).toBe('管理员');

    await d.getByLabel('负责人').click();
    const picker = page.getByRole('dialog', { name: '选择用户' });
    await picker.getByPlaceholder('请输入用户账号').fill('zhaolei');
    await picker.getByRole('button', { name: spaced('查询') }).click();
    await picker.locator('.ant-table-row', { hasText: 'zhaolei' }).click();
    await picker.getByRole('button', { name: spaced('确定') }).click();
    await picker.waitFor({ state: 'detached' });
    await expect.poll(() => d.getByLabel('负责人').inputValue()).toBe('赵磊');

    await d.getByLabel('计划名称').fill('默认值验证计划');
    await pickDate(d, '开始日期', '2026-12-01');
    await pickDate(d, '结束日期', '2026-12-31');
    const saved = page.waitForRequest((r) => r.url().includes('/plan/projectPlan/add'));
    await d.getByRole('button', { name: spaced('确定') }).click();
    expect((await saved).postDataJSON()).toMatchObject({ owner: 'zhaolei' });
    await page.locator('.ant-message-notice', { hasText: '添加成功！' }).waitFor();
    await d.waitFor({ state: 'detached' });
    const list = await apiCall<{ records: { planName: string; owner: string }[] }>(
      page,
      'GET',
      '/plan/projectPlan/list?planName=默认值验证计划',
    );
    expect(list.result.records.map((r) => r.owner)).toEqual(['zhaolei']);
  });

  it('saves the signed-in user when the default is left as it is', async () => {
    await page
      .locator('.zj-list')
      .getByRole('button', { name: spaced('新增') })
      .first()
      .click();
    const d = page.getByRole('dialog', { name: '新增' });
    await expect.poll(() => d.getByLabel('负责人').inputValue()).toBe('管理员');
    await d.getByLabel('计划名称').fill('默认负责人计划');
    await pickDate(d, '开始日期', '2026-12-01');
    await pickDate(d, '结束日期', '2026-12-31');
    const saved = page.waitForRequest((r) => r.url().includes('/plan/projectPlan/add'));
    await d.getByRole('button', { name: spaced('确定') }).click();
    expect((await saved).postDataJSON()).toMatchObject({ owner: 'admin' });
    await page.locator('.ant-message-notice', { hasText: '添加成功！' }).last().waitFor();
    await d.waitFor({ state: 'detached' });
  });
});
