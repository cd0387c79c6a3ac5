/**
 * Evaluations in the browser (docs/modules/evaluations.md): the manager zhangwei starts a cycle of
 * 项目一组 on 考核周期; chenjing finds her evaluation in 历史评分, fills her self scores in the
 * indicators grid (read-only indicator columns, no 新增 / 删除) and submits; zhangwei moves the
 * cycle to 上级评分中, scores her in 评分详情 (待我评分) and submits; 考核排名 shows her first with
 * the weighted total and its grade.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screenshotPath, signInFast, startHarness, STAFF_PASSWORD, type Harness } from './harness';
import { apiCall, spaced } from './render-list-helpers';

let h: Harness;
let mgr: Page;
let staff: Page;

const CYCLE = '2026年10月项目一组月度考核';
/** The lists and grids load while two cores serve five engineers: give them time. */
const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 10_000 });
const row = (page: Page, text: string) => page.locator('.zj-list .ant-table-row', { hasText: text });
const dialog = (page: Page, title: string) => page.getByRole('dialog', { name: title });
const toast = (page: Page, text: string) => page.locator('.ant-message-notice', { hasText: text });
const gridRows = (scope: Locator) => scope.locator('.tabulator-tableholder .tabulator-row');
const cell = (scope: Locator, n: number, field: string) =>
  gridRows(scope).nth(n).locator(`.tabulator-cell[tabulator-field="${field}"]`);

async function person(username: string): Promise<Page> {
  const page = await h.newPage({ width: 1440, height: 900 });
  page.setDefaultTimeout(15_000);
  await signInFast(page, h.baseUrl, { username, password: STAFF_PASSWORD, tenantId: 1 });
  return page;
}

async function confirm(page: Page, text: string): Promise<void> {
  await page
    .locator('.ant-popconfirm', { hasText: text })
    .getByRole('button', { name: spaced('确定') })
    .click();
}

async function typeCell(page: Page, target: Locator, text: string): Promise<void> {
  await target.click();
  const editor = target.locator('.zj-grid-editor');
  await editor.waitFor();
  await editor.fill(text);
  await editor.press('Enter');
  await page.waitForTimeout(300);
}

/** Opens a row's 编辑 and fills one score column of the indicators grid, row by row. */
async function fillScores(page: Page, text: string, field: string, scores: number[]): Promise<Locator> {
  await row(page, text).getByRole('button', { name: '编辑' }).click();
  const d = dialog(page, '编辑');
  const grid = d.locator('.zj-form-tables');
  await poll(() => gridRows(grid).count()).toBe(4);
  expect(await cell(grid, 0, 'indicator').innerText()).toContain('工作业绩');
  // The rows are the template's snapshot: no 新增 / 删除, the indicator is not an editor.
  expect(await grid.getByRole('button', { name: spaced('新增') }).count()).toBe(0);
  await cell(grid, 0, 'indicator').click();
  expect(await cell(grid, 0, 'indicator').locator('.zj-grid-editor').count()).toBe(0);
  for (const [i, score] of scores.entries()) await typeCell(page, cell(grid, i, field), String(score));
  return d;
}

beforeAll(async () => {
  h = await startHarness();
  mgr = await person('zhangwei');
  staff = await person('chenjing');
  // A template and the cycle (the browser database has no demo rows).
  const template = await apiCall(mgr, 'POST', '/evaluation/template/add', {
    name: '项目组月度考核模板',
    appliesTo: '1',
    totalScore: 100,
    status: '1',
    evalIndicator: {
      added: [
        ['工作业绩', 50, '按月度工作目标完成情况评分'],
        ['工作态度', 20, '责任心、主动性与纪律性'],
        ['团队协作', 20, '配合同事、跨部门沟通情况'],
        ['学习成长', 10, '培训参与与技能提升'],
      ].map(([indicator, weight, description], i) => ({
        indicator,
        weight,
        maxScore: 100,
        description,
        orderNum: i + 1,
      })),
    },
  });
  expect(template.success).toBe(true);
  const templates = await apiCall<{ records: { id: string }[] }>(mgr, 'GET', '/evaluation/template/list');
  const departs = await apiCall<{ id: string; orgCode: string }[]>(
    mgr,
    'GET',
    '/sys/sysDepart/queryTreeList',
  );
  expect(departs.success).toBe(true);
  const cycle = await apiCall(mgr, 'POST', '/evaluation/cycle/add', {
    name: CYCLE,
    periodType: '1',
    periodKey: '2026-10',
    startDate: '2026-10-01',
    endDate: '2026-10-31',
    templateId: templates.result.records[0]!.id,
    departIds: findDepart(departs.result, 'A01A02A01'),
    selfDeadline: '2026-11-05',
    managerDeadline: '2026-11-10',
  });
  expect(cycle.message).toBe('添加成功！');
});
afterAll(async () => {
  await h?.close();
});
afterEach(async (ctx) => {
  if (ctx.task.result?.state !== 'fail') return;
  await mgr?.screenshot({ path: '.tmp/evaluation-fail-mgr.png' }).catch(() => undefined);
  await staff?.screenshot({ path: '.tmp/evaluation-fail-staff.png' }).catch(() => undefined);
});

type Depart = { id: string; orgCode: string; children?: Depart[] };
function findDepart(list: readonly Depart[], orgCode: string): string {
  for (const d of list) {
    if (d.orgCode === orgCode) return d.id;
    const inner = d.children ? findDepart(d.children, orgCode) : '';
    if (inner) return inner;
  }
  return '';
}

describe('a cycle from its start to the ranking', () => {
  it('the manager starts the cycle', async () => {
    await mgr.goto(`${h.baseUrl}/evaluation/cycle`);
    const cycle = row(mgr, CYCLE);
    await poll(() => cycle.innerText()).toMatch(/月度[\s\S]*2026-10[\s\S]*项目组月度考核模板[\s\S]*未开始/);
    await cycle.getByRole('button', { name: '开始考核' }).click();
    // The start writes a form per person and tells each: on a loaded machine it may take longer
    // than a list's reload, so wait for its answer first, then for the row.
    const started = mgr.waitForResponse((r) => r.request().method() !== 'GET' && /\/start\b/.test(r.url()), {
      timeout: 30_000,
    });
    await confirm(mgr, '开始后将为每位考核对象生成考核表');
    expect(((await (await started).json()) as { success: boolean }).success).toBe(true);
    await expect.poll(() => cycle.innerText(), { timeout: 20_000 }).toMatch(/自评中[\s\S]*3/);
    await mgr.screenshot({ path: screenshotPath('evaluation-cycles.png') });
  });

  it('a staff member fills her self scores and submits them', async () => {
    await staff.goto(`${h.baseUrl}/evaluation/historyScore`);
    const mine = row(staff, CYCLE);
    await poll(() => mine.innerText()).toMatch(/陈静[\s\S]*项目一组[\s\S]*张伟[\s\S]*待自评/);
    const d = await fillScores(staff, CYCLE, 'selfScore', [90, 80, 85, 70]);
    await typeCell(staff, cell(d.locator('.zj-form-tables'), 0, 'selfComment'), '按期交付展厅方案');
    await d.getByLabel('自评总结').fill('本月完成两个项目的交付，下月加强文档整理。');
    await d.locator('.ant-modal-title').click();
    await staff.screenshot({ path: screenshotPath('evaluation-self-form.png') });
    await d.getByRole('button', { name: spaced('确定') }).click();
    await toast(staff, '编辑成功').waitFor();
    await poll(() => mine.innerText()).toMatch(/待自评[\s\S]*85/);
    await mine.getByRole('button', { name: '提交自评' }).click();
    await confirm(staff, '提交后不能再修改自评');
    await poll(() => mine.innerText()).toContain('已自评');
    // A staff member has no 部门考核 and no ranking.
    expect((await apiCall(staff, 'GET', '/evaluation/evaluation/list?type=3')).message).toBe(
      '没有权限，请联系管理员授权',
    );
  });

  it('the manager scores her and the ranking shows the weighted total', async () => {
    await mgr.goto(`${h.baseUrl}/evaluation/cycle`);
    const cycle = row(mgr, CYCLE);
    await cycle.getByRole('button', { name: '进入上级评分' }).click();
    await confirm(mgr, '进入上级评分后自评将关闭');
    await poll(() => cycle.innerText()).toContain('上级评分中');

    await mgr.goto(`${h.baseUrl}/evaluation/scoreDetails`);
    const hers = mgr.locator('.zj-list .ant-table-row', { hasText: '陈静' });
    await poll(() => hers.innerText()).toMatch(/待上级评分[\s\S]*85/);
    const d = await fillScores(mgr, '陈静', 'managerScore', [92, 88, 90, 80]);
    await d.getByLabel('上级评语').fill('整体表现良好，工作扎实。');
    await d.locator('.ant-modal-title').click();
    await mgr.screenshot({ path: screenshotPath('evaluation-score-form.png') });
    await d.getByRole('button', { name: spaced('确定') }).click();
    await toast(mgr, '编辑成功').waitFor();
    await hers.getByRole('button', { name: '提交评分' }).click();
    await confirm(mgr, '提交后考核结果将通知被考核人');
    await poll(() => hers.innerText()).toMatch(/已完成[\s\S]*85[\s\S]*89\.6[\s\S]*良好/);
    // Both comments were saved with their scores.
    const saved = await apiCall<{ records: { selfComment: string; managerComment: string }[] }>(
      mgr,
      'GET',
      '/evaluation/evaluation/list?type=2&username=chenjing',
    );
    expect(saved.result.records[0]).toMatchObject({
      selfComment: '本月完成两个项目的交付，下月加强文档整理。',
      managerComment: '整体表现良好，工作扎实。',
    });

    // Her colleagues are scored too, so the ranking has the whole team.
    const team = await apiCall<{ records: { id: string; username: string }[] }>(
      mgr,
      'GET',
      '/evaluation/evaluation/list?type=2&pageSize=30',
    );
    for (const [name, score] of [
      ['majun', 70],
      ['gaopeng', 95],
    ] as const) {
      const id = team.result.records.find((r) => r.username === name)!.id;
      const full = await apiCall<{ evalScore: { id: string }[] }>(
        mgr,
        'GET',
        `/evaluation/evaluation/queryById?id=${id}`,
      );
      const edited = full.result.evalScore.map((s) => ({ id: s.id, managerScore: score }));
      expect(
        (await apiCall(mgr, 'PUT', '/evaluation/evaluation/edit', { id, evalScore: { edited } })).success,
      ).toBe(true);
      expect((await apiCall(mgr, 'PUT', '/evaluation/evaluation/submitScore', { id })).success).toBe(true);
    }

    await mgr.goto(`${h.baseUrl}/evaluation/ranking`);
    const ranks = mgr.locator('.zj-list .ant-table-row');
    await poll(() => ranks.count()).toBe(3);
    expect(await ranks.nth(0).innerText()).toMatch(/1[\s\S]*高鹏[\s\S]*95[\s\S]*优秀/);
    expect(await ranks.nth(1).innerText()).toMatch(
      /2[\s\S]*陈静[\s\S]*项目一组[\s\S]*85[\s\S]*89\.6[\s\S]*良好/,
    );
    expect(await ranks.nth(2).innerText()).toMatch(/3[\s\S]*马军[\s\S]*70[\s\S]*合格/);
    await mgr.locator('.zj-list-chart canvas').waitFor();
    await mgr.screenshot({ path: screenshotPath('evaluation-ranking.png') });
  });
});
