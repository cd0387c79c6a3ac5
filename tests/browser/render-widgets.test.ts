/**
 * The picker, upload and editor widgets on the declared customer form (schemas/system/customer.json):
 * each is used, the row is saved, and the detail shows what was chosen (an uploaded file by the name
 * it was uploaded with, and downloaded under it). Also the spec's messages
 * (请上传图片, 未知的操作, 请选择一条记录) and the rich-text paste sanitising.
 */
import zlib from 'node:zlib';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, errorsOf, screenshotPath, signInFast, startHarness, type Harness } from './harness';
import { closeForm } from './render-list-helpers';

let h: Harness;
let page: Page;
let form: Locator;

beforeAll(async () => {
  h = await startHarness();
  page = await h.newPage({ width: 1440, height: 1000 });
  page.setDefaultTimeout(10_000);
  await signInFast(page, h.baseUrl, {
    username: 'admin',
    password: ADMIN_PASSWORD,
    target: '/customer/list',
  });
  await page.locator('.zj-list').waitFor();
});

afterAll(async () => {
  await h?.close();
});

const spaced = (label: string) => new RegExp([...label].join('\\s*'));
const toast = (text: string) => page.locator('.ant-message-notice', { hasText: text });
const row = (text: string) => page.locator('.ant-table-row', { hasText: text });
/** A valid 32x32 PNG of one colour, so the thumbnails show something real. */
function solidPng(rgb: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(zlib.crc32(body), body.length + 4);
    return out;
  };
  const size = 32;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const line = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => rgb).flat())]);
  const pixels = zlib.deflateSync(Buffer.concat(Array.from({ length: size }, () => line)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function openAdd(): Promise<Locator> {
  await page.getByRole('button', { name: '新增' }).click();
  const dialog = page.getByRole('dialog', { name: '新增' });
  await dialog.getByLabel('客户名称').waitFor();
  return dialog;
}

async function save(dialog: Locator): Promise<void> {
  await dialog
    .locator('.ant-modal-footer')
    .getByRole('button', { name: spaced('确定') })
    .click();
  await toast('添加成功！').last().waitFor();
  await dialog.waitFor({ state: 'detached' });
}

describe('form widgets on the customer form', () => {
  it('adds a customer to refer to (the popup lists customers)', async () => {
    const dialog = await openAdd();
    await dialog.getByLabel('客户名称').fill('东方集团');
    await dialog.getByLabel('客户编码').fill('W000');
    await save(dialog);
    await row('W000').waitFor();
  });

  it('picks a user by department (选择用户, 1200 wide)', async () => {
    form = await openAdd();
    await form.getByLabel('客户名称').fill('西湖科技');
    await form.getByLabel('客户编码').fill('W001');
    await form.getByLabel('负责人').click();
    const picker = page.getByRole('dialog', { name: '选择用户' });
    const box = page
      .locator('.zj-user-picker .ant-modal-container, .zj-user-picker .ant-modal-content')
      .first();
    await expect.poll(async () => Math.round((await box.boundingBox())?.width ?? 0)).toBe(1200);
    await picker.locator('.ant-tree-title', { hasText: /^技术部$/ }).click();
    await picker.locator('.ant-table-row', { hasText: 'zhoujie' }).waitFor();
    await picker.getByPlaceholder('请输入用户账号').fill('zhao');
    await picker.getByRole('button', { name: spaced('查询') }).click();
    await picker.locator('.ant-table-row', { hasText: 'zhoujie' }).waitFor({ state: 'detached' });
    await picker.locator('.ant-table-row', { hasText: 'zhaolei' }).click();
    await picker.getByRole('button', { name: spaced('确定') }).click();
    await picker.waitFor({ state: 'detached' });
    await expect.poll(() => form.getByLabel('负责人').inputValue()).toBe('赵磊');
  });

  it('picks departments from the searchable tree (选择部门, 500 wide)', async () => {
    await form.getByLabel('所属部门').click();
    const picker = page.getByRole('dialog', { name: '选择部门' });
    const box = page
      .locator('.zj-depart-picker .ant-modal-container, .zj-depart-picker .ant-modal-content')
      .first();
    await expect.poll(async () => Math.round((await box.boundingBox())?.width ?? 0)).toBe(500);
    await picker.getByPlaceholder('请输入部门名称按回车进行搜索').fill('组');
    await picker.getByPlaceholder('请输入部门名称按回车进行搜索').press('Enter');
    for (const name of ['研发组', '运维组']) {
      await picker.locator('.ant-tree-treenode', { hasText: name }).locator('.ant-tree-checkbox').click();
    }
    await picker.getByRole('button', { name: spaced('确定') }).click();
    await picker.waitFor({ state: 'detached' });
    await expect.poll(() => form.getByLabel('所属部门').inputValue()).toBe('研发组,运维组');
  });

  it('picks a position and a referring customer (popup warns 请选择一条记录 first)', async () => {
    await form.getByLabel('联系人职务').click();
    const positions = page.getByRole('dialog', { name: '选择职务' });
    await positions.locator('.ant-table-row', { hasText: '工程师' }).waitFor();
    await positions.getByPlaceholder('请输入职务名称').fill('经理');
    await positions.getByPlaceholder('请输入职务名称').press('Enter');
    await positions.locator('.ant-table-row', { hasText: '工程师' }).waitFor({ state: 'detached' });
    await positions.locator('.ant-table-row', { hasText: '项目经理' }).click();
    await positions.getByRole('button', { name: spaced('确定') }).click();
    await positions.waitFor({ state: 'detached' });
    await expect.poll(() => form.getByLabel('联系人职务').inputValue()).toBe('项目经理');

    await form.getByLabel('推荐客户').click();
    const popup = page.locator('.zj-popup-picker');
    await popup.locator('.ant-table-row', { hasText: '东方集团' }).waitFor();
    await popup.getByRole('button', { name: spaced('确定') }).click();
    await toast('请选择一条记录').waitFor();
    await popup.getByPlaceholder('请输入客户名称').fill('东方');
    await popup.getByPlaceholder('请输入客户名称').press('Enter');
    await popup.locator('.ant-table-row', { hasText: '东方集团' }).waitFor();
    await popup.locator('.ant-table-row', { hasText: '东方集团' }).click();
    await popup.getByRole('button', { name: spaced('确定') }).click();
    await popup.locator('.ant-modal').waitFor({ state: 'detached' });
    await expect.poll(() => form.getByLabel('推荐客户').inputValue()).toBe('东方集团');
  });

  it('picks a region in the cascader', async () => {
    await form.getByLabel('所在地区').click();
    for (const name of ['北京市', '北京市', '海淀区']) {
      await page
        .locator('.ant-cascader-menu-item', { hasText: new RegExp(`^${name}$`) })
        .last()
        .click();
    }
    await form.getByText('北京市 / 北京市 / 海淀区').filter({ visible: true }).waitFor();
  });

  it('uploads images (请上传图片 for others, 未知的操作 at the left end) and a file', async () => {
    const images = form.locator('.ant-form-item', { hasText: '标志图片' }).locator('input[type=file]');
    await images.setInputFiles({ name: 'note.txt', mimeType: 'text/plain', buffer: Buffer.from('hi') });
    await toast('请上传图片').waitFor();
    await images.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: solidPng([22, 119, 255]) });
    await form.locator('.zj-image-item').first().waitFor();
    await images.setInputFiles({
      name: 'logo2.png',
      mimeType: 'image/png',
      buffer: solidPng([250, 173, 20]),
    });
    await expect.poll(() => form.locator('.zj-image-item').count()).toBe(2);
    await form.locator('.zj-image-item').first().getByRole('button', { name: '左移' }).click();
    await toast('未知的操作').waitFor();
    await form.locator('.zj-image-item').last().getByRole('button', { name: '右移' }).click();
    await toast('已到最后~').waitFor();
    const src = await form.locator('.zj-image-item img').first().getAttribute('src');
    expect(src).toMatch(/^\/api\/sys\/common\/static\/customer\/\d+_[0-9a-f]{16}\.png$/);
    const served = await fetch(`${h.baseUrl}${src}`);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');

    const files = form.locator('.ant-form-item', { hasText: '附件' }).locator('input[type=file]');
    await files.setInputFiles({
      name: '维修记录.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('三号楼空调风机轴承磨损，已更换。'),
    });
    // The stored file's entry (the uploading one may still be fading out beside it), under the name
    // it was uploaded with, not its random stored name (issue 33, item 3).
    const stored = form
      .locator('.ant-form-item', { hasText: '附件' })
      .locator('.ant-upload-list-item-done .ant-upload-list-item-name');
    await stored.waitFor();
    expect(await stored.innerText()).toBe('维修记录.txt');
  });

  it('edits rich text and sanitises pasted HTML', async () => {
    const editor = form.getByRole('textbox', { name: '客户简介' });
    await editor.click();
    await page.keyboard.type('重点客户');
    await form.getByRole('button', { name: '加粗' }).click();
    await page.keyboard.type('年度签约');
    // The picture before the paste below: the form as a user fills it.
    await page.mouse.move(0, 0);
    await page
      .locator('.ant-tooltip')
      .filter({ visible: true })
      .waitFor({ state: 'detached' })
      .catch(() => undefined);
    await expect.poll(() => page.locator('.ant-message-notice').count(), { timeout: 8000 }).toBe(0);
    await page.waitForTimeout(300);
    await page.screenshot({ path: screenshotPath('widgets.png') });
    await editor.evaluate((node) => {
      const data = new DataTransfer();
      data.setData(
        'text/html',
        '<img src="x" onerror="window.__pwned=1"><a href="javascript:alert(1)">链接</a><script>window.__pwned=2</script>',
      );
      node.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      );
    });
    const html = await editor.innerHTML();
    expect(html).toContain('重点客户');
    expect(html).toMatch(/<b>年度签约<\/b>|<strong>年度签约<\/strong>/);
    expect(html).not.toMatch(/onerror|javascript:|<script/i);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    await page
      .locator('.ant-message-notice')
      .last()
      .waitFor({ state: 'detached' })
      .catch(() => undefined);
  });

  it('saves, and the detail shows the chosen values', async () => {
    await save(form);
    // A fresh page: the file names below come from the server, not from the upload just made.
    await page.reload();
    await page.locator('.zj-list').waitFor();
    await row('W001').getByRole('button', { name: '详情' }).click();
    const detail = page.getByRole('dialog', { name: '详细信息' });
    const cell = (label: string) =>
      detail
        .locator('.ant-descriptions-item-label', { hasText: new RegExp(`^${label}$`) })
        .locator('xpath=following-sibling::td[1]');
    await detail.getByText('西湖科技').waitFor();
    expect(await cell('负责人').innerText()).toBe('赵磊');
    expect(await cell('所属部门').innerText()).toBe('研发组,运维组');
    expect(await cell('联系人职务').innerText()).toBe('项目经理');
    expect(await cell('推荐客户').innerText()).toBe('东方集团');
    // The region shows its names, images as thumbnails, files as links, rich text as cleaned HTML.
    await expect.poll(() => cell('所在地区').innerText()).toBe('北京市/北京市/海淀区');
    expect(await cell('标志图片').locator('img').count()).toBe(2);
    expect(await cell('标志图片').locator('img').first().getAttribute('src')).toMatch(
      /^\/api\/sys\/common\/static\/customer\/\d+_[0-9a-f]{16}\.png$/,
    );
    // The file by the name it was uploaded with, and downloaded under it (RFC 5987 for Chinese);
    // the stored name stays random.
    const link = cell('附件').locator('a');
    await expect.poll(() => link.innerText()).toBe('维修记录.txt');
    const href = (await link.getAttribute('href'))!;
    expect(href).toMatch(/^\/api\/sys\/common\/static\/customer\/\d+_[0-9a-f]{16}\.txt$/);
    const download = await fetch(`${h.baseUrl}${href}`);
    expect(download.headers.get('content-disposition')).toBe(
      `attachment; filename="____.txt"; filename*=UTF-8''${encodeURIComponent('维修记录.txt')}`,
    );
    expect(await download.text()).toBe('三号楼空调风机轴承磨损，已更换。');
    await cell('客户简介')
      .locator('.zj-rich-text b, .zj-rich-text strong')
      .filter({ hasText: '年度签约' })
      .waitFor();
    await page.screenshot({ path: screenshotPath('widgets-detail.png') });
    await detail
      .locator('.ant-modal-footer')
      .getByRole('button', { name: spaced('关闭') })
      .click();
    await detail.waitFor({ state: 'detached' });

    // Editing shows names again, from the fields' table dictionaries and the region table.
    await row('W001').getByRole('button', { name: '编辑' }).click();
    const edit = page.getByRole('dialog', { name: '编辑' });
    await expect.poll(() => edit.getByLabel('负责人').inputValue()).toBe('赵磊');
    await expect.poll(() => edit.getByLabel('所属部门').inputValue()).toBe('研发组,运维组');
    await expect.poll(() => edit.getByLabel('联系人职务').inputValue()).toBe('项目经理');
    await edit.getByText('北京市 / 北京市 / 海淀区').filter({ visible: true }).waitFor();
    expect(await edit.locator('.zj-image-item').count()).toBe(2);
    await expect
      .poll(() =>
        edit.locator('.ant-form-item', { hasText: '附件' }).locator('.ant-upload-list-item-name').innerText(),
      )
      .toBe('维修记录.txt');
    expect(await edit.getByRole('textbox', { name: '客户简介' }).innerHTML()).toContain('年度签约');
    await closeForm(edit);
    // Chrome reports an inline handler it refused when even an inert parser (DOMPurify's) meets
    // one; the handler never ran (__pwned above stayed unset). Anything else is a real error.
    const blockedHandler = /^Executing inline event handler violates the following Content Security Policy/;
    expect(errorsOf(page).filter((e) => !blockedHandler.test(e))).toEqual([]);
  });
});
