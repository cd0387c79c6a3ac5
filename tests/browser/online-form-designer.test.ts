/**
 * The field-table designer in the browser (docs/modules/online-forms.md): the admin designs a form
 * in the field table (a dictionary, a pattern checked with the live tester, order), sees the edits
 * in the JSON view and back (the cursor's field kept), orders rows by drag, builds a form rule in
 * the condition editor, previews the list and the form over sample rows, saves; then drops a field through a confirmed migration, compares the two
 * versions side by side and rolls back; and starts a new design as a copy of a file declaration.
 */
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, screenshotPath, signInFast, startHarness, type Harness } from './harness';
import { spaced } from './render-list-helpers';

let h: Harness;
let admin: Page;

const drawer = () => admin.locator('.ant-drawer-open .ant-drawer-body');
const toast = (text: string) => admin.locator('.ant-message-notice', { hasText: text });
const head = (text: string) => admin.locator('.zj-list .ant-table-row', { hasText: text });
const tab = (name: string) => drawer().getByRole('tab', { name }).click();

/** Picks from a (searchable) select by typing: the one match is taken with Enter. */
async function pick(label: string, search: string): Promise<void> {
  const select = drawer().getByLabel(label, { exact: true });
  await select.click();
  await admin.keyboard.type(search);
  await visibleOption(search).waitFor();
  await admin.keyboard.press('Enter');
}

/** An option of the dropdown opened last (one closed just before may still be fading out). */
const visibleOption = (text: string | RegExp) =>
  admin.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text }).last();

async function save(comment: string): Promise<void> {
  await drawer().getByLabel('保存说明').fill(comment);
  await drawer()
    .getByRole('button', { name: spaced('保存') })
    .click();
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
    await admin?.screenshot({ path: '.tmp/online-form-designer-fail.png' }).catch(() => undefined);
});

describe('the online form designer', () => {
  it('designs fields in the table, keeps them across the JSON view, builds a rule, previews and saves', async () => {
    await admin.goto(`${h.baseUrl}/online/cgform`);
    await admin
      .locator('.zj-list__toolbar')
      .getByRole('button', { name: spaced('新建表单') })
      .click();
    await drawer().getByLabel('第1行字段名').waitFor();
    await drawer()
      .getByRole('button', { name: spaced('新增字段') })
      .click();
    await drawer().getByLabel('第2行字段名').fill('phone');
    await drawer().getByLabel('第2行标题').fill('电话');
    await drawer()
      .getByRole('button', { name: spaced('新增字段') })
      .click();
    await drawer().getByLabel('第3行字段名').fill('sex');
    await drawer().getByLabel('第3行标题').fill('性别');
    await pick('第3行字典', '性别（sex）');
    await pick('第3行控件', '单选');
    await drawer().getByLabel('第3行上移').click();
    await drawer().locator('.ant-table-row-expand-icon').nth(2).click();
    const pattern = drawer().getByLabel('第3行校验', { exact: true });
    await pattern.fill('m');
    await admin.keyboard.press('Escape');
    await drawer().getByLabel('第3行校验测试值').fill('12345');
    await expect
      .poll(() => drawer().getByLabel('第3行校验测试结果').innerText())
      .toBe('不通过：请输入正确的手机号码');
    await drawer().getByLabel('第3行校验测试值').fill('13800000000');
    await expect.poll(() => drawer().getByLabel('第3行校验测试结果').innerText()).toBe('通过');
    await admin.screenshot({ path: screenshotPath('online-form-field-table.png') });

    await tab('JSON');
    const json = drawer().locator('.cm-content');
    await expect
      .poll(() => json.innerText())
      .toMatch(
        /"name": "sex"[\s\S]*"dict": "sex"[\s\S]*"widget": "radio"[\s\S]*"name": "phone"[\s\S]*"pattern": "m"/,
      );
    // The cursor's field is kept between the views: the JSON cursor on phone marks its row ...
    await drawer().locator('.cm-line', { hasText: '"name": "phone"' }).click();
    await tab('字段');
    expect(await drawer().getByLabel('第2行字段名').inputValue()).toBe('sex');
    const currentRow = drawer().locator('.ant-table-row.zj-field-row--current');
    await expect.poll(() => currentRow.getByLabel('第3行字段名').inputValue()).toBe('phone');
    // ... and a row chosen in the table puts the JSON cursor on that field's name.
    const first = await drawer().getByLabel('第1行字段名').inputValue();
    await drawer().getByLabel('第1行标题').click();
    await tab('JSON');
    await expect.poll(() => json.locator('.cm-activeLine').innerText()).toContain(`"name": "${first}"`);
    await tab('字段');

    // Rows move by drag: the first onto the third, then back.
    const rowNames = () =>
      Promise.all([1, 2, 3].map((n) => drawer().getByLabel(`第${n}行字段名`).inputValue()));
    const rows = drawer().locator('.ant-table-row');
    await drawer().getByLabel('第1行拖动').dragTo(rows.nth(2));
    await expect.poll(rowNames).toEqual(['sex', 'phone', first]);
    await drawer().getByLabel('第3行拖动').dragTo(rows.nth(0));
    await expect.poll(rowNames).toEqual([first, 'sex', 'phone']);

    await tab('表单规则');
    await drawer()
      .getByRole('button', { name: spaced('新增规则') })
      .click();
    await pick('规则1字段', '电话（phone）');
    await drawer()
      .getByLabel('必填条件')
      .getByRole('button', { name: spaced('添加条件') })
      .click();
    await pick('必填条件1字段', '性别（sex）');
    await drawer().getByLabel('必填条件1值').fill('1');
    const written = drawer().getByLabel('规则1写入的JSON');
    await expect.poll(() => written.innerText()).toBe('写入：{"required":{"==":[{"var":"sex"},"1"]}}');
    await tab('JSON');
    await tab('表单规则');
    expect(await written.innerText()).toBe('写入：{"required":{"==":[{"var":"sex"},"1"]}}');

    await tab('预览');
    const preview = drawer().getByLabel('表单预览');
    await expect.poll(() => preview.locator('.ant-table-row').count()).toBe(3);
    expect(await preview.locator('.ant-table-row').first().innerText()).toMatch(
      /标题1[\s\S]*男[\s\S]*13800000001/,
    );
    await preview.getByRole('button', { name: spaced('新增') }).click();
    const form = admin.getByRole('dialog', { name: '新增' });
    await form.getByLabel('标题').fill('预览里的一行');
    await form.getByLabel('男').check();
    await form.getByRole('button', { name: spaced('确定') }).click();
    await expect.poll(() => form.innerText()).toContain('请输入电话');
    await admin.screenshot({ path: screenshotPath('online-form-preview.png') });
    await form.getByLabel('电话').fill('13900000000');
    await form.getByRole('button', { name: spaced('确定') }).click();
    await toast('预览：已添加（未保存到数据库）').waitFor();
    await expect.poll(() => preview.locator('.ant-table-row').count()).toBe(4);

    await save('首版');
    await toast('保存成功，当前为版本 1').waitFor();
  });

  it('drops a field through a confirmed migration, compares the versions side by side and rolls back', async () => {
    await head('myForm').getByText('编辑').click();
    await drawer().getByLabel('第3行删除').click();
    await tab('表单规则');
    await drawer().getByLabel('规则1删除').click();
    await save('去掉电话');
    await expect.poll(() => drawer().getByRole('alert').innerText()).toContain('确认迁移 drop:phone');
    const confirm = drawer().getByRole('button', { name: spaced('确认迁移并保存') });
    expect(await confirm.isDisabled()).toBe(true);
    await drawer()
      .getByRole('checkbox', { name: /删除列 “电话”\(phone\)/ })
      .check();
    await confirm.click();
    await toast('保存成功，当前为版本 2').waitFor();

    await head('myForm').getByText('版本').click();
    await drawer()
      .getByRole('button', { name: spaced('对比') })
      .click();
    const diff = drawer().getByLabel('版本对比');
    await expect
      .poll(() => diff.innerText())
      .toMatch(/版本 1 → 版本 2[\s\S]*电话（phone）\s*删除[\s\S]*pattern：\s*m/);
    expect(await diff.innerText()).toMatch(/页面设置\s*修改\s*form：\s*\{"rules"/);
    await admin.screenshot({ path: screenshotPath('online-form-diff.png') });
    await drawer()
      .locator('.ant-table-row', { hasText: '首版' })
      .getByRole('button', { name: spaced('回滚') })
      .click();
    await admin
      .locator('.ant-popconfirm')
      .getByRole('button', { name: spaced('确定') })
      .click();
    await toast('已回滚到版本 1（新版本 3）').waitFor();
  });

  it('starts a new design as a copy of a file declaration', async () => {
    await admin.locator('.ant-drawer-open .ant-drawer-close').click();
    await admin.locator('.ant-drawer-open').waitFor({ state: 'detached' });
    await admin
      .locator('.zj-list__toolbar')
      .getByRole('button', { name: spaced('新建表单') })
      .click();
    await drawer().getByLabel('从文件声明复制').click();
    await admin.keyboard.type('position');
    await visibleOption(/^position$/).click();
    await expect.poll(() => drawer().getByLabel('第1行字段名').inputValue()).toBe('code');
    await save('复制职务');
    await toast('保存成功，当前为版本 1').waitFor();
    await head('positionCopy').waitFor();
  });
});
