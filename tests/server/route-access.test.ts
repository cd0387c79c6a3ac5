import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MissingAccessError, requireAccessDeclarations, routeTable } from '../../server/http/access.js';
import { createTestContext, type TestContext } from './helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('deny by default', () => {
  it('refuses to register a route that declares no access', () => {
    const app = Fastify();
    requireAccessDeclarations(app);
    expect(() => app.get('/open', async () => 'x')).toThrow(MissingAccessError);
  });

  it('every registered route declares its access', () => {
    const table = routeTable(ctx.app);
    expect(table.length).toBeGreaterThan(10);
    for (const route of table) expect(route.access, `${route.method} ${route.url}`).toBeTruthy();
  });

  it('public routes are exactly the sign-in, registration and recovery calls (and the static API docs page and uploaded files; the notice and table sockets check their token at the handshake; the WeChat binding callback carries a single-use state)', () => {
    const publicRoutes = routeTable(ctx.app)
      .filter((r) => r.access === 'public' && r.method !== 'HEAD')
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    expect(publicRoutes).toMatchInlineSnapshot(`
      [
        "GET /api/docs",
        "GET /api/docs/viewer.js",
        "GET /api/sys/common/static/*",
        "GET /api/sys/randomImage/:key",
        "GET /api/sys/thirdLogin/wechat/callback",
        "GET /api/sys/user/checkOnlyUser",
        "GET /api/vxeSocket/:userId/:pageId",
        "GET /api/websocket/:userId",
        "POST /api/account/sms",
        "POST /api/sys/login",
        "POST /api/sys/logout",
        "POST /api/sys/phoneLogin",
        "POST /api/sys/sms",
        "POST /api/sys/user/passwordChange",
        "POST /api/sys/user/phoneVerification",
        "POST /api/sys/user/register",
      ]
    `);
  });

  it('an authenticated route answers 401 with Token失效 without a token', async () => {
    const res = await ctx.call({ method: 'GET', url: '/api/sys/permission/getUserPermissionByToken' });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ success: false, code: 401, message: 'Token失效，请重新登录!' });
  });

  it('path variants of a protected route never reach it without a token', async () => {
    const variants = [
      '/api/sys/permission/getUserPermissionByToken.js',
      '/api/sys/permission/getUserPermissionByToken/',
      '/api/sys/permission/getUserPermissionByToken;x',
      '//api/sys/permission/getUserPermissionByToken',
      '/API/sys/permission/getUserPermissionByToken',
      '/api/sys/permission/%67etUserPermissionByToken',
      '/api/static/../sys/permission/getUserPermissionByToken',
      '/api/sys/permission/getUserPermissionByToken?token=anything',
    ];
    for (const url of variants) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect([401, 404], url).toContain(res.statusCode);
      expect(res.body, url).not.toContain('"menu"');
    }
  });

  it('unknown API paths answer 404 in the Result envelope', async () => {
    const res = await ctx.call({ method: 'GET', url: '/api/no/such/path' });
    expect(res.status).toBe(404);
    expect(res.body.success).toBe(false);
  });
});
