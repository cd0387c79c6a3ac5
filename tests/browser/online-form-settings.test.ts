/**
 * The designer's 页面设置 view and the JSON view's completion (docs/modules/online-forms.md): the
 * admin designs a child form, then a parent whose list type (ERP), columns per form row, default
 * sort, transition and child are set in form controls, saves it, generates its menu and opens the
 * generated screen, which shows all of them; the JSON view completes a key from schemas/meta and
 * marks a wrong value inline; 导出为文件 downloads <name>.json with its menu. Then a number limit, a
 * query rule and a state rule are set in controls, and a new child form made inline (新建子表) is
 * saved with its parent in one save.
 */
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, screenshotPath, signInFast, startHarness, type Harness } from './harness';
import { designerKit } from './online-form-helpers';
import { spaced } from './render-list-helpers';

let h: Harness;
let admin: Page;

const { drawer, toast, head, tab, pick, newDesign, submit, declarationOf } = designerKit(() => admin);

const GOODS = {
  schemaVersion: 3,
  name: 'visitGoods',
  title: '携带物品',
  table: 'onl_visit_goods',
  basePath: '/online/data/visitGoods',
  kind: 'list',
  permissionPrefix: 'visitGoods',
  fields: [
    { name: 'visitId', title: '来访', type: 'string', length: 32, list: false, form: false },
    { name: 'goods', title: '物品', type: 'string', length: 50 },
  ],
};
const VISIT = {
  schemaVersion: 3,
  name: 'visitDesk',
  title: '前台来访',
  table: 'onl_visit_desk',
  basePath: '/online/data/visitDesk',
  kind: 'list',
  permissionPrefix: 'visitDesk',
  fields: [
    { name: 'visitor', title: '访客', type: 'string', length: 20, required: true },
    { name: 'company', title: '单位', type: 'string', length: 50 },
    { name: 'status', title: '状态', type: 'string', length: 2, default: '0', form: false },
  ],
};

const ORDER = {
  ...VISIT,
  name: 'visitOrder',
  title: '来访订单',
  table: 'onl_visit_order',
  basePath: '/online/data/visitOrder',
  permissionPrefix: 'visitOrder',
};

async function save(comment: string, version = 1): Promise<void> {
  await submit(comment);
  await toast(`保存成功，当前为版本 ${version}`).waitFor();
}

beforeAll(async () => {
  h = await startHarness();
  admin = await h.newPage({ width: 1440, height: 900 });
  admin.setDefaultTimeout(15_000);
  await signInFast(admin, h.baseUrl, { username: 'admin', password: ADMIN_PASSWORD, tenantId: 1 });
});
afterAll(async () => {
  await h?.close();
});
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail')
    await admin?.screenshot({ path: '.tmp/online-form-settings-fail.png' }).catch(() => undefined);
});

describe('screen settings in the designer', () => {
  it('sets ERP, 2 columns, a default sort, a transition and a child in form controls; the screen shows them', async () => {
    await admin.goto(`${h.baseUrl}/online/cgform`);
    await newDesign(GOODS);
    await save('物品子表');
    await newDesign(VISIT);

    await tab('页面设置');
    await pick('列表类型', 'ERP');
    await drawer().getByText('2 列', { exact: true }).click();
    await pick('默认排序字段', '访客（visitor）');
    await drawer().getByText('升序', { exact: true }).click();
    await drawer().getByLabel('工具栏按钮').getByLabel('导入').uncheck();
    await drawer()
      .getByRole('button', { name: spaced('新增流转') })
      .click();
    await drawer().getByLabel('流转1名称').fill('close');
    await drawer().getByLabel('流转1标题').fill('关闭');
    await pick('流转1状态字段', '状态（status）');
    await drawer().getByLabel('流转1确认提示').fill('确定关闭该来访？');
    await drawer()
      .getByRole('button', { name: spaced('新增子表') })
      .click();
    await pick('子表1表单', '携带物品');
    await pick('子表1外键', '来访（visitId）');
    await drawer().getByLabel('子表1标题').fill('物品');
    await admin.screenshot({ path: screenshotPath('online-form-settings.png') });

    await tab('JSON');
    await expect.poll(() => drawer().locator('.cm-content').innerText()).toMatch(/"kind": "erp"/);
    await save('来访首版');
    expect(await declarationOf('visitDesk')).toMatchObject({
      kind: 'erp',
      form: { columns: 2 },
      list: { defaultSort: { column: 'visitor', order: 'asc' }, disable: ['importExcel'] },
      transitions: [
        { name: 'close', title: '关闭', field: 'status', from: ['0'], to: '1', confirm: '确定关闭该来访？' },
      ],
      children: [{ entity: 'visitGoods', relation: 'oneToMany', foreignKey: 'visitId', title: '物品' }],
    });

    await head('visitDesk').getByText('生成菜单').click();
    const dialog = admin.getByRole('dialog', { name: '生成菜单' });
    await dialog.locator('.ant-select').first().click();
    await admin.keyboard.type('在线开发');
    await admin.locator('.ant-select-tree-node-content-wrapper', { hasText: '在线开发' }).first().click();
    await dialog.getByRole('button', { name: spaced('确定') }).click();
    await toast('菜单已生成').waitFor();

    await admin.goto(`${h.baseUrl}/online/cgformList/visitDesk`);
    const toolbar = admin.locator('.zj-list__toolbar');
    await toolbar.getByRole('button', { name: spaced('新增') }).waitFor();
    expect(await toolbar.getByRole('button', { name: spaced('导入') }).count()).toBe(0);
    for (const visitor of ['李四', '王五']) {
      await toolbar.getByRole('button', { name: spaced('新增') }).click();
      const form = admin.getByRole('dialog', { name: '新增' });
      await form.getByLabel('访客').fill(visitor);
      // Two fields side by side: each in a half-width column.
      expect(await form.locator('.ant-col-12').count()).toBeGreaterThanOrEqual(2);
      await form.getByRole('button', { name: spaced('确定') }).click();
      await form.waitFor({ state: 'hidden' });
    }
    const rows = admin.locator('.zj-list .ant-table-tbody .ant-table-row');
    await expect.poll(() => rows.count()).toBe(2);
    // Sorted by 访客 ascending, not by creation time (王五 was added last).
    expect(await rows.first().innerText()).toContain('李四');
    await rows.first().click();
    await expect.poll(() => admin.locator('.zj-erp-below').innerText()).toContain('物品');
    await rows.first().getByText('关闭', { exact: true }).click();
    await admin.locator('.ant-popconfirm', { hasText: '确定关闭该来访？' }).waitFor();
    await admin
      .locator('.ant-popconfirm')
      .getByRole('button', { name: spaced('确定') })
      .click();
    await expect.poll(() => rows.first().getByText('关闭', { exact: true }).count()).toBe(0);
    await admin.screenshot({ path: screenshotPath('online-form-settings-screen.png') });
  });

  it('completes a key in the JSON view from schemas/meta and marks a wrong value inline', async () => {
    await admin.goto(`${h.baseUrl}/online/cgform`);
    await head('visitDesk').getByText('编辑').click();
    const [download] = await Promise.all([
      admin.waitForEvent('download'),
      drawer()
        .getByRole('button', { name: /导出为文件/ })
        .click(),
    ]);
    expect(download.suggestedFilename()).toBe('visitDesk.json');
    const file = '.tmp/online-form-settings-export.json';
    await download.saveAs(file);
    const exported = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
    expect(exported).toMatchObject({
      $schema: '../meta/declaration.schema.json',
      name: 'visitDesk',
      kind: 'erp',
    });
    expect(exported.menu).toMatchObject({ path: '/online/cgformList/visitDesk' });
    await tab('JSON');
    const editor = drawer().locator('.cm-content');
    await editor.click();
    await admin.keyboard.press('Control+Home');
    await admin.keyboard.press('End');
    await admin.keyboard.press('Enter');
    await admin.keyboard.type('"softDe');
    const option = admin.locator('.cm-tooltip-autocomplete li', { hasText: 'softDelete' });
    await option.waitFor();
    await admin.screenshot({ path: screenshotPath('online-form-json-completion.png') });
    await admin.keyboard.press('Enter');
    await admin.keyboard.type('1,');
    await expect.poll(() => editor.innerText()).toMatch(/^\{\s*"softDelete": 1,\s*"schemaVersion"/);
    // The schema problem is marked where it is (the key), and listed in the lint panel (Ctrl+Shift+M).
    await drawer().locator('.cm-lintRange-error', { hasText: 'softDelete' }).waitFor();
    await admin.keyboard.press('End');
    await admin.keyboard.press('Control+Shift+M');
    await expect
      .poll(() => drawer().locator('.cm-panel-lint').innerText())
      .toContain('/softDelete：应为布尔值');
    await admin.screenshot({ path: screenshotPath('online-form-json-lint.png') });
  });

  it('sets a number limit, a query rule and a state rule, and saves the parent with a new child in one save', async () => {
    await admin.goto(`${h.baseUrl}/online/cgform`);
    await newDesign({ ...ORDER, fields: [...VISIT.fields, { name: 'amount', title: '数量', type: 'int' }] });
    await tab('字段');
    await drawer().getByLabel('第1行查询', { exact: true }).check();
    const expand = drawer().locator('.ant-table-row-expand-icon');
    await expand.nth(0).click();
    await pick('第1行查询规则', '模糊匹配');
    await expand.nth(3).click();
    await drawer().getByLabel('第4行最小值').fill('1');
    await drawer().getByLabel('第4行最大值').fill('200');

    await tab('页面设置');
    const editable = drawer().getByLabel('可编辑条件条件');
    await editable.getByRole('button', { name: spaced('添加条件') }).click();
    await pick('可编辑条件条件1字段', '状态（status）');
    await drawer().getByLabel('可编辑条件条件1值').fill('0');
    await drawer().getByLabel('不可编辑时提示').fill('已处理的来访不能修改');
    await drawer()
      .getByRole('button', { name: spaced('新建子表') })
      .click();
    const made = admin.getByRole('dialog', { name: '新建子表（一对多）' });
    expect(await made.getByLabel('新子表外键字段').inputValue()).toBe('visitOrderId');
    await made.getByLabel('新子表标题').fill('来访明细');
    await made.getByRole('button', { name: spaced('创建') }).click();
    const child = admin.getByRole('dialog', { name: '设计子表：来访明细' });
    await child.getByLabel('第2行标题').fill('物品');
    await child.locator('.ant-table-row-expand-icon').nth(1).click();
    await child.getByLabel('第2行父内唯一').check();
    await admin.screenshot({ path: screenshotPath('online-form-new-child.png') });
    await child.getByRole('button', { name: spaced('完成') }).click();
    await child.waitFor({ state: 'hidden' });
    expect(await drawer().getByLabel('子表1设计').innerText()).toMatch(/设\s*计\s*子\s*表/);
    await expect
      .poll(() => admin.getByLabel('一并保存的子表').innerText())
      .toContain('来访明细（visitOrderItem）');

    await submit('订单与明细');
    await toast('保存成功：来访订单（版本 1），来访明细（版本 1）').waitFor();
    const parent = await declarationOf('visitOrder');
    expect(parent).toMatchObject({
      rowAccess: { edit: { '==': [{ var: 'row.status' }, '0'] }, editMessage: '已处理的来访不能修改' },
      children: [
        { entity: 'visitOrderItem', relation: 'oneToMany', foreignKey: 'visitOrderId', title: '来访明细' },
      ],
    });
    const fields = parent.fields as Record<string, unknown>[];
    expect(fields[0].query).toEqual({ mode: 'single', rule: 'like' });
    expect(fields[3]).toMatchObject({ name: 'amount', min: 1, max: 200 });
    expect(await declarationOf('visitOrderItem')).toMatchObject({
      fields: [
        { name: 'visitOrderId', type: 'string', form: false },
        { name: 'name', title: '物品', uniqueInParent: true },
      ],
    });
  });
});
