import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../server/auth/sessions.js';
import { sessionAlive } from '../../server/notice/socket-auth.js';
import { createTestContext, type TestContext } from './helpers.js';
import { openSocket, refusedStatus, settle, signIn, userId, type Caller } from './notice-support.js';

let ctx: TestContext;
let base: string;
let admin: Caller;
let zhaolei: Caller;
let chenjing: Caller;
let zhangwei: Caller;

beforeAll(async () => {
  ctx = await createTestContext();
  base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  [admin, zhaolei, chenjing, zhangwei] = await Promise.all(
    ['admin', 'zhaolei', 'chenjing', 'zhangwei'].map((u) => signIn(ctx, u)),
  );
});
afterAll(async () => {
  // pg's pool.end() resolves before its connections have finished closing; on PostgreSQL the helper's
  // `drop database ... with (force)` can then kill one mid-close (FATAL 57P01 as an unhandled error).
  // Closing the pool first and letting the connections go avoids that race.
  await ctx.app.close();
  await ctx.database.db.destroy();
  await settle(300);
  await ctx.close();
});

const wsUrl = (id: string, query = '') => `${base.replace(/^http/, 'ws')}/api/websocket/${id}${query}`;

async function addAndRelease(body: Record<string, unknown>): Promise<string> {
  await ctx.call({
    method: 'POST',
    url: '/api/sys/annountCement/add',
    headers: admin.headers,
    payload: body,
  });
  const list = await ctx.call<{ records: { id: string; titile: string }[] }>({
    method: 'GET',
    url: '/api/sys/annountCement/list?pageSize=200',
    headers: admin.headers,
  });
  const id = list.body.result!.records.find((r) => r.titile === body.titile)!.id;
  await ctx.call({
    method: 'GET',
    url: `/api/sys/annountCement/doReleaseData?id=${id}`,
    headers: admin.headers,
  });
  return id;
}

describe('the notice socket', () => {
  it('refuses a handshake without a valid token, with a forged userId, or from a foreign origin', async () => {
    expect(await refusedStatus(wsUrl(zhaolei.userId))).toBe(401);
    expect(await refusedStatus(wsUrl(zhaolei.userId), ['not-a-token'])).toBe(401);
    // zhaolei's own token, chenjing's id in the path: no listening in on someone else's channel.
    expect(await refusedStatus(wsUrl(chenjing.userId), [zhaolei.token])).toBe(403);
    // A token in the URL is not read (URLs land in logs): only the sub-protocol carries it.
    expect(await refusedStatus(wsUrl(zhaolei.userId, `?token=${zhaolei.token}`))).toBe(401);
    expect(await refusedStatus(wsUrl(zhaolei.userId), [zhaolei.token], 'https://evil.example')).toBe(403);
    // A signed-out token is dead for sockets too.
    const gone = await signIn(ctx, 'zhoujie');
    await ctx.call({ method: 'POST', url: '/api/sys/logout', headers: gone.headers });
    expect(await refusedStatus(wsUrl(gone.userId), [gone.token])).toBe(401);
    // The sweep closes open sockets whose session ended; its check does not slide the session.
    const db = ctx.database.db;
    expect(await sessionAlive(db, ctx.config, hashToken(gone.token))).toBe(false);
    expect(await sessionAlive(db, ctx.config, hashToken(zhaolei.token))).toBe(true);
  });

  it('accepts the token as sub-protocol (echoed back) and answers every frame with heartcheck', async () => {
    const client = await openSocket(base, zhaolei.userId, zhaolei.token);
    expect(client.socket.protocol).toBe(zhaolei.token);
    client.socket.send('HeartBeat');
    expect(await client.next()).toEqual({ cmd: 'heartcheck', msgTxt: '心跳响应' });
    client.close();
  });

  it('a release to everyone is a topic for the tenant; to chosen users a user message for them only', async () => {
    await ctx.database.db
      .updateTable('sysUser')
      .set({ relTenantIds: '2' })
      .where('username', '=', 'wuxia')
      .execute();
    const wuxia = await signIn(ctx, 'wuxia', '2');
    const [z, c, w] = await Promise.all([
      openSocket(base, zhaolei.userId, zhaolei.token),
      openSocket(base, chenjing.userId, chenjing.token),
      openSocket(base, wuxia.userId, wuxia.token),
    ]);
    const all = await addAndRelease({ titile: '全员推送', msgCategory: '4', msgType: 'ALL' });
    expect(await z.next((m) => m.msgId === all)).toEqual({ cmd: 'topic', msgId: all, msgTxt: '全员推送' });
    expect(await c.next((m) => m.msgId === all)).toMatchObject({ cmd: 'topic' });

    const one = await addAndRelease({
      titile: '单人推送',
      msgCategory: '5',
      msgType: 'USER',
      userIds: `${userId('chenjing')},`,
    });
    expect(await c.next((m) => m.msgId === one)).toEqual({ cmd: 'user', msgId: one, msgTxt: '单人推送' });
    await settle();
    expect(z.messages.map((m) => m.msgId)).not.toContain(one);
    // Another tenant's member hears nothing of tenant 1.
    expect(w.messages).toEqual([]);
    for (const s of [z, c, w]) s.close();
  });

  it('a reminder reaches its target as cmd user and opens with viewById', async () => {
    const urge = (who: Caller) =>
      ctx.call({
        method: 'POST',
        url: '/api/sys/notice/urge',
        headers: who.headers,
        payload: {
          userIds: zhaolei.userId,
          title: '请处理工单',
          content: '<p>尽快<script>x()</script></p>',
          appType: 'workOrder',
          appId: 'wo123',
        },
      });
    // Staff may not urge.
    expect((await urge(chenjing)).body.code).toBe(510);
    const client = await openSocket(base, zhaolei.userId, zhaolei.token);
    const res = await urge(zhangwei);
    expect(res.body).toMatchObject({ success: true, message: '催办成功' });
    const pushed = await client.next((m) => m.cmd === 'user');
    expect(pushed.msgTxt).toBe('请处理工单');
    const view = await ctx.call<Record<string, unknown>>({
      method: 'GET',
      url: `/api/sys/notice/viewById?id=${pushed.msgId}`,
      headers: zhaolei.headers,
    });
    expect(view.body.result).toMatchObject({
      esTitle: '请处理工单',
      esContent: '<p>尽快</p>',
      createBy: '张伟',
      appType: 'workOrder',
      appId: 'wo123',
      appTypeName: '工单派发',
    });
    // Not someone else's to read.
    const other = await ctx.call({
      method: 'GET',
      url: `/api/sys/notice/viewById?id=${pushed.msgId}`,
      headers: chenjing.headers,
    });
    expect(other.body.success).toBe(false);
    client.close();
  });
});
