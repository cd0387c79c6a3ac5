import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LoginResult } from '../../server/auth/login-result.js';
import { scopes } from '../../server/auth/throttle.js';
import { createTestContext, type TestContext } from './helpers.js';
import { ageSmsCodes, requestSmsCode, resetThrottle, wrongCode } from './auth-helpers.js';

const CHENJING = '13800000005';
const DONGJIE = '13800000021'; // frozen
const FREE = '13912345678';

// The sign-in throttle's waits, recorded instead of spent.
let waits: number[] = [];

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({}, { pause: async (ms) => void waits.push(ms) });
});
afterAll(() => ctx.close());
beforeEach(async () => {
  await resetThrottle(ctx);
  waits = [];
});

function sms(mobile: string, smsmode: string, url = '/api/sys/sms') {
  return ctx.call({ method: 'POST', url, payload: { mobile, smsmode } });
}

function phoneLogin(mobile: string, captcha: string, headers: Record<string, string> = {}) {
  return ctx.call<LoginResult>({
    method: 'POST',
    url: '/api/sys/phoneLogin',
    headers,
    payload: { mobile, captcha },
  });
}

describe('POST /sys/sms', () => {
  it('sends a 6-digit code: success true, code 0, and stores only its hash', async () => {
    const res = await sms('13800000001', '0');
    expect(res.body).toMatchObject({ success: true, code: 0, message: '短信发送成功', result: null });
    const sent = ctx.sms.sent.at(-1)!;
    expect(sent).toMatchObject({ mobile: '13800000001', mode: '0' });
    expect(sent.code).toMatch(/^\d{6}$/);
    const rows = await ctx.database.db
      .selectFrom('sysSmsCode')
      .selectAll()
      .where('mobile', '=', '13800000001')
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0].codeHash).not.toContain(sent.code);
    const ttl = rows[0].expiresAt.getTime() - Date.now();
    expect(ttl).toBeGreaterThan(9 * 60_000);
    expect(ttl).toBeLessThanOrEqual(10 * 60_000);
    expect(JSON.stringify(res.body)).not.toContain(sent.code);
  });

  it('validates the number: 请输入手机号 / 请输入正确手机号', async () => {
    expect((await sms('', '0')).body).toMatchObject({ success: false, message: '请输入手机号' });
    expect((await sms('12345', '0')).body.message).toBe('请输入正确手机号');
    expect((await sms('16800000000', '0')).body.message).toBe('请输入正确手机号');
  });

  it('refuses an unknown mode', async () => {
    expect((await sms('13800000002', '9')).body).toMatchObject({ success: false, message: '短信类型错误' });
  });

  it('login and recovery modes need an account with that number', async () => {
    expect((await sms(FREE, '0')).body).toMatchObject({
      success: false,
      message: '该用户不存在或未绑定手机号',
    });
    expect((await sms(FREE, '2')).body.message).toBe('该用户不存在或未绑定手机号');
  });

  it("a deleted account's number counts as unknown", async () => {
    await ctx.database.db
      .updateTable('sysUser')
      .set({ delFlag: 1 })
      .where('phone', '=', '13800000018')
      .execute();
    expect((await sms('13800000018', '0')).body.message).toBe('该用户不存在或未绑定手机号');
    await ctx.database.db
      .updateTable('sysUser')
      .set({ delFlag: 0 })
      .where('phone', '=', '13800000018')
      .execute();
  });

  it('register mode needs a free number', async () => {
    expect((await sms(CHENJING, '1')).body).toMatchObject({ success: false, message: '该手机号已注册' });
    expect((await sms(FREE, '1')).body.success).toBe(true);
  });

  it('a second request within 60 s is refused; other purposes and later requests are not', async () => {
    expect((await sms('13800000003', '0')).body.success).toBe(true);
    expect((await sms('13800000003', '0')).body).toMatchObject({
      success: false,
      message: '验证码已发送，请60秒后再试',
    });
    expect((await sms('13800000003', '2')).body.success).toBe(true);
    await ageSmsCodes(ctx, '13800000003');
    expect((await sms('13800000003', '0')).body.success).toBe(true);
  });

  it('the /account/sms alias behaves the same', async () => {
    const res = await sms('13800000004', '0', '/api/account/sms');
    expect(res.body).toMatchObject({ success: true, code: 0 });
  });

  it('an address may ask a bounded number of times per window', async () => {
    const ip = { 'x-forwarded-for': '198.51.100.9' };
    const limit = ctx.config.loginMaxFailures * 5;
    for (let i = 0; i < limit; i++) {
      const res = await ctx.call({
        method: 'POST',
        url: '/api/sys/sms',
        headers: ip,
        payload: { mobile: `1390000${String(i).padStart(4, '0')}`, smsmode: '0' },
      });
      expect(res.body.message).toBe('该用户不存在或未绑定手机号');
    }
    const blocked = await ctx.call({
      method: 'POST',
      url: '/api/sys/sms',
      headers: ip,
      payload: { mobile: '13800000006', smsmode: '0' },
    });
    expect(blocked.body).toMatchObject({ success: false });
    expect(blocked.body.message).toMatch(/^短信发送过于频繁，请\d+分钟后再试$/);
  });
});

describe('POST /sys/phoneLogin', () => {
  it('signs in with the code, answering the same result shape as /sys/login', async () => {
    const code = await requestSmsCode(ctx, CHENJING, '0');
    const res = await phoneLogin(CHENJING, code);
    expect(res.body).toMatchObject({ success: true, code: 200, message: '登录成功' });
    expect(Object.keys(res.body.result!)).toEqual([
      'token',
      'tenantList',
      'userInfo',
      'departs',
      'multi_depart',
      'sysAllDictItems',
    ]);
    expect(res.body.result!.userInfo.username).toBe('chenjing');
    const probe = await ctx.call({
      method: 'GET',
      url: '/api/sys/user/getUserInfoByUserName',
      headers: { 'x-access-token': res.body.result!.token },
    });
    expect(probe.body.success).toBe(true);
  });

  it('a code signs in once', async () => {
    await ageSmsCodes(ctx, CHENJING);
    const code = await requestSmsCode(ctx, CHENJING, '0');
    expect((await phoneLogin(CHENJING, code)).body.code).toBe(200);
    expect((await phoneLogin(CHENJING, code)).body).toMatchObject({
      success: false,
      message: '手机验证码错误',
    });
  });

  it('a wrong code is 手机验证码错误; the code survives a few wrong guesses', async () => {
    await ageSmsCodes(ctx, CHENJING);
    const code = await requestSmsCode(ctx, CHENJING, '0');
    expect((await phoneLogin(CHENJING, wrongCode(code))).body).toMatchObject({
      success: false,
      code: 500,
      message: '手机验证码错误',
    });
    expect((await phoneLogin(CHENJING, code)).body.code).toBe(200);
  });

  it('a code is burned after 5 wrong attempts', async () => {
    await ageSmsCodes(ctx, '13800000007');
    const code = await requestSmsCode(ctx, '13800000007', '0');
    for (let i = 0; i < 5; i++) {
      await phoneLogin('13800000007', wrongCode(code));
      // Keep the number's own lock out of the way: this test is about the code's budget.
      await resetThrottle(ctx);
    }
    expect((await phoneLogin('13800000007', code)).body.message).toBe('手机验证码错误');
  });

  it('a code for another purpose or another number does not sign in', async () => {
    const registerCode = await requestSmsCode(ctx, '13912340000', '1');
    expect((await phoneLogin('13912340000', registerCode)).body.message).toBe('手机验证码错误');
    await ageSmsCodes(ctx, '13800000008');
    const code = await requestSmsCode(ctx, '13800000008', '0');
    expect((await phoneLogin('13800000009', code)).body.message).toBe('手机验证码错误');
  });

  it('an expired code is refused', async () => {
    await ageSmsCodes(ctx, '13800000010');
    const code = await requestSmsCode(ctx, '13800000010', '0');
    await ctx.database.db
      .updateTable('sysSmsCode')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('mobile', '=', '13800000010')
      .execute();
    expect((await phoneLogin('13800000010', code)).body.message).toBe('手机验证码错误');
  });

  it('wrong codes lock the number like wrong passwords lock an account', async () => {
    await ageSmsCodes(ctx, '13800000011');
    const code = await requestSmsCode(ctx, '13800000011', '0');
    for (let i = 0; i < ctx.config.loginMaxFailures; i++) await phoneLogin('13800000011', wrongCode(code));
    const res = await phoneLogin('13800000011', code);
    expect(res.body.message).toMatch(/^登录失败次数过多，请\d+分钟后再试$/);
  });

  it('an address with many failures waits but is not refused', async () => {
    const ip = '198.51.100.77';
    await ctx.database.db
      .insertInto('sysLoginFailure')
      .values({
        scope: scopes.ip(ip),
        failures: ctx.config.loginMaxFailures * 5,
        windowStart: new Date(),
        lockedUntil: new Date(Date.now() + 60_000),
      })
      .execute();
    await ageSmsCodes(ctx, CHENJING);
    const code = await requestSmsCode(ctx, CHENJING, '0');
    expect((await phoneLogin(CHENJING, code, { 'x-forwarded-for': ip })).body.code).toBe(200);
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThan(0);
  });

  it('a frozen account gets 该用户已冻结 after the right code', async () => {
    const code = await requestSmsCode(ctx, DONGJIE, '0');
    expect((await phoneLogin(DONGJIE, wrongCode(code))).body.message).toBe('手机验证码错误');
    expect((await phoneLogin(DONGJIE, code)).body).toMatchObject({ success: false, message: '该用户已冻结' });
  });

  it('validates the number', async () => {
    expect((await phoneLogin('', '123456')).body.message).toBe('请输入手机号');
    expect((await phoneLogin('999', '123456')).body.message).toBe('请输入正确手机号');
  });
});
