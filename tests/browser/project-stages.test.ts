/**
 * Project stages in the browser (docs/modules/projects.md, "Stages"): the manager zhangwei opens
 * 项目流程图, sees his started project's flow with 立项 marked current and advances it to 需求调研;
 * on the project page's 阶段流程 tab he uploads a file to the current node, and the 计划 / 工单 tabs
 * list the project's own plans and work orders.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshotPath, signInFast, startHarness, STAFF_PASSWORD, type Harness } from './harness';
import { apiCall, spaced } from './render-list-helpers';

let h: Harness;
let mgr: Page;
let projectId = '';

const PROJECT = '西湖游客中心智慧导览';
const day = (days: number) => new Date(Date.now() + days * 86400000 + 8 * 3600000).toISOString().slice(0, 10);
const current = (page: Page, node: string) =>
  page.locator(`.djs-element.zj-wf-current[data-element-id="${node}"]`);

async function seed(): Promise<void> {
  expect(
    (await apiCall(mgr, 'POST', '/sys/customer/add', { name: '西湖文旅集团', code: 'XHWL', level: 'M' }))
      .success,
  ).toBe(true);
  const customer = (await apiCall<{ records: { id: string }[] }>(mgr, 'GET', '/sys/customer/list?code=XHWL'))
    .result.records[0]!.id;
  for (const [name, code] of [
    [PROJECT, 'XH-DL'],
    ['西湖景区票务升级', 'XH-PW'],
  ] as const) {
    const added = await apiCall(mgr, 'POST', '/sys/project/add', {
      name,
      code,
      category: '1',
      manager: 'zhangwei',
      members: 'majun',
      customerId: customer,
      planStart: day(-20),
      planEnd: day(100),
      budget: 600000,
    });
    expect(added.success).toBe(true);
  }
  const list = await apiCall<{ records: { id: string; name: string }[] }>(
    mgr,
    'GET',
    `/sys/project/list?name=${encodeURIComponent(PROJECT)}`,
  );
  projectId = list.result.records[0]!.id;
  // A project office's templates: 立项 asks nothing, 需求调研 asks for its report.
  for (const [taskDefKey, title, requiredFiles] of [
    ['initiation', '立项评审', ''],
    ['research', '需求调研', '需求调研报告'],
  ] as const)
    expect(
      (
        await apiCall(mgr, 'POST', '/oa/nodeContentTemplate/add', {
          taskDefKey,
          title,
          requiredFiles,
          content: `<p>${title}：确认目标、范围与交付物，资料齐全后进入下一阶段。</p>`,
        })
      ).success,
    ).toBe(true);
  expect((await apiCall(mgr, 'PUT', '/sys/project/startProject', { id: projectId })).success).toBe(true);
  expect(
    (
      await apiCall(mgr, 'POST', '/plan/projectPlan/add', {
        planName: '导览系统实施计划',
        projectId,
        startDate: day(-20),
        endDate: day(100),
        planTask: { added: [{ taskName: '现场勘察', orderNum: 1 }] },
      })
    ).success,
  ).toBe(true);
}

beforeAll(async () => {
  h = await startHarness();
  mgr = await h.newPage({ width: 1440, height: 900 });
  mgr.setDefaultTimeout(15_000);
  await signInFast(mgr, h.baseUrl, { username: 'zhangwei', password: STAFF_PASSWORD, tenantId: 1 });
  await seed();
});
afterAll(async () => {
  await h?.close();
});

describe('project stages', () => {
  it('项目流程图 shows the flow with the current node and advances it (project-flow-chart.png)', async () => {
    await mgr.goto(`${h.baseUrl}/project/flowChart`);
    await mgr.locator('.zj-flow-chart__item', { hasText: PROJECT }).click();
    await current(mgr, 'initiation').waitFor();
    await mgr.getByRole('link', { name: '项目主页' }).waitFor();
    await mgr.waitForTimeout(400);
    await mgr.screenshot({ path: screenshotPath('project-flow-chart.png') });

    await mgr.getByRole('button', { name: '推进阶段' }).click();
    const modal = mgr.getByRole('dialog', { name: '完成「立项」，进入下一阶段' });
    await modal.getByRole('textbox').fill('立项评审通过');
    await modal.getByRole('button', { name: '推进阶段' }).click();
    await mgr.locator('.ant-message-notice', { hasText: '阶段已推进' }).waitFor();
    await current(mgr, 'research').waitFor();
    expect(await current(mgr, 'initiation').count()).toBe(0);
    // The node templates' declared list is the second tab.
    await mgr.getByRole('tab', { name: '节点模板' }).click();
    await mgr
      .getByRole('button', { name: spaced('新增') })
      .first()
      .waitFor();
  });

  it("the project page's 阶段流程 tab takes a node file; 计划 and 工单 list the project's own (project-stage-tab.png)", async () => {
    await mgr.goto(`${h.baseUrl}/modules/project/index?id=${projectId}`);
    await mgr.getByRole('tab', { name: '阶段流程' }).click();
    await current(mgr, 'research').waitFor();
    const node = mgr.locator('.zj-stage-node[data-node="research"]');
    await node.getByRole('button', { name: /新\s*增/ }).click();
    const form = mgr.getByRole('dialog').last();
    await form.getByLabel('文件说明').fill('需求调研报告');
    await form.locator('input[type=file]').setInputFiles({
      name: '需求调研报告.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n%调研'),
    });
    await form.getByText('需求调研报告.pdf').waitFor();
    await form.getByRole('button', { name: spaced('确定') }).click();
    await node.locator('.ant-table-row', { hasText: '需求调研报告' }).waitFor();
    // 详情 shows the file as a download link.
    await node.locator('.ant-table-row', { hasText: '需求调研报告' }).getByText(spaced('详情')).click();
    await mgr
      .getByRole('dialog')
      .getByRole('link', { name: /需求调研报告|\.pdf/ })
      .first()
      .waitFor();
    await mgr.keyboard.press('Escape');
    await mgr.getByRole('dialog').waitFor({ state: 'hidden' });
    // Tall enough for the header, the flow and the node's files in one picture.
    await mgr.setViewportSize({ width: 1440, height: 1300 });
    await mgr.locator('.ant-message-notice').waitFor({ state: 'detached' });
    await mgr.waitForTimeout(300);
    await mgr.screenshot({ path: screenshotPath('project-stage-tab.png') });
    await mgr.setViewportSize({ width: 1440, height: 900 });

    await mgr.getByRole('tab', { name: '计划' }).click();
    await mgr.locator('.ant-table-row', { hasText: '导览系统实施计划' }).waitFor();
    await mgr.getByRole('tab', { name: '工单' }).click();
    await mgr.getByText('项目工单').waitFor();
  });
});
