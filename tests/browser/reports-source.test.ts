/**
 * The report designer's 数据源: it lists the configured sources (the seeded 报表只读库), 解析SQL runs
 * on the chosen one (which does not connect here: no such database, or no server at all, so the
 * designer shows the connection message), and clearing the choice runs it on the own database again.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { errorsOf, signIn, startHarness, STAFF_PASSWORD, type Harness } from './harness';
import { spaced } from './render-list-helpers';

let h: Harness;
let analyst: Page;

beforeAll(async () => {
  h = await startHarness();
  analyst = await h.newPage();
  analyst.setDefaultTimeout(15_000);
  await signIn(analyst, h.baseUrl, { username: 'fengyu', password: STAFF_PASSWORD });
});
afterAll(async () => {
  await h?.close();
});

it('parses the SQL on the data source the designer chose', async () => {
  await analyst.goto(`${h.baseUrl}/online/cgreport`);
  await analyst.locator('.zj-list .ant-table-row').first().waitFor();
  await analyst
    .locator('.zj-list__toolbar')
    .getByRole('button', { name: spaced('新建报表') })
    .click();
  const designer = analyst.locator('.zj-report-designer');
  await designer.locator('.cm-content').click();
  await analyst.keyboard.insertText('select 1 as n');
  await designer.getByLabel('报表名称').click();

  await designer.getByLabel('数据源').click();
  await analyst
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', {
      hasText: '报表只读库（report_replica）',
    })
    .click();
  await designer.getByRole('button', { name: spaced('解析SQL') }).click();
  await designer.locator('.ant-alert', { hasText: '连接失败，请检查数据源的主机' }).waitFor();

  // Cleared: the product's own database again.
  const sourceSelect = designer.locator('.ant-select:has([aria-label="数据源"])');
  await sourceSelect.hover();
  await sourceSelect.locator('.ant-select-clear').click();
  await designer.getByRole('button', { name: spaced('解析SQL') }).click();
  await analyst.locator('.ant-message-notice', { hasText: '解析成功：1 列' }).waitFor();
  expect(errorsOf(analyst)).toEqual([]);
});
