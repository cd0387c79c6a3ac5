import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roleId, userId } from '../../server/db/seed/organisation.js';
import { demoRuleId } from '../../server/sys/menu/seed-demo.js';
import type { UserPermissionAnswer } from '../../server/sys/permission.js';
import type { PermissionTreeAnswer, PermissionTreeNode } from '../../server/sys/menu/permission-tree.js';
import { createEntityContext, type EntityTestContext, type Page } from './entity-helpers.js';
import { DEMO_PASSWORD } from './helpers.js';

let ctx: EntityTestContext;
/** wangfang holds the manager role. */
let managerToken: string;
beforeAll(async () => {
  ctx = await createEntityContext();
  managerToken = await ctx.login('wangfang', DEMO_PASSWORD);
});
afterAll(() => ctx.close());

const STAFF = roleId('staff');

function flatten(nodes: readonly PermissionTreeNode[]): PermissionTreeNode[] {
  return nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);
}

async function idOf(perms: string): Promise<string> {
  const row = await ctx.database.db
    .selectFrom('sysPermission')
    .select('id')
    .where('perms', '=', perms)
    .executeTakeFirstOrThrow();
  return row.id;
}

async function granted(role: string): Promise<string[]> {
  return (await ctx.get<string[]>(`/sys/permission/queryRolePermission?roleId=${role}`)).result!;
}

async function save(role: string, permissionIds: readonly string[], extra: object = {}) {
  return ctx.send('POST', '/sys/permission/saveRolePermission', {
    roleId: role,
    permissionIds: permissionIds.join(','),
    lastpermissionIds: '',
    ...extra,
  });
}

const codesOf = async (token: string) =>
  (await ctx.get<UserPermissionAnswer>('/sys/permission/getUserPermissionByToken', token)).result!.auth.map(
    (a) => a.action,
  );

describe('the permission tree of the 授权 dialog', () => {
  it('answers every row nested, with all ids, kinds and data-rule flags', async () => {
    const res = await ctx.get<PermissionTreeAnswer>('/sys/role/queryTreeList');
    const nodes = flatten(res.result!.treeList);
    expect(nodes).toHaveLength(res.result!.ids.length);
    const system = res.result!.treeList.find((n) => n.title === '系统管理')!;
    expect(system).toMatchObject({ menuType: 0, isLeaf: false, parentId: null });
    const roleMenu = system.children!.find((n) => n.title === '角色管理')!;
    expect(roleMenu.children!.map((n) => n.perms)).toEqual(
      expect.arrayContaining(['role:authorize', 'role:users', 'role:list']),
    );
    expect(roleMenu.children!.every((n) => n.menuType === 2 && n.isLeaf)).toBe(true);
  });

  it("shows a declared screen's buttons, transitions and field rules without code", async () => {
    const nodes = flatten((await ctx.get<PermissionTreeAnswer>('/sys/role/queryTreeList')).result!.treeList);
    const byCode = new Map(nodes.filter((n) => n.perms).map((n) => [n.perms!, n]));
    expect(byCode.get('scene:startUse')).toMatchObject({ menuType: 2, permsType: '1' });
    expect(byCode.get('scene:field:capacity')).toMatchObject({ menuType: 2 });
    expect(byCode.get('user:frozen')).toMatchObject({ menuType: 2 });
  });

  it('is the role screen: a manager without role:authorize is refused', async () => {
    expect(await ctx.get('/sys/role/queryTreeList', managerToken)).toMatchObject({ code: 510 });
    const before = await granted(STAFF);
    const body = { roleId: STAFF, permissionIds: '', lastpermissionIds: '' };
    expect(await ctx.send('POST', '/sys/permission/saveRolePermission', body, managerToken)).toMatchObject({
      code: 510,
    });
    expect(await granted(STAFF)).toEqual(before);
  });
});

describe('saving a role grant', () => {
  it('grants a button with the menus above it, and the holders see the code at once', async () => {
    const before = await granted(STAFF);
    expect(await codesOf(ctx.staffToken)).not.toContain('role:list');
    expect(await ctx.get('/sys/role/list', ctx.staffToken)).toMatchObject({ code: 510 });
    const button = await idOf('role:list');
    expect(await save(STAFF, [...before, button])).toMatchObject({ success: true, message: '保存成功！' });
    const after = await granted(STAFF);
    const menu = await ctx.database.db
      .selectFrom('sysPermission')
      .select(['id', 'parentId'])
      .where('component', '=', 'declared/role')
      .executeTakeFirstOrThrow();
    expect(after).toEqual(expect.arrayContaining([button, menu.id, menu.parentId!]));
    expect(await codesOf(ctx.staffToken)).toContain('role:list');
    expect(await ctx.get('/sys/role/list', ctx.staffToken)).toMatchObject({ success: true });
  });

  it('taking the button away denies it at once (the cached codes are dropped)', async () => {
    const button = await idOf('role:list');
    expect(await ctx.get('/sys/role/list', ctx.staffToken)).toMatchObject({ success: true });
    const without = (await granted(STAFF)).filter((id) => id !== button);
    expect(await save(STAFF, without)).toMatchObject({ success: true });
    expect(await ctx.get('/sys/role/list', ctx.staffToken)).toMatchObject({ code: 510 });
    expect(await codesOf(ctx.staffToken)).not.toContain('role:list');
  });

  it('refuses an unknown row and changes nothing', async () => {
    const before = await granted(STAFF);
    expect(await save(STAFF, [...before, 'no_such_row'])).toMatchObject({
      success: false,
      message: '授权的菜单或按钮不存在，请刷新后重试',
    });
    expect((await granted(STAFF)).sort()).toEqual([...before].sort());
    expect(await save('no_such_role', before)).toMatchObject({ success: false, message: '未找到对应角色！' });
  });
});

describe("a role's data rules per menu entry", () => {
  let customerMenu: string;
  let ruleId: string;
  beforeAll(async () => {
    customerMenu = (
      await ctx.database.db
        .selectFrom('sysPermission')
        .select('id')
        .where('component', '=', 'declared/customer')
        .executeTakeFirstOrThrow()
    ).id;
    // The demo rule kept on 客户管理 and granted to no role.
    ruleId = demoRuleId('customer.ownDepart');
  });

  it('keeps the rules chosen in the dialog on the grant', async () => {
    const manager = roleId('manager');
    const ids = await granted(manager);
    expect(ids).toContain(customerMenu);
    const saved = await save(manager, ids, { dataRuleIds: { [customerMenu]: ruleId } });
    expect(saved).toMatchObject({ success: true });
    const res = await ctx.get<{ datarule: { id: string }[]; drChecked: string }>(
      `/sys/role/datarule/${customerMenu}/${manager}`,
    );
    expect(res.result).toMatchObject({ drChecked: ruleId });
    expect(res.result!.datarule.map((r) => r.id)).toContain(ruleId);
    // Clearing them through the contract's own call.
    expect(
      await ctx.send('POST', '/sys/role/datarule', {
        permissionId: customerMenu,
        roleId: manager,
        dataRuleIds: '',
      }),
    ).toMatchObject({
      success: true,
    });
    expect(
      (await ctx.get<object>(`/sys/role/datarule/${customerMenu}/${manager}`)).result,
    ).not.toHaveProperty('drChecked');
  });

  it('refuses a rule of another menu, or rules on a menu the role is not granted', async () => {
    const manager = roleId('manager');
    const ids = await granted(manager);
    const other = await idOf('role:list');
    expect(
      await save(manager, ids, { dataRuleIds: { [await idOf('customer:export')]: ruleId } }),
    ).toMatchObject({
      success: false,
      message: '数据规则不属于该菜单',
    });
    expect(
      await save(STAFF, await granted(STAFF), { dataRuleIds: { [customerMenu]: ruleId } }),
    ).toMatchObject({
      success: false,
      message: '数据规则所在的菜单未授权',
    });
    expect(
      await ctx.send('POST', '/sys/role/datarule', {
        permissionId: other,
        roleId: STAFF,
        dataRuleIds: ruleId,
      }),
    ).toMatchObject({
      success: false,
      message: '请先保存角色菜单权限!',
    });
    expect(await ctx.get(`/sys/role/datarule/${other}/${STAFF}`)).toMatchObject({
      success: false,
      message: '未找到权限配置信息',
    });
  });
});

describe('the users of a role', () => {
  const list = (role: string, query = '') =>
    ctx.get<Page<{ username: string }>>(`/sys/user/userRoleList?roleId=${role}&pageSize=50${query}`);

  it('pages the holders, searchable by account or name', async () => {
    const page = await list(roleId('manager'));
    expect(page.result!.records.map((u) => u.username)).toEqual(
      expect.arrayContaining(['wangfang', 'zhangwei']),
    );
    expect(JSON.stringify(page.result)).not.toMatch(/password/i);
    const found = await list(roleId('manager'), `&username=${encodeURIComponent('王芳')}`);
    expect(found.result!.records.map((u) => u.username)).toEqual(['wangfang']);
  });

  it("adding a user gives them the role's codes at once; removing takes them away at once", async () => {
    const analyst = roleId('analyst');
    expect(await ctx.get('/online/cgreport/head/list', ctx.staffToken)).toMatchObject({ code: 510 });
    expect(
      await ctx.send('POST', '/sys/user/addSysUserRole', {
        roleId: analyst,
        userIdList: [userId('chenjing')],
      }),
    ).toMatchObject({
      success: true,
    });
    expect(await codesOf(ctx.staffToken)).toContain('report:list');
    expect(
      await ctx.send('DELETE', `/sys/user/deleteUserRole?roleId=${analyst}&userId=${userId('chenjing')}`),
    ).toMatchObject({
      success: true,
    });
    expect(await codesOf(ctx.staffToken)).not.toContain('report:list');
  });

  it('refuses unknown users, and taking the admin role from its last holder', async () => {
    expect(
      await ctx.send('POST', '/sys/user/addSysUserRole', { roleId: STAFF, userIdList: ['nobody'] }),
    ).toMatchObject({
      success: false,
      message: '用户不存在',
    });
    const admin = roleId('admin');
    expect(
      await ctx.send('DELETE', `/sys/user/deleteUserRoleBatch?roleId=${admin}&userIds=${userId('admin')},`),
    ).toMatchObject({
      success: false,
      message: '不能移除最后一个管理员的管理员角色',
    });
    expect((await list(admin)).result!.records.map((u) => u.username)).toContain('admin');
  });
});
