/** /sys/scene, declared as JSON only: CRUD, start / stop use over DELETE (the contract's paths), permissions. */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissionsChanged } from '../../server/auth/permission-codes.js';
import { roleId } from '../../server/db/seed/organisation.js';
import { createEntityContext, type EntityTestContext, type Page } from './entity-helpers.js';

let ctx: EntityTestContext;
let id: string;
beforeAll(async () => {
  ctx = await createEntityContext();
  expect(
    await ctx.send('POST', '/sys/scene/add', { name: '一号会议室', code: 'S01', capacity: 20 }),
  ).toMatchObject({
    success: true,
  });
  id = (await ctx.get<Page<{ id: string }>>('/sys/scene/list?code=S01')).result!.records[0].id;
});
afterAll(() => ctx.close());

const status = async () =>
  (await ctx.get<{ status: string; status_dictText: string }>(`/sys/scene/queryById?id=${id}`)).result!;

describe('/sys/scene', () => {
  it('starts unused; the status is not written from a body', async () => {
    expect(await status()).toMatchObject({ status: '0', status_dictText: '未启用' });
    await ctx.send('PUT', '/sys/scene/edit', { id, status: '1', name: '一号会议室' });
    expect((await status()).status).toBe('0');
  });

  it('starts and stops use with DELETE startUseById?id / stopUseById?id, from the allowed states only', async () => {
    expect(await ctx.send('DELETE', `/sys/scene/startUseById?id=${id}`)).toMatchObject({
      success: true,
      message: '已启用！',
    });
    expect(await status()).toMatchObject({ status: '1', status_dictText: '已启用' });
    expect(await ctx.send('DELETE', `/sys/scene/startUseById?id=${id}`)).toMatchObject({
      success: false,
      message: '当前状态不允许启用',
    });
    expect(await ctx.send('DELETE', `/sys/scene/stopUseById?id=${id}`)).toMatchObject({ success: true });
    expect((await status()).status).toBe('0');
  });

  it('validates with the declared rules', async () => {
    expect(await ctx.send('POST', '/sys/scene/add', { name: 'x', code: 'S01' })).toMatchObject({
      success: false,
      message: '场景编码：该值不可用，系统中已存在！',
    });
    const big = await ctx.send('POST', '/sys/scene/add', { name: 'x', code: 'S02', capacity: 0 });
    expect(big.success).toBe(false);
  });

  it('a staff account reads nothing until given 查看场景, then may list but not start, edit, delete or export', async () => {
    // 场景列表 is the managers' screen: reads are denied by default, not open to every signed-in user.
    expect(await ctx.get('/sys/scene/list', ctx.staffToken)).toMatchObject({ success: false, code: 510 });
    expect(await ctx.get(`/sys/scene/queryById?id=${id}`, ctx.staffToken)).toMatchObject({ code: 510 });
    await sql`insert into sys_role_permission (role_id, permission_id)
      select ${roleId('staff')}, id from sys_permission where perms = 'scene:list'`.execute(ctx.database.db);
    await permissionsChanged(ctx.database.db, null);
    expect((await ctx.get<Page<unknown>>('/sys/scene/list', ctx.staffToken)).result!.total).toBe(1);
    for (const [method, url] of [
      ['DELETE', `/sys/scene/startUseById?id=${id}`],
      ['PUT', '/sys/scene/edit'],
      ['DELETE', `/sys/scene/delete?id=${id}`],
    ] as const) {
      expect(
        await ctx.send(method, url, method === 'PUT' ? { id } : undefined, ctx.staffToken),
      ).toMatchObject({
        code: 510,
      });
    }
    expect((await ctx.get('/sys/scene/exportXls', ctx.staffToken)).code).toBe(510);
  });

  it('hides the capacity column (a seeded field rule) from everyone but admin', async () => {
    const staffRow = (await ctx.get<Page<Record<string, unknown>>>('/sys/scene/list', ctx.staffToken)).result!
      .records[0];
    expect(staffRow).not.toHaveProperty('capacity');
    expect(staffRow).toHaveProperty('name');
    const adminRow = (await ctx.get<Page<Record<string, unknown>>>('/sys/scene/list')).result!.records[0];
    expect(adminRow).toMatchObject({ capacity: 20 });
  });

  it('deletes with scene:delete', async () => {
    expect(await ctx.send('DELETE', `/sys/scene/delete?id=${id}`)).toMatchObject({ success: true });
  });
});
