import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roleId, ROLES } from '../../server/db/seed/organisation.js';
import { OFFICE_ROLE } from '../../server/office/model.js';
import { createEntityContext, type EntityTestContext, type Page } from './entity-helpers.js';

// The seeded roles and the one the office module adds at start (行政办公室, docs/modules/office.md).
const ROLE_CODES = [...ROLES.map((r) => r.code), OFFICE_ROLE].sort();

interface Role {
  id: string;
  roleName: string;
  roleCode: string;
  description: string | null;
  createBy: string;
  createBy_dictText?: string;
}

let ctx: EntityTestContext;
beforeAll(async () => {
  ctx = await createEntityContext();
});
afterAll(() => ctx.close());

const list = (query = '') => ctx.get<Page<Role>>(`/sys/role/list?pageSize=50${query}`);
const roleCount = async () =>
  Number(
    (
      await ctx.database.db
        .selectFrom('sysRole')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('角色管理: list and read', () => {
  it('lists the seeded roles with the contract page shape, searchable by name', async () => {
    const page = await list('&column=roleCode&order=asc');
    expect(page).toMatchObject({ success: true, result: { total: ROLE_CODES.length, current: 1 } });
    expect(page.result!.records.map((r) => r.roleCode)).toEqual(ROLE_CODES);
    expect(page.result!.records[0]).toMatchObject({ createBy: 'admin', createBy_dictText: '管理员' });
    const found = await list(`&roleName=${encodeURIComponent('*经理*')}`);
    expect(found.result!.records.map((r) => r.roleCode)).toEqual(['manager']);
  });

  it('reads one role by id, and says so when there is none', async () => {
    expect(await ctx.get<Role>(`/sys/role/queryById?id=${roleId('staff')}`)).toMatchObject({
      success: true,
      result: { roleName: '普通员工', roleCode: 'staff' },
    });
    expect(await ctx.get('/sys/role/queryById?id=nope')).toMatchObject({
      success: false,
      message: '未找到对应角色！',
    });
  });

  it('is the admin screen: staff is refused every route with 510', async () => {
    for (const url of [
      '/sys/role/list',
      `/sys/role/queryById?id=${roleId('staff')}`,
      '/sys/role/checkRoleCode?roleCode=x',
    ])
      expect(await ctx.get(url, ctx.staffToken), url).toMatchObject({ success: false, code: 510 });
    expect(
      await ctx.send('POST', '/sys/role/add', { roleName: '越权', roleCode: 'sneaky' }, ctx.staffToken),
    ).toMatchObject({
      code: 510,
    });
    expect(await roleCount()).toBe(ROLE_CODES.length);
  });
});

describe('角色管理: add, edit, check code', () => {
  it('adds a role and finds it by code', async () => {
    const added = await ctx.send('POST', '/sys/role/add', {
      roleName: '财务专员',
      roleCode: 'finance',
      description: '报销审核',
    });
    expect(added).toMatchObject({ success: true, message: '添加成功！' });
    const [role] = (await list('&roleCode=finance')).result!.records;
    expect(role).toMatchObject({ roleName: '财务专员', description: '报销审核', createBy: 'admin' });
  });

  it('refuses a duplicate code with 角色编码已存在 and changes nothing', async () => {
    const before = await roleCount();
    expect(await ctx.send('POST', '/sys/role/add', { roleName: '另一个', roleCode: 'staff' })).toMatchObject({
      success: false,
      message: '角色编码已存在',
    });
    expect(await roleCount()).toBe(before);
    const edit = await ctx.send('PUT', '/sys/role/edit', { id: roleId('analyst'), roleCode: 'staff' });
    expect(edit).toMatchObject({ success: false, message: '角色编码已存在' });
    expect((await ctx.get<Role>(`/sys/role/queryById?id=${roleId('analyst')}`)).result!.roleCode).toBe(
      'analyst',
    );
  });

  it('checkRoleCode answers whether a code is free, ignoring the role being edited', async () => {
    expect(await ctx.get('/sys/role/checkRoleCode?roleCode=staff')).toMatchObject({
      success: false,
      message: '角色编码已存在',
      result: false,
    });
    expect(await ctx.get(`/sys/role/checkRoleCode?roleCode=staff&id=${roleId('staff')}`)).toMatchObject({
      success: true,
      result: true,
    });
    expect(await ctx.get('/sys/role/checkRoleCode?roleCode=brand_new')).toMatchObject({
      success: true,
      result: true,
    });
  });

  it('checks the form rules of the declaration', async () => {
    expect(await ctx.send('POST', '/sys/role/add', { roleCode: 'nameless' })).toMatchObject({
      success: false,
      message: '请输入角色名称!',
    });
    expect(await ctx.send('POST', '/sys/role/add', { roleName: '坏编码', roleCode: '1 bad' })).toMatchObject({
      success: false,
      message: '角色编码以字母开头，只能包含字母、数字和下划线',
    });
    expect(
      await ctx.send('POST', '/sys/role/add', { roleName: '多余', roleCode: 'extra', tenantX: 1 }),
    ).toMatchObject({
      success: false,
      message: '未知字段：tenantX',
    });
  });

  it('edits only the fields sent', async () => {
    const edit = await ctx.send('PUT', '/sys/role/edit', {
      id: roleId('analyst'),
      description: '报表与数据集',
    });
    expect(edit).toMatchObject({ success: true });
    expect((await ctx.get<Role>(`/sys/role/queryById?id=${roleId('analyst')}`)).result).toMatchObject({
      roleName: '数据分析员',
      roleCode: 'analyst',
      description: '报表与数据集',
    });
    expect(await ctx.send('PUT', '/sys/role/edit', { id: 'missing', roleName: 'x1' })).toMatchObject({
      success: false,
      message: '未找到对应角色！',
    });
  });
});

describe('角色管理: delete', () => {
  it('refuses a role still held by users, alone or in a batch, and keeps it', async () => {
    expect(await ctx.send('DELETE', `/sys/role/delete?id=${roleId('staff')}`)).toMatchObject({
      success: false,
      message: '该角色已分配给用户，不能删除',
    });
    const [finance] = (await list('&roleCode=finance')).result!.records;
    expect(
      await ctx.send('DELETE', `/sys/role/deleteBatch?ids=${finance.id},${roleId('staff')},`),
    ).toMatchObject({
      success: false,
      message: '该角色已分配给用户，不能删除',
    });
    expect((await list('&roleCode=finance')).result!.total).toBe(1);
  });

  it('deletes an unused role with its grants', async () => {
    const [finance] = (await list('&roleCode=finance')).result!.records;
    await ctx.database.db
      .insertInto('sysRolePermission')
      .values({ roleId: finance.id, permissionId: (await anyPermission()).id })
      .execute();
    expect(await ctx.send('DELETE', `/sys/role/delete?id=${finance.id}`)).toMatchObject({ success: true });
    expect((await list('&roleCode=finance')).result!.total).toBe(0);
    const grants = await ctx.database.db
      .selectFrom('sysRolePermission')
      .select('roleId')
      .where('roleId', '=', finance.id)
      .execute();
    expect(grants).toEqual([]);
  });
});

describe('角色管理: export and the picker', () => {
  it('exports the list with its titles', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/sys/role/exportXls?column=roleCode&order=asc',
      headers: { 'x-access-token': ctx.adminToken },
    });
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows = book.worksheets[0].getSheetValues().filter(Boolean) as unknown[][];
    expect(rows[0].slice(1, 4)).toEqual(['角色名称', '角色编码', '描述']);
    expect(rows.slice(1).map((r) => r[2])).toEqual(ROLE_CODES);
  });

  it('queryall stays open to every signed-in user (the role picker)', async () => {
    const res = await ctx.get<{ roleCode: string }[]>('/sys/role/queryall', ctx.staffToken);
    expect(res.success).toBe(true);
    expect(res.result!.map((r) => r.roleCode)).toContain('admin');
  });
});

async function anyPermission() {
  return ctx.database.db.selectFrom('sysPermission').select('id').limit(1).executeTakeFirstOrThrow();
}
