/**
 * Online reports as the analyst builds them and staff use them: a report designed in the browser
 * (SQL in the editor, 解析SQL, a dictionary column, a total, two parameters of which one is
 * optional, a bar chart, a preview), saved and added to the menu; then a staff account given the
 * menu entry opens it there, runs it, sorts it, reads its total and chart, and exports it.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dismissNotifications,
  errorsOf,
  screenshotPath,
  signIn,
  startHarness,
  STAFF_PASSWORD,
  type Harness,
} from './harness';
import { addRows, spaced } from './render-list-helpers';

let h: Harness;
let analyst: Page;
let reportId = '';

const SQL = [
  'select c.level, count(*) as customer_count, min(c.name) as first_name',
  'from biz_customer c',
  'where c.code like ${prefix} [[ and c.owner = ${owner} ]]',
  'group by c.level',
].join('\n');

beforeAll(async () => {
  h = await startHarness();
  analyst = await h.newPage();
  analyst.setDefaultTimeout(15_000);
  await signIn(analyst, h.baseUrl, { username: 'fengyu', password: STAFF_PASSWORD });
});
afterAll(async () => {
  await h?.close();
});

const toast = (page: Page, text: string) => page.locator('.ant-message-notice', { hasText: text });

describe('the analyst', () => {
  it('has customers to report on', async () => {
    const admin = await h.newPage();
    await signIn(admin, h.baseUrl, {
      username: 'admin',
      password: 'Admin@123456',
      tenant: '智慧接待示范单位',
    });
    await addRows(admin, '/sys/customer', [
      { name: '华东会展', code: 'RP01', level: 'H', email: 'hd@example.com', owner: 'zhangwei' },
      { name: '江南文旅', code: 'RP02', level: 'H', email: 'jn@example.com', owner: 'chenjing' },
      { name: '滨江园区', code: 'RP03', level: 'M', owner: 'zhangwei' },
      { name: '海宁皮革', code: 'RP04', level: 'L' },
    ]);
    await admin.close();
  });

  it('designs a report in the browser: SQL, columns, parameters, chart, preview, save', async () => {
    await analyst.goto(`${h.baseUrl}/online/cgreport`);
    await analyst.locator('.zj-list .ant-table-row', { hasText: '客户清单' }).waitFor();
    await analyst
      .locator('.zj-list__toolbar')
      .getByRole('button', { name: spaced('新建报表') })
      .click();
    const designer = analyst.locator('.zj-report-designer');
    await designer.getByLabel('报表编码').fill('level_by_owner');
    await designer.getByLabel('报表名称').fill('客户等级统计');
    await designer.locator('.cm-content').click();
    await analyst.keyboard.insertText(SQL);
    // Leaving the editor closes its completion list.
    await designer.getByLabel('报表名称').click();
    await designer.getByRole('button', { name: spaced('解析SQL') }).click();
    await toast(analyst, '解析成功：3 列').waitFor();

    const columns = designer.locator('.zj-report-columns');
    await columns.getByLabel('level显示名称').fill('客户等级');
    await columns.getByLabel('level字典').fill('priority');
    await columns.getByLabel('customer_count显示名称').fill('客户数');
    await columns.getByLabel('customer_count统计').click();
    await analyst
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', {
        hasText: '合计',
      })
      .click();

    await designer.getByRole('tab', { name: /参数/ }).click();
    const params = designer.locator('.zj-report-params');
    await params.getByLabel('prefix显示名称').fill('编码前缀');
    await params.getByLabel('prefix默认值').fill('RP%');
    await params.getByLabel('prefix必填').click();
    await params.getByLabel('owner显示名称').fill('负责人');
    // A user parameter: the report screen offers the 选择用户 picker for it.
    await params.getByLabel('owner类型').click();
    await analyst
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', {
        hasText: /^用户$/,
      })
      .click();

    await designer.getByRole('tab', { name: '图表' }).click();
    await designer.getByLabel('图表类型').click();
    await analyst
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', {
        hasText: '柱状图',
      })
      .first()
      .click();

    await designer.getByRole('tab', { name: '预览' }).click();
    await designer.getByRole('button', { name: spaced('运行预览') }).click();
    const preview = designer.locator('.zj-report-preview');
    await preview.getByText('共 3 行（预览显示前10行）').waitFor();
    await preview.locator('canvas').first().waitFor();
    await analyst.waitForTimeout(1500); // the chart's bars grow in
    await analyst.screenshot({ path: screenshotPath('report-designer.png') });

    await designer.getByRole('button', { name: spaced('保存') }).click();
    await toast(analyst, '保存成功！').waitFor();
    const row = analyst.locator('.zj-list .ant-table-row', { hasText: 'level_by_owner' });
    await row.waitFor();
    reportId = (await row.getAttribute('data-row-key')) ?? '';
    expect(reportId).toMatch(/^[0-9a-f]{32}$/);
  });

  it('adds the report to the menu under 统计分析', async () => {
    const row = analyst.locator('.zj-list .ant-table-row', { hasText: 'level_by_owner' });
    // A row of six links folds its last actions into 更多 so the table fits the screen.
    await row.getByRole('button', { name: spaced('更多') }).click();
    await analyst.getByRole('menuitem', { name: '添加到菜单' }).click();
    const form = analyst.getByRole('dialog', { name: '添加到菜单（统计分析）' });
    await form.getByLabel('菜单名称').fill('客户等级统计');
    await form.getByRole('button', { name: spaced('确定') }).click();
    await toast(analyst, '已添加到菜单').waitFor();
    expect(errorsOf(analyst)).toEqual([]);
  });
});

describe('staff given the report', () => {
  let staff: Page;

  it('open it from the menu, run it with its parameters, sort it and read its total and chart', async () => {
    // An admin gives the new menu entry to 普通员工 with its parent (the role dialog links them).
    const db = h.server.database.db;
    const menu = await db
      .selectFrom('sysPermission')
      .select(['id', 'parentId'])
      .where('url', '=', `/online/cgreport/${reportId}`)
      .executeTakeFirstOrThrow();
    const role = await db
      .selectFrom('sysRole')
      .select('id')
      .where('roleCode', '=', 'staff')
      .executeTakeFirstOrThrow();
    for (const id of [menu.id, menu.parentId!])
      await db.insertInto('sysRolePermission').values({ roleId: role.id, permissionId: id }).execute();

    staff = await h.newPage();
    staff.setDefaultTimeout(15_000);
    await signIn(staff, h.baseUrl, { username: 'chenjing', password: STAFF_PASSWORD });
    const nav = staff.getByRole('navigation', { name: '主菜单' });
    await nav.getByText('统计分析').click();
    await nav.getByText('客户等级统计').click();
    const report = staff.locator('.zj-report');
    await report.locator('.ant-table-row').first().waitFor();
    expect(await report.locator('.ant-table-row').count()).toBe(3);
    // The report's path is not under its menu parent's, yet the breadcrumb names the parent.
    expect(await staff.locator('.shell-breadcrumb').innerText()).toMatch(/统计分析[\s\S]*客户等级统计/);
    await expect.poll(() => report.locator('.zj-report__footer').innerText()).toMatch(/合计\s+4/);
    await report.locator('canvas').first().waitFor();
    // Sorting asks the server (customer_count descending puts 高 first: two customers).
    await report.locator('.ant-table-thead th', { hasText: '客户数' }).click();
    await report.locator('.ant-table-thead th', { hasText: '客户数' }).click();
    await expect.poll(() => report.locator('.ant-table-row').first().innerText()).toContain('高');
    // The picture once the welcome toast is gone and the bars have grown to their height.
    await dismissNotifications(staff).catch(() => undefined);
    await staff.waitForTimeout(1500);
    await staff.screenshot({ path: screenshotPath('report-screen.png') });

    // The optional parameter narrows the rows.
    await report.getByLabel('负责人').click();
    const picker = staff.getByRole('dialog', { name: '选择用户' });
    await picker.getByPlaceholder('请输入用户账号').fill('zhangwei');
    await picker.getByPlaceholder('请输入用户账号').press('Enter');
    await picker.locator('.ant-table-row', { hasText: 'zhangwei' }).click();
    await picker.getByRole('button', { name: spaced('确定') }).click();
    await report.getByRole('button', { name: spaced('查询') }).click();
    await expect.poll(() => report.locator('.ant-table-row').count()).toBe(2);
  });

  it('exports the result as a workbook', async () => {
    const download = staff.waitForEvent('download');
    await staff
      .locator('.zj-report__toolbar')
      .getByRole('button', { name: spaced('导出') })
      .click();
    expect((await download).suggestedFilename()).toBe('客户等级统计.xlsx');
    expect(errorsOf(staff)).toEqual([]);
  });
});
