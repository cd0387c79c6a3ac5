/**
 * 用户管理 (schemas/system/user.json over server/sys/user/) as an admin uses it: add a user with a
 * department and a role, the account fixed on edit, the declared actions (密码 as a form, 冻结 /
 * 解冻 as confirmed requests, the toolbar's 冻结 on the selection) and what the user then meets
 * when signing in: the 修改初始密码 dialog after a reset, 该用户已冻结 once frozen.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorsOf, screenshotPath, startHarness, submitAccountForm, type Harness } from './harness';
import { adminPage, closeForm, confirmOk, spaced } from './render-list-helpers';

let h: Harness;
let page: Page;
const PASSWORD = 'Xiao@12345';
const RESET = 'Reset#2026a';

beforeAll(async () => {
  h = await startHarness();
  page = await adminPage(h);
  await page.goto(`${h.baseUrl}/system/user`);
  await page.locator('.zj-list .ant-table-row').first().waitFor();
});
afterAll(async () => {
  await h?.close();
});

const row = (text: string) => page.locator('.zj-list .ant-table-row', { hasText: text });
const toast = (text: string) => page.locator('.ant-message-notice', { hasText: text });

/** Signs in as `username` on a fresh page and answers what the sign-in form shows. */
async function signInElsewhere(username: string, password: string): Promise<Page> {
  const other = await h.newPage();
  await other.goto(`${h.baseUrl}/user/login`);
  await submitAccountForm(other, { username, password });
  return other;
}

describe('用户管理', () => {
  it('adds a user with a department and a role; the password follows the spec rule', async () => {
    await page.getByRole('button', { name: spaced('新增') }).click();
    const form = page.getByRole('dialog', { name: '新增' });
    await form.getByLabel('用户账号').fill('xiaoming');
    await form.getByLabel('用户姓名').fill('小明');
    await form.getByLabel('工号').fill('W0099');
    await form.getByLabel('登录密码').fill('weak');
    await form.getByLabel('手机号码').fill('13900000099');
    await form.getByLabel('所属部门').click();
    const departs = page.getByRole('dialog', { name: '选择部门' });
    await departs.getByPlaceholder('请输入部门名称按回车进行搜索').fill('研发组');
    await departs.getByPlaceholder('请输入部门名称按回车进行搜索').press('Enter');
    // The search re-renders the tree: the box counts once it shows checked.
    const box = departs.locator('.ant-tree-treenode', { hasText: '研发组' }).locator('.ant-tree-checkbox');
    await expect
      .poll(async () => {
        if (!(await box.getAttribute('class'))?.includes('ant-tree-checkbox-checked')) await box.click();
        return box.getAttribute('class');
      })
      .toContain('ant-tree-checkbox-checked');
    await departs.getByRole('button', { name: spaced('确定') }).click();
    await departs.waitFor({ state: 'detached' });
    await expect.poll(() => form.getByLabel('所属部门').inputValue()).toBe('研发组');
    await form.getByLabel('角色').click();
    const roles = page.getByRole('dialog', { name: '选择角色' });
    await roles.locator('.ant-table-row', { hasText: '普通员工' }).click();
    await roles.getByRole('button', { name: spaced('确定') }).click();
    await form.getByRole('button', { name: spaced('确定') }).click();
    await form.getByText('密码由8位数字、大小写字母和特殊符号组成!').waitFor();
    await form.getByLabel('登录密码').fill(PASSWORD);
    await form.getByRole('button', { name: spaced('确定') }).click();
    await toast('添加成功！').waitFor();
    await expect.poll(() => row('xiaoming').innerText()).toContain('研发组');
  });

  it('keeps the account fixed on edit and asks no password there', async () => {
    await row('xiaoming')
      .getByRole('button', { name: spaced('编辑') })
      .click();
    const form = page.getByRole('dialog', { name: '编辑' });
    await expect.poll(() => form.getByLabel('用户账号').inputValue()).toBe('xiaoming');
    expect(await form.getByLabel('用户账号').isDisabled()).toBe(true);
    expect(await form.getByLabel('登录密码').count()).toBe(0);
    await closeForm(form);
  });

  it('密码 asks a new password in a form; the user must then set a personal one', async () => {
    await row('xiaoming')
      .getByRole('button', { name: spaced('密码') })
      .click();
    const form = page.getByRole('dialog', { name: '修改密码' });
    await form.getByLabel('新密码').fill(RESET);
    await form.getByLabel('确认密码').fill('Other#2026a');
    await form.getByRole('button', { name: spaced('确定') }).click();
    await form.getByText('两次输入的密码不一样！').waitFor();
    await form.getByLabel('确认密码').fill(RESET);
    await form.getByRole('button', { name: spaced('确定') }).click();
    await form.waitFor({ state: 'detached' });
    await page.screenshot({ path: screenshotPath('admin-users.png') });
    const other = await signInElsewhere('xiaoming', RESET);
    await other.getByRole('dialog', { name: '修改初始密码' }).waitFor();
    await other.close();
  });

  it('冻结 asks first, then the user cannot sign in; 解冻 takes its place', async () => {
    await row('xiaoming')
      .getByRole('button', { name: spaced('冻结') })
      .click();
    await confirmOk(page, '确定冻结该用户吗?');
    await expect.poll(() => row('xiaoming').innerText()).toContain('解冻');
    expect(await row('xiaoming').innerText()).toContain('冻结');
    const other = await signInElsewhere('xiaoming', RESET);
    await other
      .locator('.ant-notification-notice, .ant-message-notice', { hasText: '该用户已冻结' })
      .first()
      .waitFor();
    await other.close();
    await row('xiaoming')
      .getByRole('button', { name: spaced('解冻') })
      .click();
    await confirmOk(page, '确定解冻该用户吗?');
    await expect.poll(() => row('xiaoming').innerText()).toContain('正常');
  });

  it("the toolbar's 冻结 acts on the selection and says so when there is none", async () => {
    const toolbar = page.locator('.zj-list__toolbar');
    await toolbar.getByRole('button', { name: spaced('冻结') }).click();
    await toast('请选择一条记录！').waitFor();
    await row('xiaoming').locator('.ant-checkbox-input').check();
    await toolbar.getByRole('button', { name: spaced('冻结') }).click();
    await confirmOk(page, '确定冻结选中的用户吗?');
    await expect.poll(() => row('xiaoming').innerText()).toContain('解冻');
    expect(errorsOf(page)).toEqual([]);
  });
});
