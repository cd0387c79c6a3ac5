import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { issueCaptcha } from '../../server/auth/captcha.js';
import { createTestContext, type TestContext } from './helpers.js';
import { resetThrottle } from './auth-helpers.js';

const MAX_FAILURES = 2;
// The sign-in throttle's waits, recorded instead of spent.
let waits: number[] = [];

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext(
    { trustProxy: false, loginMaxFailures: MAX_FAILURES },
    {
      pause: async (ms) => {
        waits.push(ms);
      },
    },
  );
});
afterAll(() => ctx.close());
beforeEach(async () => {
  await resetThrottle(ctx);
  waits = [];
});

function attempt(i: number, username: string, extra: { captcha?: string; checkKey?: string } = {}) {
  return ctx.call({
    method: 'POST',
    url: '/api/sys/login',
    headers: { 'x-forwarded-for': `198.51.100.${i}` },
    payload: { username, password: 'Wrong@12345', captcha: '', checkKey: '', ...extra },
  });
}

describe('client address without a trusted proxy', () => {
  it('ignores X-Forwarded-For, so rotating it does not escape the account lock of this address', async () => {
    for (let i = 0; i < MAX_FAILURES; i++)
      expect((await attempt(i, 'nobody')).body.message).toBe('用户名或密码错误');
    // The account reached its limit, so a captcha is asked first; then the lock answers.
    const code = await issueCaptcha(ctx.database.db, { kind: 'on' }, 'k-proxy');
    const blocked = await attempt(MAX_FAILURES + 1, 'nobody', { captcha: code, checkKey: 'k-proxy' });
    expect(blocked.body.success).toBe(false);
    expect(blocked.body.message).toMatch(/^登录失败次数过多，请\d+分钟后再试$/);
  });

  it('counts every rotated address as the one socket address, which is then slowed down', async () => {
    const limit = MAX_FAILURES * 5;
    for (let i = 0; i < limit; i++)
      expect((await attempt(i, `nobody${i}`)).body.message).toBe('用户名或密码错误');
    expect(waits).toEqual([]);
    await attempt(limit + 1, 'nobody_next');
    expect(waits).toHaveLength(1);
  });
});
