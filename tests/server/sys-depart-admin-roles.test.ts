import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { departId, userId } from '../../server/db/seed/organisation.js';
import type { PermissionTreeAnswer, PermissionTreeNode } from '../../server/sys/menu/permission-tree.js';
import type { UserPermissionAnswer } from '../../server/sys/permission.js';
import { departDb } from '../../server/sys/depart/tables.js';
import { createEntityContext, type EntityTestContext, type Page } from './entity-helpers.js';
import { DEMO_PASSWORD } from './helpers.js';

interface DeptRole {
  id: string;
  departId: string;
  roleName: string;
  roleCode: string;
}

let ctx: EntityTestContext;
/** zhaolei is a member of 研发组 (A01A03A01) with the staff role only. */
let zhaolei: string;
beforeAll(async () => {
  ctx = await createEntityContext();
  zhaolei = await ctx.login('zhaolei', DEMO_PASSWORD);
});
afterAll(() => ctx.close());

const TEAM = departId('A01A03A01');

async function idOf(perms: string): Promise<string> {
  return (
    await ctx.database.db
      .selectFrom('sysPermission')
      .select('id')
      .where('perms', '=', perms)
      .executeTakeFirstOrThrow()
  ).id;
}

const codesOf = async (token: string) =>
  (await ctx.get<UserPermissionAnswer>('/sys/permission/getUserPermissionByToken', token)).result!.auth.map(
    (a) => a.action,
  );

const flatten = (nodes: readonly PermissionTreeNode[]): PermissionTreeNode[] =>
  nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);

describe('部门权限', () => {
  it('saves what a department holds, with the menus above each button', async () => {
    expect(
      (await ctx.get<string[]>(`/sys/permission/queryDepartPermission?departId=${TEAM}`)).result,
    ).toEqual([]);
    const ids = [await idOf('customer:export'), await idOf('role:list')];
    const saved = await ctx.send('POST', '/sys/permission/saveDepartPermission', {
      departId: TEAM,
      permissionIds: ids.join(','),
      lastpermissionIds: '',
    });
    expect(saved).toMatchObject({ success: true, message: '保存成功！' });
    const held = (await ctx.get<string[]>(`/sys/permission/queryDepartPermission?departId=${TEAM}`)).result!;
    expect(held).toEqual(expect.arrayContaining(ids));
    expect(held.length).toBeGreaterThan(ids.length); // the menus above them
  });

  it('the department role dialog offers only what the department holds', async () => {
    const tree = (
      await ctx.get<PermissionTreeAnswer>(
        `/sys/sysDepartPermission/queryTreeListForDeptRole?departId=${TEAM}`,
      )
    ).result!;
    const codes = flatten(tree.treeList)
      .map((n) => n.perms)
      .filter(Boolean);
    expect(codes.sort()).toEqual(['customer:export', 'role:list']);
  });

  it('refuses unknown rows and unknown departments', async () => {
    expect(
      await ctx.send('POST', '/sys/permission/saveDepartPermission', {
        departId: TEAM,
        permissionIds: 'nope',
      }),
    ).toMatchObject({ success: false, message: '授权的菜单或按钮不存在，请刷新后重试' });
    expect(
      await ctx.send('POST', '/sys/permission/saveDepartPermission', { departId: 'nope', permissionIds: '' }),
    ).toMatchObject({
      success: false,
      message: '未找到对应部门',
    });
    expect(
      await ctx.get(`/sys/permission/queryDepartPermission?departId=${TEAM}`, ctx.staffToken),
    ).toMatchObject({ code: 510 });
  });
});

describe('部门角色', () => {
  let role: DeptRole;

  it('adds, lists and edits the roles of a department; a code is unique within it', async () => {
    expect(
      await ctx.send('POST', '/sys/sysDepartRole/add', {
        departId: TEAM,
        roleName: '组内审核',
        roleCode: 'team_audit',
      }),
    ).toMatchObject({ success: true });
    expect(
      await ctx.send('POST', '/sys/sysDepartRole/add', {
        departId: TEAM,
        roleName: '重复',
        roleCode: 'team_audit',
      }),
    ).toMatchObject({ success: false, message: '角色编码已存在' });
    expect(
      await ctx.send('POST', '/sys/sysDepartRole/add', { departId: TEAM, roleName: '', roleCode: 'x' }),
    ).toMatchObject({
      success: false,
      message: '请输入部门角色名称',
    });
    const page = (await ctx.get<Page<DeptRole>>(`/sys/sysDepartRole/list?deptId=${TEAM}`)).result!;
    expect(page.records.map((r) => r.roleCode)).toEqual(['team_audit']);
    role = page.records[0];
    expect(
      await ctx.send('PUT', '/sys/sysDepartRole/edit', { ...role, roleName: '组内审核员' }),
    ).toMatchObject({ success: true });
    const all = (await ctx.get<DeptRole[]>(`/sys/sysDepartRole/getDeptRoleList?departId=${TEAM}`)).result!;
    expect(all.map((r) => r.roleName)).toEqual(['组内审核员']);
  });

  it("a department role's grant gives its members the code, at once", async () => {
    expect(await ctx.get('/sys/role/list', zhaolei)).toMatchObject({ code: 510 });
    expect(
      await ctx.send('POST', '/sys/sysDepartRole/deptRoleUserAdd', {
        userId: userId('zhaolei'),
        newRoleId: role.id,
        oldRoleId: '',
      }),
    ).toMatchObject({ success: true });
    const byUser = (
      await ctx.get<{ droleId: string }[]>(
        `/sys/sysDepartRole/getDeptRoleByUserId?userId=${userId('zhaolei')}&departId=${TEAM}`,
      )
    ).result!;
    expect(byUser.map((r) => r.droleId)).toEqual([role.id]);
    const listRole = await idOf('role:list');
    expect(
      await ctx.send('POST', '/sys/sysDepartPermission/saveDeptRolePermission', {
        roleId: role.id,
        permissionIds: listRole,
      }),
    ).toMatchObject({ success: true });
    expect(
      (await ctx.get<string[]>(`/sys/sysDepartPermission/queryDeptRolePermission?roleId=${role.id}`)).result,
    ).toContain(listRole);
    expect(await codesOf(zhaolei)).toContain('role:list');
    expect(await ctx.get('/sys/role/list', zhaolei)).toMatchObject({ success: true });
    // The menu comes with it: 角色管理 shows in 系统管理 for him.
    const menu = (await ctx.get<UserPermissionAnswer>('/sys/permission/getUserPermissionByToken', zhaolei))
      .result!.menu;
    expect(JSON.stringify(menu)).toContain('角色管理');
  });

  it('grants only what the department holds', async () => {
    expect(
      await ctx.send('POST', '/sys/sysDepartPermission/saveDeptRolePermission', {
        roleId: role.id,
        permissionIds: await idOf('user:add'),
      }),
    ).toMatchObject({ success: false, message: '部门角色只能授予部门已有的权限' });
  });

  it('only members of the department can hold its roles', async () => {
    expect(
      await ctx.send('POST', '/sys/sysDepartRole/deptRoleUserAdd', {
        userId: userId('wangfang'),
        newRoleId: role.id,
      }),
    ).toMatchObject({ success: false, message: '该用户不属于此部门' });
  });

  it('taking a row from the department takes it from its roles and their members at once', async () => {
    expect(await ctx.get('/sys/role/list', zhaolei)).toMatchObject({ success: true });
    const keep = await idOf('customer:export');
    expect(
      await ctx.send('POST', '/sys/permission/saveDepartPermission', { departId: TEAM, permissionIds: keep }),
    ).toMatchObject({ success: true });
    expect(
      (await ctx.get<string[]>(`/sys/sysDepartPermission/queryDeptRolePermission?roleId=${role.id}`)).result,
    ).not.toContain(await idOf('role:list'));
    expect(await ctx.get('/sys/role/list', zhaolei)).toMatchObject({ code: 510 });
  });

  it('removing a member, and deleting a role, take the codes away at once', async () => {
    const exportId = await idOf('customer:export');
    await ctx.send('POST', '/sys/sysDepartPermission/saveDeptRolePermission', {
      roleId: role.id,
      permissionIds: exportId,
    });
    expect(await codesOf(zhaolei)).toContain('customer:export');
    expect(
      await ctx.send('POST', '/sys/sysDepartRole/deptRoleUserAdd', {
        userId: userId('zhaolei'),
        newRoleId: '',
        oldRoleId: role.id,
      }),
    ).toMatchObject({ success: true });
    expect(await codesOf(zhaolei)).not.toContain('customer:export');
    await ctx.send('POST', '/sys/sysDepartRole/deptRoleUserAdd', {
      userId: userId('zhaolei'),
      newRoleId: role.id,
    });
    expect(await codesOf(zhaolei)).toContain('customer:export');
    expect(await ctx.send('DELETE', `/sys/sysDepartRole/delete?id=${role.id}`)).toMatchObject({
      success: true,
      message: '删除成功！',
    });
    expect(await codesOf(zhaolei)).not.toContain('customer:export');
    expect(await ctx.send('DELETE', `/sys/sysDepartRole/deleteBatch?ids=${role.id}`)).toMatchObject({
      success: false,
      message: '未找到对应的部门角色',
    });
  });

  it('the demo: 技术部 holds 场景列表 and its role 场景维护 is granted out of it, with no members yet', async () => {
    const tech = departId('A01A03');
    const roles = (await ctx.get<DeptRole[]>(`/sys/sysDepartRole/getDeptRoleList?departId=${tech}`)).result!;
    expect(roles.map((r) => [r.roleCode, r.roleName])).toEqual([['scene_maint', '场景维护']]);
    const granted = (
      await ctx.get<string[]>(`/sys/sysDepartPermission/queryDeptRolePermission?roleId=${roles[0].id}`)
    ).result!;
    expect(granted).toContain(await idOf('scene:add'));
    const members = await departDb(ctx.database.db)
      .selectFrom('sysDepartRoleUser')
      .select('userId')
      .where('droleId', '=', roles[0].id)
      .execute();
    expect(members).toEqual([]);
  });

  it('is guarded by depart:roles', async () => {
    expect(await ctx.get(`/sys/sysDepartRole/list?deptId=${TEAM}`, ctx.staffToken)).toMatchObject({
      code: 510,
    });
  });
});
