/**
 * Declared state changes on the scene list (schemas/system/scene.json: 启用 from 未启用, 停用 from
 * 已启用, DELETE startUseById / stopUseById): the button asks its confirmation, changes the state,
 * the list refreshes and only the button allowed from the new state remains; a staff account
 * without scene:startUse / scene:stopUse sees neither.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menuId } from '../../server/db/seed/menus.js';
import { roleId } from '../../server/db/seed/organisation.js';
import { errorsOf, signIn, STAFF_PASSWORD, startHarness, type Harness } from './harness';
import { addRows, adminPage, spaced } from './render-list-helpers';

let h: Harness;
let page: Page;

beforeAll(async () => {
  h = await startHarness();
  // The seeded menu still names the hand-made SceneList; the proof shows the declared screen there.
  await h.server.database.db
    .updateTable('sysPermission')
    .set({ component: 'declared/scene' })
    .where('id', '=', menuId('scene.list'))
    .execute();
});

afterAll(async () => {
  await h?.close();
});

const row = (text: string) => page.locator('.zj-list .ant-table-row', { hasText: text });
const toast = (text: string) => page.locator('.ant-message-notice', { hasText: text });

async function confirmPopup(text: string): Promise<void> {
  await page
    .locator('.ant-popconfirm', { hasText: text })
    .getByRole('button', { name: spaced('确定') })
    .click();
}

describe('scene transitions (admin)', () => {
  it('shows 启用 only for a scene that is not in use', async () => {
    page = await adminPage(h);
    await addRows(page, '/sys/scene', [
      { name: '一号会议室', code: 'S001', address: '主楼三层' },
      { name: '接待大厅', code: 'S002', address: '主楼一层' },
    ]);
    await page.goto(`${h.baseUrl}/scene/list`);
    await row('S001').waitFor();
    expect(await row('S001').innerText()).toContain('未启用');
    await row('S001').getByRole('button', { name: '启用' }).waitFor();
    expect(await row('S001').getByRole('button', { name: '停用' }).count()).toBe(0);
  });

  it('启用 asks its confirmation, changes the state and gives way to 停用', async () => {
    await row('S001').getByRole('button', { name: '启用' }).click();
    const changed = page.waitForRequest(
      (r) => r.method() === 'DELETE' && r.url().includes('/sys/scene/startUseById'),
    );
    await confirmPopup('确定启用该场景吗?');
    expect(new URL((await changed).url()).searchParams.get('id')).toBeTruthy();
    await toast('已启用！').waitFor();
    await expect.poll(() => row('S001').innerText()).toContain('已启用');
    await row('S001').getByRole('button', { name: '停用' }).waitFor();
    expect(await row('S001').getByRole('button', { name: '启用' }).count()).toBe(0);
    // The other row kept its state and its button.
    expect(await row('S002').innerText()).toContain('未启用');
    await row('S002').getByRole('button', { name: '启用' }).waitFor();
  });

  it('停用 brings the scene back', async () => {
    await row('S001').getByRole('button', { name: '停用' }).click();
    await confirmPopup('确定停用该场景吗?');
    await toast('已停用！').waitFor();
    await expect.poll(() => row('S001').innerText()).toContain('未启用');
    await row('S001').getByRole('button', { name: '启用' }).waitFor();
    expect(await row('S001').getByRole('button', { name: '停用' }).count()).toBe(0);
    expect(errorsOf(page)).toEqual([]);
  });
});

describe('scene transitions (staff)', () => {
  it('a staff account without the permissions sees no 启用 / 停用', async () => {
    const db = h.server.database.db;
    const read = await db
      .selectFrom('sysPermission')
      .select('id')
      .where('perms', '=', 'scene:list')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('sysRolePermission')
      .values([
        // The page and its group (staff sees nothing else under 场景管理) and reading its rows
        // (查看场景), not its other buttons.
        { roleId: roleId('staff'), permissionId: menuId('scene') },
        { roleId: roleId('staff'), permissionId: menuId('scene.list') },
        { roleId: roleId('staff'), permissionId: read.id },
      ])
      .execute();
    page = await h.newPage();
    page.setDefaultTimeout(10_000);
    await signIn(page, h.baseUrl, { username: 'chenjing', password: STAFF_PASSWORD });
    await page.goto(`${h.baseUrl}/scene/list`);
    await row('S001').waitFor();
    await row('S002').getByRole('button', { name: '详情' }).waitFor();
    expect(await page.locator('.zj-list').getByRole('button', { name: '启用' }).count()).toBe(0);
    expect(await page.locator('.zj-list').getByRole('button', { name: '停用' }).count()).toBe(0);
    expect(errorsOf(page)).toEqual([]);
  });
});
