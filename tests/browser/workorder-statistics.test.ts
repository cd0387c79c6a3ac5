/**
 * 工单统计 and 工单图表 in the browser (docs/modules/workorder-statistics.md), on the demo year of
 * work orders (server/workorder/demo.ts): the admin opens 工单统计 from its menu URL and reads figures equal to the server's,
 * changes the period and the department and the figures follow, exports a table; opens 工单图表,
 * where every chart draws, a chart switches to its table and exports it. One page, two screens.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Download, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { insertDemoRows } from '../../server/db/seed/declared/insert.js';
import { loadDeclarationFiles } from '../../server/entity/load.js';
import { xlsxRows } from '../../server/entity/xlsx/index.js';
import { workOrderDemo } from '../../server/workorder/demo.js';
import { dismissNotifications, errorsOf, screenshotPath, startHarness, type Harness } from './harness';
import { adminPage, apiCall } from './render-list-helpers';

interface Summary {
  total: number;
  open: number;
  finished: number;
  overdue: number;
  overdueRate: number;
}

let h: Harness;
let page: Page;

beforeAll(async () => {
  h = await startHarness();
  // The browser template has no declared demo rows: the year of demo orders (tenant 1) is added here.
  const model = loadDeclarationFiles().find((d) => d.model.name === 'workOrder')!.model;
  const orders = workOrderDemo().find((s) => s.entity === 'workOrder')!.rows;
  await insertDemoRows(h.server.database.db, model, orders);
  page = await adminPage(h);
});
afterAll(async () => {
  await h?.close();
});
afterEach(async (context) => {
  if (context.task.result?.state === 'fail')
    await page?.screenshot({ path: '.tmp/workorder-statistics-fail.png' }).catch(() => undefined);
});

/** YYYY-MM-DD `days` from today in Shanghai (the browser's and the server's time zone). */
function day(days: number): string {
  return new Date(Date.now() + days * 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 10);
}

async function summaryOf(params: Record<string, string>): Promise<Summary> {
  const answer = await apiCall<{ summary: Summary }>(
    page,
    'GET',
    `/sys/workOrderStatic/workOrderStatistics?${new URLSearchParams(params)}`,
  );
  return answer.result.summary;
}

const card = (key: string) => page.locator(`.wo-stats__card[data-figure="${key}"] .wo-stats__value`);
const cardNumber = async (key: string) => Number(await card(key).innerText());

async function saved(download: Download): Promise<unknown[][]> {
  // The run's Chromium is shared (a browser server): the download is copied here rather than read in place.
  const file = path.join(
    fs.mkdtempSync(path.join(os.tmpdir(), 'zj-download-')),
    download.suggestedFilename(),
  );
  await download.saveAs(file);
  const rows: unknown[][] = [];
  for await (const row of xlsxRows(fs.readFileSync(file))) rows.push(row.values);
  return rows;
}

describe('工单统计', () => {
  it('shows the server’s figures, follows the period and the department, exports a table', async () => {
    await page.goto(`${h.baseUrl}/workOrder/statistics`);
    const year = await summaryOf({ beginDate: day(-364), endDate: day(0) });
    expect(year.total).toBeGreaterThan(300);
    await expect.poll(() => cardNumber('total')).toBe(year.total);
    expect(await cardNumber('open')).toBe(year.open);
    expect(await cardNumber('finished')).toBe(year.finished);
    expect(await cardNumber('overdue')).toBe(year.overdue);
    expect(await card('rate').innerText()).toBe(`${year.overdueRate.toFixed(1)}%`);
    const departRows = page.locator('.ant-card', { hasText: '按部门统计' }).locator('.ant-table-row');
    await expect.poll(() => departRows.count()).toBeGreaterThanOrEqual(4);
    await page.locator('.ant-card', { hasText: '按负责人统计' }).locator('.ant-table-row').first().waitFor();
    await dismissNotifications(page).catch(() => undefined);
    await page.waitForTimeout(300);
    await page.screenshot({ path: screenshotPath('workorder-statistics.png'), fullPage: true });

    // 本月: the figures of the month so far.
    await page.getByLabel('统计周期').first().click();
    await page.locator('.ant-picker-presets li', { hasText: '本月' }).click();
    const monthStart = `${day(0).slice(0, 8)}01`;
    const month = await summaryOf({ beginDate: monthStart, endDate: day(0) });
    expect(month.total).toBeLessThan(year.total);
    await expect.poll(() => cardNumber('total')).toBe(month.total);

    // 技术部 over the month.
    await page.locator('.wo-stats__depart').click();
    await page.locator('.ant-select-tree-title', { hasText: /^技术部$/ }).click();
    const tech = await summaryOf({ beginDate: monthStart, endDate: day(0), orgCode: 'A01A03' });
    await expect.poll(() => cardNumber('total')).toBe(tech.total);

    const downloaded = page.waitForEvent('download');
    await page
      .locator('.ant-card', { hasText: '按部门统计' })
      .getByRole('button', { name: /导\s*出/ })
      .click();
    const download = await downloaded;
    expect(download.suggestedFilename()).toBe(`工单统计-按部门-${monthStart}至${day(0)}.xlsx`);
    const rows = await saved(download);
    expect(rows[0]).toEqual([
      '部门',
      '工单总数',
      '进行中',
      '已完成',
      '逾期',
      '逾期率(%)',
      '平均完成时长(小时)',
    ]);
    expect(rows.slice(1).reduce((s, r) => s + Number(r[1]), 0)).toBe(tech.total);
    expect(errorsOf(page)).toEqual([]);
  });
});

describe('工单图表', () => {
  it('draws every chart, switches one to its table and exports it', async () => {
    await page.goto(`${h.baseUrl}/workOrder/chart`);
    const charts = page.locator('.wo-stats__chart');
    await expect.poll(() => charts.count()).toBe(5);
    await expect.poll(() => page.locator('.wo-stats__chart canvas').count()).toBe(5);
    await dismissNotifications(page).catch(() => undefined);
    await page.waitForTimeout(1200); // the charts' entry animation
    await page.screenshot({ path: screenshotPath('workorder-chart.png'), fullPage: true });

    const depart = page.locator('.wo-stats__chart[data-chart="depart"]');
    await depart.getByText('表格', { exact: true }).click();
    await depart.locator('.ant-table-row', { hasText: '项目管理部' }).waitFor();
    expect(await depart.locator('canvas').count()).toBe(0);
    expect(await depart.locator('.ant-table-row').count()).toBeGreaterThanOrEqual(4);

    const weekly = page.locator('.wo-stats__chart[data-chart="weekly"]');
    const downloaded = page.waitForEvent('download');
    await weekly.getByRole('button', { name: /导\s*出/ }).click();
    const rows = await saved(await downloaded);
    expect(rows[0]).toEqual(['周（起始日）', '新建', '完成']);
    expect(rows.length).toBeGreaterThan(50);
    await depart.getByText('图表', { exact: true }).click();
    await depart.locator('canvas').waitFor();
    expect(errorsOf(page)).toEqual([]);
  });
});
