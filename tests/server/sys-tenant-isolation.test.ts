/**
 * "One tenant's data is never visible in another": 通讯录 (schemas/system/mail-list.json) is a
 * tenantScoped declaration; every generated call and the hand-written queryAll / addProjectMail
 * see only the tenant the client's tenant-id header names (none or 0: the user's first tenant), and
 * the header must be one of the user's tenants.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type Page } from './admin-config-helpers.js';
import { createTestContext, DEMO_PASSWORD, TEST_ADMIN_PASSWORD, type TestContext } from './helpers.js';

interface Contact {
  id: string;
  name: string;
  phone: string | null;
}

let ctx: TestContext;
let admin: string;
let staff: string;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.login('admin', TEST_ADMIN_PASSWORD);
  staff = await ctx.login('chenjing', DEMO_PASSWORD);
});
afterAll(() => ctx.close());

const names = async (tenant: number, query = '') =>
  (
    await api<Page<Contact>>(ctx, 'GET', `/sys/mailList/list?pageSize=100${query}`, { token: admin, tenant })
  ).result!.records.map((c) => c.name);
const idOf = async (tenant: number, name: string) =>
  (
    await api<Page<Contact>>(ctx, 'GET', `/sys/mailList/list?name=${encodeURIComponent(name)}`, {
      token: admin,
      tenant,
    })
  ).result!.records[0]?.id;

describe('a tenant-scoped declaration across tenants', () => {
  it('lists only the rows of the tenant the header names', async () => {
    const first = await names(1);
    const second = await names(2);
    expect(first).toContain('周建国');
    expect(first).not.toContain('许明');
    expect(second.sort()).toEqual(['罗芳', '许明']);
    // No tenant chosen (header 0): the user's first tenant, never an empty "tenant 0".
    expect(await names(0)).toEqual(first);
  });

  it('a row added in one tenant stays there', async () => {
    const added = await api(ctx, 'POST', '/sys/mailList/add', {
      token: admin,
      tenant: 2,
      payload: { name: '分部新联系人', phone: '13910029999' },
    });
    expect(added.success).toBe(true);
    expect(await names(2)).toContain('分部新联系人');
    expect(await names(1)).not.toContain('分部新联系人');
    expect(await names(1, '&phone=13910029999')).toEqual([]);
  });

  it('reads, edits and deletes of another tenant’s row find nothing and change nothing', async () => {
    const id = (await idOf(1, '周建国'))!;
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    const asSecond = { token: admin, tenant: 2 };
    expect(await api(ctx, 'GET', `/sys/mailList/queryById?id=${id}`, asSecond)).toMatchObject({
      success: false,
      message: '未找到对应数据',
    });
    expect(
      await api(ctx, 'PUT', '/sys/mailList/edit', { ...asSecond, payload: { id, name: '被改名' } }),
    ).toMatchObject({ success: false });
    expect(await api(ctx, 'DELETE', `/sys/mailList/delete?id=${id}`, asSecond)).toMatchObject({
      success: false,
    });
    expect(await api(ctx, 'DELETE', `/sys/mailList/deleteBatch?ids=${id}`, asSecond)).toMatchObject({
      success: false,
    });
    expect(await idOf(1, '周建国')).toBe(id);
  });

  it('the hand-written calls are scoped the same way', async () => {
    const all = await api<Contact[]>(ctx, 'GET', '/sys/mailList/queryAll', { token: admin, tenant: 2 });
    expect(all.result!.map((c) => c.name)).not.toContain('周建国');
    expect(all.result!.map((c) => c.name)).toContain('许明');
    await api(ctx, 'POST', '/sys/mailList/addProjectMail', {
      token: admin,
      tenant: 2,
      payload: { projectId: 'p2026a', contacts: [{ name: '项目联系人', phone: '13910028888' }] },
    });
    const first = await api<Contact[]>(ctx, 'GET', '/sys/mailList/queryAll?projectId=p2026a', {
      token: admin,
      tenant: 1,
    });
    expect(first.result).toEqual([]);
  });

  it('a header naming a tenant the user does not belong to is refused', async () => {
    const res = await ctx.call({
      method: 'GET',
      url: '/api/sys/mailList/list',
      headers: { 'x-access-token': staff, 'tenant-id': '2' },
    });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('用户租户信息变更,请重新登陆!');
  });
});
