/**
 * Issue 33, items 13 and 14, as a new user meets them: a user with nothing to see is told so on the
 * workbench; 部门管理 keeps its tree open after 新增 and selects the new node; 已办 rows offer 查看;
 * an empty 附件 says 暂无附件; the user picker leaves frozen users out; Esc closes the notice panel;
 * the register page asks for an empty password; /test and /result/error exist; the side menu follows
 * a link to another menu entry's page. One server for the file; screenshots under .tmp/.
 */
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, errorsOf, signInFast, STAFF_PASSWORD, startHarness, type Harness } from './harness';
import { spaced } from './render-list-helpers';
import { mainMenu, tabTitles } from './shell-helpers';
import * as seed from './new-user-seed';

let h: Harness;
let projectId = '';
let last: Page | undefined;
const shot = (name: string) => last!.screenshot({ path: `.tmp/new-user-${name}.png` });

/** A page of the file's shared context, signed in (admin in the demonstration tenant). */
async function as(username: string, target?: string): Promise<Page> {
  const page = await h.newPage({ shared: true });
  page.setDefaultTimeout(15_000);
  const password = username === 'admin' ? ADMIN_PASSWORD : STAFF_PASSWORD;
  await signInFast(page, h.baseUrl, { username, password, tenantId: 1, target });
  last = page;
  return page;
}

const row = (page: Page, text: string) => page.locator('.zj-list .ant-table-row', { hasText: text });

beforeAll(async () => {
  h = await startHarness();
  await seed.addUserWithoutRole(h);
  const admin = await h.newPage();
  await signInFast(admin, h.baseUrl, { username: 'admin', password: ADMIN_PASSWORD, tenantId: 1 });
  const chenjing = await h.newPage();
  await signInFast(chenjing, h.baseUrl, { username: 'chenjing', password: STAFF_PASSWORD });
  await seed.addOrders(admin, chenjing);
  projectId = await seed.addCustomerAndProject(admin);
  await Promise.all([admin.close(), chenjing.close()]);
});
afterAll(async () => {
  await h?.close();
});
afterEach(async (context) => {
  if (context.task.result?.state === 'fail') await last?.screenshot({ path: '.tmp/new-user-fail.png' });
});

describe('a new user', () => {
  it('13: with nothing granted, the workbench says so and what to do, instead of empty lists', async () => {
    const page = await as(seed.NO_ROLE);
    const panel = page.getByRole('status').filter({ hasText: '您还没有可用的功能' });
    await panel.waitFor();
    expect(await panel.innerText()).toContain('请联系管理员为您分配角色');
    expect(await page.locator('.workbench-figure, .todo-panel, .visits-card').count()).toBe(0);
    await shot('no-access');
    expect(errorsOf(page)).toEqual([]);
  });

  it('14a: 部门管理 keeps the tree open after 新增 and selects the new node', async () => {
    const page = await as('admin', '/system/depart');
    await row(page, '智慧接待中心').locator('.ant-table-row-expand-icon').click();
    await row(page, '项目管理部').waitFor();
    await page.getByRole('button', { name: spaced('新增') }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('机构名称').fill('会展接待组');
    // Under 项目管理部, which is closed: it opens too.
    await dialog.getByLabel('上级部门').fill('项目管理部');
    await page.locator('.ant-select-tree-node-content-wrapper', { hasText: '项目管理部' }).click();
    await dialog.getByRole('button', { name: spaced('确定') }).click();
    await dialog.waitFor({ state: 'hidden' });
    const added = row(page, '会展接待组');
    await added.waitFor();
    await expect.poll(() => added.getAttribute('class')).toContain('ant-table-row-selected');
    // Still open: the root's other children and the new node's siblings, nothing left loading.
    for (const name of ['综合办公室', '技术部', '项目一组'])
      expect(await row(page, name).isVisible()).toBe(true);
    expect(await page.getByText('加载中...').count()).toBe(0);
    await shot('depart-added');
  });

  it('14b: a done to-do offers 查看 (not 处理) and opens the item', async () => {
    const page = await as('chenjing', '/HomePage/todoCenter');
    const open = row(page, seed.OPEN_ORDER);
    await open.waitFor();
    await open.getByRole('button', { name: spaced('处理') }).waitFor();
    await page.getByRole('tab', { name: '已办', exact: true }).click();
    const done = row(page, seed.DONE_ORDER);
    await done.waitFor();
    expect(await done.getByRole('button', { name: spaced('处理') }).count()).toBe(0);
    await shot('todo-done');
    await done.getByRole('button', { name: spaced('查看') }).click();
    await page.waitForURL(/\/HomePage\/DistributedDetails\/details\?id=\w+$/);
    await page.getByText(seed.DONE_ORDER).first().waitFor();
  });

  it('14c: an empty 附件 on the project page says 暂无附件', async () => {
    const page = await as('admin', `/modules/project/index?id=${projectId}`);
    const files = page.locator('.ant-descriptions-row', { hasText: '附件' });
    await files.waitFor();
    expect(await files.innerText()).toContain('暂无附件');
    expect(await files.innerText()).not.toContain('暂无描述');
    await shot('project-files');
  });

  it('14d: the user picker leaves frozen users out; a value naming one still shows the name', async () => {
    const page = await as('admin', '/customer/list');
    await row(page, seed.CUSTOMER)
      .getByRole('button', { name: spaced('编辑') })
      .click();
    const form = page.getByRole('dialog');
    const owner = form.getByLabel('负责人');
    await expect.poll(() => owner.inputValue()).toBe('董洁');
    await owner.click();
    const picker = page.getByRole('dialog', { name: '选择用户' });
    // 接待服务部's branch holds 前台接待组, dongjie's department.
    const branch = page.waitForResponse(
      (r) => r.url().includes('/queryUserComponentData') && r.url().includes('departId='),
    );
    await picker.getByRole('tree').getByText('接待服务部').click();
    await branch;
    const rows = picker.locator('.ant-table-row');
    await expect.poll(() => rows.allInnerTexts()).toContainEqual(expect.stringContaining('接待'));
    expect(await rows.allInnerTexts()).not.toContainEqual(expect.stringContaining('董洁'));
    await picker.getByPlaceholder('请输入用户账号').fill('dongjie');
    await picker.getByRole('button', { name: spaced('查询') }).click();
    await picker.locator('.ant-empty-description', { hasText: '暂无数据' }).waitFor();
    await shot('picker-frozen');
  });

  it('14e: Esc closes the notice panel, even with a tooltip of the panel showing', async () => {
    const page = await as('admin');
    await page.getByRole('button', { name: /消息通知/ }).click();
    const panel = page.getByRole('dialog', { name: '消息通知' });
    await panel.waitFor();
    await panel.getByRole('button', { name: '全部标注已读' }).hover();
    await page.getByRole('tooltip', { name: '全部标注已读' }).waitFor();
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'hidden' });
  });

  it('14f: the register page asks for an empty password, the strength rule only for a weak one', async () => {
    last = await h.newPage();
    const page = last;
    await page.goto(`${h.baseUrl}/user/register`);
    await page.getByRole('button', { name: '注册', exact: true }).click();
    await page.getByText('请输入密码!', { exact: true }).waitFor();
    await page.getByText('请确认密码!', { exact: true }).waitFor();
    const strength = page.getByText('密码由8位数字、大小写字母和特殊符号组成!');
    expect(await strength.count()).toBe(0);
    await shot('register-empty');
    await page.getByPlaceholder('至少8位，含大小写字母、数字和特殊符号').fill('abc12345');
    await page.getByPlaceholder('请确认密码').focus();
    await strength.waitFor();
    expect(await page.getByText('请输入密码!', { exact: true }).count()).toBe(0);
  });

  it('14g: /test opens the test area and /result/error the error result', async () => {
    const page = await as('admin', '/result/error');
    await page.getByText('提交失败').waitFor();
    await expect.poll(() => tabTitles(page)).toEqual(['工作台', '失败']);
    await page.goto(`${h.baseUrl}/test`);
    await page.waitForURL((url) => url.pathname === '/test/home');
    await page.getByRole('heading', { name: '测试区' }).waitFor();
    await page.getByText(/连接正常（\d+ 毫秒）/).waitFor();
    expect(await page.getByText('管理员').count()).toBeGreaterThan(0);
    await shot('test-area');
    await page.getByRole('button', { name: '返回工作台' }).click();
    await page.waitForURL((url) => url.pathname === '/HomePage/index');
  });

  it("14h: the side menu follows a link to another menu entry's page", async () => {
    const page = await as('admin');
    const menu = mainMenu(page);
    await menu.getByRole('menuitem', { name: '工作台' }).waitFor();
    expect(await page.getByText('您还没有可用的功能').count()).toBe(0);
    await page.locator('.workbench-figure', { hasText: '我发起的进行中' }).getByRole('link').click();
    await page.waitForURL((url) => url.pathname === '/workOrder/myLaunch');
    const entry = menu.getByRole('menuitem', { name: '我发起的', exact: true });
    await entry.waitFor();
    await expect.poll(() => entry.getAttribute('class')).toContain('ant-menu-item-selected');
    // One submenu open at a time, as after a click in the menu.
    expect(await menu.locator('.ant-menu-submenu-open > .ant-menu-submenu-title').allInnerTexts()).toEqual([
      '工单管理',
    ]);
    await page.locator('.zj-list .ant-table').waitFor();
    await shot('menu-follows');
  });
});
