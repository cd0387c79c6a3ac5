/**
 * 用户管理, the changing side: add, edit, delete, deleteBatch and frozenBatch with the refusals of
 * docs/modules/system-admin.md (duplicates, yourself, the last administrator, unknown references,
 * the spec's field and password messages), each leaving everything unchanged. The admin's password
 * reset is in sys-user-password.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEntityContext, type EntityTestContext } from './entity-helpers.js';
import { DEMO_PASSWORD } from './helpers.js';
import {
  departId,
  expectNoSecrets,
  GOOD_PASSWORD,
  grantCodes,
  newUserBody,
  probe as probeToken,
  signIn as signInAs,
  userId,
  userRow,
  type UserRecord,
} from './sys-user-support.js';

let ctx: EntityTestContext;
/** zhangwei (manager) with the user buttons but not the admin role. */
let managerToken: string;
beforeAll(async () => {
  ctx = await createEntityContext();
  await grantCodes(ctx, 'manager', ['user:list', 'user:add', 'user:edit', 'user:delete', 'user:frozen']);
  managerToken = await ctx.login('zhangwei', DEMO_PASSWORD);
});
afterAll(() => ctx.close());

const add = (body: Record<string, unknown>, token?: string) => ctx.send('POST', '/sys/user/add', body, token);
const edit = (body: Record<string, unknown>, token?: string) =>
  ctx.send('PUT', '/sys/user/edit', body, token);
const freeze = (ids: string[], status: number | string, token?: string) =>
  ctx.send('PUT', '/sys/user/frozenBatch', { ids: ids.join(','), status }, token);
const byId = async (id: string) => (await ctx.get<UserRecord>(`/sys/user/queryById?id=${id}`)).result!;
const userCount = async () =>
  Number(
    (
      await ctx.database.db
        .selectFrom('sysUser')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const probe = (token: string) => probeToken(ctx, token);
const signIn = (username: string, password: string) => signInAs(ctx, username, password);

describe('POST /sys/user/add', () => {
  it('adds a user with departments, main department, position, roles and tenants', async () => {
    const res = await add(
      newUserBody('1', {
        selecteddeparts: `${departId('A01A03A02')},${departId('A01A02')}`,
        post: 'engineer,clerk',
        selectedroles: 'staff,manager',
        relTenantIds: '1,2',
        birthday: '1990-05-17',
      }),
    );
    expect(res).toMatchObject({ success: true, message: '添加成功！' });
    const row = (await userRow(ctx, 'tester1'))!;
    expect(row).toMatchObject({
      status: 1,
      delFlag: 0,
      orgCode: 'A01A03A02',
      modifyTime: null,
      createBy: 'admin',
    });
    expect(row.passwordHash).toMatch(/^scrypt\$/);
    const user = await byId(row.id);
    expect(user).toMatchObject({
      realname: '测试员1',
      birthday: '1990-05-17',
      selecteddeparts: `${departId('A01A02')},${departId('A01A03A02')}`,
      selectedroles: 'manager,staff',
      post_dictText: '工程师,专员',
      relTenantIds_dictText: '智慧接待示范单位,分支机构',
    });
  });

  it('the new user signs in with the given password and must change it first (修改初始密码)', async () => {
    const res = await signIn('tester1', GOOD_PASSWORD);
    expect(res.body.code).toBe(200);
    const days = await probe(res.body.result!.token);
    expect(days.body.result).toBe(0);
  });

  it('refuses invalid fields with the spec messages and adds nothing', async () => {
    const before = await userCount();
    const cases: [Record<string, unknown>, string][] = [
      [{ username: '' }, '请输入用户账号!'],
      [{ username: 'bad name' }, '只允许字母、数字、下划线'],
      [{ realname: null }, '请输入用户姓名!'],
      [{ workNo: '' }, '请输入工号!'],
      [{ password: '' }, '请输入登录密码!'],
      [{ password: undefined }, '请输入登录密码!'],
      [{ password: 'weakpass' }, '密码由8位数字、大小写字母和特殊符号组成!'],
      [{ phone: '12345' }, '请输入正确手机号'],
      [{ email: 'not-mail' }, '邮箱格式不正确'],
      [{ birthday: '1990-02-30' }, '生日格式不正确，应为YYYY-MM-DD'],
      [{ sex: 3 }, '性别的值不在字典中：3'],
      [{ avatar: '../../etc/passwd' }, '头像地址不正确'],
      [{ selecteddeparts: 'nosuchdepart' }, '所属部门不存在：nosuchdepart'],
      [{ selectedroles: 'staff,ghost' }, '角色不存在：ghost'],
      [{ post: 'astronaut' }, '职务不存在：astronaut'],
      [{ relTenantIds: '1,9' }, '租户不存在：9'],
      [{ relTenantIds: '' }, '请选择租户!'],
      [{ orgCode: 'A01A01' }, '主部门必须是所属部门之一'],
      [{ orgCode: 'ZZZ' }, '主部门不存在：ZZZ'],
      [{ salary: 1 }, '未知字段：salary'],
    ];
    for (const [change, message] of cases) {
      const body = newUserBody('2', change);
      for (const [k, v] of Object.entries(change)) if (v === undefined) delete body[k];
      expect(await add(body), JSON.stringify(change)).toMatchObject({ success: false, message });
    }
    expect(await userCount()).toBe(before);
  });

  it('refuses a taken account, phone, e-mail or work number; a deleted account keeps its name', async () => {
    const before = await userCount();
    expect((await add(newUserBody('3', { username: 'zhaolei' }))).message).toBe('用户账号已存在');
    expect((await add(newUserBody('3', { phone: '13800000007' }))).message).toBe('手机号已存在');
    expect((await add(newUserBody('3', { email: 'ZHAOLEI@example.com' }))).message).toBe('邮箱已存在');
    expect((await add(newUserBody('3', { workNo: 'NO0007' }))).message).toBe('工号已存在');
    expect(await userCount()).toBe(before);
  });

  it('only an administrator may create an administrator', async () => {
    const res = await add(newUserBody('4', { selectedroles: 'admin' }), managerToken);
    expect(res).toMatchObject({ success: false, message: '只有管理员可以授予或移除管理员角色' });
    expect(await add(newUserBody('4'), managerToken)).toMatchObject({ success: true });
  });

  it('needs user:add', async () => {
    expect(await add(newUserBody('5'), ctx.staffToken)).toMatchObject({ success: false, code: 510 });
  });
});

describe('PUT /sys/user/edit', () => {
  it('changes fields and replaces departments and roles; the main department follows', async () => {
    const id = userId('xuming');
    const res = await edit({
      id,
      username: 'xuming',
      realname: '徐明明',
      selecteddeparts: `${departId('A01A04A01')},${departId('A01A01A01')}`,
      selectedroles: 'manager',
      orgCodeTxt: 'ignored',
      sex_dictText: 'ignored',
    });
    expect(res).toMatchObject({ success: true, message: '编辑成功！' });
    expect(await byId(id)).toMatchObject({
      realname: '徐明明',
      orgCode: 'A01A01A01',
      selecteddeparts: `${departId('A01A01A01')},${departId('A01A04A01')}`,
      selectedroles: 'manager',
      phone: '13800000011',
    });
    expect(await edit({ id, orgCode: 'A01A04A01' })).toMatchObject({ success: true });
    expect((await byId(id)).orgCode).toBe('A01A04A01');
    expect((await edit({ id, orgCode: 'A01A03' })).message).toBe('主部门必须是所属部门之一');
  });

  it('keeps its own values (no duplicate of itself) but refuses another user’s', async () => {
    const id = userId('sunli');
    expect(await edit({ id, phone: '13800000012', workNo: 'NO0012' })).toMatchObject({ success: true });
    expect((await edit({ id, phone: '13800000013' })).message).toBe('手机号已存在');
    expect((await edit({ id, workNo: 'NO0013' })).message).toBe('工号已存在');
    expect((await byId(id)).phone).toBe('13800000012');
  });

  it('refuses a changed account, a password, an unknown user and an admin grant by a non-admin', async () => {
    expect((await edit({ id: userId('sunli'), username: 'sunli2' })).message).toBe('用户账号不允许修改');
    expect((await edit({ id: userId('sunli'), password: GOOD_PASSWORD })).message).toBe(
      '编辑用户时不能修改密码，请使用列表中的“密码”重置',
    );
    expect((await edit({ id: 'nosuchuser', realname: 'x' })).message).toBe('未找到对应数据');
    expect((await edit({ realname: 'x' })).message).toBe('参数错误：id格式不正确');
    expect((await edit({ id: userId('sunli'), selectedroles: 'admin' }, managerToken)).message).toBe(
      '只有管理员可以授予或移除管理员角色',
    );
    expect((await edit({ id: userId('admin'), phone: '13900009999' }, managerToken)).message).toBe(
      '只有管理员可以修改管理员的信息或密码',
    );
    expect((await edit({ id: userId('admin'), selectedroles: 'staff' })).message).toBe(
      '不能移除最后一个管理员的管理员角色',
    );
    expect((await byId(userId('admin'))).selectedroles).toBe('admin');
    expect((await edit({ id: userId('sunli'), status: 2 })).success).toBe(true);
    expect((await userRow(ctx, 'sunli'))!.status).toBe(1); // status is not written by edit
  });

  it('POST edit works like PUT (the contract allows both)', async () => {
    const res = await ctx.send('POST', '/sys/user/edit', { id: userId('sunli'), realname: '孙莉' });
    expect(res.success).toBe(true);
    expect((await byId(userId('sunli'))).realname).toBe('孙莉');
  });
});

describe('frozenBatch', () => {
  it('freezing ends the sessions at once and sign-in answers 该用户已冻结; unfreezing lets them back', async () => {
    const token = await ctx.login('zhaolei', DEMO_PASSWORD);
    expect((await probe(token)).status).toBe(200);
    expect(await freeze([userId('zhaolei')], 2)).toMatchObject({ success: true, message: '冻结成功！' });
    const after = await probe(token);
    expect(after.status).toBe(500);
    expect(after.body.message).toBe('Token失效，请重新登录!');
    expect((await signIn('zhaolei', DEMO_PASSWORD)).body.message).toBe('该用户已冻结');
    expect((await byId(userId('zhaolei'))).status_dictText).toBe('冻结');
    expect(await freeze([userId('zhaolei')], '1')).toMatchObject({ success: true, message: '解冻成功！' });
    expect((await signIn('zhaolei', DEMO_PASSWORD)).body.code).toBe(200);
  });

  it('refuses yourself, the last admin, a bad status and unknown ids, changing nothing', async () => {
    const both = [userId('wuxia'), userId('admin')];
    expect((await freeze(both, 2)).message).toBe('不能冻结当前登录用户');
    expect((await freeze([userId('admin')], 2, managerToken)).message).toBe('不能冻结最后一个管理员');
    expect((await freeze([userId('wuxia')], 3)).message).toBe('参数错误：status只能是1（正常）或2（冻结）');
    expect((await freeze([userId('wuxia'), 'ghost'], 2)).message).toBe('未找到对应数据');
    expect((await userRow(ctx, 'wuxia'))!.status).toBe(1);
    expect((await userRow(ctx, 'admin'))!.status).toBe(1);
  });

  it('a second administrator may be frozen while another stays active', async () => {
    expect(await add(newUserBody('6', { selectedroles: 'admin' }))).toMatchObject({ success: true });
    const second = (await userRow(ctx, 'tester6'))!.id;
    expect(await freeze([second], 2, managerToken)).toMatchObject({ success: true });
    // Now admin is the only active one again.
    expect((await freeze([userId('admin')], 2, managerToken)).message).toBe('不能冻结最后一个管理员');
  });

  it('needs user:frozen', async () => {
    expect((await freeze([userId('wuxia')], 2, ctx.staffToken)).code).toBe(510);
  });
});

describe('delete and deleteBatch', () => {
  it('soft-deletes: the row stays marked, the sessions end, the account cannot sign in, the name stays taken', async () => {
    const token = await ctx.login('hexue', DEMO_PASSWORD);
    const res = await ctx.send('DELETE', `/sys/user/delete?id=${userId('hexue')}`);
    expect(res).toMatchObject({ success: true, message: '删除用户成功' });
    expect((await userRow(ctx, 'hexue'))!.delFlag).toBe(1);
    expect((await probe(token)).status).not.toBe(200);
    expect((await signIn('hexue', DEMO_PASSWORD)).body.message).toBe('用户名或密码错误');
    expect((await ctx.get(`/sys/user/queryById?id=${userId('hexue')}`)).message).toBe('未找到对应数据');
    expect((await add(newUserBody('7', { username: 'hexue' }))).message).toBe('用户账号已存在');
    // Phone and e-mail of a deleted account are free again.
    expect(await add(newUserBody('7', { phone: '13800000018', email: 'hexue@example.com' }))).toMatchObject({
      success: true,
    });
  });

  it('refuses yourself and the last admin; a batch is all or nothing', async () => {
    const batch = `${userId('linfeng')},${userId('admin')},`;
    expect((await ctx.send('DELETE', `/sys/user/deleteBatch?ids=${batch}`)).message).toBe(
      '不能删除当前登录用户',
    );
    expect(
      (await ctx.send('DELETE', `/sys/user/delete?id=${userId('admin')}`, undefined, managerToken)).message,
    ).toBe('不能删除最后一个管理员');
    const withGhost = `${userId('linfeng')},ghost`;
    expect((await ctx.send('DELETE', `/sys/user/deleteBatch?ids=${withGhost}`)).message).toBe(
      '未找到对应数据',
    );
    expect((await userRow(ctx, 'linfeng'))!.delFlag).toBe(0);
    expect((await userRow(ctx, 'admin'))!.delFlag).toBe(0);
  });

  it('deletes several at once', async () => {
    const ids = `${userId('linfeng')},${userId('guoyan')},`;
    expect(await ctx.send('DELETE', `/sys/user/deleteBatch?ids=${ids}`)).toMatchObject({
      success: true,
      message: '批量删除用户成功',
    });
    expect((await userRow(ctx, 'linfeng'))!.delFlag).toBe(1);
    expect((await userRow(ctx, 'guoyan'))!.delFlag).toBe(1);
  });

  it('needs user:delete', async () => {
    expect(
      (await ctx.send('DELETE', `/sys/user/delete?id=${userId('majun')}`, undefined, ctx.staffToken)).code,
    ).toBe(510);
  });
});

describe('no answer carries a secret', () => {
  it('list, queryById and the refusals', async () => {
    expectNoSecrets(await ctx.get('/sys/user/list?pageSize=100'));
    expectNoSecrets(await byId(userId('admin')));
    expectNoSecrets(await add(newUserBody('8', { password: 'weak' })));
  });
});
