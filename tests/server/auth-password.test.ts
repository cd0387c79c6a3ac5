import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { passwordDaysLeft } from '../../server/auth/password-routes.js';
import { createTestContext, DEMO_PASSWORD, TEST_ADMIN_PASSWORD, type TestContext } from './helpers.js';
import { authed, postLogin, resetThrottle } from './auth-helpers.js';

const DAY = 86_400_000;
const NEW_PASSWORD = 'Changed@Pass7';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ passwordExpireDays: 90 });
});
afterAll(() => ctx.close());
beforeEach(() => resetThrottle(ctx));

function update(token: string, payload: Record<string, string | undefined>, ip?: string) {
  return ctx.call<{ modifyTime: string }>({
    method: 'PUT',
    url: '/api/sys/user/updatePassword',
    headers: { ...authed(token), ...(ip ? { 'x-forwarded-for': ip } : {}) },
    payload,
  });
}

function daysLeft(token: string, username?: string) {
  const query = username === undefined ? '' : `?username=${username}`;
  return ctx.call<number>({
    method: 'GET',
    url: `/api/sys/user/getUserInfoByUserName${query}`,
    headers: authed(token),
  });
}

describe('PUT /sys/user/updatePassword rules', () => {
  let token: string;
  beforeAll(async () => {
    token = await ctx.login('yangqiang', DEMO_PASSWORD);
  });
  const base = {
    username: 'yangqiang',
    oldpassword: DEMO_PASSWORD,
    password: NEW_PASSWORD,
    confirmpassword: NEW_PASSWORD,
  };

  const cases: [string, Record<string, string | undefined>, string][] = [
    ['old required', { oldpassword: '' }, '请输入旧密码!'],
    ['new required', { password: '', confirmpassword: '' }, '请输入新密码!'],
    [
      'strength',
      { password: 'abcdefgh', confirmpassword: 'abcdefgh' },
      '密码由8位数字、大小写字母和特殊符号组成!',
    ],
    [
      'strength: too short',
      { password: 'Ab1@', confirmpassword: 'Ab1@' },
      '密码由8位数字、大小写字母和特殊符号组成!',
    ],
    ['confirm required', { confirmpassword: '' }, '请确认新密码!'],
    ['mismatch', { confirmpassword: 'Changed@Pass8' }, '两次输入的密码不一样！'],
    ['same as old', { password: DEMO_PASSWORD, confirmpassword: DEMO_PASSWORD }, '旧密码不能与新密码一致！'],
    ['old wrong', { oldpassword: 'Wrong@Pass1' }, '旧密码输入错误!'],
  ];
  for (const [name, change, message] of cases) {
    it(`${name}: ${message}`, async () => {
      const res = await update(token, { ...base, ...change });
      expect(res.body).toMatchObject({ success: false, code: 500, message });
    });
  }

  it("another user's name is refused with 510", async () => {
    const res = await update(token, { ...base, username: 'admin' });
    expect(res.body).toMatchObject({ success: false, code: 510 });
    expect((await postLogin(ctx, { username: 'admin', password: NEW_PASSWORD })).body.success).toBe(false);
  });

  it('needs a session', async () => {
    const res = await ctx.call({ method: 'PUT', url: '/api/sys/user/updatePassword', payload: base });
    expect(res.status).toBe(401);
  });

  it('repeated wrong old passwords lock the account from that address like failed sign-ins', async () => {
    const t = await ctx.login('zhuting', DEMO_PASSWORD);
    const wrong = {
      username: 'zhuting',
      oldpassword: 'Wrong@Pass1',
      password: NEW_PASSWORD,
      confirmpassword: NEW_PASSWORD,
    };
    for (let i = 0; i < ctx.config.loginMaxFailures; i++) {
      expect((await update(t, wrong)).body.message).toBe('旧密码输入错误!');
    }
    const right = await update(t, { ...wrong, oldpassword: DEMO_PASSWORD });
    expect(right.body.message).toMatch(/^登录失败次数过多，请\d+分钟后再试$/);
    // From another address the owner still changes it.
    const elsewhere = await update(t, { ...wrong, oldpassword: DEMO_PASSWORD }, '198.51.100.40');
    expect(elsewhere.body).toMatchObject({ success: true, message: '密码修改成功！' });
  });
});

describe('PUT /sys/user/updatePassword success', () => {
  it('stores the new password, returns modifyTime, keeps this session and ends the others', async () => {
    const current = await ctx.login('zhaolei', DEMO_PASSWORD);
    const other = await ctx.login('zhaolei', DEMO_PASSWORD);
    const res = await update(current, {
      username: 'zhaolei',
      oldpassword: DEMO_PASSWORD,
      password: NEW_PASSWORD,
      confirmpassword: NEW_PASSWORD,
    });
    expect(res.body).toMatchObject({ success: true, code: 200, message: '密码修改成功！' });
    expect(res.body.result!.modifyTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    expect((await daysLeft(current)).body.success).toBe(true);
    const ended = await daysLeft(other);
    expect(ended.status).toBe(500);
    expect(ended.body.message).toContain('Token失效');

    expect((await postLogin(ctx, { username: 'zhaolei', password: DEMO_PASSWORD })).body.success).toBe(false);
    expect((await postLogin(ctx, { username: 'zhaolei', password: NEW_PASSWORD })).body.code).toBe(200);

    const row = await ctx.database.db
      .selectFrom('sysUser')
      .select(['modifyTime', 'passwordHash'])
      .where('username', '=', 'zhaolei')
      .executeTakeFirstOrThrow();
    expect(Date.now() - row.modifyTime!.getTime()).toBeLessThan(60_000);
    expect(row.passwordHash).not.toContain(NEW_PASSWORD);
  });
});

describe('GET /sys/user/getUserInfoByUserName', () => {
  async function setModifyTime(username: string, modifyTime: Date | null) {
    await ctx.database.db
      .updateTable('sysUser')
      .set({ modifyTime })
      .where('username', '=', username)
      .execute();
  }

  it('a password changed just now has the full period left', async () => {
    const token = await ctx.login('huangmin', DEMO_PASSWORD);
    await setModifyTime('huangmin', new Date());
    const res = await daysLeft(token, 'huangmin');
    expect(res.body).toMatchObject({ success: true, code: 200, result: 90 });
  });

  it('counts whole days since the change', async () => {
    const token = await ctx.login('zhoujie', DEMO_PASSWORD);
    await setModifyTime('zhoujie', new Date(Date.now() - 10 * DAY - 3_600_000));
    expect((await daysLeft(token, 'zhoujie')).body.result).toBe(80);
    await setModifyTime('zhoujie', new Date(Date.now() - 88 * DAY));
    expect((await daysLeft(token)).body.result).toBe(2);
    await setModifyTime('zhoujie', new Date(Date.now() - 100 * DAY));
    expect((await daysLeft(token)).body.result).toBe(-10);
  });

  it('never changed (modifyTime null) is 0', async () => {
    const token = await ctx.login('luoqian', DEMO_PASSWORD);
    expect((await daysLeft(token, 'luoqian')).body.result).toBe(0);
  });

  it("another user's days are refused (510), but the admin may ask", async () => {
    const token = await ctx.login('wuxia', DEMO_PASSWORD);
    expect((await daysLeft(token, 'luoqian')).body).toMatchObject({ success: false, code: 510 });
    const admin = await ctx.login('admin', TEST_ADMIN_PASSWORD);
    expect((await daysLeft(admin, 'luoqian')).body).toMatchObject({ success: true, result: 0 });
  });

  it('passwordDaysLeft floors partial days', () => {
    const now = new Date('2025-06-10T12:00:00Z');
    expect(passwordDaysLeft(null, 90, now)).toBe(0);
    expect(passwordDaysLeft(new Date('2025-06-10T00:00:00Z'), 90, now)).toBe(90);
    expect(passwordDaysLeft(new Date('2025-06-08T13:00:00Z'), 90, now)).toBe(89);
    expect(passwordDaysLeft(new Date('2025-06-08T11:00:00Z'), 90, now)).toBe(88);
  });
});
