/**
 * Rights by position in the browser (issue 17, docs/modules/documents.md "Rights"): admin builds a
 * small classification tree in 文档分类 and, in 按职务授权, gives 接待员 查看 + 下载 (no 编辑) and
 * 部门经理 编辑 on its root (the child inherits), plus 部门经理 下载 on the templates there. A 接待员
 * (hugang) then sees exactly the tree's documents, previews and downloads them, but has no 编辑,
 * 上传新版本 or 删除; a 部门经理 (zhangwei) uploads a new version, which appears in the versions
 * list, and turns a template into a document with 生成文档. A classification nobody was granted
 * stays invisible to both.
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
  if (ctx.task.result?.state === 'fail')
    await page?.screenshot({ path: `.tmp/document-positions-fail-${step}.png` });
});

const dialog = (title: string) => page.getByRole('dialog', { name: title });
const row = (text: string) => page.locator('.zj-list .ant-table-row', { hasText: text });
const item = (scope: ReturnType<typeof dialog>, label: string) =>
  scope.locator('.ant-form-item', { hasText: label }).first();
const treeOption = (title: string) =>
  page.locator('.ant-select-dropdown:visible .ant-select-tree-node-content-wrapper', { hasText: title });
const OURS = ['岗位职责说明', '设备巡检记录'];

/** Uploads text as the page's user (biz document); the stored path the save then names. */
async function uploadText(fileName: string, text: string): Promise<string> {
  return page.evaluate(
    async ({ fileName, text }) => {
      const token =
        (JSON.parse(localStorage.getItem('Access-Token') ?? '{}') as { value?: string }).value ?? '';
      const form = new FormData();
      form.append('biz', 'document');
      form.append('file', new Blob([new TextEncoder().encode(text)]), fileName);
      const res = await fetch('/api/sys/common/upload', {
        method: 'POST',
        headers: { 'X-Access-Token': token },
        body: form,
      });
      return ((await res.json()) as { message: string }).message;
    },
    { fileName, text },
  );
}

async function classifyId(code: string): Promise<string> {
  const all = await apiCall<{ id: string; code: string }[]>(page, 'GET', '/sys/documentClassify/queryAll');
  return all.result.find((c) => c.code === code)!.id;
}

async function postId(code: string): Promise<string> {
  const posts = await apiCall<{ id: string; code: string }[]>(page, 'GET', '/sys/position/getPostList');
  return posts.result.find((p) => p.code === code)!.id;
}

/** 新增 in 文档分类 through the form; `parent` picks 上级分类. */
async function addClassify(name: string, code: string, parent?: string) {
  await page
    .locator('.zj-list__toolbar')
    .getByRole('button', { name: spaced('新增') })
    .click();
  const d = dialog('新增');
  if (parent) {
    await item(d, '上级分类').locator('.ant-select').click();
    await treeOption(parent).click();
  }
  await d.getByLabel('分类名称').fill(name);
  await d.getByLabel('分类编码').fill(code);
  await d.getByRole('button', { name: spaced('确定') }).click();
  await d.waitFor({ state: 'detached' });
}

/**
 * In 按职务授权: picks the position or the tab (either reloads the position's grants: wait for them,
 * a tick before would be overwritten), ticks one right on 岗位资料, sees 巡检规范 inherit it, saves.
 */
async function grant(
  panel: ReturnType<Page['locator']>,
  change: { position?: string; tab?: string },
  right: string,
) {
  const loaded = page.waitForResponse((r) => /\/sys\/position\/get\w+PowerByPostId/.test(r.url()));
  if (change.position) {
    await panel.locator('.ant-select').first().click();
    await openOption(page, change.position).click();
  }
  if (change.tab) await panel.getByRole('tab', { name: change.tab }).click();
  await loaded;
  const node = (title: string) => panel.locator('.zj-power-node', { hasText: title });
  await node('岗位资料').getByRole('checkbox', { name: right }).check();
  // The child inherits it (greyed, 继承) without a grant of its own.
  await expect.poll(() => node('巡检规范').getByRole('checkbox', { name: right }).isChecked()).toBe(true);
  await node('巡检规范').getByText('继承').waitFor();
  await panel.getByRole('button', { name: spaced('保存') }).click();
  await page.locator('.ant-message-notice', { hasText: '授权成功！' }).last().waitFor();
}

async function signInAs(username: string, target: string): Promise<void> {
  page = await h.newPage();
  page.setDefaultTimeout(15_000);
  await signInFast(page, h.baseUrl, { username, password: STAFF_PASSWORD, target });
}

describe('文档 rights by position', () => {
  it('admin builds a classification tree and grants 接待员 查看 + 下载, 部门经理 编辑 in 按职务授权', async () => {
    page = await adminPage(h);
    await dismissNotifications(page).catch(() => undefined);
    await page.goto(`${h.baseUrl}/document/classify`);
    await addClassify('岗位资料', 'GWZL');
    await row('岗位资料').waitFor();
    // No reload: the 上级分类 picker reads the tree again when it opens, so the node just added is there.
    await addClassify('巡检规范', 'GWZL-XJ', '岗位资料');
    await addClassify('保密资料', 'BMZL');
    await row('保密资料').waitFor();

    await page.goto(`${h.baseUrl}/document/power`);
    await page
      .locator('.zj-list__toolbar')
      .getByRole('button', { name: spaced('按职务授权') })
      .click();
    const panel = page.locator('.zj-power-tree');
    await grant(panel, { position: '接待员' }, '下载');
    await grant(panel, { position: '部门经理' }, '编辑');
    await grant(panel, { tab: '模板' }, '下载');
    // Back on 文档 for 部门经理: its own 编辑 on 岗位资料, inherited by 巡检规范.
    const loaded = page.waitForResponse((r) => r.url().includes('/sys/position/getDocumentPowerByPostId'));
    await panel.getByRole('tab', { name: '文档' }).click();
    await loaded;
    await panel.locator('.zj-power-node', { hasText: '巡检规范' }).getByText('继承').waitFor();
    await expect.poll(() => page.locator('.ant-message-notice').count(), { timeout: 10_000 }).toBe(0);
    await page.screenshot({ path: screenshotPath('documents-positions-grant.png') });

    const root = await classifyId('GWZL');
    const own = async (code: string, url: string) =>
      (
        await apiCall<{ classifyId: string }[]>(page, 'GET', `${url}?postId=${await postId(code)}`)
      ).result.filter((p) => p.classifyId === root);
    expect(await own('receptionist', '/sys/position/getDocumentPowerByPostId')).toEqual([
      { classifyId: root, view: true, download: true, edit: false },
    ]);
    expect(await own('dept_manager', '/sys/position/getDocumentPowerByPostId')).toEqual([
      { classifyId: root, view: true, download: false, edit: true },
    ]);
    expect(await own('dept_manager', '/sys/position/getTemplatePowerByPostId')).toEqual([
      { classifyId: root, view: true, download: true, edit: false },
    ]);

    // The documents: one in the root, one in the child (inherited), one where nobody was granted.
    const child = await classifyId('GWZL-XJ');
    for (const [name, classify, text] of [
      [OURS[0], root, '前台接待员负责来访登记与引导。'],
      [OURS[1], child, '每日巡检展厅设备并记录。'],
      ['保密协议范本', await classifyId('BMZL'), '保密条款'],
    ]) {
      const filePath = await uploadText('a.txt', text);
      const answer = await apiCall(page, 'POST', '/sys/document/add', {
        name,
        classifyId: classify,
        filePath,
      });
      expect(answer.message, name).toBe('添加成功！');
    }
    const template = await apiCall(page, 'POST', '/sys/template/add', {
      name: '巡检记录模板',
      classifyId: child,
      filePath: await uploadText('t.txt', '巡检日期：\n巡检人：\n设备状态：'),
    });
    expect(template.message).toBe('添加成功！');
  });

  it('a 接待员 sees exactly the tree’s documents, previews and downloads, but cannot change them', async () => {
    await signInAs('hugang', '/document/list');
    await row(OURS[0]).waitFor();
    await row(OURS[1]).waitFor();
    expect(await row('保密协议范本').count()).toBe(0);
    for (const name of OURS) {
      for (const action of ['编辑', '上传新版本', '删除'])
        expect(await row(name).getByRole('button', { name: action }).count(), `${name} ${action}`).toBe(0);
    }
    expect(
      await page
        .locator('.zj-list__toolbar')
        .getByRole('button', { name: spaced('新增') })
        .count(),
    ).toBe(0);
    await row(OURS[1]).getByRole('button', { name: '预览与版本' }).click();
    const drawer = page.locator('.zj-document-files:visible');
    await drawer.locator('.zj-file-preview--text', { hasText: '每日巡检展厅设备并记录。' }).waitFor();
    expect(await drawer.getByRole('button', { name: '编辑', exact: true }).count()).toBe(0);
    await page.waitForTimeout(500); // the drawer's opening animation
    await page.screenshot({ path: screenshotPath('documents-positions-viewer.png') });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      drawer.getByRole('button', { name: '下载' }).first().click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${OURS[1]}.txt`);
  });

  it('a 部门经理 uploads a new version, shown in the versions list, and makes a document from a template', async () => {
    await signInAs('zhangwei', '/document/list');
    await row(OURS[1]).waitFor();
    expect(await row('保密协议范本').count()).toBe(0);
    await row(OURS[1]).getByRole('button', { name: '编辑' }).waitFor();
    await row(OURS[1]).getByRole('button', { name: '上传新版本' }).click();
    const d = dialog('上传新版本');
    await d.locator('input[type=file]').setInputFiles({
      name: 'v2.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('每日巡检展厅设备并记录，异常当日上报。'),
    });
    await d.locator('.ant-upload-list-item-done', { hasText: '.txt' }).waitFor();
    await d.getByLabel('版本说明').fill('增加异常上报');
    await d.getByRole('button', { name: spaced('确定') }).click();
    await page.locator('.ant-message-notice', { hasText: '上传成功！' }).waitFor();
    await expect.poll(() => row(OURS[1]).innerText()).toContain('V2');

    await row(OURS[1]).getByRole('button', { name: '预览与版本' }).click();
    const drawer = page.locator('.zj-document-files:visible');
    await drawer.locator('.ant-table-row', { hasText: 'V1' }).waitFor();
    const versions = drawer.locator('.ant-table-row');
    expect(await versions.count()).toBe(2);
    expect(await versions.first().innerText()).toMatch(/V2[\s\S]*张伟[\s\S]*增加异常上报/);
    await drawer.locator('.zj-file-preview--text', { hasText: '异常当日上报' }).waitFor();
    await page.waitForTimeout(500);
    await page.screenshot({ path: screenshotPath('documents-positions-editor.png') });
    await page.keyboard.press('Escape');

    // 生成文档: the template's file becomes a new document (V1) in the child classification.
    await page.goto(`${h.baseUrl}/document/template`);
    await row('巡检记录模板').getByRole('button', { name: '生成文档' }).click();
    const form = dialog('由模板生成文档');
    await form.getByLabel('文档名称').fill('三月设备巡检记录');
    await item(form, '文档分类').locator('.ant-select').click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-tree-treenode', { hasText: '岗位资料' })
      .locator('.ant-select-tree-switcher')
      .click();
    await treeOption('巡检规范').click();
    await form.getByRole('button', { name: spaced('确定') }).click();
    await form.waitFor({ state: 'detached' });
    await page.goto(`${h.baseUrl}/document/list`);
    await row('三月设备巡检记录').waitFor();
    expect(await row('三月设备巡检记录').innerText()).toContain('V1');
    await row('三月设备巡检记录').getByRole('button', { name: '预览与版本' }).click();
    await drawer.locator('.zj-file-preview--text', { hasText: '设备状态：' }).waitFor();
    expect(await drawer.locator('.ant-table-row').first().innerText()).toContain(
      '由模板「巡检记录模板」V1生成',
    );
    await page.waitForTimeout(500);
    await page.screenshot({ path: screenshotPath('documents-positions-from-template.png') });
  });
});
