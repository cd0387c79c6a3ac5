import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LoginResult } from '../../server/auth/login-result.js';
import { hashToken } from '../../server/auth/sessions.js';
import { userId } from '../../server/db/seed/organisation.js';
import { createTestContext, DEMO_PASSWORD, TEST_ADMIN_PASSWORD, type TestContext } from './helpers.js';
import { postLogin, resetThrottle } from './auth-helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(() => resetThrottle(ctx));

describe('credentials', () => {
  it('a wrong password is 用户名或密码错误', async () => {
    const res = await postLogin(ctx, { username: 'chenjing', password: 'Wrong@123456' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: false, code: 500, message: '用户名或密码错误', result: null });
  });

  it('an unknown user gets exactly the same answer (no account enumeration)', async () => {
    const unknown = await postLogin(ctx, { username: 'nobody_here', password: 'Wrong@123456' });
    const wrong = await postLogin(ctx, { username: 'chenjing', password: 'Wrong@123456' });
    const strip = (b: object) => ({ ...b, timestamp: 0 });
    expect(strip(unknown.body)).toEqual(strip(wrong.body));
  });

  it('a deleted account is treated as unknown, even with its right password', async () => {
    await ctx.database.db
      .updateTable('sysUser')
      .set({ delFlag: 1 })
      .where('username', '=', 'zhuting')
      .execute();
    const res = await postLogin(ctx, { username: 'zhuting', password: DEMO_PASSWORD });
    expect(res.body).toMatchObject({ success: false, message: '用户名或密码错误' });
    await ctx.database.db
      .updateTable('sysUser')
      .set({ delFlag: 0 })
      .where('username', '=', 'zhuting')
      .execute();
  });

  it('a frozen account is only revealed after the right password', async () => {
    const wrong = await postLogin(ctx, { username: 'dongjie', password: 'Wrong@123456' });
    expect(wrong.body.message).toBe('用户名或密码错误');
    const right = await postLogin(ctx, { username: 'dongjie', password: DEMO_PASSWORD });
    expect(right.body).toMatchObject({ success: false, code: 500, message: '该用户已冻结' });
    const sessions = await ctx.database.db
      .selectFrom('sysSession')
      .where('userId', '=', userId('dongjie'))
      .execute();
    expect(sessions).toHaveLength(0);
  });
});

describe('login result', () => {
  it('has the contract keys in order, code 200 and 登录成功', async () => {
    const res = await postLogin<LoginResult>(ctx, { username: 'admin', password: TEST_ADMIN_PASSWORD });
    expect(res.body).toMatchObject({ success: true, code: 200, message: '登录成功' });
    const result = res.body.result!;
    expect(Object.keys(result)).toEqual([
      'token',
      'tenantList',
      'userInfo',
      'departs',
      'multi_depart',
      'sysAllDictItems',
    ]);
    expect(result.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(result.tenantList!.map((t) => t.id)).toEqual([1, 2]);
    expect(result.tenantList![0]).toMatchObject({ id: 1, name: '智慧接待示范单位', status: 1 });
    expect(typeof result.sysAllDictItems).toBe('object');
    expect(Array.isArray(result.sysAllDictItems)).toBe(false);
  });

  it('userInfo carries the account but never the password hash or salt', async () => {
    const res = await postLogin<LoginResult>(ctx, { username: 'chenjing', password: DEMO_PASSWORD });
    const info = res.body.result!.userInfo as unknown as Record<string, unknown>;
    expect(info).toMatchObject({ username: 'chenjing', realname: '陈静', phone: '13800000005', status: 1 });
    expect(info.orgCodeTxt).toBe('项目一组');
    expect(typeof info.modifyTime).toBe('string');
    expect(info.modifyTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    for (const key of Object.keys(info)) expect(key.toLowerCase()).not.toMatch(/password|salt|hash/);
    expect(JSON.stringify(res.body)).not.toContain('scrypt$');
  });

  it('one department: multi_depart 1, departs in the contract shape, orgCode set to it', async () => {
    await ctx.database.db
      .updateTable('sysUser')
      .set({ orgCode: null })
      .where('username', '=', 'chenjing')
      .execute();
    const res = await postLogin<LoginResult>(ctx, { username: 'chenjing', password: DEMO_PASSWORD });
    const result = res.body.result!;
    expect(result.multi_depart).toBe(1);
    expect(result.departs).toHaveLength(1);
    expect(result.departs[0]).toMatchObject({
      departName: '项目一组',
      orgCode: 'A01A02A01',
      orgCategory: '2',
    });
    for (const key of ['id', 'parentId', 'departOrder']) expect(result.departs[0]).toHaveProperty(key);
    expect(result.userInfo.orgCode).toBe('A01A02A01');
  });

  it('several departments: multi_depart 2, the current one is kept', async () => {
    await ctx.database.db
      .updateTable('sysUser')
      .set({ orgCode: 'A01A03A01' })
      .where('username', '=', 'gaopeng')
      .execute();
    const res = await postLogin<LoginResult>(ctx, { username: 'gaopeng', password: DEMO_PASSWORD });
    expect(res.body.result!.multi_depart).toBe(2);
    expect(res.body.result!.departs.map((d) => d.orgCode).sort()).toEqual(['A01A02A01', 'A01A03A01']);
    expect(res.body.result!.userInfo.orgCode).toBe('A01A03A01');
  });

  it('no department: multi_depart 0 and an empty list', async () => {
    await ctx.database.db.deleteFrom('sysUserDepart').where('userId', '=', userId('hexue')).execute();
    const res = await postLogin<LoginResult>(ctx, { username: 'hexue', password: DEMO_PASSWORD });
    expect(res.body.result!.multi_depart).toBe(0);
    expect(res.body.result!.departs).toEqual([]);
  });

  it('no tenants: no tenantList key at all', async () => {
    await ctx.database.db
      .updateTable('sysUser')
      .set({ relTenantIds: '' })
      .where('username', '=', 'majun')
      .execute();
    const res = await postLogin<LoginResult>(ctx, { username: 'majun', password: DEMO_PASSWORD });
    expect(res.body.code).toBe(200);
    expect(Object.keys(res.body.result!)).not.toContain('tenantList');
  });

  it('only effective tenants are listed, and none effective refuses the sign-in', async () => {
    await ctx.database.db.updateTable('sysTenant').set({ status: 0 }).where('id', '=', 2).execute();
    const admin = await postLogin<LoginResult>(ctx, { username: 'admin', password: TEST_ADMIN_PASSWORD });
    expect(admin.body.result!.tenantList!.map((t) => t.id)).toEqual([1]);

    await ctx.database.db
      .updateTable('sysTenant')
      .set({ endDate: new Date(Date.now() - 86_400_000) })
      .where('id', '=', 1)
      .execute();
    const staff = await postLogin(ctx, { username: 'xuming', password: DEMO_PASSWORD });
    expect(staff.body).toMatchObject({ success: false, message: '与该用户关联的租户均已被冻结，无法登录！' });
    await ctx.database.db.updateTable('sysTenant').set({ status: 1, endDate: null }).execute();
  });

  it('writes a login log row (log_type 1)', async () => {
    await postLogin(ctx, { username: 'sunli', password: DEMO_PASSWORD });
    const logs = await ctx.database.db
      .selectFrom('sysLog')
      .selectAll()
      .where('username', '=', 'sunli')
      .where('logType', '=', 1)
      .execute();
    expect(logs.length).toBeGreaterThanOrEqual(1);
    expect(logs[0].logContent).toContain('登录成功');
    expect(logs[0].userid).toBe(userId('sunli'));
  });

  it('the token is stored only as its SHA-256 hash', async () => {
    const res = await postLogin<LoginResult>(ctx, { username: 'wuxia', password: DEMO_PASSWORD });
    const token = res.body.result!.token;
    const rows = await ctx.database.db.selectFrom('sysSession').selectAll().execute();
    expect(rows.some((r) => r.tokenHash === hashToken(token))).toBe(true);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('each sign-in gets a new token', async () => {
    const a = await ctx.login('zhoujie', DEMO_PASSWORD);
    const b = await ctx.login('zhoujie', DEMO_PASSWORD);
    expect(a).not.toBe(b);
  });
});
