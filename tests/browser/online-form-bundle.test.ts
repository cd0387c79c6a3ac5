/**
 * Bundles and table import in the browser (docs/modules/online-forms.md): the admin exports a
 * designed form as a bundle file, previews importing it (everything unchanged), changes its title,
 * previews the readable diff and imports it; then starts a new design from a table of the database.
 */
import fs from 'node:fs';
import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, CAPTCHA, screenshotPath, signInFast, startHarness, type Harness } from './harness';
import { spaced } from './render-list-helpers';

let h: Harness;
let admin: Page;

const drawer = () => admin.locator('.ant-drawer-open .ant-drawer-body');
const button = (name: string) => drawer().getByRole('button', { name: spaced(name) });
const toolbar = (name: string) =>
  admin.locator('.zj-list__toolbar').getByRole('button', { name: spaced(name) });

/** 来宾簿, designed over HTTP as the designer's own tests do in the browser. */
async function designGuestBook(): Promise<void> {
  const checkKey = `b${Date.now()}`;
  await (await fetch(`${h.baseUrl}/api/sys/randomImage/${checkKey}`)).arrayBuffer();
  const login = await fetch(`${h.baseUrl}/api/sys/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD, captcha: CAPTCHA, checkKey }),
  });
  const token = ((await login.json()) as { result: { token: string } }).result.token;
  const declaration = {
    schemaVersion: 3,
    name: 'guestBook',
    title: '来宾簿',
    table: 'onl_guest_book',
    basePath: '/online/data/guestBook',
    kind: 'list',
    permissionPrefix: 'guestBook',
    fields: [{ name: 'guest', title: '来宾', type: 'string', length: 20, required: true }],
  };
  const saved = await fetch(`${h.baseUrl}/api/online/cgform/head/add`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'X-Access-Token': token },
    body: JSON.stringify({ declaration: JSON.stringify(declaration), comment: '首版' }),
  });
  expect(await saved.json()).toMatchObject({ success: true });
}

beforeAll(async () => {
  // The operator lets declarations adopt the old system's table (ADOPTABLE_TABLES, issue 31): the
  // table import offers only such tables.
  h = await startHarness({ adoptableTables: ['legacy_guest'] });
  await sql`create table legacy_guest (id varchar(32) primary key, guest_name varchar(40) not null, visit_date date)`.execute(
    h.server.database.db,
  );
  await sql`comment on table legacy_guest is '老系统来宾'`.execute(h.server.database.db);
  await designGuestBook();
  admin = await h.newPage({ width: 1440, height: 900 });
  admin.setDefaultTimeout(15_000);
  await signInFast(admin, h.baseUrl, { username: 'admin', password: ADMIN_PASSWORD, tenantId: 1 });
});
afterAll(async () => {
  await h?.close();
});
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail')
    await admin?.screenshot({ path: '.tmp/online-form-bundle-fail.png' }).catch(() => undefined);
});

describe('bundles and table import', () => {
  it('exports a bundle, previews it unchanged, then a changed copy, and imports it', async () => {
    await admin.goto(`${h.baseUrl}/online/cgform`);
    await toolbar('导入导出').click();
    await drawer().getByRole('tab', { name: '导出' }).click();
    await drawer().getByLabel('要导出的表单').click();
    await admin
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'guestBook' })
      .click();
    await drawer().getByText('选择设计的表单').click(); // closes the dropdown
    const [download] = await Promise.all([admin.waitForEvent('download'), button('导出').click()]);
    const file = '.tmp/online-form-bundle-download.json';
    await download.saveAs(file);
    const text = fs.readFileSync(file, 'utf8');
    expect(JSON.parse(text)).toMatchObject({
      format: 'zj-online-bundle',
      declarations: [{ name: 'guestBook' }],
    });

    await drawer().getByRole('tab', { name: '导入' }).click();
    await drawer().getByLabel('导入包').fill(text);
    await button('预览差异').click();
    await drawer()
      .getByText(/^预览：新增 0 项，修改 0 项/)
      .waitFor();
    await expect.poll(() => button('确认导入').isDisabled()).toBe(true);

    const changed = JSON.parse(text) as { declarations: { declaration: { title: string } }[] };
    changed.declarations[0].declaration.title = '来宾簿（总部）';
    await drawer().getByLabel('导入包').fill(JSON.stringify(changed));
    await button('预览差异').click();
    await drawer().getByText('修改设置 title').waitFor();
    await admin.screenshot({ path: screenshotPath('online-form-bundle.png') });
    await button('确认导入').click();
    await admin.locator('.ant-message-notice', { hasText: '导入成功：新增 0 项，修改 1 项' }).waitFor();
    await admin.keyboard.press('Escape');
    await admin.locator('.zj-list .ant-table-row', { hasText: '来宾簿（总部）' }).waitFor();
  });

  it('starts a new design from a table of the database', async () => {
    await toolbar('新建表单').click();
    const select = drawer().getByLabel('从数据库表导入');
    await select.click();
    await admin.keyboard.type('legacy_guest');
    await admin
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '老系统来宾' })
      .click();
    await expect.poll(() => drawer().getByLabel('第1行字段名').inputValue()).toBe('guestName');
    await expect.poll(() => drawer().getByLabel('第2行字段名').inputValue()).toBe('visitDate');
    await admin.screenshot({ path: screenshotPath('online-form-table-import.png') });
    await drawer().getByLabel('保存说明').fill('从表导入');
    await button('保存').click();
    await admin.locator('.ant-message-notice', { hasText: '保存成功，当前为版本 1' }).waitFor();
  });
});
