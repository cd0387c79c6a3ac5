import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken, revokeUserSessions, SESSION_REUSE_MS } from '../../server/auth/sessions.js';
import { userId } from '../../server/db/seed/organisation.js';
import { createTestContext, DEMO_PASSWORD, type TestContext } from './helpers.js';
import { authed } from './auth-helpers.js';

const IDLE_MINUTES = 30;
const MAX_HOURS = 12;
// An authenticated call of this module: the password-expiry days of the caller.
const PROBE = '/api/sys/user/getUserInfoByUserName';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ sessionIdleMinutes: IDLE_MINUTES, sessionMaxHours: MAX_HOURS });
});
afterAll(() => ctx.close());

function probe(token: string) {
  return ctx.call({ method: 'GET', url: PROBE, headers: authed(token) });
}

async function setSession(token: string, values: { lastSeenAt?: Date; expiresAt?: Date }) {
  await ctx.database.db
    .updateTable('sysSession')
    .set(values)
    .where('tokenHash', '=', hashToken(token))
    .execute();
}

async function session(token: string) {
  return ctx.database.db
    .selectFrom('sysSession')
    .selectAll()
    .where('tokenHash', '=', hashToken(token))
    .executeTakeFirstOrThrow();
}

describe('session lifetime', () => {
  it('a fresh token works; its absolute cap is set at sign-in', async () => {
    const token = await ctx.login('chenjing', DEMO_PASSWORD);
    expect((await probe(token)).body.success).toBe(true);
    const row = await session(token);
    const cap = row.expiresAt.getTime() - row.createdAt.getTime();
    expect(Math.abs(cap - MAX_HOURS * 3_600_000)).toBeLessThan(5_000);
  });

  it('an unknown token is HTTP 401 Token失效', async () => {
    const res = await probe('not-a-real-token');
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: 401, message: 'Token失效，请重新登录!' });
  });

  it('idle longer than the idle limit: HTTP 500 Token失效', async () => {
    const token = await ctx.login('yangqiang', DEMO_PASSWORD);
    await setSession(token, { lastSeenAt: new Date(Date.now() - (IDLE_MINUTES + 1) * 60_000) });
    const res = await probe(token);
    expect(res.status).toBe(500);
    expect(res.body.message).toContain('Token失效');
  });

  it('activity slides the idle deadline', async () => {
    const token = await ctx.login('zhaolei', DEMO_PASSWORD);
    await setSession(token, { lastSeenAt: new Date(Date.now() - (IDLE_MINUTES - 2) * 60_000) });
    expect((await probe(token)).body.success).toBe(true);
    const row = await session(token);
    expect(Date.now() - row.lastSeenAt.getTime()).toBeLessThan(10_000);
  });

  it('an active session still ends at its absolute cap', async () => {
    const token = await ctx.login('huangmin', DEMO_PASSWORD);
    await setSession(token, { lastSeenAt: new Date(), expiresAt: new Date(Date.now() - 1000) });
    const res = await probe(token);
    expect(res.status).toBe(500);
    expect(res.body.message).toContain('Token失效');
  });

  it('a session revoked by force answers HTTP 500 with 强制登录', async () => {
    const token = await ctx.login('zhoujie', DEMO_PASSWORD);
    await revokeUserSessions(ctx.database.db, userId('zhoujie'), 'forced');
    const res = await probe(token);
    expect(res.status).toBe(500);
    expect(res.body.message).toContain('强制登录');
  });

  it('a session revoked by a password change answers HTTP 500 Token失效', async () => {
    const token = await ctx.login('wuxia', DEMO_PASSWORD);
    await revokeUserSessions(ctx.database.db, userId('wuxia'), 'password');
    const res = await probe(token);
    expect(res.status).toBe(500);
    expect(res.body.message).toContain('Token失效');
  });
});

describe('a live session read once serves the burst of calls that follows', () => {
  it('a revocation made past this server (another instance, a console) holds within SESSION_REUSE_MS', async () => {
    const token = await ctx.login('sunli', DEMO_PASSWORD);
    expect((await probe(token)).body.success).toBe(true);
    await ctx.database.db
      .updateTable('sysSession')
      .set({ revokedAt: new Date(), revokedReason: 'forced' })
      .where('tokenHash', '=', hashToken(token))
      .execute();
    // Once the reuse window has passed since the revocation, the very next call is refused (a bound
    // checked by the server's behaviour, not by how long a loaded machine takes to answer).
    await new Promise((resolve) => setTimeout(resolve, SESSION_REUSE_MS + 50));
    const res = await probe(token);
    expect(res.status).toBe(500);
    expect(res.body.message).toContain('强制登录');
  });

  it("this server's own write drops the reused answers before it replies: a frozen user's next call is refused", async () => {
    const token = await ctx.login('sunli', DEMO_PASSWORD);
    expect((await probe(token)).body.success).toBe(true);
    // A write that revokes past the session helpers (as a declared screen's edit would change a user).
    await ctx.database.db.updateTable('sysUser').set({ status: 2 }).where('username', '=', 'sunli').execute();
    try {
      // Any request that is not a read (here a sign-out without a token, which changes nothing).
      expect((await ctx.call({ method: 'POST', url: '/api/sys/logout' })).status).toBe(200);
      const res = await probe(token);
      expect(res.status).toBe(401);
      expect(res.body.message).toBe('账号已被锁定,请联系管理员!');
    } finally {
      await ctx.database.db
        .updateTable('sysUser')
        .set({ status: 1 })
        .where('username', '=', 'sunli')
        .execute();
    }
  });
});

describe('logout', () => {
  it('revokes the presented session and answers 退出登录成功！', async () => {
    const token = await ctx.login('xuming', DEMO_PASSWORD);
    const other = await ctx.login('xuming', DEMO_PASSWORD);
    const res = await ctx.call({ method: 'POST', url: '/api/sys/logout', headers: authed(token) });
    expect(res.body).toMatchObject({
      success: true,
      code: 200,
      message: '退出登录成功！',
      result: '退出登录成功！',
    });
    const after = await probe(token);
    expect(after.status).toBe(500);
    expect(after.body.message).toContain('Token失效');
    expect((await session(token)).revokedReason).toBe('logout');
    // The user's other session (another browser) is untouched.
    expect((await probe(other)).body.success).toBe(true);
  });

  it('works without a token and with a stale one', async () => {
    const none = await ctx.call({ method: 'POST', url: '/api/sys/logout' });
    expect(none.body).toMatchObject({ success: true, message: '退出登录成功！' });
    const stale = await ctx.call({ method: 'POST', url: '/api/sys/logout', headers: authed('stale-token') });
    expect(stale.status).toBe(200);
    expect(stale.body.success).toBe(true);
  });

  it('writes a log row for the sign-out', async () => {
    const token = await ctx.login('sunli', DEMO_PASSWORD);
    await ctx.call({ method: 'POST', url: '/api/sys/logout', headers: authed(token) });
    const logs = await ctx.database.db
      .selectFrom('sysLog')
      .select('logContent')
      .where('username', '=', 'sunli')
      .execute();
    expect(logs.map((l) => l.logContent)).toContain('用户名: sunli,退出成功！');
  });
});
