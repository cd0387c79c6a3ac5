/**
 * The scene fixture (written in schema version 1, migrated at load): transitions, every field
 * type, soft delete, tenant scope, defaults from the signed-in user and a table dictionary.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEntityContext, type EntityTestContext, type Page } from './entity-helpers.js';

interface Scene {
  id: string;
  name: string;
  code: string;
  status: string;
  status_dictText: string;
  capacity: number | null;
  price: number | null;
  openDate: string | null;
  startAt: string | null;
  slot: string | null;
  enabled: string;
  owner: string;
  owner_dictText: string;
}

let ctx: EntityTestContext;
beforeAll(async () => {
  ctx = await createEntityContext({ fixtures: true });
});
afterAll(() => ctx.close());

const add = (body: Record<string, unknown>) => ctx.send('POST', '/demo/scene/add', body);
const find = async (code: string) =>
  (await ctx.get<Page<Scene>>(`/demo/scene/list?code=${code}`)).result!.records[0];

describe('field types round-trip', () => {
  it('stores and answers every type in the contract formats', async () => {
    const res = await add({
      name: '会议室',
      code: 'R1',
      capacity: '30',
      price: 99.5,
      openDate: '2024-05-01',
      startAt: '2024-05-01 09:30:00',
      slot: '09:30:00',
      enabled: 'Y',
    });
    expect(res).toMatchObject({ success: true, message: '添加成功！' });
    expect(await find('R1')).toMatchObject({
      capacity: 30,
      price: 99.5,
      openDate: '2024-05-01',
      startAt: '2024-05-01 09:30:00',
      slot: '09:30:00',
      enabled: 'Y',
      status: '0',
      status_dictText: '无效',
      owner: 'admin',
      owner_dictText: '管理员',
    });
  });

  it('filters typed values: int range, date range, date-time day', async () => {
    await add({
      name: '大厅',
      code: 'R2',
      capacity: 300,
      openDate: '2024-06-01',
      startAt: '2024-06-01 23:59:59',
    });
    const codes = async (q: string) =>
      (await ctx.get<Page<Scene>>(`/demo/scene/list?${q}`)).result!.records.map((r) => r.code).sort();
    expect(await codes('capacity_begin=100')).toEqual(['R2']);
    expect(await codes('capacity=<%2050')).toEqual(['R1']);
    expect(await codes('openDate_begin=2024-05-15&openDate_end=2024-06-30')).toEqual(['R2']);
    expect(await codes('startAt=2024-06-01')).toEqual(['R2']);
    expect(await codes('column=capacity&order=asc')).toEqual(['R1', 'R2']);
    expect(await ctx.get('/demo/scene/list?capacity=many')).toMatchObject({
      success: false,
      message: '容纳人数的查询值必须是整数：many',
    });
  });

  it('refuses values that do not fit the type, with the Chinese messages', async () => {
    expect(await add({ name: 'x', code: 'R9', capacity: 501 })).toMatchObject({
      message: '容纳人数不可以大于500',
    });
    expect(await add({ name: 'x', code: 'R9', capacity: 'ten' })).toMatchObject({
      message: '容纳人数必须是整数',
    });
    expect(await add({ name: 'x', code: 'R9', openDate: '2024-02-30' })).toMatchObject({
      message: '开放日期格式不正确，应为YYYY-MM-DD',
    });
    expect(await add({ name: 'x', code: 'R9', enabled: 'yes' })).toMatchObject({
      message: '对外开放只能是Y或N',
    });
    expect(await add({ name: 'x', code: 'R9', price: -1 })).toMatchObject({ message: '请输入正确的金额' });
    expect(await add({ code: 'R9' })).toMatchObject({ message: '请输入场景名称!' });
  });
});

describe('transitions', () => {
  it('moves the state from an allowed from-state and refuses from any other', async () => {
    const { id } = await find('R1');
    expect(await ctx.send('PUT', `/demo/scene/startUse?id=${id}`)).toMatchObject({
      success: true,
      message: '已启用！',
    });
    expect(await find('R1')).toMatchObject({ status: '1', status_dictText: '有效' });
    expect(await ctx.send('PUT', `/demo/scene/startUse?id=${id}`)).toMatchObject({
      success: false,
      message: '当前状态不允许启用',
    });
    expect(await ctx.send('PUT', '/demo/scene/stopUse', { id })).toMatchObject({
      success: true,
      message: '已停用！',
    });
    expect((await find('R1')).status).toBe('0');
  });

  it('the state field is read-only: an edit cannot jump the state', async () => {
    const { id } = await find('R1');
    expect(await ctx.send('PUT', '/demo/scene/edit', { id, status: '1', name: '会议室A' })).toMatchObject({
      success: true,
    });
    expect(await find('R1')).toMatchObject({ status: '0', name: '会议室A' });
  });

  it('needs the transition permission: staff get 510', async () => {
    const { id } = await find('R1');
    expect(await ctx.send('PUT', `/demo/scene/startUse?id=${id}`, undefined, ctx.staffToken)).toMatchObject({
      code: 510,
    });
    expect((await find('R1')).status).toBe('0');
  });
});

describe('soft delete and tenant scope', () => {
  it('a deleted row is hidden but kept with del_flag 1', async () => {
    const { id } = await find('R2');
    expect(await ctx.send('DELETE', `/demo/scene/delete?id=${id}`)).toMatchObject({ success: true });
    expect(await find('R2')).toBeUndefined();
    const rows = await sql<{ delFlag: number }>`select del_flag from demo_scene where id = ${id}`.execute(
      ctx.database.db,
    );
    expect(rows.rows).toEqual([{ delFlag: 1 }]);
    // Its unique code is free again.
    expect(await add({ name: '新大厅', code: 'R2' })).toMatchObject({ success: true });
  });

  it('rows belong to the caller tenant: another tenant neither sees nor changes them', async () => {
    const call = (method: 'GET' | 'POST' | 'DELETE', url: string, tenant: string, payload?: object) =>
      ctx.call<Page<Scene>>({
        method,
        url: `/api${url}`,
        headers: { 'x-access-token': ctx.adminToken, 'tenant-id': tenant },
        payload,
      });
    expect((await call('POST', '/demo/scene/add', '1', { name: '租户一', code: 'T1' })).body.success).toBe(
      true,
    );
    const mine = (await call('GET', '/demo/scene/list?code=T1', '1')).body.result!.records;
    expect(mine).toHaveLength(1);
    expect((await call('GET', '/demo/scene/list?code=T1', '2')).body.result!.records).toEqual([]);
    expect((await call('DELETE', `/demo/scene/delete?id=${mine[0].id}`, '2')).body).toMatchObject({
      success: false,
      message: '未找到对应数据',
    });
    expect((await call('GET', '/demo/scene/list?code=T1', '1')).body.result!.records).toHaveLength(1);
  });
});

describe('declared defaults', () => {
  it('fill what an add leaves out, and never replace what it sends (the add form shows them first)', async () => {
    expect(await add({ name: '接待厅', code: 'R5', owner: 'zhangwei', status: '1' })).toMatchObject({
      success: true,
    });
    // status is read-only (a transition moves it): its default holds whatever the body says.
    expect(await find('R5')).toMatchObject({ owner: 'zhangwei', status: '0', enabled: 'N' });
  });
});
