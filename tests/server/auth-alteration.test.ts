import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { countSignInFailure } from '../../server/auth/sign-in-throttle.js';
import { createTestContext, DEMO_PASSWORD, type TestContext } from './helpers.js';
import { ageSmsCodes, authed, postLogin, requestSmsCode, resetThrottle, wrongCode } from './auth-helpers.js';

const PHONE = '13800000005'; // chenjing
const NEW_PASSWORD = 'Reset@Pass9';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(async () => {
  await resetThrottle(ctx);
  await ageSmsCodes(ctx, PHONE);
});

function verify(phone: string, smscode: string) {
  return ctx.call<{ smscode: string; username: string }>({
    method: 'POST',
    url: '/api/sys/user/phoneVerification',
    payload: { phone, smscode },
  });
}

function reset(payload: Record<string, string>) {
  return ctx.call({ method: 'POST', url: '/api/sys/user/passwordChange', payload });
}

describe('forgotten password', () => {
  it('step 2: a wrong recovery code is 手机验证码错误', async () => {
    const code = await requestSmsCode(ctx, PHONE, '2');
    expect((await verify(PHONE, wrongCode(code))).body).toMatchObject({
      success: false,
      message: '手机验证码错误',
    });
  });

  it('step 2: a login code does not verify a recovery', async () => {
    const code = await requestSmsCode(ctx, PHONE, '0');
    expect((await verify(PHONE, code)).body.message).toBe('手机验证码错误');
  });

  it('step 3: refuses a weak password before spending the code', async () => {
    const code = await requestSmsCode(ctx, PHONE, '2');
    const weak = await reset({ username: 'chenjing', password: 'weak', smscode: code, phone: PHONE });
    expect(weak.body.message).toBe('密码由8位数字、大小写字母和特殊符号组成!');
    expect((await verify(PHONE, code)).body.success).toBe(true);
  });

  it("step 3: the account must be the phone's own; the code is spent by the attempt", async () => {
    const code = await requestSmsCode(ctx, PHONE, '2');
    const other = await reset({ username: 'admin', password: NEW_PASSWORD, smscode: code, phone: PHONE });
    expect(other.body).toMatchObject({ success: false, message: '手机号与账号不匹配' });
    const retry = await reset({ username: 'chenjing', password: NEW_PASSWORD, smscode: code, phone: PHONE });
    expect(retry.body.message).toBe('手机验证码错误');
    expect((await postLogin(ctx, { username: 'admin', password: NEW_PASSWORD })).body.success).toBe(false);
  });

  it('steps 2-3: verifies the phone, resets the password, ends old sessions, spends the code', async () => {
    const oldToken = await ctx.login('chenjing', DEMO_PASSWORD);
    const code = await requestSmsCode(ctx, PHONE, '2');

    const step2 = await verify(PHONE, code);
    expect(step2.body).toMatchObject({ success: true, result: { smscode: code, username: 'chenjing' } });

    const step3 = await reset({ username: 'chenjing', password: NEW_PASSWORD, smscode: code, phone: PHONE });
    expect(step3.body).toMatchObject({ success: true, code: 200, message: '密码重置成功！' });

    const old = await ctx.call({
      method: 'GET',
      url: '/api/sys/user/getUserInfoByUserName',
      headers: authed(oldToken),
    });
    expect(old.status).toBe(500);
    expect(old.body.message).toContain('Token失效');

    expect((await postLogin(ctx, { username: 'chenjing', password: DEMO_PASSWORD })).body.message).toBe(
      '用户名或密码错误',
    );
    expect((await postLogin(ctx, { username: 'chenjing', password: NEW_PASSWORD })).body.code).toBe(200);

    const user = await ctx.database.db
      .selectFrom('sysUser')
      .select('modifyTime')
      .where('username', '=', 'chenjing')
      .executeTakeFirstOrThrow();
    expect(Date.now() - user.modifyTime!.getTime()).toBeLessThan(60_000);

    const replay = await reset({
      username: 'chenjing',
      password: 'Other@Pass9',
      smscode: code,
      phone: PHONE,
    });
    expect(replay.body.message).toBe('手机验证码错误');
  });

  it('is not reachable with GET (the password would land in URLs and logs)', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/sys/user/passwordChange?username=chenjing&password=${NEW_PASSWORD}&smscode=1&phone=${PHONE}`,
    });
    expect(res.statusCode).toBe(404);
  });

  it("a reset lifts the lock of the owner's address and the captcha demand, not a guesser's lock", async () => {
    const owner = { 'x-forwarded-for': '198.51.100.50' };
    const guesser = { 'x-forwarded-for': '203.0.113.50' };
    // Both addresses reached the limit (the owner forgot the password, someone else guessed).
    for (const ip of ['198.51.100.50', '203.0.113.50']) {
      for (let i = 0; i < ctx.config.loginMaxFailures; i++) {
        await countSignInFailure(ctx.database.db, ctx.config, { username: 'chenjing', ip });
      }
    }
    const code = await requestSmsCode(ctx, PHONE, '2');
    const res = await ctx.call({
      method: 'POST',
      url: '/api/sys/user/passwordChange',
      headers: owner,
      payload: { username: 'chenjing', password: 'Again@Pass9', smscode: code, phone: PHONE },
    });
    expect(res.body.success).toBe(true);
    // No captcha asked any more, and this address is not locked.
    expect((await postLogin(ctx, { username: 'chenjing', password: 'Again@Pass9' }, owner)).body.code).toBe(
      200,
    );
    expect(
      (await postLogin(ctx, { username: 'chenjing', password: 'Again@Pass9' }, guesser)).body.message,
    ).toMatch(/^登录失败次数过多/);
  });

  it('validates the phone', async () => {
    expect((await verify('', '123456')).body.message).toBe('请输入手机号');
    expect(
      (await reset({ username: 'x', password: NEW_PASSWORD, smscode: '1', phone: '1' })).body.message,
    ).toBe('请输入正确手机号');
  });
});
