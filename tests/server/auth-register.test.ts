import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { dropConfigCache } from '../../server/sys/config/values.js';
import { createTestContext, type TestContext } from './helpers.js';
import { requestSmsCode, resetThrottle, wrongCode } from './auth-helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(() => resetThrottle(ctx));

function check(query: string) {
  return ctx.call({ method: 'GET', url: `/api/sys/user/checkOnlyUser?${query}` });
}

function register(payload: Record<string, string>) {
  return ctx.call({ method: 'POST', url: '/api/sys/user/register', payload });
}

describe('GET /sys/user/checkOnlyUser', () => {
  it('success true when the username is free', async () => {
    expect((await check('username=brand_new')).body.success).toBe(true);
  });

  it('用户账号已存在 when the username is taken', async () => {
    expect((await check('username=admin')).body).toMatchObject({ success: false, message: '用户账号已存在' });
  });

  it('a deleted account still holds its username', async () => {
    await ctx.database.db
      .updateTable('sysUser')
      .set({ delFlag: 1 })
      .where('username', '=', 'hugang')
      .execute();
    expect((await check('username=hugang')).body.success).toBe(false);
    await ctx.database.db
      .updateTable('sysUser')
      .set({ delFlag: 0 })
      .where('username', '=', 'hugang')
      .execute();
  });

  it('phone: free → success, taken → 该手机号已注册', async () => {
    expect((await check('phone=13912345670')).body.success).toBe(true);
    expect((await check('phone=13800000000')).body).toMatchObject({
      success: false,
      message: '该手机号已注册',
    });
  });

  it('is bounded per address', async () => {
    const ip = { 'x-forwarded-for': '203.0.113.5' };
    const limit = ctx.config.loginMaxFailures * 20;
    for (let i = 0; i < limit; i++) {
      await ctx.call({ method: 'GET', url: `/api/sys/user/checkOnlyUser?username=u${i}`, headers: ip });
    }
    const res = await ctx.call({
      method: 'GET',
      url: '/api/sys/user/checkOnlyUser?username=zz',
      headers: ip,
    });
    expect(res.body.success).toBe(false);
    expect(res.body.message).toMatch(/^请求过于频繁，请\d+分钟后再试$/);
  });
});

describe('POST /sys/user/register', () => {
  const phone = '13912345671';

  it('checks the username rule', async () => {
    const base = { password: 'Good@Pass1', phone, smscode: '123456' };
    expect((await register({ ...base, username: '' })).body.message).toBe('请输入用户名');
    expect((await register({ ...base, username: 'bad-name' })).body.message).toBe('只允许字母、数字、下划线');
    expect((await register({ ...base, username: '中文名' })).body.message).toBe('只允许字母、数字、下划线');
  });

  it('checks the password strength rule', async () => {
    const base = { username: 'newbie', phone, smscode: '123456' };
    for (const password of [
      '',
      'short@A1',
      'alllower@123',
      'ALLUPPER@123',
      'NoDigits@abc',
      'NoSpecial123A',
    ]) {
      const res = await register({ ...base, password });
      if (password === 'short@A1') {
        // Exactly 8 characters with every class: strong enough.
        expect(res.body.message).not.toBe('密码由8位数字、大小写字母和特殊符号组成!');
        continue;
      }
      expect(res.body.message, password).toBe('密码由8位数字、大小写字母和特殊符号组成!');
    }
  });

  it('checks the mobile rule', async () => {
    const base = { username: 'newbie', password: 'Good@Pass1', smscode: '123456' };
    expect((await register({ ...base, phone: '' })).body.message).toBe('请输入手机号');
    expect((await register({ ...base, phone: '1381234' })).body.message).toBe('请输入正确手机号');
  });

  it('refuses a taken username or phone', async () => {
    const base = { password: 'Good@Pass1', smscode: '123456' };
    expect((await register({ ...base, username: 'admin', phone })).body.message).toBe('用户账号已存在');
    expect((await register({ ...base, username: 'newbie', phone: '13800000001' })).body.message).toBe(
      '该手机号已注册',
    );
  });

  it('needs the registration code of that phone', async () => {
    const code = await requestSmsCode(ctx, phone, '1');
    const res = await register({
      username: 'newbie',
      password: 'Good@Pass1',
      phone,
      smscode: wrongCode(code),
    });
    expect(res.body).toMatchObject({ success: false, message: '手机验证码错误' });
    const none = await register({ username: 'newbie', password: 'Good@Pass1', phone, smscode: '' });
    expect(none.body.message).toBe('手机验证码错误');
  });

  it('creates an account in tenant 1 with no role that can sign in; the code is spent', async () => {
    await ctx.database.db.deleteFrom('sysSmsCode').where('mobile', '=', '13912345672').execute();
    const code = await requestSmsCode(ctx, '13912345672', '1');
    const res = await register({
      username: 'new_user1',
      password: 'Good@Pass1',
      phone: '13912345672',
      smscode: code,
    });
    expect(res.body).toMatchObject({ success: true, code: 200, message: '注册成功' });

    const user = await ctx.database.db
      .selectFrom('sysUser')
      .selectAll()
      .where('username', '=', 'new_user1')
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({
      realname: 'new_user1',
      phone: '13912345672',
      status: 1,
      delFlag: 0,
      relTenantIds: '1',
    });
    expect(user.modifyTime).toBeInstanceOf(Date);
    expect(user.passwordHash).toMatch(/^scrypt\$/);
    expect(user.id).toMatch(/^[0-9a-f]{32}$/);
    const roles = await ctx.database.db
      .selectFrom('sysUserRole as ur')
      .innerJoin('sysRole as r', 'r.id', 'ur.roleId')
      .select('r.roleCode')
      .where('ur.userId', '=', user.id)
      .execute();
    // Anyone can register: the account reads nothing until an admin gives it a role.
    expect(roles.map((r) => r.roleCode)).toEqual([]);

    const token = await ctx.login('new_user1', 'Good@Pass1');
    expect(token).toBeTruthy();
    const menu = await ctx.call<{ menu: unknown[] }>({
      method: 'GET',
      url: '/api/sys/permission/getUserPermissionByToken',
      headers: { 'x-access-token': token },
    });
    expect(menu.body.result?.menu.map((m) => (m as { path: string }).path)).toEqual(['/HomePage']);
    expect((await check('username=new_user1')).body.message).toBe('用户账号已存在');

    const again = await register({
      username: 'new_user2',
      password: 'Good@Pass1',
      phone: '13912345672',
      smscode: code,
    });
    expect(again.body.success).toBe(false);
  });

  it('gives the role 系统配置 names (register.defaultRole) to each new account', async () => {
    await sql`update sys_config set config_value = 'staff' where config_key = 'register.defaultRole'`.execute(
      ctx.database.db,
    );
    dropConfigCache(ctx.database.db);
    const code = await requestSmsCode(ctx, '13912345673', '1');
    const res = await register({
      username: 'new_user3',
      password: 'Good@Pass1',
      phone: '13912345673',
      smscode: code,
    });
    expect(res.body).toMatchObject({ success: true });
    const roles = await ctx.database.db
      .selectFrom('sysUserRole as ur')
      .innerJoin('sysRole as r', 'r.id', 'ur.roleId')
      .innerJoin('sysUser as u', 'u.id', 'ur.userId')
      .select('r.roleCode')
      .where('u.username', '=', 'new_user3')
      .execute();
    expect(roles.map((r) => r.roleCode)).toEqual(['staff']);
  });
});
