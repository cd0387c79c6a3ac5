import type { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GridSyncHub, type GridConnection } from '../../server/grid-sync/hub.js';
import { createTestContext, type TestContext } from './helpers.js';
import { settle, signIn, type Caller } from './notice-support.js';
import { gridUrl, letStaffReadCustomers, openGrid, updates, type GridClient } from './grid-sync-support.js';

let ctx: TestContext;
let base: string;
let admin: Caller;
let chenjing: Caller;
const open: GridClient[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  await letStaffReadCustomers(ctx.database.db);
  [admin, chenjing] = await Promise.all(['admin', 'chenjing'].map((u) => signIn(ctx, u)));
});
afterAll(async () => {
  for (const client of open) client.close();
  await ctx.app.close();
  await ctx.database.db.destroy();
  await settle(300);
  await ctx.close();
});

async function grid(who: Caller, pageId: string, table: string): Promise<GridClient> {
  const client = await openGrid(gridUrl(base, who.userId, pageId, table), who.token);
  open.push(client);
  return client;
}

async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  const res = await ctx.call<{ records: { id: string; name?: string; templateCode?: string }[] }>({
    method,
    url: `/api${url}`,
    headers: admin.headers,
    ...(payload ? { payload } : {}),
  });
  return res.body;
}

/** Adds a row and answers its id (found by a unique value). */
async function addRow(path: string, body: Record<string, string>, find: string): Promise<string> {
  expect(await call('POST', `${path}/add`, body)).toMatchObject({ success: true });
  return (await call('GET', `${path}/list?${find}`)).result!.records[0].id;
}
const customer = (code: string) => addRow('/sys/customer', { name: `客户${code}`, code }, `code=${code}`);

describe('entity API writes reach the grids showing the table', () => {
  it('an edit tells the row id and changed field names, never values; the editor hears it too', async () => {
    const staff = await grid(chenjing, 'cj-customers', 'customer');
    const editor = await grid(admin, 'admin-customers', 'customer');
    const id = await customer('SYNC10');
    expect(await call('PUT', '/sys/customer/edit', { id, remark: '实时同步' })).toMatchObject({
      success: true,
    });
    const seen = await staff.next((m) => m.type === 'update-table' && m.data.ids?.[0] === id);
    expect(seen.data).toMatchObject({ table: 'customer', action: 'edit', ids: [id], origin: null });
    expect(seen.data.fields).toContain('remark');
    expect(seen.data.fields).toContain('updateTime');
    expect(seen.data).not.toHaveProperty('values');
    // The page that saved through the API reads the row again like everyone else.
    expect(await editor.next((m) => m.data.action === 'edit' && m.data.ids?.[0] === id)).toEqual(seen);
  });

  it('a refused write tells nobody', async () => {
    const staff = await grid(chenjing, 'cj-refused', 'customer');
    const id = await customer('SYNC11');
    await settle();
    const res = await call('PUT', '/sys/customer/edit', { id: 'no-such-row', remark: 'x' });
    expect(res.success).toBe(false);
    await settle();
    expect(updates(staff).filter((m) => m.data.ids?.includes('no-such-row'))).toEqual([]);
    expect(updates(staff).filter((m) => m.data.action === 'edit' || m.data.ids?.includes(id))).toEqual([]);
  });

  it('add asks for a reload, delete names the rows really gone, a transition its state field', async () => {
    const staff = await grid(chenjing, 'cj-writes', 'customer');
    const added = await call('POST', '/sys/customer/add', { name: '同步客户', code: 'SYNC01' });
    expect(added.success).toBe(true);
    expect((await staff.next((m) => m.data.action === 'add')).data).toMatchObject({ ids: [], fields: [] });
    const list = await call('GET', '/sys/customer/list?name=同步客户');
    const id = list.result!.records[0].id;
    await call('DELETE', `/sys/customer/deleteBatch?ids=${id},not-a-row,`);
    // Ids that name no live row after the delete; one the caller's scope kept would not be named.
    const gone = await staff.next((m) => m.data.action === 'delete');
    expect(gone.data.ids).toContain(id);

    const scenes = await grid(admin, 'admin-scenes', 'scene');
    const scene = await addRow('/sys/scene', { name: '同步场景', code: 'SYNC20' }, 'code=SYNC20');
    expect(await call('DELETE', `/sys/scene/startUseById?id=${scene}`)).toMatchObject({ success: true });
    const changed = await scenes.next((m) => m.data.action === 'edit' && m.data.ids?.[0] === scene);
    expect(changed.data).toMatchObject({ table: 'scene', origin: null });
    expect(changed.data.fields?.[0]).toBe('status');
  });

  it("a parent's save tells its children's tables which rows it added, edited and deleted", async () => {
    const tasks = await grid(admin, 'admin-plan-tasks', 'planTask');
    const plan = { planName: '同步计划', startDate: '2026-12-01', endDate: '2026-12-31' };
    const added = await call('POST', '/plan/projectPlan/add', {
      ...plan,
      planTask: { added: [{ taskName: '甲' }, { taskName: '乙' }] },
    });
    expect(added).toMatchObject({ success: true });
    expect((await tasks.next((m) => m.data.action === 'add')).data).toMatchObject({ table: 'planTask' });
    const planId = (await call('GET', '/plan/projectPlan/list?planName=同步计划')).result!.records[0].id;
    const saved = (
      await ctx.call<{ planTask: { id: string; taskName: string; rowVersion: number }[] }>({
        method: 'GET',
        url: `/api/plan/projectPlan/queryById?id=${planId}`,
        headers: admin.headers,
      })
    ).body.result!.planTask;
    const [first, second] = saved;
    const edit = await call('PUT', '/plan/projectPlan/edit', {
      id: planId,
      planTask: {
        edited: [{ id: first.id, rowVersion: first.rowVersion, taskName: '甲改' }],
        deletedIds: [second.id],
      },
    });
    expect(edit).toMatchObject({ success: true });
    const edited = await tasks.next((m) => m.data.action === 'edit' && m.data.ids?.[0] === first.id);
    expect(edited.data).toMatchObject({ table: 'planTask', ids: [first.id], origin: null });
    expect(edited.data.fields).toEqual(expect.arrayContaining(['taskName', 'rowVersion']));
    expect(edited.data).not.toHaveProperty('values');
    const gone = await tasks.next((m) => m.data.action === 'delete');
    expect(gone.data).toMatchObject({ table: 'planTask', ids: [second.id] });
  });

  it('a table with a list permission: its holders hear changes, the socket of anyone else is refused', async () => {
    const holder = await grid(admin, 'admin-templates', 'messageTemplate');
    const id = await addRow(
      '/sys/message/sysMessageTemplate',
      { templateCode: 'sync01', templateName: '模板', templateType: '1', templateContent: '内容' },
      'templateCode=sync01',
    );
    const res = await call('PUT', '/sys/message/sysMessageTemplate/edit', { id, templateName: '同步模板' });
    expect(res).toMatchObject({ success: true });
    const seen = await holder.next((m) => m.data.action === 'edit');
    expect(seen.data).toMatchObject({ table: 'messageTemplate', ids: [id] });
    expect(seen.data.fields).toContain('templateName');
  });
});

describe('delivery checks the list permission of each receiver', () => {
  const fakeSocket = () => {
    const sent: string[] = [];
    const socket = { OPEN: 1, readyState: 1, bufferedAmount: 0, send: (t: string) => sent.push(t) };
    return { sent, socket: socket as unknown as WebSocket };
  };
  const conn = (userId: string, socket: WebSocket, tenantId = 1): GridConnection => ({
    id: `${userId}-conn`,
    socket,
    userId,
    tokenHash: 'h',
    pageId: `${userId}-page`,
    table: 'messageTemplate',
    tenantId,
    alive: true,
    frames: 0,
  });

  it('a receiver whose grant is gone, or in another tenant, gets nothing', async () => {
    const hub = new GridSyncHub(async (userId) => userId === 'allowed');
    const [allowed, revoked, otherTenant] = [fakeSocket(), fakeSocket(), fakeSocket()];
    hub.add(conn('allowed', allowed.socket));
    hub.add(conn('revoked', revoked.socket));
    hub.add({ ...conn('allowed', otherTenant.socket, 2), id: 'x', pageId: 'p2' });
    const update = {
      table: 'messageTemplate',
      action: 'edit' as const,
      ids: ['r1'],
      fields: ['x'],
      origin: null,
    };
    await hub.deliver({ kind: 'table', tenantId: 1, update });
    expect(allowed.sent).toHaveLength(1);
    expect(revoked.sent).toEqual([]);
    expect(otherTenant.sent).toEqual([]);
  });
});
