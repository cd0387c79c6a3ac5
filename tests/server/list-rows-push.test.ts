/**
 * Open lists learn that rows changed (issue 33, item 1): a stored change of a declared entity goes
 * over the notice socket as {cmd: 'rows', msgId: <entity>} to the people who may list that entity,
 * and to nobody else; the message names the entity only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers.js';
import { openSocket, settle, signIn, type Caller, type SocketClient } from './notice-support.js';

let ctx: TestContext;
let base: string;
let admin: Caller;
let chenjing: Caller;

beforeAll(async () => {
  ctx = await createTestContext();
  base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  [admin, chenjing] = await Promise.all(['admin', 'chenjing'].map((u) => signIn(ctx, u)));
});
afterAll(async () => {
  await ctx.app.close();
  await ctx.database.db.destroy();
  await settle(300);
  await ctx.close();
});

describe('rows changed, told to open lists', () => {
  it('reaches the people who may list the entity, names only the entity, and skips the others', async () => {
    const sockets: SocketClient[] = await Promise.all([
      openSocket(base, admin.userId, admin.token),
      openSocket(base, chenjing.userId, chenjing.token),
    ]);
    const [adminSocket, staffSocket] = sockets;
    // chenjing (staff) holds no 客户管理 code: the customer's change must not reach her.
    const refused = await ctx.call({
      method: 'GET',
      url: '/api/sys/customer/list',
      headers: chenjing.headers,
    });
    expect(refused.body.success).toBe(false);
    const added = await ctx.call({
      method: 'POST',
      url: '/api/sys/customer/add',
      headers: admin.headers,
      payload: { name: '华北物流', code: 'RP001', phone: '13900000011' },
    });
    expect(added.body.success).toBe(true);
    const told = await adminSocket.next((m) => m.cmd === 'rows');
    expect(told).toEqual({ cmd: 'rows', msgId: 'customer', msgTxt: '' });
    // A change chenjing may list (her own work item) reaches her after the customer's would have.
    const mine = await ctx.call({
      method: 'POST',
      url: '/api/sys/workItem/add',
      headers: chenjing.headers,
      payload: { title: '整理接待资料', assignee: 'chenjing', deadline: '2026-12-31' },
    });
    expect(mine.body).toMatchObject({ success: true });
    const first = await staffSocket.next((m) => m.cmd === 'rows', 5000);
    expect(first.msgId).toBe('workItem');
    expect(staffSocket.messages.filter((m) => m.cmd === 'rows' && m.msgId === 'customer')).toEqual([]);
    for (const socket of sockets) socket.close();
  });
});
