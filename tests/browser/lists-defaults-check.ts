/**
 * The shared defaults every declared list the admin's menu opens is checked for (the sort the request
 * names, the built-in buttons the declaration does not disable, the spec's column widths, query
 * labels that end in a colon before their input, no sideways scroll at 1440 px), so a future
 * declaration gets the same checks. The screens are split between the files that call it
 * (lists-defaults.test.ts, lists-defaults-more.test.ts): one page load per screen, ~2-5 s each on a
 * busy machine, and the two browser workers share them.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { migrateDeclaration } from '../../runtime/model/declaration/migrations';
import { buildEntityModel, type EntityModel } from '../../runtime/model/declaration/model';
import type { Declaration } from '../../runtime/model/declaration/types';
import { entityNameOf } from '../../runtime/render/declarations';
import { screenshotPath, type Harness } from './harness';
import { apiCall, spaced } from './render-list-helpers';
import { coveredColumns, latinWords } from './list-visible-text';
import { unreadableCells } from './readable-text';

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

const models = declarations();

/**
 * Checks screen i of the menu's declared lists for every i with i % parts === part; answers the
 * problems found (empty when all is well).
 */
export async function checkDeclaredLists(
  h: Harness,
  page: Page,
  part: number,
  parts: number,
): Promise<string[]> {
  const answer = await apiCall<{ menu: MenuNode[] }>(page, 'GET', '/sys/permission/getUserPermissionByToken');
  const all = declaredScreens(answer.result.menu);
  expect(all.length).toBeGreaterThanOrEqual(9);
  const screens = all.filter((_, i) => i % parts === part);
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
    if (url.searchParams.get('column') !== expected.field || url.searchParams.get('order') !== expected.order)
      problems.push(
        `${screen.title}: the list call sorts by ${url.searchParams.get('column')} ${url.searchParams.get('order')}`,
      );
    await page.locator('.zj-list .ant-table').waitFor();
    await page
      .locator('.zj-list .ant-spin-spinning')
      .waitFor({ state: 'detached' })
      .catch(() => undefined);
    // Issue 33: people by name and records by title or number in every cell (readable-text.ts).
    problems.push(...(await unreadableCells(page, screen.title, '.zj-list .ant-table')));
    // Issue 33: no English in the interface, no column under the fixed 操作 at 1440 and 1280 px.
    problems.push(...(await latinWords(page, screen.title, '.zj-list')));
    problems.push(...(await coveredColumns(page, screen.title, '.zj-list .ant-table')));
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect
      .poll(() => page.evaluate(() => document.querySelector('.zj-list')?.getBoundingClientRect().width ?? 0))
      .toBeLessThan(1280);
    problems.push(...(await coveredColumns(page, screen.title, '.zj-list .ant-table')));
    await page.setViewportSize({ width: 1440, height: 900 });
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
  return problems;
}
