/**
 * 文档管理 end to end (schemas/document, docs/modules/documents.md): admin builds a classification
 * and grants 部门经理 view-only on it in 文档授权; a 部门经理 sees its documents but no 编辑 and no
 * 下载; admin uploads a new version, which adds a record; the preview shows text, an image, a
 * PDF, a Word document and a workbook without downloading.
 */
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  dismissNotifications,
  screenshotPath,
  signInFast,
  startHarness,
  STAFF_PASSWORD,
  type Harness,
} from './harness';
import { adminPage, apiCall, openOption, spaced } from './render-list-helpers';
import { demoPdf, demoPng } from '../../server/document/demo-files';
import { makeDocx, makeXlsx } from '../server/office-files';

let h: Harness;
let page: Page;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});
let step = 0;
afterEach(async (ctx) => {
  step += 1;
  if (ctx.task.result?.state === 'fail') await page?.screenshot({ path: `.tmp/documents-fail-${step}.png` });
});

const dialog = (title: string) => page.getByRole('dialog', { name: title });
const row = (text: string) => page.locator('.zj-list .ant-table-row', { hasText: text });
const item = (scope: ReturnType<typeof dialog>, label: string) =>
  scope.locator('.ant-form-item', { hasText: label }).first();
const PDF = demoPdf(['Reception Rules', 'Visitors sign in at the front desk.']).toString('latin1');
const PNG_BASE64 = demoPng(3).toString('base64'); // 320 x 200

/** Uploads a file as the page's user (biz document) and adds a document with it. */
async function addDocument(
  name: string,
  classifyId: string,
  fileName: string,
  content: string,
  base64 = false,
) {
  const path = await page.evaluate(
    async ({ fileName, content, base64 }) => {
      const read = (key: string) =>
        (JSON.parse(localStorage.getItem(key) ?? '{}') as { value?: string }).value ?? '';
      const bytes = base64
        ? Uint8Array.from(atob(content), (c) => c.charCodeAt(0))
        : new TextEncoder().encode(content);
      const form = new FormData();
      form.append('biz', 'document');
      form.append('file', new Blob([bytes]), fileName);
      const res = await fetch('/api/sys/common/upload', {
        method: 'POST',
        headers: { 'X-Access-Token': read('Access-Token') },
        body: form,
      });
      return ((await res.json()) as { message: string }).message;
    },
    { fileName, content, base64 },
  );
  const answer = await apiCall(page, 'POST', '/sys/document/add', {
    name,
    classifyId,
    filePath: path,
    link: '设计',
  });
  expect(answer.message, name).toBe('添加成功！');
}

async function classifyId(code: string): Promise<string> {
  const all = await apiCall<{ id: string; code: string }[]>(page, 'GET', '/sys/documentClassify/queryAll');
  return all.result.find((c) => c.code === code)!.id;
}

async function openMenu(group: string, name: string, url: string) {
  const menu = page.getByRole('navigation', { name: '主菜单' });
  const target = menu.getByText(name, { exact: true });
  // The group may already be open (a tab of it is shown): a click would close it.
  if (!(await target.isVisible())) await menu.getByText(group).first().click();
  await target.click();
  await page.waitForURL(`${h.baseUrl}${url}`);
}

describe('文档管理', () => {
  it('admin builds a classification and grants 部门经理 view-only on it', async () => {
    page = await adminPage(h);
    await dismissNotifications(page).catch(() => undefined);
    await openMenu('文档管理', '文档分类', '/document/classify');
    await page
      .locator('.zj-list__toolbar')
      .getByRole('button', { name: spaced('新增') })
      .click();
    let d = dialog('新增');
    await d.getByLabel('分类名称').fill('公司制度');
    await d.getByLabel('分类编码').fill('GSZD');
    await d.getByRole('button', { name: spaced('确定') }).click();
    await d.waitFor({ state: 'detached' });
    await apiCall(page, 'POST', '/sys/documentClassify/add', {
      name: '项目资料',
      code: 'XMZL',
      parentId: '0',
      orderNum: 2,
    });
    await apiCall(page, 'POST', '/sys/documentClassify/add', {
      name: '行政制度',
      code: 'GSZD-XZ',
      parentId: await classifyId('GSZD'),
    });
    await page.reload();
    await row('项目资料').waitFor();
    await page.screenshot({ path: screenshotPath('documents-classify.png') });

    await openMenu('文档管理', '文档授权', '/document/power');
    await page
      .locator('.zj-list__toolbar')
      .getByRole('button', { name: spaced('新增') })
      .click();
    d = dialog('新增');
    await item(d, '职务').locator('.ant-select').click();
    await openOption(page, '部门经理').click();
    await item(d, '分类').locator('.ant-select').click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-tree-node-content-wrapper', { hasText: '公司制度' })
      .click();
    await d.getByRole('button', { name: spaced('确定') }).click();
    await d.waitFor({ state: 'detached' });
    await row('部门经理').waitFor();
    const rights = await apiCall<{ classifyId: string; view: boolean; download: boolean; edit: boolean }[]>(
      page,
      'GET',
      '/sys/position/getDocumentPowerByPostId?postId=' +
        (await apiCall<{ id: string; code: string }[]>(page, 'GET', '/sys/position/getPostList')).result.find(
          (p) => p.code === 'dept_manager',
        )!.id,
    );
    expect(rights.result).toEqual([
      { classifyId: await classifyId('GSZD'), view: true, download: false, edit: false },
    ]);
    await page.screenshot({ path: screenshotPath('documents-power.png') });

    const gszd = await classifyId('GSZD');
    await addDocument('员工手册', gszd, 'a.txt', '第一章 总则\n本手册适用于全体员工。');
    await addDocument('接待规范', gszd, 'b.pdf', PDF);
    await addDocument('展厅平面图', gszd, 'c.png', PNG_BASE64, true);
    await addDocument('需求说明书', await classifyId('XMZL'), 'd.txt', '需求');
    const docx = await makeDocx({
      heading: '接待服务规范',
      paragraphs: ['第一条 来访登记须在前台完成，并发放访客证。', '第二条 重要来宾由综合办公室全程陪同。'],
      link: { text: '访客系统', target: 'https://example.com/visitor' },
      table: [
        ['接待等级', '茶歇标准', '用车'],
        ['一级', '每人50元', '商务车'],
        ['二级', '每人30元', '轿车'],
      ],
    });
    await addDocument('接待服务规范', gszd, 'e.docx', docx.toString('base64'), true);
    const xlsx = await makeXlsx({
      十月: [
        ['部门', '接待次数', '费用（元）'],
        ['综合办公室', 18, 5400],
        ['市场部', 11, 3350.5],
      ],
      十一月: [
        ['部门', '接待次数', '费用（元）'],
        ['综合办公室', 21, 6120],
      ],
    });
    await addDocument('接待统计表', gszd, 'f.xlsx', xlsx.toString('base64'), true);
  });

  it('a new version adds a record; the preview shows text, an image, a PDF, a Word document and a workbook', async () => {
    await openMenu('文档管理', '文档', '/document/list');
    await row('员工手册').getByRole('button', { name: '上传新版本' }).click();
    const d = dialog('上传新版本');
    await d.locator('input[type=file]').setInputFiles({
      name: 'v2.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('第一章 总则（修订）\n本手册适用于全体员工及实习生。'),
    });
    await d.locator('.ant-upload-list-item-done', { hasText: '.txt' }).waitFor();
    await d.getByLabel('版本说明').fill('增加实习生条款');
    await d.getByRole('button', { name: spaced('确定') }).click();
    await page.locator('.ant-message-notice', { hasText: '上传成功！' }).waitFor();
    await expect.poll(() => row('员工手册').innerText()).toContain('V2');

    await row('员工手册').getByRole('button', { name: '预览与版本' }).click();
    const drawer = page.locator('.zj-document-files:visible');
    await drawer.locator('.ant-table-row', { hasText: 'V1' }).waitFor();
    expect(await drawer.locator('.ant-table-row').count()).toBe(2);
    expect(await drawer.locator('.ant-table-row').first().innerText()).toContain('增加实习生条款');
    await drawer.locator('.zj-file-preview--text', { hasText: '实习生' }).waitFor();
    await page.screenshot({ path: screenshotPath('documents-versions.png') });
    await drawer.locator('.ant-table-row', { hasText: 'V1' }).getByRole('button', { name: '预览' }).click();
    await drawer.locator('.zj-file-preview--text', { hasText: '本手册适用于全体员工。' }).waitFor();
    await page.keyboard.press('Escape');

    await row('展厅平面图').getByRole('button', { name: '预览与版本' }).click();
    const img = drawer.locator('.zj-file-preview--image img');
    await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(320);
    await page.keyboard.press('Escape');
    await row('接待规范').getByRole('button', { name: '预览与版本' }).click();
    const frame = drawer.locator('iframe.zj-file-preview--pdf');
    expect(await frame.getAttribute('src')).toMatch(/^blob:/);
    await page.waitForTimeout(800);
    await page.screenshot({ path: screenshotPath('documents-preview-pdf.png') });
    await page.keyboard.press('Escape');

    await row('接待服务规范').getByRole('button', { name: '预览与版本' }).click();
    const docx = drawer.locator('.zj-file-preview--docx');
    await docx.locator('h1', { hasText: '接待服务规范' }).waitFor();
    expect(await docx.locator('table tr').count()).toBe(3);
    expect(await docx.innerText()).toContain('重要来宾由综合办公室全程陪同');
    await page.waitForTimeout(500); // the drawer's opening animation
    // No document server is configured here: preview only, no 编辑 (documents-editor.test.ts has one).
    expect(await drawer.getByRole('button', { name: '编辑', exact: true }).count()).toBe(0);
    await page.screenshot({ path: screenshotPath('documents-preview-docx.png') });
    await page.keyboard.press('Escape');
    await row('接待统计表').getByRole('button', { name: '预览与版本' }).click();
    const sheets = drawer.locator('.zj-file-preview--xlsx');
    await sheets.locator('.zj-office-sheet td', { hasText: '3350.5' }).waitFor();
    await sheets.getByRole('tab', { name: '十一月' }).click();
    await sheets.locator('.zj-office-sheet:visible td', { hasText: '6120' }).waitFor();
    await page.waitForTimeout(400); // the tab's ink bar
    await page.screenshot({ path: screenshotPath('documents-preview-xlsx.png') });
    await page.keyboard.press('Escape');
  });

  it('a 部门经理 sees the documents of the classification, but no 编辑 and no 下载', async () => {
    page = await h.newPage();
    page.setDefaultTimeout(15_000);
    await signInFast(page, h.baseUrl, {
      username: 'zhangwei',
      password: STAFF_PASSWORD,
      target: '/document/list',
    });
    await row('员工手册').waitFor();
    expect(await row('需求说明书').count()).toBe(0);
    expect(await page.locator('.zj-list .ant-table-row').count()).toBe(5);
    expect(await row('员工手册').getByRole('button', { name: '编辑' }).count()).toBe(0);
    expect(await row('员工手册').getByRole('button', { name: '上传新版本' }).count()).toBe(0);
    await row('员工手册').getByRole('button', { name: '详情' }).waitFor();
    await page.screenshot({ path: screenshotPath('documents-viewer.png') });
    await row('员工手册').getByRole('button', { name: '预览与版本' }).click();
    const drawer = page.locator('.zj-document-files:visible');
    await drawer.locator('.zj-file-preview--text', { hasText: '实习生' }).waitFor();
    expect(await drawer.getByRole('button', { name: '下载' }).count()).toBe(0);
  });
});
