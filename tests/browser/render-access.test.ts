/**
 * What the declared list shows to whom: a code 510 answer as a warning, and a staff account
 * without customer:add never sees 新增 / 批量删除.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menuId } from '../../server/db/seed/menus.js';
import { roleId } from '../../server/db/seed/organisation.js';
import { ADMIN_PASSWORD, errorsOf, signIn, STAFF_PASSWORD, startHarness, type Harness } from './harness';

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});

afterAll(async () => {
  await h?.close();
});

/** antd may put a space between the two characters of a label; icons add their own name. */
const spaced = (label: string) => new RegExp([...label].join('\\s*'));

describe('list answers', () => {
  it('shows a code 510 answer as a warning with its message', async () => {
    const warned = await h.newPage();
    await signIn(warned, h.baseUrl, {
      username: 'admin',
      password: ADMIN_PASSWORD,
      tenant: '智慧接待示范单位',
    });
    await warned.route('**/api/sys/customer/list**', (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({
          success: true,
          code: 510,
          message: '数据量过大，请缩小查询范围',
          result: { records: [], total: 0, size: 10, current: 1, pages: 0 },
          timestamp: Date.now(),
        }),
      }),
    );
    await warned.goto(`${h.baseUrl}/customer/list`);
    await warned.locator('.ant-message-warning', { hasText: '数据量过大，请缩小查询范围' }).waitFor();
    await warned.locator('.ant-empty-description', { hasText: '暂无数据' }).waitFor();
  });
});

describe('declared customer list (staff)', () => {
  it('a staff account granted the page does not see 新增', async () => {
    // Staff are not granted 客户管理 by the seed; grant the page (not its buttons) for this test.
    await h.server.database.db
      .insertInto('sysRolePermission')
      .values({ roleId: roleId('staff'), permissionId: menuId('customer.list') })
      .execute();
    const staff = await h.newPage();
    await signIn(staff, h.baseUrl, { username: 'chenjing', password: STAFF_PASSWORD });
    await staff.goto(`${h.baseUrl}/customer/list`);
    await staff.locator('.zj-list .ant-table').waitFor();
    await staff
      .locator('.zj-query-form')
      .getByRole('button', { name: spaced('查询') })
      .waitFor();
    expect(await staff.getByRole('button', { name: '新增' }).count()).toBe(0);
    expect(await staff.getByRole('button', { name: '批量删除' }).count()).toBe(0);
    // Nor 导出 / 导入 (customer:export / customer:import are manager codes); 高级查询 needs none.
    expect(await staff.getByRole('button', { name: spaced('导出') }).count()).toBe(0);
    expect(await staff.getByRole('button', { name: spaced('导入') }).count()).toBe(0);
    await staff.locator('.zj-super-query__open').waitFor();
    expect(errorsOf(staff)).toEqual([]);
  });
});

describe('a field rule hides a column', () => {
  it('容纳人数 (scene:field:capacity, admin only) is a column for admin and absent for a manager', async () => {
    const header = (page: Awaited<ReturnType<Harness['newPage']>>) =>
      page.locator('.zj-list .ant-table-thead th').allInnerTexts();
    const admin = await h.newPage();
    await signIn(admin, h.baseUrl, {
      username: 'admin',
      password: ADMIN_PASSWORD,
      tenant: '智慧接待示范单位',
    });
    await admin.goto(`${h.baseUrl}/scene/list`);
    await admin.locator('.zj-list .ant-table').waitFor();
    await expect.poll(() => header(admin)).toContain('容纳人数');

    const manager = await h.newPage();
    await signIn(manager, h.baseUrl, { username: 'zhangwei', password: STAFF_PASSWORD });
    await manager.goto(`${h.baseUrl}/scene/list`);
    await manager.locator('.zj-list .ant-table').waitFor();
    await expect.poll(() => header(manager)).toContain('场景名称');
    expect(await header(manager)).not.toContain('容纳人数');
    // Nor can the manager read it from the API.
    const token = await manager.evaluate(
      () => JSON.parse(localStorage.getItem('Access-Token') ?? '{}').value,
    );
    const res = await manager.request.get(`${h.baseUrl}/api/sys/scene/list`, {
      headers: { 'X-Access-Token': token },
    });
    const body = (await res.json()) as { result: { records: Record<string, unknown>[] } };
    for (const row of body.result.records) expect(row).not.toHaveProperty('capacity');
    expect(errorsOf(manager)).toEqual([]);
  });
});
