import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers.js';
import { refusedStatus, settle, signIn, type Caller } from './notice-support.js';
import { gridUrl, openGrid, updates, type GridClient } from './grid-sync-support.js';

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
  it('relays update-table to the other instances of the table, never back to the sender', async () => {
    // zhangwei (manager) holds customer:edit; his other tab is another instance and hears it.
    const sender = await grid(zhangwei, 'zw-page');
    const samePageOtherTable = await grid(zhangwei, 'zw-page', 'mailList');
    const other = await grid(chenjing, 'cj-page');
    const otherTab = await grid(zhangwei, 'zw-tab2');
    sender.send({ type: 'update-table', data: { id: 'row-1', values: { name: '新名称', bogus: 1 } } });
    const expected = {
      type: 'update-table',
      data: {
        table: 'customer',
        action: 'edit',
        ids: ['row-1'],
        fields: ['name'],
        values: { name: '新名称' },
        origin: 'zw-page',
      },
    };
    expect(await other.next((m) => m.type === 'update-table')).toEqual(expected);
    expect(await otherTab.next((m) => m.type === 'update-table')).toEqual(expected);
    await settle();
    expect(updates(sender)).toEqual([]);
    expect(updates(samePageOtherTable)).toEqual([]);
  });

  it('a user who may not edit the table sends no row changes to others', async () => {
    // chenjing (staff) holds no customer:edit.
    const staff = await grid(chenjing, 'cj-edit');
    const watcher = await grid(zhaolei, 'zl-watch');
    staff.send({ type: 'update-table', data: { id: 'row-2', values: { name: '伪造' } } });
    await settle();
    expect(updates(watcher).filter((m) => m.data.ids?.includes('row-2'))).toEqual([]);
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
    client.send({ type: 'heartbeat' });
    expect(await client.next()).toEqual({ type: 'heartbeat', data: 'pong' });
    const closed = new Promise<number>((resolve) => client.socket.once('close', (code) => resolve(code)));
    for (let i = 0; i < 130; i++) client.socket.send('x');
    expect(await closed).toBe(1008);
  });
});
