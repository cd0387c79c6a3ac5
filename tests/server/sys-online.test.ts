/**
 * 在线用户 over /sys/online: the live sessions with opaque ids (never a token or its hash), and
 * force logout by that id, after which the session's next request gets the 强制登录 answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../server/auth/sessions.js';
import { userId } from '../../server/db/seed/organisation.js';
import { DEMO_PASSWORD, TEST_ADMIN_PASSWORD } from './helpers.js';
import { createEntityContext, type EntityTestContext, type Page } from './entity-helpers.js';

interface OnlineUser {
  id: string;
  username: string;
  realname: string;
  avatar: string | null;
  departNames: string | null;
  ip: string;
  loginTime: string;
  lastSeenTime: string;
  currentSession: 'Y' | 'N';
}

let ctx: EntityTestContext;
beforeAll(async () => {
  ctx = await createEntityContext();
});
afterAll(() => ctx.close());

const list = (query = '', token?: string) =>
  ctx.get<Page<OnlineUser>>(`/sys/online/list?pageSize=100${query}`, token);
const forceLogout = (id: unknown, token?: string) =>
  ctx.send('POST', '/sys/online/forceLogout', { id }, token);
const sessionOf = (token: string) =>
  ctx.database.db
    .selectFrom('sysSession')
    .selectAll()
    .where('tokenHash', '=', hashToken(token))
    .executeTakeFirstOrThrow();

async function signIn(username: string, ip: string): Promise<string> {
  const res = await ctx.call<{ token: string }>({
    method: 'POST',
    url: '/api/sys/login',
    headers: { 'x-forwarded-for': ip },
    payload: {
      username,
      password: username === 'admin' ? TEST_ADMIN_PASSWORD : DEMO_PASSWORD,
      captcha: '',
      checkKey: '',
    },
  });
  return res.body.result!.token;
}

describe('GET /sys/online/list', () => {
  it('lists every live session with its user, departments, address and times under an opaque id', async () => {
    const token = await signIn('zhangwei', '192.0.2.10');
    const page = await list();
    expect(page.success).toBe(true);
    const row = page.result!.records.find((r) => r.username === 'zhangwei')!;
    expect(row).toMatchObject({ realname: '张伟', ip: '192.0.2.10' });
    expect(row.departNames).toBeTruthy();
    expect(row.loginTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(row.id).toMatch(/^[0-9a-f]{32}$/);
    expect(row.id).toBe((await sessionOf(token)).sid);
    // Neither the token nor its hash appears anywhere in the answer.
    const text = JSON.stringify(page);
    for (const secret of [ctx.adminToken, ctx.staffToken, token, hashToken(token), hashToken(ctx.adminToken)])
      expect(text).not.toContain(secret);
    expect(Object.keys(row).sort()).toEqual(
      [
        'avatar',
        'currentSession',
        'currentSession_dictText',
        'departNames',
        'id',
        'ip',
        'lastSeenTime',
        'loginTime',
        'realname',
        'username',
      ].sort(),
    );
    // The viewer's own session is marked, so the screen offers no 强制退出 on it.
    const mine = page.result!.records.filter((r) => r.currentSession === 'Y');
    expect(mine.map((r) => r.id)).toEqual([(await sessionOf(ctx.adminToken)).sid]);
    expect(row).toMatchObject({ currentSession: 'N', currentSession_dictText: '否' });
  });

  it('shows a user once per session, and no ended, expired or idle session', async () => {
    const first = await signIn('wangfang', '192.0.2.11');
    const second = await signIn('wangfang', '192.0.2.12');
    const third = await signIn('wangfang', '192.0.2.13');
    const fourth = await signIn('wangfang', '192.0.2.14');
    await ctx.call({ method: 'POST', url: '/api/sys/logout', headers: { 'x-access-token': second } });
    await ctx.database.db
      .updateTable('sysSession')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('tokenHash', '=', hashToken(third))
      .execute();
    await ctx.database.db
      .updateTable('sysSession')
      .set({ lastSeenAt: new Date(Date.now() - (ctx.config.sessionIdleMinutes + 1) * 60_000) })
      .where('tokenHash', '=', hashToken(fourth))
      .execute();
    const rows = (await list('&username=wangfang')).result!.records;
    expect(rows.map((r) => r.ip)).toEqual(['192.0.2.11']);
    expect(rows[0].id).toBe((await sessionOf(first)).sid);
  });

  it('filters by account or name, and sorts by the sign-in or last-seen time', async () => {
    await signIn('lina', '192.0.2.20');
    expect(
      (await list(`&realname=${encodeURIComponent('*李*')}`)).result!.records.map((r) => r.username),
    ).toEqual(['lina']);
    const byLogin = (await list('&column=loginTime&order=asc')).result!.records.map((r) => r.loginTime);
    expect([...byLogin].sort()).toEqual(byLogin);
    expect(await list('&column=ip&order=asc')).toMatchObject({
      success: false,
      message: '请注意，将要排序的列字段不存在：ip',
    });
    expect(await list('&tokenHash=x')).toMatchObject({
      success: false,
      message: '查询字段不存在：tokenHash',
    });
  });

  it('is for the admin only', async () => {
    expect(await list('', ctx.staffToken)).toMatchObject({ success: false, code: 510 });
    expect((await ctx.call({ method: 'GET', url: '/api/sys/online/list' })).status).toBe(401);
  });
});

describe('POST /sys/online/forceLogout', () => {
  it('ends the session: its next request is answered 强制登录, it leaves the list, the sign-in log says so', async () => {
    const token = await signIn('liuyang', '192.0.2.30');
    const { sid } = await sessionOf(token);
    expect(await forceLogout(sid)).toMatchObject({ success: true, message: '强制退出成功！' });
    const next = await ctx.call({
      method: 'GET',
      url: '/api/sys/permission/getUserPermissionByToken',
      headers: { 'x-access-token': token },
    });
    expect(next.status).toBe(500);
    expect(next.body.message).toMatch(/^强制登录：/);
    expect((await list('&username=liuyang')).result!.total).toBe(0);
    const logged = await ctx.database.db
      .selectFrom('sysLog')
      .selectAll()
      .where('logType', '=', 1)
      .where('userid', '=', userId('liuyang'))
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(logged.logContent).toBe('用户名: liuyang,被admin强制退出！');
    expect(await forceLogout(sid)).toMatchObject({ success: false, message: '该会话已不在线' });
  });

  it('refuses the caller’s own current session, but not another session of the same account', async () => {
    const own = await sessionOf(ctx.adminToken);
    expect(await forceLogout(own.sid)).toMatchObject({
      success: false,
      message: '不能强制退出当前登录的会话',
    });
    expect((await ctx.get('/sys/online/list')).success).toBe(true);
    const elsewhere = await signIn('admin', '192.0.2.40');
    expect(await forceLogout((await sessionOf(elsewhere)).sid)).toMatchObject({ success: true });
    expect(await ctx.get('/sys/loginfo')).toMatchObject({ success: true });
  });

  it('names a session only by its opaque id: a token or token hash is no id', async () => {
    const token = await signIn('huangmin', '192.0.2.50');
    for (const id of [token, hashToken(token)]) {
      expect((await forceLogout(id)).success, id).toBe(false);
    }
    expect(await forceLogout(undefined)).toMatchObject({ success: false, message: '参数错误：id格式不正确' });
    expect((await sessionOf(token)).revokedAt).toBeNull();
  });

  it('is refused to staff, and nothing changes', async () => {
    const token = await signIn('zhaolei', '192.0.2.60');
    expect(await forceLogout((await sessionOf(token)).sid, ctx.staffToken)).toMatchObject({ code: 510 });
    expect((await sessionOf(token)).revokedAt).toBeNull();
  });
});
