import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers.js';
import { refusedStatus, settle, signIn, type Caller } from './notice-support.js';
import { gridUrl, letStaffReadCustomers, openGrid, updates, type GridClient } from './grid-sync-support.js';

let ctx: TestContext;
let base: string;
let admin: Caller;
let zhaolei: Caller;
let chenjing: Caller;
let zhangwei: Caller;
const open: GridClient[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  await letStaffReadCustomers(ctx.database.db);
  [admin, zhaolei, chenjing, zhangwei] = await Promise.all(
    ['admin', 'zhaolei', 'chenjing', 'zhangwei'].map((u) => signIn(ctx, u)),
  );
});
afterAll(async () => {
  for (const client of open) client.close();
  await ctx.app.close();
  await ctx.database.db.destroy();
  await settle(300);
  await ctx.close();
});

/** A customer saved through the API (as admin); answers its id. */
async function addCustomer(code: string, name: string): Promise<string> {
  const add = await ctx.call({
    method: 'POST',
    url: '/api/sys/customer/add',
    headers: admin.headers,
    payload: { name, code },
  });
  expect(add.body).toMatchObject({ success: true });
  const list = await ctx.call<{ records: { id: string }[] }>({
    method: 'GET',
    url: `/api/sys/customer/list?code=${code}`,
    headers: admin.headers,
  });
  return list.body.result!.records[0].id;
}

async function grid(who: Caller, pageId: string, table = 'customer'): Promise<GridClient> {
  const client = await openGrid(gridUrl(base, who.userId, pageId, table), who.token);
  open.push(client);
  return client;
}

describe('the table socket handshake', () => {
  it('is authenticated like the notice socket, then deny by default on table and tenant', async () => {
    const url = (id: string, table = 'customer', tenant = '1') => gridUrl(base, id, 'page1', table, tenant);
    expect(await refusedStatus(url(zhaolei.userId))).toBe(401);
    expect(await refusedStatus(url(zhaolei.userId), ['not-a-token'])).toBe(401);
    // Someone else's userId in the path: no listening in on their pages.
    expect(await refusedStatus(url(chenjing.userId), [zhaolei.token])).toBe(403);
    expect(await refusedStatus(`${url(zhaolei.userId)}&token=${zhaolei.token}`)).toBe(401);
    expect(await refusedStatus(url(zhaolei.userId), [zhaolei.token], 'https://evil.example')).toBe(403);
    // A table that is no declared entity, one the user may not list, a tenant not theirs, a bad page id.
    expect(await refusedStatus(url(zhaolei.userId, 'noSuchTable'), [zhaolei.token])).toBe(403);
    expect(await refusedStatus(url(chenjing.userId, 'messageTemplate'), [chenjing.token])).toBe(403);
    expect(await refusedStatus(url(zhaolei.userId, 'customer', '99'), [zhaolei.token])).toBe(403);
    expect(
      await refusedStatus(gridUrl(base, zhaolei.userId, 'bad%20page', 'customer'), [zhaolei.token]),
    ).toBe(400);
  });

  it('echoes the token sub-protocol and answers every heartbeat', async () => {
    const client = await grid(zhaolei, 'hb-page');
    expect(client.socket.protocol).toBe(zhaolei.token);
    client.send({ type: 'heartbeat', data: null });
    expect(await client.next()).toEqual({ type: 'heartbeat', data: 'pong' });
    client.send({ type: 'heartbeat' });
    await settle(200);
    expect(client.messages.filter((m) => m.type === 'heartbeat')).toHaveLength(2);
  });
});

describe('messages between grids', () => {
  it("a forged update-table never reaches another grid; B hears the server's change and reads the stored row", async () => {
    const id = await addCustomer('FORGE1', '真实客户');
    const other = await addCustomer('FORGE2', '另一客户');
    // zhangwei (manager) holds customer:edit: even an editor's frame is a claim, not a stored change.
    const forger = await grid(zhangwei, 'zw-forge');
    const forgerTab = await grid(zhangwei, 'zw-forge-tab');
    const viewer = await grid(chenjing, 'cj-view');
    const forged = { name: '伪造标题', level: '伪造状态' };
    forger.send({ type: 'update-table', data: { id, values: forged } });
    // Shaped like the server's own frame, values and all.
    const claim = { table: 'customer', action: 'edit', ids: [id], fields: ['name', 'level'] };
    forger.send({ type: 'update-table', data: { ...claim, values: forged, origin: null } });
    forger.send({ type: 'update-table', data: { ...claim, values: forged, origin: 'zw-forge' } });
    forger.send({ type: 'heartbeat' });
    // The pong comes after the server handled the frames before it; the socket stays open.
    expect(await forger.next((m) => m.type === 'heartbeat')).toEqual({ type: 'heartbeat', data: 'pong' });

    // A real save afterwards: the first change B hears is the server's, carrying ids and names only.
    const saved = await ctx.call({
      method: 'PUT',
      url: '/api/sys/customer/edit',
      headers: admin.headers,
      payload: { id, remark: '真实备注' },
    });
    expect(saved.body).toMatchObject({ success: true });
    const heard = await viewer.next((m) => m.type === 'update-table' && m.data.action === 'edit');
    expect(heard.data).toEqual({
      table: 'customer',
      action: 'edit',
      ids: [id],
      fields: expect.arrayContaining(['remark']) as string[],
      origin: null,
    });
    await forgerTab.next((m) => m.data.action === 'edit' && m.data.ids?.[0] === id);
    for (const client of [viewer, forgerTab, forger])
      expect(JSON.stringify(client.messages)).not.toContain('伪造');
    expect(updates(viewer).filter((m) => m.data.action === 'edit')).toHaveLength(1);

    // B re-reads as B, several rows in one call as its grid does (list with id=a,b): the stored rows.
    const read = await ctx.call<{ records: Record<string, unknown>[] }>({
      method: 'GET',
      url: `/api/sys/customer/list?id=${id},${other}&pageSize=2`,
      headers: chenjing.headers,
    });
    const rows = read.body.result!.records;
    expect(rows.find((r) => r.id === id)).toMatchObject({ name: '真实客户', remark: '真实备注' });
    expect(rows.find((r) => r.id === other)).toMatchObject({ name: '另一客户' });
    expect(JSON.stringify(rows)).not.toContain('伪造');
  });

  it('common-send-data goes to the other sockets of the same page only', async () => {
    const a = await grid(zhaolei, 'shared-page');
    const b = await grid(zhaolei, 'shared-page', 'mailList');
    const elsewhere = await grid(zhaolei, 'another-page');
    a.send({ type: 'common-send-data', data: { key: 'reload', args: { from: 'a' } } });
    expect(await b.next((m) => m.type === 'common-send-data')).toEqual({
      type: 'common-send-data',
      data: { key: 'reload', args: { from: 'a' } },
    });
    await settle();
    expect(a.messages.filter((m) => m.type === 'common-send-data')).toEqual([]);
    expect(elsewhere.messages.filter((m) => m.type === 'common-send-data')).toEqual([]);
  });

  it('ignores frames that are not the protocol and closes a socket that floods', async () => {
    const client = await grid(admin, 'flood');
    client.socket.send('not json');
    client.send({ type: 'update-table', data: { id: '../x', values: {} } });
    client.send({ type: 'no-such-type', data: {} });
    client.send({ type: 'heartbeat' });
    expect(await client.next()).toEqual({ type: 'heartbeat', data: 'pong' });
    const closed = new Promise<number>((resolve) => client.socket.once('close', (code) => resolve(code)));
    for (let i = 0; i < 130; i++) client.socket.send('x');
    expect(await closed).toBe(1008);
  });
});
