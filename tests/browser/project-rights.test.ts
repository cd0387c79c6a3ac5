/**
 * Per-project rights and urging a stage in the browser (docs/modules/projects.md): the manager
 * zhangwei grants his colleague 胡刚 查看 only on the project's 权限 tab; 胡刚 opens the project but
 * gets no 推进阶段 / 退回阶段 / 修改成员 and a read-only 权限 tab; the manager urges the open stage
 * from 阶段流程 and the member 马军's bell rises with the reminder modal, whose 去处理 opens the page;
 * the manager imports a plan's tasks from 全部计划's 导入任务 (a bad sheet offers its error workbook).
 */
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshotPath, signInFast, startHarness, STAFF_PASSWORD, type Harness } from './harness';
import { apiCall } from './render-list-helpers';

let h: Harness;
let mgr: Page;
let colleague: Page;
let member: Page;
let projectId = '';

const PROJECT = '灵隐寺游客分流系统';
const day = (days: number) => new Date(Date.now() + days * 86400000 + 8 * 3600000).toISOString().slice(0, 10);
const toast = (page: Page, text: string) => page.locator('.ant-message-notice', { hasText: text });
const pageOf = () => `${h.baseUrl}/modules/project/index?id=${projectId}`;

async function badgeCount(page: Page): Promise<number> {
  const text = await page
    .locator('.shell-header__bell .ant-badge-count')
    .textContent({ timeout: 2000 })
    .catch(() => '');
  return Number((text ?? '').replace(/\D/g, '') || 0);
}

async function sheet(rows: (string | number)[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet('任务');
  ws.addRow(['任务名称', '开始日期', '结束日期']);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function seed(): Promise<void> {
  expect(
    (await apiCall(mgr, 'POST', '/sys/customer/add', { name: '灵隐景区管理处', code: 'LYJQ', level: 'M' }))
      .success,
  ).toBe(true);
  const customer = (await apiCall<{ records: { id: string }[] }>(mgr, 'GET', '/sys/customer/list?code=LYJQ'))
    .result.records[0]!.id;
  const added = await apiCall(mgr, 'POST', '/sys/project/add', {
    name: PROJECT,
    code: 'LY-FL',
    category: '1',
    manager: 'zhangwei',
    members: 'majun',
    customerId: customer,
    planStart: day(-10),
    planEnd: day(90),
    budget: 380000,
  });
  expect(added.success).toBe(true);
  const list = await apiCall<{ records: { id: string }[] }>(
    mgr,
    'GET',
    `/sys/project/list?name=${encodeURIComponent(PROJECT)}`,
  );
  projectId = list.result.records[0]!.id;
  expect((await apiCall(mgr, 'PUT', '/sys/project/startProject', { id: projectId })).success).toBe(true);
}

beforeAll(async () => {
  h = await startHarness();
  mgr = await h.newPage({ width: 1440, height: 900 });
  colleague = await h.newPage({ width: 1440, height: 900 });
  member = await h.newPage({ width: 1440, height: 900 });
  for (const page of [mgr, colleague, member]) page.setDefaultTimeout(15_000);
  await signInFast(mgr, h.baseUrl, { username: 'zhangwei', password: STAFF_PASSWORD, tenantId: 1 });
  await signInFast(colleague, h.baseUrl, { username: 'hugang', password: STAFF_PASSWORD, tenantId: 1 });
  await signInFast(member, h.baseUrl, { username: 'majun', password: STAFF_PASSWORD, tenantId: 1 });
  await seed();
});
afterAll(async () => {
  await h?.close();
});

describe('per-project rights and urging a stage', () => {
  it('the manager grants 查看 only; the colleague reads the project without 推进 or 编辑 (project-rights.png)', async () => {
    // Before the grant the colleague is refused.
    await colleague.goto(pageOf());
    await colleague.getByText('您不是该项目的成员，无权查看该项目').waitFor();

    await mgr.goto(pageOf());
    await mgr.getByRole('tab', { name: '权限' }).click();
    const add = mgr.locator('.zj-project-rights__add');
    await add.locator('.ant-select').click();
    await add.locator('.ant-select input').fill('hugang');
    await mgr.locator('.ant-select-item-option', { hasText: '胡刚（hugang）' }).click();
    await add.getByRole('button', { name: /授\s*权/ }).click();
    await toast(mgr, '授权成功').waitFor();
    const granted = mgr.locator('.zj-project-rights .ant-table-row', { hasText: '胡刚（hugang）' });
    await granted.waitFor();
    expect(await granted.getByRole('checkbox', { name: '胡刚编辑' }).isChecked()).toBe(false);
    expect(await granted.getByRole('checkbox', { name: '胡刚推进阶段' }).isChecked()).toBe(false);
    await mgr.screenshot({ path: screenshotPath('project-rights.png') });

    await colleague.goto(pageOf());
    await colleague.locator('.zj-project-page__title', { hasText: PROJECT }).waitFor();
    await colleague.getByRole('tab', { name: '阶段流程' }).click();
    await colleague.locator('.djs-element.zj-wf-current[data-element-id="initiation"]').waitFor();
    expect(await colleague.getByRole('button', { name: '推进阶段' }).count()).toBe(0);
    expect(await colleague.getByRole('button', { name: '退回阶段' }).count()).toBe(0);
    expect(await colleague.getByRole('button', { name: '催办' }).count()).toBe(0);
    await colleague.getByRole('tab', { name: '项目成员' }).click();
    await colleague.locator('.zj-project-page__members').waitFor();
    expect(await colleague.getByRole('button', { name: '修改成员' }).count()).toBe(0);
    await colleague.getByRole('tab', { name: '权限' }).click();
    await colleague.getByText('只有项目经理可以授权').waitFor();
    expect(await colleague.locator('.zj-project-rights__add').count()).toBe(0);
    // The server refuses the colleague's edit and advance whatever the page shows.
    const edit = await apiCall(colleague, 'PUT', '/sys/project/edit', {
      id: projectId,
      budget: 1,
      rowVersion: 0,
    });
    expect(edit.message).toBe('只有项目经理可以编辑该项目');
    const advance = await apiCall(colleague, 'PUT', '/sys/project/advanceStage', { projectId });
    expect(advance.success).toBe(false);
  });

  it("the manager urges the open stage and the member's bell rises with the reminder (project-urge.png)", async () => {
    await member.locator('.shell-header__bell').waitFor();
    const before = await badgeCount(member);

    await mgr.goto(pageOf());
    await mgr.getByRole('tab', { name: '阶段流程' }).click();
    await mgr.locator('.zj-stage-flow__urge').click();
    const dialog = mgr.getByRole('dialog', { name: '催办「立项」阶段' });
    await dialog.getByText('已等待').waitFor();
    expect(await dialog.getByRole('checkbox', { name: '马军' }).isChecked()).toBe(true);
    await dialog.getByRole('textbox').fill('请本周五前提交立项申请书');
    await mgr.screenshot({ path: screenshotPath('project-urge.png') });
    await dialog.getByRole('button', { name: /催\s*办/ }).click();
    await toast(mgr, '催办成功').waitFor();

    const reminder = member.getByRole('dialog', { name: '消息提醒' });
    await reminder.waitFor({ timeout: 20_000 });
    await reminder.getByText(`项目阶段催办：${PROJECT}（立项）`).waitFor();
    await reminder.getByText('请本周五前提交立项申请书').waitFor();
    await expect.poll(() => badgeCount(member)).toBeGreaterThan(before);
    await reminder.getByRole('button', { name: /去\s*处\s*理/ }).click();
    await member.waitForURL(/\/modules\/project\/index\?id=/);
    await member.locator('.zj-project-page__title', { hasText: PROJECT }).waitFor();
  });

  it("imports a plan's tasks from 全部计划's 导入任务, offering the error workbook of a bad sheet", async () => {
    const plan = await apiCall(mgr, 'POST', '/plan/projectPlan/add', {
      planName: '分流系统实施计划',
      projectId,
      startDate: day(-10),
      endDate: day(90),
    });
    expect(plan.success).toBe(true);
    await mgr.goto(`${h.baseUrl}/plan/list`);
    const row = mgr.locator('.zj-list .ant-table-row', { hasText: '分流系统实施计划' });
    // 编辑, 详情, 甘特图, 导入任务, 所属项目, 删除: the last declared actions fold into 更多.
    await row.getByText('更多').click();
    await mgr.getByRole('menuitem', { name: '导入任务' }).click();
    const panel = mgr.locator('.zj-plan-import');
    await panel.waitFor();
    const upload = async (name: string, rows: (string | number)[][]) =>
      panel.locator('input[type=file]').setInputFiles({
        name,
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        buffer: await sheet(rows),
      });
    await upload('bad.xlsx', [
      ['现场勘察', day(-5), day(5)],
      ['系统部署', day(100), day(120)],
    ]);
    await panel.getByText(/第3行：.*未导入任何数据/).waitFor();
    await panel.getByRole('button', { name: '下载错误数据' }).waitFor();
    await upload('good.xlsx', [['现场勘察', day(-5), day(5)]]);
    await toast(mgr, '文件导入成功').waitFor();
  });
});
