/**
 * Field permissions on the scene fixture: price is guarded by a type-1 rule (hidden) and capacity
 * by a type-2 rule (disabled). Admin holds both codes; the staff account holds neither but may
 * edit scenes. A rule switched off (status '0') restricts nobody.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roleId } from '../../server/db/seed/organisation.js';
import { createEntityContext, type EntityTestContext, type Page } from './entity-helpers.js';

let ctx: EntityTestContext;
let sceneId: string;

async function permissionRow(id: string, perms: string, type: string, roles: string[]) {
  const db = ctx.database.db;
  await sql`insert into sys_permission (id, name, menu_type, perms, perms_type, status)
    values (${id}, ${perms}, 2, ${perms}, ${type}, '1')`.execute(db);
  for (const role of roles)
    await sql`insert into sys_role_permission (role_id, permission_id) values (${roleId(role)}, ${id})`.execute(
      db,
    );
}

beforeAll(async () => {
  ctx = await createEntityContext({ fixtures: true });
  await permissionRow('fp_price', 'demoScene:price', '1', ['admin']);
  await permissionRow('fp_capacity', 'demoScene:capacity', '2', ['admin']);
  // The staff account may read, add and edit scenes (the fixture uses scene:add for both writes).
  await sql`insert into sys_role_permission (role_id, permission_id)
    select ${roleId('staff')}, id from sys_permission where perms in ('scene:add', 'scene:list')`.execute(
    ctx.database.db,
  );
  await ctx.send('POST', '/demo/scene/add', { name: '会议室', code: 'FP1', capacity: 30, price: 99.5 });
  const page = await ctx.get<Page<{ id: string }>>('/demo/scene/list?code=FP1');
  sceneId = page.result!.records[0].id;
});
afterAll(() => ctx.close());

type Scene = Record<string, unknown>;
const list = (token: string, q = 'code=FP1') => ctx.get<Page<Scene>>(`/demo/scene/list?${q}`, token);

describe('type 1: hidden', () => {
  it('answers the field to a holder and removes it for everyone else', async () => {
    expect((await list(ctx.adminToken)).result!.records[0]).toMatchObject({ price: 99.5 });
    const staffRow = (await list(ctx.staffToken)).result!.records[0];
    expect(staffRow).not.toHaveProperty('price');
    expect(staffRow).toMatchObject({ capacity: 30 });
    const byId = await ctx.get<Scene>(`/demo/scene/queryById?id=${sceneId}`, ctx.staffToken);
    expect(byId.result).not.toHaveProperty('price');
  });

  it('cannot be probed by filter or sort', async () => {
    const filtered = await list(ctx.staffToken, 'price=99.5');
    expect(filtered.success).toBe(false);
    const sorted = await list(ctx.staffToken, 'column=price&order=asc');
    expect(sorted.success).toBe(false);
    expect((await list(ctx.adminToken, 'price=99.5')).result!.total).toBe(1);
  });

  it('is refused on write, even with the stored value', async () => {
    for (const price of [99.5, 1]) {
      const res = await ctx.send('PUT', '/demo/scene/edit', { id: sceneId, price }, ctx.staffToken);
      expect(res).toMatchObject({ success: false, message: '不允许修改字段：价格' });
    }
    const add = await ctx.send(
      'POST',
      '/demo/scene/add',
      { name: 'x', code: 'FP2', price: 1 },
      ctx.staffToken,
    );
    expect(add).toMatchObject({ success: false, message: '不允许修改字段：价格' });
  });
});

describe('type 2: disabled', () => {
  it('accepts the loaded value echoed back and refuses a change', async () => {
    const echo = await ctx.send(
      'PUT',
      '/demo/scene/edit',
      { id: sceneId, name: '大会议室', capacity: 30 },
      ctx.staffToken,
    );
    expect(echo).toMatchObject({ success: true });
    const change = await ctx.send('PUT', '/demo/scene/edit', { id: sceneId, capacity: 40 }, ctx.staffToken);
    expect(change).toMatchObject({ success: false, message: '不允许修改字段：容纳人数' });
    const row = (await list(ctx.adminToken)).result!.records[0];
    expect(row).toMatchObject({ name: '大会议室', capacity: 30 });
  });

  it('lets the holder write it', async () => {
    const res = await ctx.send('PUT', '/demo/scene/edit', { id: sceneId, capacity: 40 });
    expect(res).toMatchObject({ success: true });
  });

  it('refuses a value on add, accepts an empty one', async () => {
    const bad = await ctx.send(
      'POST',
      '/demo/scene/add',
      { name: 'y', code: 'FP3', capacity: 5 },
      ctx.staffToken,
    );
    expect(bad).toMatchObject({ success: false, message: '不允许修改字段：容纳人数' });
    const good = await ctx.send(
      'POST',
      '/demo/scene/add',
      { name: 'y', code: 'FP3', capacity: '' },
      ctx.staffToken,
    );
    expect(good).toMatchObject({ success: true });
  });
});

describe('inactive rules and unknown fields', () => {
  it('a rule with status 0 restricts nobody', async () => {
    await sql`update sys_permission set status = '0' where id = 'fp_price'`.execute(ctx.database.db);
    expect((await list(ctx.staffToken)).result!.records[0]).toMatchObject({ price: 99.5 });
    await sql`update sys_permission set status = '1' where id = 'fp_price'`.execute(ctx.database.db);
  });

  it('an unknown field is refused by name, never stored', async () => {
    const res = await ctx.send('PUT', '/demo/scene/edit', { id: sceneId, secret: 'x' }, ctx.staffToken);
    expect(res).toMatchObject({ success: false, message: '未知字段：secret' });
  });
});
