/**
 * One engine, one behaviour: every declared list the admin's menu opens is checked for the shared
 * defaults (the sort the request names, the built-in buttons the declaration does not disable, the
 * spec's column widths, query labels that end in a colon before their input, no sideways scroll at
 * 1440 px), so a future declaration gets the same checks. Then the items of issue 9 one by one: a
 * new record on page 1, a failed submit that shows its first error, dictionary texts and names in
 * a detail, and 督办 without ids.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateDeclaration } from '../../runtime/model/declaration/migrations';
import { buildEntityModel, type EntityModel } from '../../runtime/model/declaration/model';
import type { Declaration } from '../../runtime/model/declaration/types';
import { entityNameOf } from '../../runtime/render/declarations';
import { errorsOf, screenshotPath, startHarness, type Harness } from './harness';
import { adminPage, apiCall, spaced } from './render-list-helpers';

interface MenuNode {
  path: string;
  component: string;
  hidden?: boolean;
  meta: { title: string };
  children?: MenuNode[];
}

/** Every declaration under schemas/, by entity name. */
function declarations(): Map<string, EntityModel> {
  const out = new Map<string, EntityModel>();
  for (const area of fs.readdirSync('schemas')) {
    if (area === 'meta' || !fs.statSync(path.join('schemas', area)).isDirectory()) continue;
    for (const file of fs.readdirSync(path.join('schemas', area)).filter((f) => f.endsWith('.json'))) {
      const migrated = migrateDeclaration(
        JSON.parse(fs.readFileSync(path.join('schemas', area, file), 'utf8')),
      );
      const model = buildEntityModel(migrated.doc as unknown as Declaration);
      out.set(model.name, model);
    }
  }
  return out;
}

function declaredScreens(nodes: readonly MenuNode[]): { path: string; title: string; entity: string }[] {
  return nodes.flatMap((node) => [
    ...(node.component.startsWith('declared/') && !node.hidden
      ? [
          {
            path: node.path,
            title: node.meta.title,
            // 'declared/workOrder?type=1': the entity, then the list's fixed parameters.
            entity: entityNameOf(node.component.slice('declared/'.length).split('?')[0]),
          },
        ]
      : []),
    ...declaredScreens(node.children ?? []),
  ]);
}

const BUTTONS: [Parameters<EntityModel['offers']>[0], string][] = [
  ['add', '新增'],
  ['exportXls', '导出'],
  ['importExcel', '导入'],
  ['superQuery', '高级查询'],
  ['deleteBatch', '批量删除'],
];

let h: Harness;
let page: Page;
const models = declarations();

beforeAll(async () => {
  h = await startHarness();
  page = await adminPage(h);
});
afterAll(async () => {
  await h?.close();
});

describe('every declared list the menu opens', () => {
  it('names its sort, offers its built-in buttons, keeps the widths and labels, and fits 1440 px', async () => {
    const answer = await apiCall<{ menu: MenuNode[] }>(
      page,
      'GET',
      '/sys/permission/getUserPermissionByToken',
    );
    const screens = declaredScreens(answer.result.menu);
    expect(screens.length).toBeGreaterThanOrEqual(9);
    const problems: string[] = [];
    for (const screen of screens) {
      const model = models.get(screen.entity);
      if (!model) {
        problems.push(`${screen.title}: no declaration named ${screen.entity}`);
        continue;
      }
      const listCall = page.waitForRequest(
        (r) => /\/(list|rootList)\?/.test(r.url()) && r.url().includes(model.basePath),
      );
      await page.goto(`${h.baseUrl}${screen.path}`);
      const url = new URL((await listCall).url());
      const expected = model.defaultSort;
      if (
        url.searchParams.get('column') !== expected.field ||
        url.searchParams.get('order') !== expected.order
      )
        problems.push(
          `${screen.title}: the list call sorts by ${url.searchParams.get('column')} ${url.searchParams.get('order')}`,
        );
      await page.locator('.zj-list .ant-table').waitFor();
      await page
        .locator('.zj-list .ant-spin-spinning')
        .waitFor({ state: 'detached' })
        .catch(() => undefined);
      const toolbar = page.locator('.zj-list__toolbar');
      for (const [action, label] of BUTTONS) {
        // The built-in button itself (an icon's name, then the label), not a declared 导入定义.
        const exactly = new RegExp(`^(\\S+ )?${spaced(label).source}$`);
        const shown = await toolbar.getByRole('button', { name: exactly }).count();
        if (model.offers(action) && shown === 0) problems.push(`${screen.title}: no ${label}`);
        if (!model.offers(action) && shown > 0) problems.push(`${screen.title}: ${label} though disabled`);
      }
      const firstRow = page.locator('.zj-list .ant-table-tbody .ant-table-row').first();
      if (await firstRow.count()) {
        for (const [action, label] of [
          ['edit', '编辑'],
          ['detail', '详情'],
          ['delete', '删除'],
        ] as const) {
          const shown = await firstRow.getByRole('button', { name: spaced(label) }).count();
          if (model.offers(action) && shown === 0) problems.push(`${screen.title}: no ${label} on a row`);
        }
      }
      const layout = await page.evaluate(() => {
        const content = document.querySelector<HTMLElement>(
          '.zj-list .ant-table-content, .zj-list .ant-table-body',
        );
        const labels = [...document.querySelectorAll<HTMLElement>('.zj-query-form .ant-form-item')].map(
          (item) => {
            const label = item.querySelector<HTMLElement>('.ant-form-item-label > label');
            const control = item.querySelector<HTMLElement>('.ant-form-item-control');
            return {
              text: label?.innerText ?? '',
              colon: label ? getComputedStyle(label, '::after').content : '',
              overlaps:
                label && control
                  ? label.getBoundingClientRect().right > control.getBoundingClientRect().left + 1
                  : false,
            };
          },
        );
        const headers = [...document.querySelectorAll<HTMLElement>('.zj-list .ant-table-thead th')].map(
          (th) => ({
            text: th.innerText.trim(),
            width: th.getBoundingClientRect().width,
          }),
        );
        return { scrolls: content ? content.scrollWidth > content.clientWidth + 1 : false, labels, headers };
      });
      if (layout.scrolls) problems.push(`${screen.title}: the table scrolls sideways at 1440 px`);
      for (const label of layout.labels) {
        if (label.overlaps) problems.push(`${screen.title}: the label ${label.text} runs into its input`);
        if (label.text && !/[:：]/.test(label.colon))
          problems.push(`${screen.title}: the label ${label.text} has no colon`);
      }
      // 通知公告's 通告对象类型 ran into its select box before: the picture shows the labels now.
      if (screen.entity === 'announcement')
        await page.screenshot({
          path: screenshotPath('query-labels.png'),
          clip: { x: 160, y: 180, width: 1280, height: 120 },
        });
      for (const field of model.fields.filter((f) => f.type === 'datetime')) {
        const header = layout.headers.find((hd) => hd.text === field.title);
        if (header && header.width < 190)
          problems.push(`${screen.title}: ${field.title} is ${header.width}px wide`);
      }
    }
    expect(problems).toEqual([]);
    expect(errorsOf(page)).toEqual([]);
    // One page load per declared list: 30 and growing with every module, ~2 s each on a busy machine.
  }, 300_000);
});

describe('what a new user saw (issue 9)', () => {
  it('a dictionary just added is the first row of page 1', async () => {
    await page.goto(`${h.baseUrl}/system/dict`);
    await page.locator('.zj-list .ant-table-row').first().waitFor();
    await page.getByRole('button', { name: spaced('新增') }).click();
    const dialog = page.getByRole('dialog', { name: '新增' });
    await dialog.getByLabel('字典名称').fill('会议室类型');
    await dialog.getByLabel('字典编码').fill('meeting_room_type');
    await dialog.getByRole('button', { name: spaced('确定') }).click();
    await dialog.waitFor({ state: 'detached' });
    const first = page.locator('.zj-list .ant-table-tbody .ant-table-row').first();
    await expect.poll(() => first.innerText()).toContain('meeting_room_type');
    await page.screenshot({ path: screenshotPath('list-new-record-first.png') });
  });

  it('a refused submit of a tall form scrolls to its first error and puts the cursor there', async () => {
    await page.setViewportSize({ width: 1440, height: 640 });
    await page.goto(`${h.baseUrl}/customer/list`);
    await page.getByRole('button', { name: spaced('新增') }).click();
    const dialog = page.getByRole('dialog', { name: '新增' });
    await dialog.getByLabel('客户名称').fill('滚动测试');
    await dialog.getByLabel('客户编码').fill('SCROLL1');
    await dialog.getByLabel('手机号码').fill('123');
    await dialog.getByLabel('邮箱').fill('not-an-email');
    // The user is at the bottom of the form when pressing 确定.
    await page.locator('.ant-modal-wrap').evaluate((wrap) => wrap.scrollTo(0, wrap.scrollHeight));
    await dialog.getByRole('button', { name: spaced('确定') }).click();
    const phone = dialog.getByLabel('手机号码');
    await expect.poll(() => phone.evaluate((el) => el === document.activeElement)).toBe(true);
    await expect
      .poll(() =>
        phone.evaluate((el) => {
          const box = el.getBoundingClientRect();
          return box.top >= 0 && box.bottom <= window.innerHeight;
        }),
      )
      .toBe(true);
    await expect
      .poll(() => dialog.locator('.ant-form-item-explain-error').first().innerText())
      .toBe('请输入正确手机号');
    await page.screenshot({ path: screenshotPath('form-first-error.png') });
    await dialog
      .locator('.ant-modal-footer')
      .getByRole('button', { name: spaced('关闭') })
      .click();
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('a detail shows dictionary texts and people by name, as the list does', async () => {
    await page.goto(`${h.baseUrl}/system/announcement`);
    const row = page.locator('.zj-list .ant-table-row', { hasText: '年度总结大会通知' });
    await row.getByRole('button', { name: spaced('详情') }).click();
    const detail = page.locator('.zj-detail-modal');
    const value = (label: string) =>
      detail
        .locator('.ant-descriptions-item-label', { hasText: new RegExp(`^${label}$`) })
        .locator('xpath=following-sibling::td[1]');
    await expect.poll(() => value('优先级').innerText()).toMatch(/^[低中高]$/);
    await expect.poll(() => value('创建人').innerText()).toBe('管理员');
    // The modal zooms in: the picture is taken once its animations ended.
    await expect.poll(() => detail.evaluate((el) => el.getAnimations({ subtree: true }).length)).toBe(0);
    await page.screenshot({ path: screenshotPath('announcement-detail.png') });
    await detail
      .locator('.ant-modal-footer')
      .getByRole('button', { name: spaced('关闭') })
      .click();
  });

  it('督办 shows whole dates, people by name and no record ids', async () => {
    await page.goto(`${h.baseUrl}/message/supervise`);
    await page.locator('.zj-list .ant-table-row').first().waitFor();
    const cells = await page.locator('.zj-list .ant-table-tbody td').allInnerTexts();
    expect(cells.filter((t) => /^[0-9a-f]{32}$/.test(t.trim()))).toEqual([]);
    expect(
      cells.filter((t) => /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(t.trim())).length,
    ).toBeGreaterThan(0);
    expect(cells.filter((t) => /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:?$/.test(t.trim()))).toEqual([]);
    await page.screenshot({ path: screenshotPath('supervise-list.png') });
  });
});
