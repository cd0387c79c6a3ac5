/**
 * Issue 10's "done when", as an admin does it in the browser: a department (部门管理), a role
 * (角色管理) granted one screen with one of its buttons but not the others and not its hidden field
 * (授权), a user of that department and role (用户管理); that user then sees exactly what was
 * granted. A data rule (菜单权限 → 数据规则) granted to the role shrinks the user's list, and a
 * frozen user cannot sign in.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { errorsOf, screenshotPath, startHarness, submitAccountForm, type Harness } from './harness';
import { addRows, adminPage, apiCall, listTotal, openOption, spaced } from './render-list-helpers';

let h: Harness;
let admin: Page;
let user: Page;
/** The user's 场景列表 total before the data rule. */
let before = 0;

const DEPART = '测试部';
const ROLE = { name: '场景专员', code: 'scene_clerk' };
const USER = { username: 'ceshi01', realname: '测试员', password: 'Xiao@12345', personal: 'Ceshi#2026a' };

const OWN_SCENE = '测试部洽谈室';
const SCENES = [
  { name: '一号展厅', code: 'HALL01', address: '主楼一层东侧', capacity: 120 },
  { name: '贵宾接待室', code: 'VIP01', address: '主楼二层 201', capacity: 20 },
  { name: '多功能报告厅', code: 'CONF01', address: '会议中心三层', capacity: 300 },
];

beforeAll(async () => {
  h = await startHarness();
  admin = await adminPage(h);
  // Rows of another department (the admin's, A01) for the user's list and its data rule to act on.
  await addRows(admin, '/sys/scene', SCENES);
});
afterAll(async () => {
  await h?.close();
});
afterEach(async (context) => {
  if (context.task.result?.state === 'fail') {
    await admin?.screenshot({ path: `.tmp/grants-fail-admin.png` }).catch(() => undefined);
    await user?.screenshot({ path: `.tmp/grants-fail-user.png` }).catch(() => undefined);
  }
});

const rowOf = (page: Page, text: string) => page.locator('.zj-list .ant-table-row', { hasText: text });
const toast = (page: Page, text: string) => page.locator('.ant-message-notice', { hasText: text });

/** A row of the permission tree (rendered only near the view: see scrollToNode). */
function treeNode(scope: Locator, title: string): Locator {
  return scope.locator('.ant-tree-treenode').filter({ has: scope.page().getByText(title, { exact: true }) });
}

/** Scrolls the virtual permission tree until the row is rendered, then to the middle of the view. */
async function scrollToNode(scope: Locator, title: string): Promise<Locator> {
  const holder = scope.locator('.ant-tree-list-holder');
  await holder.waitFor();
  await expect
    .poll(
      () =>
        holder.evaluate((el, wanted) => {
          const row = [...el.querySelectorAll<HTMLElement>('.ant-tree-treenode')].find((node) =>
            [...node.querySelectorAll('.ant-tree-title span')].some((s) => s.textContent === wanted),
          );
          if (!row) {
            el.scrollTop += 240;
            return false;
          }
          const offset = row.getBoundingClientRect().top - el.getBoundingClientRect().top;
          el.scrollTop += offset - el.clientHeight / 2;
          return true;
        }, title),
      { timeout: 10_000, interval: 50 },
    )
    .toBe(true);
  return treeNode(scope, title);
}

async function isChecked(node: Locator): Promise<boolean> {
  return (await node.locator('.ant-tree-checkbox-checked').count()) > 0;
}

async function openScreen(page: Page, path: string): Promise<void> {
  await page.goto(`${h.baseUrl}${path}`);
  await page.locator('.zj-list .ant-table-row').first().waitFor();
}

describe('系统管理: a department, a role with grants, a user who sees just those', () => {
  it('部门管理 adds 测试部 under the organisation (admin-depart.png)', async () => {
    await openScreen(admin, '/system/depart');
    await admin.getByRole('button', { name: spaced('新增') }).click();
    const form = admin.getByRole('dialog', { name: '新增' });
    await form.getByLabel('机构名称').fill(DEPART);
    await form.getByLabel('排序').fill('5');
    await form.getByLabel('上级部门').click();
    await admin.locator('.ant-select-tree-node-content-wrapper', { hasText: '智慧接待中心' }).first().click();
    await form.getByRole('button', { name: spaced('确定') }).click();
    await toast(admin, '添加成功！').waitFor();
    await form.waitFor({ state: 'detached' });
    // The new department's parent opens by itself, the tree kept as it was (issue 33, item 14a).
    await expect.poll(() => admin.locator('.zj-list .ant-table-row').last().innerText()).toContain(DEPART);
    // Coded after its siblings under the organisation (A01A01 … A01A04).
    await expect.poll(() => rowOf(admin, DEPART).innerText()).toContain('A01A05');
    await toast(admin, '添加成功！').waitFor({ state: 'detached' });
    await admin.screenshot({ path: screenshotPath('admin-depart.png') });
  });

  it('角色管理 adds a role; 授权 grants it 场景列表 with 查看 and 新增 only, not 删除 nor the 容纳人数 field', async () => {
    await openScreen(admin, '/system/role');
    await admin.getByRole('button', { name: spaced('新增') }).click();
    const form = admin.getByRole('dialog', { name: '新增' });
    await form.getByLabel('角色名称').fill(ROLE.name);
    await form.getByLabel('角色编码').fill(ROLE.code);
    await form.getByRole('button', { name: spaced('确定') }).click();
    await toast(admin, '添加成功！').waitFor();
    await form.waitFor({ state: 'detached' });
    await rowOf(admin, ROLE.code)
      .getByRole('button', { name: spaced('授权') })
      .click();
    const drawer = admin.locator('.zj-panel', { hasText: '全选' });
    await (await scrollToNode(drawer, '场景列表')).locator('.ant-tree-switcher').click();
    // Checking one button checks the path above it: the screen and its group. Reading the list is
    // a code of its own (查看场景): without it the screen would open to 没有权限.
    await (await scrollToNode(drawer, '查看场景')).locator('.ant-tree-checkbox').click();
    await (await scrollToNode(drawer, '新增场景')).locator('.ant-tree-checkbox').click();
    await drawer.getByText('已选 4 项').waitFor();
    for (const granted of ['场景管理', '场景列表', '查看场景', '新增场景'])
      expect(await isChecked(await scrollToNode(drawer, granted))).toBe(true);
    // The other buttons and the field rule stay unchecked: delete and the 容纳人数 column are withheld.
    for (const withheld of ['删除场景', '编辑场景', '导出场景', '场景容纳人数字段'])
      expect(await isChecked(await scrollToNode(drawer, withheld))).toBe(false);
    await drawer.getByRole('button', { name: '保存并关闭' }).click();
    await toast(admin, '保存成功！').waitFor();
    await drawer.waitFor({ state: 'detached' });
  });

  it('用户管理 adds a user of 测试部 holding the role', async () => {
    await openScreen(admin, '/system/user');
    await admin.getByRole('button', { name: spaced('新增') }).click();
    const form = admin.getByRole('dialog', { name: '新增' });
    await form.getByLabel('用户账号').fill(USER.username);
    await form.getByLabel('用户姓名').fill(USER.realname);
    await form.getByLabel('工号').fill('W0101');
    await form.getByLabel('登录密码').fill(USER.password);
    await form.getByLabel('所属部门').click();
    const departs = admin.getByRole('dialog', { name: '选择部门' });
    await departs.getByPlaceholder('请输入部门名称按回车进行搜索').fill(DEPART);
    await departs.getByPlaceholder('请输入部门名称按回车进行搜索').press('Enter');
    await departs.locator('.ant-tree-treenode', { hasText: DEPART }).locator('.ant-tree-checkbox').click();
    await departs.getByRole('button', { name: spaced('确定') }).click();
    await form.getByLabel('角色').click();
    const roles = admin.getByRole('dialog', { name: '选择角色' });
    await roles.locator('.ant-table-row', { hasText: ROLE.name }).click();
    await roles.getByRole('button', { name: spaced('确定') }).click();
    await form.getByLabel('租户').click();
    await openOption(admin, '智慧接待示范单位').click();
    await form.getByRole('button', { name: spaced('确定') }).click();
    await toast(admin, '添加成功！').waitFor();
    await expect.poll(() => rowOf(admin, USER.username).innerText()).toContain(DEPART);
  });

  it('the user sees only 场景管理 → 场景列表, with 新增 but neither 删除 nor 容纳人数 (admin-granted-user.png)', async () => {
    user = await h.newPage();
    user.setDefaultTimeout(15_000);
    await user.goto(`${h.baseUrl}/user/login`);
    await submitAccountForm(user, { username: USER.username, password: USER.password });
    await user.waitForURL((url) => !url.pathname.startsWith('/user/'));
    // Sign-in lands on 工作台: the server adds the home row to a menu granted without it.
    await user.waitForURL((url) => url.pathname === '/HomePage/index');
    // Set by an administrator: the first sign-in asks for a personal password.
    const dialog = user.getByRole('dialog', { name: '修改初始密码' });
    await dialog.getByPlaceholder('请输入旧密码').fill(USER.password);
    await dialog.getByPlaceholder('请输入新密码').fill(USER.personal);
    await dialog.getByPlaceholder('请确认新密码').fill(USER.personal);
    await dialog.getByRole('button', { name: '确定' }).click();
    await toast(user, '密码修改成功！').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    const menu = user.getByRole('navigation', { name: '主菜单' });
    // Exactly the granted area besides the home group the server always adds.
    await expect
      .poll(() => menu.locator('.ant-menu-submenu-title .ant-menu-title-content').allInnerTexts())
      .toEqual(['每日工作', '场景管理']);
    await menu.getByText('场景管理').click();
    await menu.getByText('场景列表').click();
    await user.waitForURL((url) => url.pathname === '/scene/list');
    expect((await menu.locator('.ant-menu-item .ant-menu-title-content').allInnerTexts()).sort()).toEqual(
      ['场景列表', '工作台'].sort(),
    );
    await user.locator('.zj-list .ant-table-row').first().waitFor();
    const toolbar = user.locator('.zj-list__toolbar');
    expect(await toolbar.getByRole('button', { name: spaced('新增') }).count()).toBe(1);
    for (const absent of ['批量删除', '导出', '导入'])
      expect(await toolbar.getByRole('button', { name: spaced(absent) }).count()).toBe(0);
    const links = await user.locator('.zj-list .ant-table-row').first().getByRole('button').allInnerTexts();
    expect(links.map((t) => t.replace(/\s+/g, ''))).toEqual(['详情']);
    const headers = (await user.locator('.zj-list .ant-table-thead th').allInnerTexts()).map((t) => t.trim());
    expect(headers).toEqual(expect.arrayContaining(['场景名称', '场景编码', '状态', '地点']));
    expect(headers).not.toContain('容纳人数');
    before = await listTotal(user);
    expect(before).toBe(SCENES.length);
    // Nor does the answer carry it (what the page cannot show).
    const answer = await apiCall<{ records: Record<string, unknown>[] }>(user, 'GET', '/sys/scene/list');
    expect(answer.result.records.every((r) => !('capacity' in r))).toBe(true);
  });

  it('the granted 新增 works for the user; its form has no 容纳人数 either', async () => {
    await user
      .locator('.zj-list__toolbar')
      .getByRole('button', { name: spaced('新增') })
      .click();
    const form = user.getByRole('dialog', { name: '新增' });
    await form.getByLabel('场景名称').fill(OWN_SCENE);
    await form.getByLabel('场景编码').fill('TEST01');
    await form.getByLabel('地点').fill('综合楼四层');
    expect(await form.getByLabel('容纳人数').count()).toBe(0);
    await form.getByRole('button', { name: spaced('确定') }).click();
    await toast(user, '添加成功！').waitFor();
    await expect.poll(() => listTotal(user)).toBe(before + 1);
    await rowOf(user, OWN_SCENE).waitFor();
    await toast(user, '添加成功！').waitFor({ state: 'detached' });
    await user.screenshot({ path: screenshotPath('admin-granted-user.png') });
  });

  it('菜单权限 lists the menu tree; 数据规则 of 场景列表 adds 本部门及下级 (admin-menus.png, admin-data-rules.png)', async () => {
    await openScreen(admin, '/system/permission');
    await rowOf(admin, '场景管理').locator('.ant-table-row-expand-icon').click();
    await rowOf(admin, '场景列表').waitFor();
    // The whole first level at once: a taller window for this picture (the shell's header is sticky).
    await admin.setViewportSize({ width: 1440, height: 1380 });
    await admin.evaluate(() => window.scrollTo(0, 0));
    await admin.screenshot({ path: screenshotPath('admin-menus.png') });
    await admin.setViewportSize({ width: 1440, height: 900 });
    await rowOf(admin, '场景列表')
      .getByRole('button', { name: spaced('数据规则') })
      .click();
    const panel = admin.locator('.zj-panel', { hasText: '新增规则' });
    await panel.getByText('规则作用于“场景”页面的数据；在角色授权中为角色勾选。').waitFor();
    await panel.getByText('还没有数据规则').waitFor();
    await panel.getByRole('button', { name: '本部门及下级' }).click();
    const ruleForm = admin.getByRole('dialog', { name: '新增数据规则' });
    // The preset fills the form: 所属部门 starts with the user's department code.
    await expect.poll(() => ruleForm.getByLabel('规则值').inputValue()).toBe('#{sysOrgCode}');
    await ruleForm.getByRole('button', { name: spaced('确定') }).click();
    await toast(admin, '添加成功！').waitFor();
    await ruleForm.waitFor({ state: 'detached' });
    const rule = panel.locator('.ant-table-row', { hasText: '本部门及下级' });
    await expect.poll(() => rule.innerText()).toMatch(/所属部门\s+以…开头\s+#\{sysOrgCode\}\s+有效/);
    await toast(admin, '添加成功！').waitFor({ state: 'detached' });
    await admin.screenshot({ path: screenshotPath('admin-data-rules.png') });
    await admin.locator('.ant-drawer-close').click();
    await panel.waitFor({ state: 'detached' });
  });

  it("the role is given the rule in 授权; the user's list shrinks to their own department (admin-role-permission.png)", async () => {
    await openScreen(admin, '/system/role');
    await rowOf(admin, ROLE.code)
      .getByRole('button', { name: spaced('授权') })
      .click();
    const drawer = admin.locator('.zj-panel', { hasText: '全选' });
    // The saved grant comes back checked.
    await drawer.getByText('已选 4 项').waitFor();
    const screen = await scrollToNode(drawer, '场景列表');
    expect(await isChecked(screen)).toBe(true);
    await screen.locator('.ant-tree-switcher').click();
    await screen.locator('.ant-tree-node-content-wrapper').click();
    await drawer.getByText('场景列表 的数据规则').waitFor();
    await drawer.getByRole('checkbox', { name: /本部门及下级/ }).check();
    await scrollToNode(drawer, '删除场景');
    await admin.waitForTimeout(300);
    await admin.screenshot({ path: screenshotPath('admin-role-permission.png') });
    await drawer.getByRole('button', { name: '保存并关闭' }).click();
    await toast(admin, '保存成功！').waitFor();
    await drawer.waitFor({ state: 'detached' });

    expect(await listTotal(user)).toBe(SCENES.length + 1);
    await user.reload();
    await rowOf(user, OWN_SCENE).waitFor();
    await expect.poll(() => listTotal(user)).toBe(1);
    for (const other of SCENES) expect(await rowOf(user, other.name).count()).toBe(0);
    // The admin, whose role holds the screen without rules, still sees every row.
    await openScreen(admin, '/scene/list');
    await expect.poll(() => listTotal(admin)).toBe(SCENES.length + 1);
    expect(errorsOf(user)).toEqual([]);
  });

  it('用户管理 冻结: the user can no longer sign in (该用户已冻结)', async () => {
    await openScreen(admin, '/system/user');
    await rowOf(admin, USER.username)
      .getByRole('button', { name: spaced('冻结') })
      .click();
    await admin
      .locator('.ant-modal-confirm', { hasText: '确定冻结该用户吗?' })
      .getByRole('button', { name: spaced('确定') })
      .click();
    await expect.poll(() => rowOf(admin, USER.username).innerText()).toContain('解冻');
    const again = await h.newPage();
    await again.goto(`${h.baseUrl}/user/login`);
    await submitAccountForm(again, { username: USER.username, password: USER.personal });
    await again
      .locator('.ant-notification-notice, .ant-message-notice', { hasText: '该用户已冻结' })
      .first()
      .waitFor();
    expect(new URL(again.url()).pathname).toBe('/user/login');
    expect(errorsOf(admin)).toEqual([]);
  });
});
