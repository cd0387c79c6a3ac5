import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ trustProxy: false });
});
afterAll(() => ctx.close());

describe('client address without a trusted proxy', () => {
  it('ignores X-Forwarded-For, so rotating it does not escape the per-address sign-in limit', async () => {
    const attempt = (i: number) =>
      ctx.call({
        method: 'POST',
        url: '/api/sys/login',
        headers: { 'x-forwarded-for': `198.51.100.${i}` },
        payload: { username: `nobody${i}`, password: 'Wrong@12345', captcha: '', checkKey: '' },
      });
    const limit = ctx.config.loginMaxFailures * 5;
    for (let i = 0; i < limit; i++) expect((await attempt(i)).body.message).toBe('用户名或密码错误');
    const blocked = await attempt(limit + 1);
    expect(blocked.body.success).toBe(false);
    expect(blocked.body.message).toMatch(/^登录失败次数过多，请\d+分钟后再试$/);
  });
});
