/**
 * The online form designer in the browser (docs/modules/online-forms.md): the admin writes a
 * declaration in the JSON editor and saves it, generates its menu under 在线开发 and gives it to
 * the staff role; chenjing adds a record in the new screen without any restart; the admin adds a
 * field and chenjing's screen shows it after a reload; dropping a field that holds data is refused
 * with the explanation, and the text typed stays in the editor.
 */
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { roleId } from '../../server/db/seed/organisation.js';
import {
  ADMIN_PASSWORD,
  screenshotPath,
  signInFast,
  startHarness,
  STAFF_PASSWORD,
  type Harness,
} from './harness';
import { apiCall, spaced } from './render-list-helpers';

let h: Harness;
let admin: Page;
let staff: Page;

const VISITOR = {
  name: 'visitor',
  title: '来访人',
  type: 'string',
  length: 20,
  required: true,
  query: { mode: 'single', rule: 'like' },
};
const VISITS = { name: 'visits', title: '来访次数', type: 'int' };
const REMARK = { name: 'remark', title: '来访事由', type: 'string', length: 200 };
const declaration = (fields: object[]) =>
  JSON.stringify(
    {
      schemaVersion: 3,
      name: 'visitLog',
      title: '来访登记',
      table: 'onl_visit_log',
      basePath: '/online/data/visitLog',
      kind: 'list',
      permissionPrefix: 'visitLog',
      fields,
    },
    null,
    2,
  );

const row = (page: Page, text: string) => page.locator('.zj-list .ant-table-row', { hasText: text });
const toast = (page: Page, text: string) => page.locator('.ant-message-notice', { hasText: text });
const drawer = (page: Page) => page.locator('.ant-drawer-open .ant-drawer-body');

async function person(username: string, password: string): Promise<Page> {
  const page = await h.newPage({ width: 1440, height: 900 });
  page.setDefaultTimeout(15_000);
  await signInFast(page, h.baseUrl, { username, password, tenantId: 1 });
  return page;
}

/** The designer opens on 字段; the JSON view is its own tab. */
async function openJson(page: Page): Promise<void> {
  await drawer(page).getByRole('tab', { name: 'JSON' }).click();
  await drawer(page).locator('.cm-content').waitFor();
}

/** Replaces the editor's text (CodeMirror: select all, then insert as typed text). */
async function typeDeclaration(page: Page, text: string): Promise<void> {
  const editor = drawer(page).locator('.cm-content');
  await editor.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.insertText(text);
}

async function saveInEditor(page: Page, text: string, comment: string): Promise<void> {
  await typeDeclaration(page, text);
  await drawer(page).getByLabel('保存说明').fill(comment);
  await drawer(page)
    .getByRole('button', { name: spaced('保存') })
    .click();
}

/** Grants the staff role the screen's menu row and buttons (the 角色授权 dialog's call). */
async function grantToStaff(): Promise<void> {
  const rows = await h.server.database.db
    .selectFrom('sysPermission')
    .select('id')
    .where((eb) => eb.or([eb('component', '=', 'declared/visitLog'), eb('perms', 'like', 'visitLog:%')]))
    .execute();
  const staffRole = roleId('staff');
  const before = (
    await apiCall<string[]>(admin, 'GET', `/sys/permission/queryRolePermission?roleId=${staffRole}`)
  ).result;
  const saved = await apiCall(admin, 'POST', '/sys/permission/saveRolePermission', {
    roleId: staffRole,
    permissionIds: [...before, ...rows.map((r) => r.id)].join(','),
    lastpermissionIds: before.join(','),
  });
  expect(saved.success).toBe(true);
}

beforeAll(async () => {
  h = await startHarness();
  admin = await person('admin', ADMIN_PASSWORD);
});
afterAll(async () => {
  await h?.close();
});
afterEach(async (ctx) => {
  if (ctx.task.result?.state !== 'fail') return;
  await admin?.screenshot({ path: '.tmp/online-form-fail-admin.png' }).catch(() => undefined);
  await staff?.screenshot({ path: '.tmp/online-form-fail-staff.png' }).catch(() => undefined);
});

describe('designing a screen with no code', () => {
  it('the admin saves a declaration and generates its menu', async () => {
    await admin.goto(`${h.baseUrl}/online/cgform`);
    await admin.locator('.zj-list').waitFor();
    await admin
      .locator('.zj-list__toolbar')
      .getByRole('button', { name: spaced('新建表单') })
      .click();
    await openJson(admin);
    await saveInEditor(admin, declaration([VISITOR, VISITS]), '首版：来访人与来访次数');
    await toast(admin, '保存成功，当前为版本 1').waitFor();
    const head = row(admin, 'visitLog');
    await expect
      .poll(() => head.innerText())
      .toMatch(/visitLog[\s\S]*来访登记[\s\S]*onl_visit_log[\s\S]*1[\s\S]*管理员/);

    await head.getByText('生成菜单').click();
    const dialog = admin.getByRole('dialog', { name: '生成菜单' });
    await dialog.locator('.ant-select').first().click();
    await admin.keyboard.type('在线开发');
    await admin.locator('.ant-select-tree-node-content-wrapper', { hasText: '在线开发' }).first().click();
    await dialog.getByLabel('菜单名称').fill('来访登记');
    await dialog.getByRole('button', { name: spaced('确定') }).click();
    await toast(admin, '菜单已生成，请在角色管理中授权').waitFor();
    await grantToStaff();
    await admin.screenshot({ path: screenshotPath('online-form-designer.png') });
  });

  it('a user of the granted role adds a record in the new screen, no restart', async () => {
    staff = await person('chenjing', STAFF_PASSWORD);
    await staff.goto(`${h.baseUrl}/online/cgformList/visitLog`);
    await staff.locator('.zj-list').waitFor();
    await staff
      .locator('.zj-list__toolbar')
      .getByRole('button', { name: spaced('新增') })
      .click();
    const form = staff.getByRole('dialog', { name: '新增' });
    await form.getByLabel('来访人').fill('赵敏');
    await form.getByLabel('来访次数').fill('2');
    await form.getByRole('button', { name: spaced('确定') }).click();
    await toast(staff, '添加成功！').waitFor();
    await expect.poll(() => row(staff, '赵敏').innerText()).toMatch(/赵敏[\s\S]*2/);
  });

  it('a field the admin adds shows on the user screen after a reload', async () => {
    await row(admin, 'visitLog').getByText('编辑').click();
    await openJson(admin);
    await expect.poll(() => drawer(admin).locator('.cm-content').innerText()).toContain('"visits"');
    await saveInEditor(admin, declaration([VISITOR, VISITS, REMARK]), '新增来访事由');
    await toast(admin, '保存成功，当前为版本 2').waitFor();
    await staff.reload();
    await staff.locator('.zj-list .ant-table-thead', { hasText: '来访事由' }).waitFor();
    await row(staff, '赵敏').waitFor();
    await staff.locator('.zj-list .ant-spin-spinning').waitFor({ state: 'detached' });
    await staff.screenshot({ path: screenshotPath('online-form-screen.png') });
  });

  it('dropping a field that holds data is refused with the explanation; the text stays', async () => {
    await row(admin, 'visitLog').getByText('编辑').click();
    await openJson(admin);
    await expect.poll(() => drawer(admin).locator('.cm-content').innerText()).toContain('"remark"');
    await saveInEditor(admin, declaration([VISITOR, REMARK]), '去掉来访次数');
    const alert = drawer(admin).getByRole('alert');
    await expect
      .poll(() => alert.innerText())
      .toContain('字段“来访次数”(visits)不能删除：该列已有 1 条数据，删除会丢失数据');
    expect(await alert.innerText()).toContain('保存未执行：这样修改表结构会丢失或改写已有数据');
    expect(await drawer(admin).locator('.cm-content').innerText()).not.toContain('"visits"');
    await admin.screenshot({ path: screenshotPath('online-form-refusal.png') });
    await drawer(admin)
      .getByRole('button', { name: spaced('取消') })
      .click();
  });

  it('版本 lists the versions; a rollback that would drop a field is refused the same way', async () => {
    await row(admin, 'visitLog').getByText('版本').click();
    const panel = drawer(admin);
    const v1 = panel.locator('.ant-table-row', { hasText: '首版：来访人与来访次数' });
    await expect
      .poll(() => panel.locator('.ant-table-row').first().innerText())
      .toMatch(/2[\s\S]*新增来访事由[\s\S]*管理员/);
    await v1.getByRole('button', { name: spaced('查看') }).click();
    await expect.poll(() => panel.locator('.cm-content').innerText()).toContain('"visits"');
    await v1.getByRole('button', { name: spaced('回滚') }).click();
    await admin
      .locator('.ant-popconfirm')
      .getByRole('button', { name: spaced('确定') })
      .click();
    await expect
      .poll(() => panel.getByRole('alert').innerText())
      .toContain('字段“来访事由”(remark)不能删除：删除列需要确认迁移 drop:remark（该列暂无数据）');
    await admin.screenshot({ path: screenshotPath('online-form-versions.png') });
  });
});
