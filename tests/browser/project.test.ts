/**
 * Projects in the browser (docs/modules/projects.md): the manager zhangwei creates a customer and a
 * project with the member majun and starts it on the project page; a demand is handed to majun, who
 * is told at once, finds it on his workbench and closes it; the outsider hugang is refused by the
 * API and the page; the project is suspended, closed, deleted and restored; the statistics show it.
 */
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screenshotPath, signInFast, startHarness, STAFF_PASSWORD, type Harness } from './harness';
import { apiCall, openOption, spaced } from './render-list-helpers';

let h: Harness;
let mgr: Page;
let member: Page;
let projectId = '';

const CUSTOMER = '钱塘江文旅发展集团';
const PROJECT = '钱塘江游客中心智慧导览';
const DEMAND = '导览屏增加无障碍路线';
const day = (days: number) => new Date(Date.now() + days * 86400000 + 8 * 3600000).toISOString().slice(0, 10);
const row = (page: Page, text: string) => page.locator('.zj-list .ant-table-row', { hasText: text });
const dialog = (page: Page, title: string) => page.getByRole('dialog', { name: title });
const toast = (page: Page, text: string) => page.locator('.ant-message-notice', { hasText: text });

async function person(username: string): Promise<Page> {
  const page = await h.newPage({ width: 1440, height: 900 });
  page.setDefaultTimeout(15_000);
  await signInFast(page, h.baseUrl, { username, password: STAFF_PASSWORD, tenantId: 1 });
  return page;
}

async function pickUser(page: Page, field: string, scope: ReturnType<typeof dialog>, username: string) {
  await scope.getByLabel(field).click();
  const picker = dialog(page, '选择用户');
  await picker.getByPlaceholder('请输入用户账号').fill(username);
  await picker.getByRole('button', { name: spaced('查询') }).click();
  await picker.locator('.ant-table-row', { hasText: username }).click();
  await picker.getByRole('button', { name: spaced('确定') }).click();
  await picker.waitFor({ state: 'detached' });
}

async function pickDate(scope: ReturnType<typeof dialog>, field: string, value: string) {
  const input = scope.locator('.ant-form-item', { hasText: field }).locator('.ant-picker input');
  await input.click();
  await input.fill(value);
  await input.press('Enter');
}

/** A few projects of other customers, so the lists and statistics look used (no demo rows in tests). */
async function seedProjects(): Promise<void> {
  const customers = [
    ['华东国际会展中心', 'HDGJHZ'],
    ['宁波港集团', 'NBGJT'],
  ];
  for (const [name, code] of customers)
    expect((await apiCall(mgr, 'POST', '/sys/customer/add', { name, code, level: 'M' })).message).toBe(
      '添加成功！',
    );
  const ids = (await apiCall<{ records: { id: string }[] }>(mgr, 'GET', '/sys/customer/list?pageSize=10'))
    .result.records;
  const projects: [string, string, string, string, number][] = [
    ['会展中心智慧展厅', 'HD-ZT', '1', 'chenjing', -90],
    ['港口企业展厅', 'NB-ZT', '1', 'yangqiang', -40],
    ['会展中心访客系统', 'HD-FK', '3', 'chenjing', 10],
  ];
  for (const [i, [name, code, category, manager, start]] of projects.entries()) {
    const answer = await apiCall(mgr, 'POST', '/sys/project/add', {
      name,
      code,
      category,
      manager,
      members: 'majun,gaopeng',
      customerId: ids[i % ids.length]!.id,
      planStart: day(start),
      planEnd: day(start + 120),
      budget: 800000 + i * 350000,
    });
    expect(answer.message).toBe('添加成功！');
  }
  // The two that began already are under way.
  const list = await apiCall<{ records: { id: string; name: string }[] }>(
    mgr,
    'GET',
    '/sys/project/list?pageSize=10',
  );
  for (const name of ['会展中心智慧展厅', '港口企业展厅']) {
    const id = list.result.records.find((r) => r.name === name)!.id;
    expect((await apiCall(mgr, 'PUT', '/sys/project/startProject', { id })).message).toBe('已启动！');
  }
}

beforeAll(async () => {
  h = await startHarness();
  mgr = await person('zhangwei');
  member = await person('majun');
  await seedProjects();
});
afterAll(async () => {
  await h?.close();
});
afterEach(async (ctx) => {
  if (ctx.task.result?.state !== 'fail') return;
  await mgr?.screenshot({ path: '.tmp/project-fail-mgr.png' }).catch(() => undefined);
  await member?.screenshot({ path: '.tmp/project-fail-member.png' }).catch(() => undefined);
});

describe('a project from creation to the recycle bin', () => {
  it('a manager creates a customer and a project with a member, and starts it', async () => {
    await mgr.goto(`${h.baseUrl}/customer/list`);
    await mgr
      .locator('.zj-list__toolbar')
      .getByRole('button', { name: spaced('新增') })
      .click();
    const c = dialog(mgr, '新增');
    await c.getByLabel('客户名称').fill(CUSTOMER);
    await c.getByLabel('客户编码').fill('QTJWL');
    await c.getByRole('button', { name: spaced('确定') }).click();
    await toast(mgr, '添加成功！').waitFor();

    await mgr.goto(`${h.baseUrl}/project/list`);
    await row(mgr, '港口企业展厅').first().waitFor();
    await mgr
      .locator('.zj-list__toolbar')
      .getByRole('button', { name: spaced('新增') })
      .click();
    const d = dialog(mgr, '新增');
    await d.getByLabel('项目名称').fill(PROJECT);
    await d.getByLabel('项目代号').fill('QTJ-DL');
    await d.getByLabel('所属客户').click();
    await openOption(mgr, CUSTOMER).click();
    await d.getByLabel('项目类别').click();
    await openOption(mgr, '信息化建设').click();
    await pickUser(mgr, '项目成员', d, 'majun');
    await pickDate(d, '计划开始', day(0));
    await pickDate(d, '计划结束', day(90));
    await d.getByLabel('预算（元）').fill('1200000');
    // 当前阶段 is the stage flow's (read-only): 启动 puts the project at 立项.
    await mgr.screenshot({ path: screenshotPath('project-form.png') });
    await d.getByRole('button', { name: spaced('确定') }).click();
    await toast(mgr, '添加成功！').waitFor();
    const added = row(mgr, PROJECT);
    await expect
      .poll(() => added.innerText())
      .toMatch(/XM\d{8}-\d{3}[\s\S]*钱塘江文旅发展集团[\s\S]*张伟[\s\S]*未启动/);
    await mgr.screenshot({ path: screenshotPath('project-list.png') });

    await added.getByRole('button', { name: '项目主页' }).click();
    await mgr.waitForURL(/\/modules\/project\/index\?id=/);
    projectId = new URL(mgr.url()).searchParams.get('id') ?? '';
    await mgr.locator('.zj-project-page .zj-transition--start').click();
    await dialog(mgr, '启动项目')
      .getByRole('button', { name: spaced('确定') })
      .click();
    await toast(mgr, '已启动！').waitFor();
    await expect.poll(() => mgr.locator('.zj-project-page__status').innerText()).toBe('进行中');
  });

  it('a demand is handed to the member, who is told at once and closes it', async () => {
    await member.goto(`${h.baseUrl}/HomePage/index`);
    await member.locator('.todo-panel').waitFor();
    await mgr.getByRole('tab', { name: '需求' }).click();
    const demands = mgr.locator('.zj-inner-child[data-entity="demand"]');
    await demands.getByRole('button', { name: spaced('新增') }).click();
    const d = dialog(mgr, '新增');
    await d.getByLabel('需求标题').fill(DEMAND);
    await d.getByLabel('需求类型').click();
    await openOption(mgr, '功能需求').click();
    await d.getByLabel('提出人').fill('王主任');
    await pickUser(mgr, '当前处理人', d, 'zhangwei');
    await d.getByRole('button', { name: spaced('确定') }).click();
    await toast(mgr, '添加成功！').waitFor();
    const demand = demands.locator('.ant-table-row', { hasText: DEMAND });
    await expect.poll(() => demand.innerText()).toMatch(/XQ\d{8}-\d{3}[\s\S]*张伟[\s\S]*新建/);
    // 编辑, 详情, 流转, 关闭, 流转记录, 删除: the declared action folds into 更多.
    await demand.locator('.zj-row-actions__more').click();
    await mgr.getByRole('menuitem', { name: '流转' }).click();
    const flow = dialog(mgr, '需求流转');
    await pickUser(mgr, '流转给', flow, 'majun');
    await flow.getByLabel('流转说明').fill('请评估无障碍路线的实现方式');
    await mgr.screenshot({ path: screenshotPath('project-circulation.png') });
    await flow.getByRole('button', { name: spaced('确定') }).click();
    await toast(mgr, '流转成功！').waitFor();
    await expect.poll(() => demand.innerText()).toMatch(/马军[\s\S]*流转中/);
    await mgr.screenshot({ path: screenshotPath('project-page.png') });

    // The member: told at once in the bell (项目管理, issue 33), the item on the workbench, the demand
    // on the project page.
    await member.locator('.shell-header__bell').hover();
    await member.locator('.notice-popover').getByText(`需求流转：${DEMAND}`).waitFor({ timeout: 20_000 });
    await member.mouse.move(10, 500);
    const todo = member.locator('.todo-panel .todo-row', { hasText: DEMAND });
    await todo.waitFor();
    await member.screenshot({ path: screenshotPath('project-workbench.png') });
    await todo.click();
    await member.waitForURL(/\/modules\/project\/index\?id=/);
    await member.getByRole('tab', { name: '需求' }).click();
    const mine = member.locator('.zj-inner-child[data-entity="demand"] .ant-table-row', { hasText: DEMAND });
    await mine.locator('.zj-transition--close').click();
    await member
      .locator('.ant-popconfirm')
      .getByRole('button', { name: spaced('确定') })
      .click();
    await toast(member, '已关闭！').waitFor();
    await expect.poll(() => mine.innerText()).toContain('已关闭');
    await mine.getByRole('button', { name: '流转记录' }).click();
    const history = dialog(member, '流转记录');
    await history.locator('.ant-table-row', { hasText: '请评估无障碍路线的实现方式' }).waitFor();
    expect(await history.locator('.ant-table-row').count()).toBe(3);
    await member.screenshot({ path: screenshotPath('project-demand-history.png') });
    // 需求列表: the demands of the member's projects, 待我处理 as a tab.
    await member.goto(`${h.baseUrl}/demand/list`);
    await expect.poll(() => row(member, DEMAND).innerText()).toMatch(/钱塘江游客中心智慧导览[\s\S]*已关闭/);
    await member.screenshot({ path: screenshotPath('project-demands.png') });
  });

  it('an outsider cannot open the project, by the API or the page', async () => {
    const outsider = await person('hugang');
    const answer = await apiCall(outsider, 'GET', `/sys/project/getProjectById?projectId=${projectId}`);
    expect(answer).toMatchObject({
      success: false,
      code: 403,
      message: '您不是该项目的成员，无权查看该项目',
    });
    await outsider.goto(`${h.baseUrl}/modules/project/index?id=${projectId}`);
    await outsider.getByText('无权查看该项目', { exact: true }).waitFor();
    await outsider.getByText('您不是该项目的成员，无权查看该项目').waitFor();
    await outsider.screenshot({ path: screenshotPath('project-refused.png') });
    await outsider.close();
  });

  it('the project is suspended, closed, deleted and restored', async () => {
    await mgr.reload();
    for (const [move, title, done, status] of [
      ['suspend', '暂停项目', '已暂停！', '已暂停'],
      ['close', '关闭项目', '已关闭！', '已关闭'],
    ] as const) {
      await mgr.locator(`.zj-project-page .zj-transition--${move}`).click();
      await dialog(mgr, title)
        .getByRole('button', { name: spaced('确定') })
        .click();
      await toast(mgr, done).waitFor();
      await expect.poll(() => mgr.locator('.zj-project-page__status').innerText()).toBe(status);
    }
    expect(await mgr.locator('.zj-project-page .zj-transition--start').count()).toBe(0);

    await mgr.goto(`${h.baseUrl}/project/list`);
    const listed = row(mgr, PROJECT);
    await listed.getByRole('button', { name: '删除' }).click();
    await mgr
      .locator('.ant-popconfirm')
      .getByRole('button', { name: spaced('确定') })
      .click();
    await toast(mgr, '删除成功！').waitFor();
    await listed.waitFor({ state: 'detached' });

    await mgr.goto(`${h.baseUrl}/project/deletedList`);
    const deleted = row(mgr, PROJECT);
    await expect.poll(() => deleted.innerText()).toMatch(/已关闭[\s\S]*张伟/);
    await mgr.screenshot({ path: screenshotPath('project-deleted.png') });
    expect(await deleted.getByRole('button', { name: '彻底删除' }).count()).toBe(0); // admin only
    await deleted.getByRole('button', { name: '恢复' }).click();
    await mgr
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: spaced('确定') })
      .click();
    await toast(mgr, '恢复成功！').waitFor();
    await deleted.waitFor({ state: 'detached' });
    await mgr.goto(`${h.baseUrl}/project/list`);
    await row(mgr, PROJECT).waitFor();

    await mgr.goto(`${h.baseUrl}/project/statistics`);
    const total = row(mgr, '（合计）');
    await expect.poll(() => total.innerText()).toMatch(/（合计）\s+4\s+1\s+2\s+0\s+1/);
    await mgr.locator('.zj-list canvas, .zj-list-chart canvas').first().waitFor();
    await mgr.screenshot({ path: screenshotPath('project-statistics.png') });
  });
});
