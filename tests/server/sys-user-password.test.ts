/**
 * 用户管理's password reset (PUT /sys/user/changePassword): the spec's new-password messages, the
 * user's sessions ended, and the 修改初始密码 path forced at their next sign-in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEntityContext, type EntityTestContext } from './entity-helpers.js';
import { DEMO_PASSWORD, TEST_ADMIN_PASSWORD } from './helpers.js';
import {
  GOOD_PASSWORD,
  grantCodes,
  probe as probeToken,
  signIn as signInAs,
  userId,
  userRow,
} from './sys-user-support.js';

let ctx: EntityTestContext;
beforeAll(async () => {
  ctx = await createEntityContext();
  await grantCodes(ctx, 'manager', ['user:resetPassword']);
});
afterAll(() => ctx.close());

const probe = (token: string) => probeToken(ctx, token);
const signIn = (username: string, password: string) => signInAs(ctx, username, password);

describe('PUT /sys/user/changePassword (admin reset)', () => {
  const reset = (body: Record<string, unknown>, token?: string) =>
    ctx.send('PUT', '/sys/user/changePassword', body, token);

  it('checks the new password and its confirmation with the spec messages', async () => {
    expect((await reset({ username: 'majun', password: '', confirmpassword: '' })).message).toBe(
      '请输入新密码!',
    );
    expect((await reset({ username: 'majun', password: 'abc', confirmpassword: 'abc' })).message).toBe(
      '密码由8位数字、大小写字母和特殊符号组成!',
    );
    expect((await reset({ username: 'majun', password: GOOD_PASSWORD })).message).toBe('请确认新密码!');
    expect(
      (await reset({ username: 'majun', password: GOOD_PASSWORD, confirmpassword: 'Other#2024x' })).message,
    ).toBe('两次输入的密码不一样！');
    expect(
      (await reset({ username: 'ghost', password: GOOD_PASSWORD, confirmpassword: GOOD_PASSWORD })).message,
    ).toBe('未找到对应数据');
    expect((await signIn('majun', DEMO_PASSWORD)).body.code).toBe(200);
  });

  it('sets the password, ends the user’s sessions and forces 修改初始密码 at the next sign-in', async () => {
    const token = await ctx.login('majun', DEMO_PASSWORD);
    const res = await reset({
      id: userId('majun'),
      username: 'majun',
      password: GOOD_PASSWORD,
      confirmpassword: GOOD_PASSWORD,
    });
    expect(res).toMatchObject({ success: true, message: '密码修改成功！' });
    expect((await probe(token)).body.message).toBe('Token失效，请重新登录!');
    expect((await signIn('majun', DEMO_PASSWORD)).body.message).toBe('用户名或密码错误');
    const fresh = await signIn('majun', GOOD_PASSWORD);
    expect(fresh.body.code).toBe(200);
    expect((await probe(fresh.body.result!.token)).body.result).toBe(0);
    expect((await userRow(ctx, 'majun'))!.modifyTime).toBeNull();
  });

  it('an admin resetting their own password stays signed in', async () => {
    const res = await reset({
      username: 'admin',
      password: TEST_ADMIN_PASSWORD,
      confirmpassword: TEST_ADMIN_PASSWORD,
    });
    expect(res.success).toBe(true);
    expect((await probe(ctx.adminToken)).status).toBe(200);
  });

  it("only an administrator may reset an administrator's password", async () => {
    const manager = await ctx.login('zhangwei', DEMO_PASSWORD);
    const body = { username: 'admin', password: GOOD_PASSWORD, confirmpassword: GOOD_PASSWORD };
    expect((await reset(body, manager)).message).toBe('只有管理员可以修改管理员的信息或密码');
    expect((await signIn('admin', TEST_ADMIN_PASSWORD)).body.code).toBe(200);
    const staffReset = { username: 'zhuting', password: GOOD_PASSWORD, confirmpassword: GOOD_PASSWORD };
    expect(await reset(staffReset, manager)).toMatchObject({ success: true });
  });

  it('needs user:resetPassword', async () => {
    const body = { username: 'majun', password: GOOD_PASSWORD, confirmpassword: GOOD_PASSWORD };
    expect((await reset(body, ctx.staffToken)).code).toBe(510);
  });
});
