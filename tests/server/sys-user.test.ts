/**
 * 用户管理, the reading side: the list (admin view and directory view), queryById / userById,
 * queryUserRole, userList, queryUserByDepId, queryByOrgCodeForAddressList, and the declaration
 * and menu that put the screen together. Changes are in sys-user-write.test.ts, files in
 * sys-user-files.test.ts.
 */
import fs from 'node:fs';
import { USERS } from '../../server/db/seed/organisation.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isStrongPassword } from '../../runtime/model/validation/password.js';
import { checkPattern } from '../../runtime/model/validation/formats.js';
import { createEntityContext, type EntityTestContext, type Page } from './entity-helpers.js';
import { departId, expectNoSecrets, roleId, userId, type UserRecord } from './sys-user-support.js';

let ctx: EntityTestContext;
beforeAll(async () => {
  ctx = await createEntityContext();
});
afterAll(() => ctx.close());

const list = (query: string, token?: string) => ctx.get<Page<UserRecord>>(`/sys/user/list${query}`, token);
const names = (page: Page<UserRecord> | null) => (page?.records ?? []).map((r) => r.username);

describe('GET /sys/user/list (admin view)', () => {
  it('answers the contract page with departments, roles and dictionary texts, and no secrets', async () => {
    const res = await list('?pageNo=1&pageSize=5&column=username&order=asc');
    expect(res.success).toBe(true);
    const page = res.result!;
    expect(page).toMatchObject({
      current: 1,
      size: 5,
      total: USERS.length,
      pages: Math.ceil(USERS.length / 5),
    });
    expect(page.records).toHaveLength(5);
    const gaopeng = (await list('?username=gaopeng')).result!.records[0];
    expect(gaopeng).toMatchObject({
      id: userId('gaopeng'),
      realname: '高鹏',
      phone: '13800000019',
      email: 'gaopeng@example.com',
      sex: 1,
      sex_dictText: '男',
      status: 1,
      status_dictText: '正常',
      post: 'engineer',
      post_dictText: '工程师',
      orgCode: 'A01A02A01',
      orgCodeTxt: '项目一组,研发组',
      selecteddeparts: `${departId('A01A02A01')},${departId('A01A03A01')}`,
      selecteddeparts_dictText: '项目一组,研发组',
      selectedroles: 'staff',
      selectedroles_dictText: '普通员工',
      relTenantIds: '1',
      relTenantIds_dictText: '智慧接待示范单位',
      createBy: 'admin',
      createBy_dictText: '管理员',
    });
    expectNoSecrets(res);
  });

  it('filters on the query fields: account, name, sex, phone, department (and below), status', async () => {
    expect(names((await list('?username=*zhang*')).result)).toEqual(['zhangwei']);
    expect(names((await list('?realname=*芳*')).result)).toEqual(['wangfang']);
    expect(names((await list('?phone=*0021*')).result)).toEqual(['dongjie']);
    expect(names((await list('?status=2')).result)).toEqual(['dongjie']);
    const women = (await list('?sex=2&pageSize=50')).result!;
    expect(women.records.every((r) => r.sex === 2)).toBe(true);
    expect(women.total).toBe(11);
    // 技术部 and its 研发组 / 运维组, 高鹏 through his second department.
    const tech = (await list(`?selecteddeparts=${departId('A01A03')}&column=username&order=asc`)).result;
    expect(names(tech)).toEqual(['gaopeng', 'huangmin', 'liuyang', 'wuxia', 'zhaolei', 'zhoujie']);
    const team = (await list(`?selecteddeparts=${departId('A01A03A02')}&column=username&order=asc`)).result;
    expect(names(team)).toEqual(['wuxia', 'zhoujie']);
  });

  it('reads the comma list with the trailing comma of the user picker (ids and names of chosen accounts)', async () => {
    const page = (await list('?username=zhangwei,lina,&pageNo=1', ctx.staffToken)).result!;
    expect(page.records.map((r) => [r.id, r.realname]).sort()).toEqual(
      [
        [userId('lina'), '李娜'],
        [userId('zhangwei'), '张伟'],
      ].sort(),
    );
  });

  it('the advanced query reaches roles and departments through their links', async () => {
    const rules = encodeURIComponent(
      JSON.stringify([{ field: 'selectedroles', rule: 'eq', val: 'manager' }]),
    );
    const managers = (await list(`?superQueryParams=${rules}&column=username&order=asc`)).result;
    expect(names(managers)).toEqual(['lina', 'liuyang', 'wangfang', 'zhangwei']);
    const byName = encodeURIComponent(
      JSON.stringify([{ field: 'selecteddeparts', rule: 'like', val: '会务' }]),
    );
    expect(names((await list(`?superQueryParams=${byName}&column=username&order=asc`)).result)).toEqual([
      'hexue',
      'linfeng',
    ]);
  });

  it('sorts and filters only on declared fields; the password can be neither', async () => {
    expect((await list('?column=phone&order=asc')).message).toBe('请注意，将要排序的列字段不存在：phone');
    expect((await list('?column=passwordHash')).success).toBe(false);
    expect(await list('?password=x')).toMatchObject({ success: false, message: '查询字段不存在：password' });
    expect(await list('?passwordHash=x')).toMatchObject({
      success: false,
      message: '查询字段不存在：passwordHash',
    });
    expect((await list('?birthday_begin=2000-01-01')).success).toBe(true);
  });
});

describe('GET /sys/user/list (directory view, without user:list)', () => {
  it('answers the picker columns only: no phone, e-mail, birthday, work number, roles or tenants', async () => {
    const res = await list('?username=zhangwei', ctx.staffToken);
    const record = res.result!.records[0] as unknown as Record<string, unknown>;
    expect(record).toMatchObject({ username: 'zhangwei', realname: '张伟', orgCodeTxt: '项目管理部' });
    for (const key of [
      'phone',
      'email',
      'birthday',
      'workNo',
      'post',
      'sex',
      'selectedroles',
      'selectedroles_dictText',
      'relTenantIds',
      'relTenantIds_dictText',
      'updateBy',
    ])
      expect(record, key).not.toHaveProperty(key);
    expectNoSecrets(res);
  });

  it('cannot probe contact data by filter or sort', async () => {
    expect(await list('?phone=13800000001', ctx.staffToken)).toMatchObject({
      success: false,
      message: '查询字段不存在：phone',
    });
    expect((await list('?email=*example*', ctx.staffToken)).success).toBe(false);
    expect((await list('?workNo=NO0001', ctx.staffToken)).success).toBe(false);
    expect((await list('?column=phone', ctx.staffToken)).success).toBe(false);
  });
});

describe('GET queryById / userById / queryUserRole', () => {
  it('answer one user with department ids and role codes, the same for both names', async () => {
    const a = await ctx.get<UserRecord>(`/sys/user/queryById?id=${userId('zhangwei')}`);
    const b = await ctx.get<UserRecord>(`/sys/user/userById?id=${userId('zhangwei')}`);
    expect(a.result).toMatchObject({
      username: 'zhangwei',
      selecteddeparts: departId('A01A02'),
      selectedroles: 'manager',
      orgCode: 'A01A02',
      orgCode_dictText: '项目管理部',
    });
    expect({ ...b.result, updateTime: null }).toEqual({ ...a.result, updateTime: null });
    expectNoSecrets(a);
  });

  it('need user:list; an unknown or malformed id is refused', async () => {
    const staff = await ctx.get(`/sys/user/queryById?id=${userId('zhangwei')}`, ctx.staffToken);
    expect(staff).toMatchObject({ success: false, code: 510 });
    expect((await ctx.get('/sys/user/userById?id=nobody')).message).toBe('未找到对应数据');
    expect((await ctx.get("/sys/user/queryById?id=x'or'1")).message).toBe('参数错误：id格式不正确');
  });

  it('queryUserRole answers role ids', async () => {
    const res = await ctx.get<string[]>(`/sys/user/queryUserRole?userid=${userId('admin')}`);
    expect(res.result).toEqual([roleId('admin')]);
    expect((await ctx.get(`/sys/user/queryUserRole?userid=${userId('admin')}`, ctx.staffToken)).code).toBe(
      510,
    );
  });
});

describe('directory reads for every signed-in user', () => {
  it('userList: every active user id, account and name; not the frozen one', async () => {
    const res = await ctx.get<{ id: string; username: string; realname: string }[]>(
      '/sys/user/userList',
      ctx.staffToken,
    );
    expect(res.result).toHaveLength(USERS.filter((u) => u.status !== 2).length);
    expect(res.result).toContainEqual({ id: userId('lina'), username: 'lina', realname: '李娜' });
    expect(res.result!.map((u) => u.username)).not.toContain('dongjie');
    expectNoSecrets(res);
  });

  it('queryUserByDepId: the members of one department', async () => {
    const res = await ctx.get<UserRecord[]>(
      `/sys/user/queryUserByDepId?id=${departId('A01A03A01')}`,
      ctx.staffToken,
    );
    expect(res.result!.map((u) => u.username)).toEqual(['gaopeng', 'huangmin', 'zhaolei']);
    expect(res.result![0]).not.toHaveProperty('phone');
    expectNoSecrets(res);
  });

  it('queryByOrgCodeForAddressList: the branch of a department, with department and position names', async () => {
    type Entry = { username: string; departName: string; post_dictText: string; phone: string };
    const res = await ctx.get<Page<Entry>>(
      '/sys/user/queryByOrgCodeForAddressList?orgCode=A01A03&pageNo=1&pageSize=10',
      ctx.staffToken,
    );
    expect(res.result!.total).toBe(6);
    const gaopeng = res.result!.records.find((r) => r.username === 'gaopeng');
    expect(gaopeng).toMatchObject({ departName: '研发组', post_dictText: '工程师', phone: '13800000019' });
    const reception = await ctx.get<Page<Entry>>('/sys/user/queryByOrgCodeForAddressList?orgCode=A01A04A01');
    expect(reception.result!.records.map((r) => r.username).sort()).toEqual(['guoyan', 'hugang']);
    const named = await ctx.get<Page<Entry>>('/sys/user/queryByOrgCodeForAddressList?realname=高');
    expect(named.result!.records.map((r) => r.username)).toEqual(['gaopeng']);
    expectNoSecrets(res);
  });
});

describe('the screen', () => {
  it('the 用户管理 menu opens the declaration and admin holds user:list', async () => {
    const row = await ctx.database.db
      .selectFrom('sysPermission')
      .select('component')
      .where('name', '=', '用户管理')
      .executeTakeFirstOrThrow();
    expect(row.component).toBe('declared/user');
    const perms = await ctx.get<{ auth: { action: string }[] }>('/sys/permission/getUserPermissionByToken');
    expect(perms.result!.auth.map((a) => a.action)).toEqual(
      expect.arrayContaining(['user:list', 'user:frozen', 'user:resetPassword']),
    );
  });

  it("the declaration's password pattern says what the spec's password rule says", () => {
    const decl = JSON.parse(fs.readFileSync('schemas/system/user.json', 'utf8')) as {
      fields: { name: string; pattern?: string; message?: string }[];
      actions: { name: string; form?: { fields: { name: string; pattern?: string; message?: string }[] } }[];
    };
    const patterns = [
      decl.fields.find((f) => f.name === 'password')!,
      decl.actions.find((a) => a.name === 'resetPassword')!.form!.fields.find((f) => f.name === 'password')!,
    ];
    const samples = [
      'Welcome#2024',
      'welcome#2024',
      'WELCOME#2024',
      'Welcome#abcd',
      'Welcome2024',
      'W#1a',
      'Aa1!Aa1!',
      'Aa1 Aa1 x',
    ];
    for (const field of patterns)
      for (const sample of samples)
        expect(checkPattern(field.pattern!, sample, field.message) === null, sample).toBe(
          isStrongPassword(sample),
        );
  });
});
