import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TenantMessages } from '../../server/sys/tenant/routes.js';
import { postLogin } from './auth-helpers.js';
import { api, NO_PERMISSION, type Page } from './admin-config-helpers.js';
import { createTestContext, DEMO_PASSWORD, TEST_ADMIN_PASSWORD, type TestContext } from './helpers.js';

interface TenantRow {
  id: number;
  tenantNo: number;
  name: string;
  beginDate: string | null;
  endDate: string | null;
  status: number;
  status_dictText: string;
  createBy: string | null;
  updateBy: string | null;
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

const list = async (query = '') =>
  (await api<Page<TenantRow>>(ctx, 'GET', `/sys/tenant/list${query}`, { token: admin })).result!;
const byName = async (name: string) => (await list(`?name=${encodeURIComponent(name)}`)).records[0];
const add = (payload: Record<string, unknown>, token = admin) =>
  api(ctx, 'POST', '/sys/tenant/add', { token, payload });
const edit = (payload: Record<string, unknown>) =>
  api(ctx, 'PUT', '/sys/tenant/edit', { token: admin, payload });
const remove = (id: number) => api(ctx, 'DELETE', `/sys/tenant/delete?id=${id}`, { token: admin });

describe('list and details', () => {
  it('lists the tenants by number with their status text', async () => {
    const page = await list();
    expect(page.records.map((t) => t.tenantNo)).toEqual([1, 2, 3]);
    expect(page.records[0]).toMatchObject({
      id: 1,
      tenantNo: 1,
      name: '智慧接待示范单位',
      status_dictText: '正常',
    });
    expect(page.records[2]).toMatchObject({ status: 0, status_dictText: '冻结' });
    expect((await list('?status=0')).records.map((t) => t.tenantNo)).toEqual([3]);
    expect((await list('?column=tenantNo&order=desc')).records[0].tenantNo).toBe(3);
  });

  it('answers one tenant; a malformed or unknown number is refused', async () => {
    expect(await api(ctx, 'GET', '/sys/tenant/queryById?id=2', { token: admin })).toMatchObject({
      success: true,
      result: { tenantNo: 2, name: '分支机构' },
    });
    expect(await api(ctx, 'GET', '/sys/tenant/queryById?id=1%20or%201=1', { token: admin })).toMatchObject({
      success: false,
      message: TenantMessages.badId,
    });
    expect(await api(ctx, 'GET', '/sys/tenant/queryById?id=99', { token: admin })).toMatchObject({
      success: false,
      message: TenantMessages.notFound,
    });
  });

  it('lists the users of a tenant (the 用户 view)', async () => {
    const answer = await api<{
      users: { username: string; orgCodeTxt: string; statusText: string }[];
      total: number;
    }>(ctx, 'GET', '/sys/tenant/users?id=2', { token: admin });
    expect(answer.result).toEqual({
      users: [expect.objectContaining({ username: 'admin', orgCodeTxt: '智慧接待中心', statusText: '正常' })],
      total: 1,
    });
    const first = await api<{ users: unknown[]; total: number }>(ctx, 'GET', '/sys/tenant/users?id=1', {
      token: admin,
    });
    expect(first.result!.total).toBeGreaterThan(20);
    expect(first.result!.users).toHaveLength(first.result!.total);
  });

  it('is the admin’s: staff are refused every call', async () => {
    for (const [method, url] of [
      ['GET', '/sys/tenant/list'],
      ['GET', '/sys/tenant/queryById?id=1'],
      ['GET', '/sys/tenant/users?id=1'],
      ['DELETE', '/sys/tenant/delete?id=3'],
    ] as const)
      expect(await api(ctx, method, url, { token: staff })).toMatchObject(NO_PERMISSION);
    expect(await add({ name: '越权租户' }, staff)).toMatchObject(NO_PERMISSION);
  });
});

describe('add and edit', () => {
  it('numbers a new tenant after the highest, normal by default', async () => {
    expect(await add({ name: '华南分部', beginDate: '2026-01-01 00:00:00' })).toMatchObject({
      success: true,
      message: '添加成功！',
    });
    expect(await byName('华南分部')).toMatchObject({
      tenantNo: 4,
      status: 1,
      beginDate: '2026-01-01 00:00:00',
      createBy: 'admin',
    });
  });

  it('refuses a missing name, an unknown status and an end before the beginning', async () => {
    expect((await add({ status: 1 })).success).toBe(false);
    expect(await add({ name: '状态错误', status: 7 })).toMatchObject({ message: TenantMessages.badStatus });
    expect(
      await add({ name: '日期错误', beginDate: '2026-05-01 00:00:00', endDate: '2026-04-01 00:00:00' }),
    ).toMatchObject({ success: false, message: TenantMessages.dates });
    expect((await list('?name=*错误*')).total).toBe(0);
  });

  it('edits a tenant; an end date is checked against the stored beginning', async () => {
    const { id } = await byName('华南分部');
    expect(await edit({ id, name: '华南分部（广州）', status: 0 })).toMatchObject({ success: true });
    expect(await edit({ id, endDate: '2025-12-31 00:00:00' })).toMatchObject({
      message: TenantMessages.dates,
    });
    expect(await byName('华南分部（广州）')).toMatchObject({ status: 0, updateBy: 'admin', endDate: null });
  });

  it('a frozen tenant is no longer offered at sign-in', async () => {
    const before = await postLogin<{ tenantList: { id: number }[] }>(ctx, {
      username: 'admin',
      password: TEST_ADMIN_PASSWORD,
    });
    expect(before.body.result!.tenantList.map((t) => t.id)).toEqual([1, 2]);
    expect((await edit({ id: 2, status: 0 })).success).toBe(true);
    const after = await postLogin<{ tenantList: { id: number }[] }>(ctx, {
      username: 'admin',
      password: TEST_ADMIN_PASSWORD,
    });
    expect(after.body.result!.tenantList.map((t) => t.id)).toEqual([1]);
    await edit({ id: 2, status: 1 });
  });
});

describe('delete', () => {
  it('refuses a tenant that still has users', async () => {
    expect(await remove(2)).toMatchObject({ success: false, message: TenantMessages.hasUsers });
    expect((await list()).records.map((t) => t.tenantNo)).toContain(2);
  });

  it('refuses a tenant whose rows remain in any table', async () => {
    await add({ name: '有数据的租户' });
    const { id } = await byName('有数据的租户');
    await sql`insert into sys_mail_list (id, name, tenant_id) values ('tenantdata0000000000000000000001', '遗留联系人', ${id})`.execute(
      ctx.database.db,
    );
    expect(await remove(id)).toMatchObject({ success: false, message: TenantMessages.hasData });
    await sql`delete from sys_mail_list where tenant_id = ${id}`.execute(ctx.database.db);
    // A session that once chose the tenant is bookkeeping, not the tenant's data.
    await sql`insert into sys_session (token_hash, user_id, tenant_id, last_seen_at, expires_at)
      select ${'f'.repeat(64)}, id, ${id}, now(), now() from sys_user where username = 'admin'`.execute(
      ctx.database.db,
    );
    expect(await remove(id)).toMatchObject({ success: true, message: '删除成功！' });
    expect(await byName('有数据的租户')).toBeUndefined();
  });

  it('a batch with one refused tenant deletes none of them', async () => {
    await add({ name: '待删甲' });
    const { id } = await byName('待删甲');
    expect(await api(ctx, 'DELETE', `/sys/tenant/deleteBatch?ids=${id},1,`, { token: admin })).toMatchObject({
      success: false,
      message: TenantMessages.hasUsers,
    });
    expect(await byName('待删甲')).toBeDefined();
    expect(await api(ctx, 'DELETE', `/sys/tenant/deleteBatch?ids=${id},3`, { token: admin })).toMatchObject({
      success: true,
      message: '批量删除成功！',
    });
    expect((await list()).records.map((t) => t.tenantNo)).not.toContain(3);
  });

  it('refuses an unknown or malformed number', async () => {
    expect(await remove(999)).toMatchObject({ success: false, message: TenantMessages.notFound });
    expect(await api(ctx, 'DELETE', '/sys/tenant/delete?id=0', { token: admin })).toMatchObject({
      message: TenantMessages.badId,
    });
  });
});
