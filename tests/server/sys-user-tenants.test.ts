/**
 * Issue 30: every user is in a tenant, and the directories and lookups answer within the caller's
 * tenant, id and title only. A member of tenant 2 (added by admin working in tenant 2, in a
 * department made there) looks for tenant 1's people, departments and projects everywhere a form
 * or a picker could show them and finds none, not even by id; a user without any role still fills
 * pickers but does not read the 通讯录.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissionsChanged } from '../../server/auth/permission-codes.js';
import { seedId } from '../../server/db/seed/ids.js';
import { loadDeclarationFiles } from '../../server/entity/load.js';
import { TABLE_DICTS } from '../../server/sys/table-dicts.js';
import { toColumnName } from '../../runtime/model/declaration/model.js';
import { NO_PERMISSION } from './admin-config-helpers.js';
import { createEntityContext, type EntityTestContext, type Page } from './entity-helpers.js';
import { DEMO_PASSWORD } from './helpers.js';
import { departId, GOOD_PASSWORD, newUserBody, roleId, userId, userRow } from './sys-user-support.js';

let ctx: EntityTestContext;
/** fenbu: staff, in tenant 2 only, member of 分部办公室 (a tenant-2 department). */
let branch: string;
/** wujue: in tenant 1, no role at all. */
let noRole: string;
let branchDepart: string;
const PROJECT = 'tenantoneproject0000000000000001';

interface Person {
  id: string;
  username: string;
  realname: string;
}

/** A call as `token`, with a tenant-id header when `tenant` is given. */
async function call<T>(token: string, url: string, tenant?: string, method = 'GET', payload?: object) {
  const headers: Record<string, string> = { 'x-access-token': token };
  if (tenant !== undefined) headers['tenant-id'] = tenant;
  return ctx.call<T>({
    method: method as 'GET',
    url: `/api${url}`,
    headers,
    ...(payload ? { payload } : {}),
  });
}
const get = async <T>(token: string, url: string, tenant?: string) =>
  (await call<T>(token, url, tenant)).body;
const usernames = (rows: { username: string }[] | null | undefined) =>
  (rows ?? []).map((r) => r.username).sort();

/** Keys that only a full record (user:list) or the 通讯录 may carry. */
function expectPickerOnly(answer: unknown): void {
  expect(JSON.stringify(answer)).not.toMatch(/"(phone|email|workNo|work_no|birthday|telephone|post)"/);
}

beforeAll(async () => {
  ctx = await createEntityContext();
  const asAdmin2 = (url: string, payload: object) => call(ctx.adminToken, url, '2', 'POST', payload);
  expect((await asAdmin2('/sys/sysDepart/add', { departName: '分部办公室' })).body.success).toBe(true);
  const made = await sql<{ id: string; tenantId: number }>`select id, tenant_id as "tenantId"
    from sys_depart where depart_name = '分部办公室'`.execute(ctx.database.db);
  expect(made.rows).toEqual([{ id: expect.any(String), tenantId: 2 }]);
  branchDepart = made.rows[0]!.id;
  // No 租户 chosen: the new user joins the tenant the admin works in.
  const body = newUserBody('3001', {
    username: 'fenbu',
    realname: '分部员工',
    selecteddeparts: branchDepart,
  });
  delete body.relTenantIds;
  expect((await asAdmin2('/sys/user/add', body)).body).toMatchObject({ success: true });
  const lonely = newUserBody('3002', { username: 'wujue', realname: '无角色', selectedroles: '' });
  expect((await call(ctx.adminToken, '/sys/user/add', '1', 'POST', lonely)).body.success).toBe(true);
  branch = await ctx.login('fenbu', GOOD_PASSWORD);
  noRole = await ctx.login('wujue', GOOD_PASSWORD);
  await sql`insert into biz_project (id, name, code, manager, tenant_id, create_by, create_time)
    values (${PROJECT}, '一号租户的项目', 'T1P', 'chenjing', 1, 'chenjing', now())`.execute(ctx.database.db);
});
afterAll(() => ctx.close());

describe('every user belongs to a tenant', () => {
  it('an add without 租户 joins the current tenant; an empty choice is refused on add and edit', async () => {
    expect((await userRow(ctx, 'fenbu'))!.relTenantIds).toBe('2');
    const emptied = newUserBody('3003', { relTenantIds: '' });
    expect(await ctx.send('POST', '/sys/user/add', emptied)).toMatchObject({
      success: false,
      message: '请选择租户!',
    });
    expect(await userRow(ctx, 'tester3003')).toBeUndefined();
    const edit = { id: userId('lina'), relTenantIds: '' };
    expect(await ctx.send('PUT', '/sys/user/edit', edit)).toMatchObject({
      success: false,
      message: '请选择租户!',
    });
    expect((await userRow(ctx, 'lina'))!.relTenantIds).toBe('1');
  });

  it("a request without a tenant works in the user's first tenant; another tenant is refused", async () => {
    // fenbu, choosing no tenant, lists tenant 2's contacts (seeded 许明, 罗芳), not tenant 1's.
    const contacts = await get<Page<{ name: string }>>(branch, '/sys/mailList/list?pageSize=100');
    expect(contacts.result!.records.map((c) => c.name).sort()).toEqual(['罗芳', '许明'].sort());
    for (const header of [undefined, '', '0'])
      expect(usernames((await get<Person[]>(branch, '/sys/user/userList', header)).result)).toEqual([
        'admin',
        'fenbu',
      ]);
    const refused = await call(branch, '/sys/user/userList', '1');
    expect(refused.status).toBe(401);
    expect(refused.body.message).toBe('用户租户信息变更,请重新登陆!');
  });

  it('a user in no tenant at all is refused rather than shown empty screens', async () => {
    const token = await ctx.login('hexue', DEMO_PASSWORD);
    await sql`update sys_user set rel_tenant_ids = '' where username = 'hexue'`.execute(ctx.database.db);
    const res = await call(token, '/sys/user/userList');
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('该账号未关联任何租户，请联系管理员!');
  });
});

describe("a tenant-2 user finds none of tenant 1's people, departments or projects", () => {
  it('userList, the user list and queryUserComponentData: tenant 2 only, picker columns only', async () => {
    const list = await get<Person[]>(branch, '/sys/user/userList');
    expect(usernames(list.result)).toEqual(['admin', 'fenbu']);
    expect(Object.keys(list.result![0]).sort()).toEqual(['id', 'realname', 'username']);
    const page = await get<Page<Person>>(branch, '/sys/user/list?pageSize=100');
    expect(usernames(page.result!.records)).toEqual(['admin', 'fenbu']);
    expectPickerOnly(page);
    for (const query of ['username=chenjing', `id=${userId('chenjing')}`, 'username=chenjing,zhangwei,'])
      expect((await get<Page<Person>>(branch, `/sys/user/list?${query}`)).result!.total, query).toBe(0);
    const picker = await get<Page<Person>>(branch, '/sys/user/queryUserComponentData?pageSize=100');
    expect(usernames(picker.result!.records)).toEqual(['admin', 'fenbu']);
    expectPickerOnly(picker);
    const tech = await get<Page<Person>>(
      branch,
      `/sys/user/queryUserComponentData?departId=${departId('A01A03')}`,
    );
    expect(tech.result!.records).toEqual([]);
  });

  it('queryUserByDepId: members of a tenant-2 department, none of a tenant-1 one', async () => {
    const own = await get<Person[]>(branch, `/sys/user/queryUserByDepId?id=${branchDepart}`);
    expect(usernames(own.result)).toEqual(['fenbu']);
    expectPickerOnly(own);
    expect(
      (await get<Person[]>(branch, `/sys/user/queryUserByDepId?id=${departId('A01A03A01')}`)).result,
    ).toEqual([]);
  });

  it('the department pickers: the tree, its levels, searches and names are tenant 2’s', async () => {
    const tree = await get<{ departName: string }[]>(branch, '/sys/sysDepart/queryTreeList');
    expect(tree.result!.map((d) => d.departName)).toEqual(['分部办公室']);
    const ids = await get<{ title: string }[]>(branch, '/sys/sysDepart/queryIdTree');
    expect(ids.result!.map((d) => d.title)).toEqual(['分部办公室']);
    const roots = await get<{ departName: string }[]>(branch, '/sys/sysDepart/queryDepartTreeSync');
    expect(roots.result!.map((d) => d.departName)).toEqual(['分部办公室']);
    const below = await get<unknown[]>(branch, `/sys/sysDepart/queryDepartTreeSync?pid=${departId('A01')}`);
    expect(below.result).toEqual([]);
    expect(
      (await get<unknown[]>(branch, `/sys/sysDepart/searchBy?keyWord=${encodeURIComponent('技术')}`)).result,
    ).toEqual([]);
    const flat = await get<{ departName: string }[]>(branch, '/sys/sysDepart/getDepartList');
    expect(flat.result!.map((d) => d.departName)).toEqual(['分部办公室']);
    expect(await get(branch, `/sys/sysDepart/queryParentName?departId=${departId('A01A03')}`)).toMatchObject({
      success: false,
    });
    const mine = await get<{ departName: string }[]>(branch, '/sys/sysDepart/queryMyDeptTreeList');
    expect(mine.result!.map((d) => d.departName)).toEqual(['分部办公室']);
  });

  it('the 通讯录 of a tenant-2 member lists tenant 2 with phones', async () => {
    const page = await get<Page<Person & { phone: string }>>(
      branch,
      '/sys/user/queryByOrgCodeForAddressList?pageSize=100',
    );
    expect(usernames(page.result!.records)).toEqual(['admin', 'fenbu']);
    expect(page.result!.records.find((r) => r.username === 'fenbu')!.phone).toBe('13900003001');
    const a01 = await get<Page<Person>>(
      branch,
      '/sys/user/queryByOrgCodeForAddressList?orgCode=A01&pageSize=100',
    );
    expect(usernames(a01.result!.records)).not.toContain('chenjing');
  });

  it('table dictionaries: texts of tenant 2 only, a tenant-1 project not even by id', async () => {
    const projectName = `/sys/dict/loadDictItem/biz_project,name,id?key=${PROJECT}`;
    expect((await get<string[]>(branch, projectName)).result).toEqual([]);
    expect((await get<string[]>(ctx.staffToken, projectName)).result).toEqual(['一号租户的项目']);
    expect(
      (await get<string[]>(branch, '/sys/dict/loadDictItem/sys_user,realname,username?key=chenjing,fenbu'))
        .result,
    ).toEqual(['分部员工']);
    const people = await get<{ value: string }[]>(
      branch,
      '/sys/dict/getDictItems/sys_user,realname,username',
    );
    expect(people.result!.map((i) => i.value).sort()).toEqual(['admin', 'fenbu']);
    const departs = await get<{ text: string }[]>(
      branch,
      '/sys/dict/loadDict/sys_depart,depart_name,id?pageSize=100',
    );
    expect(departs.result!.map((i) => i.text)).toEqual(['分部办公室']);
    // The system roles (tenant 0) are every tenant's.
    const roles = await get<{ value: string }[]>(
      branch,
      '/sys/dict/getDictItems/sys_role,role_name,role_code',
    );
    expect(roles.result!.map((i) => i.value)).toContain('staff');
    // Work numbers are no dictionary: a picker never shows them.
    expect(await get(branch, '/sys/dict/getDictItems/sys_user,work_no,id')).toMatchObject({
      success: false,
      message: '该字典表或字段未开放',
    });
  });
});

describe('table dictionaries of declared tables', () => {
  it('name their declaration: a misnamed one would answer nothing', () => {
    const models = new Map(loadDeclarationFiles().map((d) => [d.model.name, d.model]));
    // The table read is the declaration's (my_project reads biz_project under another client name).
    for (const [table, entry] of Object.entries(TABLE_DICTS))
      if (entry.entity) expect(models.get(entry.entity)?.table, table).toBe(toColumnName(entry.table));
  });

  it("follow the data rules of the table's screen, as its list does", async () => {
    const db = ctx.database.db;
    await sql`insert into biz_customer (id, name, code, create_by, create_time) values
      ('dictcustomer00000000000000000001', '张伟的客户', 'DC1', 'zhangwei', now()),
      ('dictcustomer00000000000000000002', '别人的客户', 'DC2', 'lina', now())`.execute(db);
    // 客户管理 for managers: only the customers they created.
    const menu = seedId('menu:customer.list');
    await sql`insert into sys_permission_data_rule (id, permission_id, rule_name, rule_column, rule_conditions,
        rule_value, status) values ('dict-rule', ${menu}, '我创建的', 'createBy', 'eq', '#{sysUserCode}', '1')`.execute(
      db,
    );
    await sql`update sys_role_permission set data_rule_ids = 'dict-rule'
      where role_id = ${roleId('manager')} and permission_id = ${menu}`.execute(db);
    await permissionsChanged(db, null);
    const names = async (token: string) =>
      ((await get<{ text: string }[]>(token, '/sys/dict/getDictItems/biz_customer,name,id')).result ?? [])
        .map((i) => i.text)
        .filter((t) => t.endsWith('的客户'))
        .sort();
    expect(await names(await ctx.login('zhangwei', DEMO_PASSWORD))).toEqual(['张伟的客户']);
    // Staff hold no grant of 客户管理, so no rule of it: the customers of the forms they fill.
    expect(await names(ctx.staffToken)).toEqual(['别人的客户', '张伟的客户']);
  });
});

describe('a user with no role', () => {
  it('fills the pickers of their tenant, id and title only', async () => {
    expect(usernames((await get<Person[]>(noRole, '/sys/user/userList')).result)).toContain('chenjing');
    const picker = await get<Page<Person>>(noRole, '/sys/user/queryUserComponentData?username=chenjing');
    expect(picker.result!.records).toEqual([
      {
        id: userId('chenjing'),
        username: 'chenjing',
        realname: '陈静',
        orgCode: 'A01A02A01',
        orgCodeTxt: '项目一组',
      },
    ]);
    expect((await get<unknown[]>(noRole, '/sys/sysDepart/queryTreeList')).result).toHaveLength(1);
    expect(
      (await get<string[]>(noRole, '/sys/dict/loadDictItem/sys_user,realname,username?key=chenjing')).result,
    ).toEqual(['陈静']);
    expect((await get<unknown[]>(noRole, '/sys/role/queryall')).result!.length).toBeGreaterThan(0);
    const directory = await get<Page<Person>>(noRole, '/sys/user/list?username=chenjing');
    expect(directory.result!.records[0]).toMatchObject({ username: 'chenjing', orgCodeTxt: '项目一组' });
    expectPickerOnly(directory);
  });

  it('does not read the 通讯录, which a holder of the 通讯录 menu does, with phones', async () => {
    expect(await get(noRole, '/sys/user/queryByOrgCodeForAddressList')).toMatchObject(NO_PERMISSION);
    const staff = await get<Page<{ username: string; phone: string; email: string }>>(
      ctx.staffToken,
      '/sys/user/queryByOrgCodeForAddressList?realname=高',
    );
    expect(staff.result!.records).toEqual([
      expect.objectContaining({ username: 'gaopeng', phone: '13800000019', email: 'gaopeng@example.com' }),
    ]);
  });
});
