/**
 * A filled form is never thrown away by a stray key (issue 33, item 4), on 会议列表's 新增 (the
 * walk's own case): Esc that closes the date picker leaves the dialog as it was; Esc or × on a
 * dirty form asks 确定放弃未保存的修改吗? and 取消 keeps what was typed; an untouched form closes at
 * once. Its required messages say 请选择 for what is picked (item 9).
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './harness';
import { adminPage, apiCall } from './render-list-helpers';

let h: Harness;
let page: Page;

beforeAll(async () => {
  h = await startHarness();
  page = await adminPage(h);
  await page.goto(`${h.baseUrl}/meeting/list`);
  await page.locator('.zj-list').waitFor();
});

afterAll(async () => {
  await h?.close();
});

const dialog = () => page.getByRole('dialog', { name: '新增' });
const ask = () => page.locator('.ant-modal-confirm', { hasText: '确定放弃未保存的修改吗?' });

async function openAdd(): Promise<void> {
  await page.getByRole('button', { name: /^(plus )?新\s*增$/ }).click();
  await dialog().getByLabel('会议主题').waitFor();
}

describe('closing a form dialog', () => {
  it('an untouched form closes at once on Esc', async () => {
    await openAdd();
    await page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'detached' });
    expect(await ask().count()).toBe(0);
  });

  it('Esc closing the date picker keeps the dialog; Esc on a dirty form asks, and 取消 keeps the input', async () => {
    await openAdd();
    await dialog().getByLabel('会议主题').fill('季度经营分析会');
    await dialog().getByLabel('开始时间').click();
    await page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)').waitFor();
    await page.keyboard.press('Escape');
    await page
      .locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)')
      .waitFor({ state: 'detached' });
    expect(await ask().count()).toBe(0);
    expect(await dialog().getByLabel('会议主题').inputValue()).toBe('季度经营分析会');

    await page.keyboard.press('Escape');
    await ask().waitFor();
    await ask()
      .getByRole('button', { name: /取\s*消/ })
      .click();
    await ask().waitFor({ state: 'detached' });
    expect(await dialog().getByLabel('会议主题').inputValue()).toBe('季度经营分析会');
  });

  it('a required field says 请选择 when it is picked and 请输入 when it is typed (item 9)', async () => {
    await dialog().getByLabel('会议主题').fill('');
    await dialog()
      .getByRole('button', { name: /确\s*定/ })
      .click();
    const errors = dialog().locator('.ant-form-item-explain-error');
    await errors.filter({ hasText: '请输入会议主题!' }).waitFor();
    await errors.filter({ hasText: '请选择会议类型!' }).waitFor();
    await errors.filter({ hasText: '请选择开始时间!' }).waitFor();
    expect(await errors.filter({ hasText: '请输入会议类型!' }).count()).toBe(0);
    // The server says the same words for the same field.
    const answer = await apiCall(page, 'POST', '/meeting/meeting/add', { title: '季度经营分析会' });
    expect(answer.message).toMatch(/请选择(会议类型|开始时间|结束时间|会议室|主持人)!/);
    await dialog().getByLabel('会议主题').fill('季度经营分析会');
  });

  it('× on a dirty form asks, and 确定 closes it', async () => {
    await dialog().locator('.ant-modal-close').click();
    await ask()
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await dialog().waitFor({ state: 'detached' });
  });
});
