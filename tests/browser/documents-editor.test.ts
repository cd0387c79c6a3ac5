/**
 * Document rights by tree and the editor hook in the browser (docs/modules/documents.md "Rights",
 * "Editor"): admin grants 接待员 查看 on a parent classification in 按职务授权 (the tree with
 * checkboxes), and a 接待员 then sees the documents of its child; with a document server configured
 * (a local stand-in whose api.js draws the config it was given), 编辑 opens the editor page with the
 * signed config and 导出PDF reaches the editor. The unconfigured case (no 编辑) is in documents.test.ts.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { errorsOf, screenshotPath, signInFast, startHarness, STAFF_PASSWORD, type Harness } from './harness';
import { adminPage, apiCall, openOption, spaced } from './render-list-helpers';

/** The stand-in's api.js: a DocEditor that shows what it was opened with. */
const API_JS = `window.DocsAPI = { DocEditor: function (id, config) {
  var box = document.createElement('div');
  box.className = 'fake-doc-editor';
  box.textContent = '文档服务器：' + config.document.title + '（' + config.documentType + '，' + config.editorConfig.mode + '）';
  document.getElementById(id).appendChild(box);
  window.__editorConfig = config;
  this.downloadAs = function (format) { window.__exported = format; };
  this.destroyEditor = function () { box.remove(); };
} };`;

let h: Harness;
let page: Page;
let docServer: http.Server;

beforeAll(async () => {
  docServer = http.createServer((req, res) => {
    if (req.url !== '/web-apps/apps/api/documents/api.js') return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'application/javascript' }).end(API_JS);
  });
  await new Promise<void>((resolve) => docServer.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(docServer.address() as AddressInfo).port}`;
  h = await startHarness({
    documentServer: { url, secret: 'browser-test-document-secret', appUrl: '', fileOrigins: [url] },
  });
});
afterAll(async () => {
  await h?.close();
  docServer?.close();
});
let step = 0;
afterEach(async (ctx) => {
  step += 1;
  if (ctx.task.result?.state === 'fail')
    await page?.screenshot({ path: `.tmp/documents-editor-fail-${step}.png` });
});

const row = (text: string) => page.locator('.zj-list .ant-table-row', { hasText: text });

async function classify(name: string, code: string, parentId = '0'): Promise<string> {
  await apiCall(page, 'POST', '/sys/documentClassify/add', { name, code, parentId, orderNum: 1 });
  const all = await apiCall<{ id: string; code: string }[]>(page, 'GET', '/sys/documentClassify/queryAll');
  return all.result.find((c) => c.code === code)!.id;
}

/** Uploads bytes as the page's user and files them as a document. */
async function addDocument(name: string, classifyId: string, fileName: string, base64: string) {
  const path = await page.evaluate(
    async ({ fileName, base64 }) => {
      const token =
        (JSON.parse(localStorage.getItem('Access-Token') ?? '{}') as { value?: string }).value ?? '';
      const form = new FormData();
      form.append('biz', 'document');
      form.append('file', new Blob([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))]), fileName);
      const res = await fetch('/api/sys/common/upload', {
        method: 'POST',
        headers: { 'X-Access-Token': token },
        body: form,
      });
      return ((await res.json()) as { message: string }).message;
    },
    { fileName, base64 },
  );
  const answer = await apiCall(page, 'POST', '/sys/document/add', { name, classifyId, filePath: path });
  expect(answer.message, name).toBe('添加成功！');
}

describe('文档授权 by tree, and the editor', () => {
  it('admin grants 接待员 查看 on a parent in the tree; the child inherits it', async () => {
    page = await adminPage(h);
    const parent = await classify('档案资料', 'DAZL');
    const child = await classify('来访档案', 'DAZL-LF', parent);
    await addDocument('来访登记表', child, 'a.txt', Buffer.from('来访登记').toString('base64'));
    await addDocument('合同草稿', child, 'b.docx', Buffer.from('PK\x03\x04 docx').toString('base64'));

    await page.goto(`${h.baseUrl}/document/power`);
    await page
      .locator('.zj-list__toolbar')
      .getByRole('button', { name: spaced('按职务授权') })
      .click();
    const panel = page.locator('.zj-power-tree');
    await panel.locator('.ant-select').click();
    await openOption(page, '接待员').click();
    const node = (title: string) => panel.locator('.zj-power-node', { hasText: title });
    await node('档案资料').getByRole('checkbox', { name: '查看' }).check();
    await expect.poll(() => node('来访档案').getByRole('checkbox', { name: '查看' }).isChecked()).toBe(true);
    await node('来访档案').getByText('继承').waitFor();
    await page.waitForTimeout(400); // the drawer's opening animation
    await page.screenshot({ path: screenshotPath('documents-power-tree.png') });
    await panel.getByRole('button', { name: spaced('保存') }).click();
    await page.locator('.ant-message-notice', { hasText: '授权成功！' }).waitFor();

    const reception = await h.newPage();
    await signInFast(reception, h.baseUrl, {
      username: 'hugang',
      password: STAFF_PASSWORD,
      target: '/document/list',
    });
    await reception.locator('.zj-list .ant-table-row', { hasText: '来访登记表' }).waitFor();
    // View only: neither the form's 编辑 nor the editor's.
    expect(
      await reception
        .locator('.zj-list .ant-table-row', { hasText: '合同草稿' })
        .getByRole('button', { name: '编辑' })
        .count(),
    ).toBe(0);
  });

  it('编辑 opens the document server editor with the signed config; 导出PDF reaches it', async () => {
    await page.goto(`${h.baseUrl}/document/list`);
    await row('合同草稿').getByRole('button', { name: '预览与版本' }).click();
    const drawer = page.locator('.zj-document-files:visible');
    await drawer.getByRole('button', { name: '编辑', exact: true }).click();
    const editor = page.locator('.zj-document-editor');
    await editor
      .locator('.fake-doc-editor', { hasText: '文档服务器：合同草稿.docx（word，edit）' })
      .waitFor();
    const config = await page.evaluate(
      () =>
        (window as unknown as { __editorConfig: { token: string; editorConfig: { callbackUrl: string } } })
          .__editorConfig,
    );
    expect(config.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(config.editorConfig.callbackUrl).toContain(`${h.baseUrl}/api/sys/document/editorCallback?token=`);
    await editor.getByRole('button', { name: '导出PDF' }).click();
    expect(await page.evaluate(() => (window as unknown as { __exported?: string }).__exported)).toBe('pdf');
    await editor.getByRole('button', { name: '关闭' }).first().click();
    await editor.waitFor({ state: 'detached' });
    expect(errorsOf(page).filter((e) => /Content Security Policy/i.test(e))).toEqual([]);
  });
});
