import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseWechatConfig } from '../../server/auth/wechat-config.js';
import type { WechatBindLink, WechatStatus } from '../../server/auth/wechat-routes.js';
import { userId } from '../../server/db/seed/organisation.js';
import { authed } from './auth-helpers.js';
import { createTestContext, DEMO_PASSWORD, type TestContext } from './helpers.js';

const REDIRECT = 'https://jiedai.example.com/api/sys/thirdLogin/wechat/callback';

/**
 * A stand-in for WeChat's sns/oauth2/access_token on this machine (the real one cannot be reached
 * here): it records what our server asked and answers an openid for codes it knows.
 */
function fakeWechat() {
  const asked: URLSearchParams[] = [];
  const openIds = new Map<string, string>();
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    asked.push(url.searchParams);
    const openId =
      url.pathname === '/sns/oauth2/access_token' && openIds.get(url.searchParams.get('code') ?? '');
    // WeChat's content type for these JSON answers is text/plain.
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end(
      JSON.stringify(
        openId
          ? { access_token: 'at', expires_in: 7200, openid: openId, scope: 'snsapi_base' }
          : { errcode: 40029, errmsg: 'invalid code' },
      ),
    );
  });
  return { server, asked, openIds };
}

function status(ctx: TestContext, token: string) {
  return ctx.call<WechatStatus>({
    method: 'GET',
    url: '/api/sys/thirdLogin/wechat/status',
    headers: authed(token),
  });
}

function bindUrl(ctx: TestContext, token?: string) {
  return ctx.call<WechatBindLink>({
    method: 'GET',
    url: '/api/sys/thirdLogin/wechat/bindUrl',
    headers: token ? authed(token) : {},
  });
}

/** What WeChat's browser on the phone gets from our callback (no token: the state says who). */
async function callback(ctx: TestContext, query: Record<string, string>) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/sys/thirdLogin/wechat/callback?${new URLSearchParams(query).toString()}`,
  });
  return { status: res.statusCode, type: String(res.headers['content-type']), text: res.body };
}

const stateOf = (url: string) => new URL(url).searchParams.get('state') ?? '';

describe('configuration', () => {
  it('is off without the variables, on with all three, and refuses a partial or malformed set', () => {
    expect(parseWechatConfig({})).toBeNull();
    expect(
      parseWechatConfig({ WECHAT_APP_ID: 'wx1', WECHAT_APP_SECRET: 's', WECHAT_REDIRECT_URI: REDIRECT }),
    ).toMatchObject({ appId: 'wx1', appSecret: 's', redirectUri: REDIRECT });
    expect(() => parseWechatConfig({ WECHAT_APP_ID: 'wx1' })).toThrow(/must be set together/);
    expect(() =>
      parseWechatConfig({ WECHAT_APP_ID: 'wx1', WECHAT_APP_SECRET: 's', WECHAT_REDIRECT_URI: '/callback' }),
    ).toThrow(/http\(s\)/);
  });
});

describe('without the WeChat configuration', () => {
  let ctx: TestContext;
  let token: string;
  beforeAll(async () => {
    ctx = await createTestContext({ wechat: null });
    token = await ctx.login('zhangwei', DEMO_PASSWORD);
  });
  afterAll(() => ctx.close());

  it('the status says not configured, so the user menu can say so', async () => {
    const res = await status(ctx, token);
    expect(res.body.result).toEqual({ configured: false, openId: null });
  });

  it('no binding link is handed out', async () => {
    const res = await bindUrl(ctx, token);
    expect(res.body).toMatchObject({ success: false, message: '未配置微信集成，请联系系统管理员' });
  });

  it('the callback refuses whatever it is given', async () => {
    const res = await callback(ctx, { code: 'any', state: 'a'.repeat(48) });
    expect(res.type).toContain('text/html');
    expect(res.text).toContain('未配置微信集成');
    expect(res.text).not.toContain('绑定成功');
  });
});

describe('with the WeChat configuration', () => {
  let ctx: TestContext;
  let wechat: ReturnType<typeof fakeWechat>;
  let token: string;
  let otherToken: string;

  beforeAll(async () => {
    wechat = fakeWechat();
    await new Promise<void>((resolve) => wechat.server.listen(0, '127.0.0.1', resolve));
    const { port } = wechat.server.address() as AddressInfo;
    ctx = await createTestContext({
      wechat: {
        appId: 'wx5f6a7b8c9d0e1f2a',
        appSecret: 'test-secret',
        redirectUri: REDIRECT,
        apiBase: `http://127.0.0.1:${port}`,
      },
    });
    token = await ctx.login('zhangwei', DEMO_PASSWORD);
    otherToken = await ctx.login('lina', DEMO_PASSWORD);
  });
  afterAll(async () => {
    await ctx.close();
    await new Promise((resolve) => wechat.server.close(resolve));
  });

  it('the binding link needs a session', async () => {
    const res = await bindUrl(ctx);
    expect(res.status).toBe(401);
  });

  it("answers WeChat's authorisation link with a random state that is not the session token", async () => {
    const first = (await bindUrl(ctx, token)).body.result!;
    const second = (await bindUrl(ctx, token)).body.result!;
    expect(first.expiresIn).toBe(300);
    expect(first.url).toBe(
      'https://open.weixin.qq.com/connect/oauth2/authorize?appid=wx5f6a7b8c9d0e1f2a' +
        `&redirect_uri=${encodeURIComponent(REDIRECT)}&response_type=code&scope=snsapi_base` +
        `&state=${stateOf(first.url)}#wechat_redirect`,
    );
    expect(stateOf(first.url)).toMatch(/^[0-9a-f]{48}$/);
    expect(stateOf(second.url)).not.toBe(stateOf(first.url));
    expect(first.url).not.toContain(token);
    expect(first.url).not.toContain('test-secret');
    // Only a hash of the state is stored.
    const stored = await sql<{ stateHash: string }>`select state_hash from sys_wechat_bind_state`.execute(
      ctx.database.db,
    );
    expect(stored.rows.map((r) => r.stateHash)).not.toContain(stateOf(second.url));
  });

  it('the scan binds the user who asked for the link; the state works once', async () => {
    const state = stateOf((await bindUrl(ctx, token)).body.result!.url);
    wechat.openIds.set('code-zhangwei', 'oZhangWei_openid');
    const asked = wechat.asked.length;

    const done = await callback(ctx, { code: 'code-zhangwei', state });
    expect(done.text).toContain('绑定成功');
    expect(Object.fromEntries(wechat.asked[asked]!)).toEqual({
      appid: 'wx5f6a7b8c9d0e1f2a',
      secret: 'test-secret',
      code: 'code-zhangwei',
      grant_type: 'authorization_code',
    });
    expect((await status(ctx, token)).body.result).toEqual({ configured: true, openId: 'oZhangWei_openid' });
    expect((await status(ctx, otherToken)).body.result?.openId).toBeNull();

    const again = await callback(ctx, { code: 'code-zhangwei', state });
    expect(again.text).toContain('二维码已失效');
    // A spent state never reaches WeChat.
    expect(wechat.asked.length).toBe(asked + 1);
  });

  it('a newer link replaces the older one of the same user', async () => {
    const older = stateOf((await bindUrl(ctx, otherToken)).body.result!.url);
    await bindUrl(ctx, otherToken);
    const res = await callback(ctx, { code: 'whatever', state: older });
    expect(res.text).toContain('二维码已失效');
  });

  it('an expired link is refused', async () => {
    const state = stateOf((await bindUrl(ctx, otherToken)).body.result!.url);
    await sql`update sys_wechat_bind_state set expires_at = now() - interval '1 second'
      where user_id = ${userId('lina')}`.execute(ctx.database.db);
    wechat.openIds.set('code-lina', 'oLiNa_openid');
    const res = await callback(ctx, { code: 'code-lina', state });
    expect(res.text).toContain('二维码已失效');
    expect((await status(ctx, otherToken)).body.result?.openId).toBeNull();
  });

  it('unknown or malformed states are refused without asking WeChat', async () => {
    const asked = wechat.asked.length;
    for (const state of ['', 'f'.repeat(48), '<script>', 'x'.repeat(128)]) {
      const res = await callback(ctx, { code: 'code-lina', state });
      expect(res.text).toContain('二维码已失效');
      expect(res.text).not.toContain('<script>');
    }
    expect(wechat.asked.length).toBe(asked);
  });

  it('a code WeChat refuses binds nothing, and spends the state', async () => {
    const state = stateOf((await bindUrl(ctx, otherToken)).body.result!.url);
    const res = await callback(ctx, { code: 'stale-code', state });
    expect(res.text).toContain('微信授权失败');
    expect((await status(ctx, otherToken)).body.result?.openId).toBeNull();
    expect((await callback(ctx, { code: 'code-lina', state })).text).toContain('二维码已失效');
  });

  it('a WeChat already bound to another account is not bound twice', async () => {
    const state = stateOf((await bindUrl(ctx, otherToken)).body.result!.url);
    wechat.openIds.set('code-lina-with-zhangwei', 'oZhangWei_openid');
    const res = await callback(ctx, { code: 'code-lina-with-zhangwei', state });
    expect(res.text).toContain('该微信已绑定其他账号');
    expect((await status(ctx, otherToken)).body.result?.openId).toBeNull();
  });

  it('a bound user can bind another WeChat (修改绑定)', async () => {
    const state = stateOf((await bindUrl(ctx, token)).body.result!.url);
    wechat.openIds.set('code-zhangwei-new', 'oZhangWei_new');
    expect((await callback(ctx, { code: 'code-zhangwei-new', state })).text).toContain('绑定成功');
    expect((await status(ctx, token)).body.result?.openId).toBe('oZhangWei_new');
  });
});
