import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menuId } from '../../server/db/seed/menus.js';
import type { UserPermissionAnswer } from '../../server/sys/permission.js';
import type { PermissionTreeAnswer } from '../../server/sys/menu/permission-tree.js';
import type { SysPermissionTree } from '../../server/sys/menu/store.js';
import { createEntityContext, type EntityTestContext, type Page } from './entity-helpers.js';

interface MenuRow {
  id: string;
  name: string;
  parentId: string | null;
  /** Text, as the form's radio holds it. */
  menuType: string;
  menuType_dictText?: string;
  hasChild: string;
  isRoute: string;
  hidden: string;
  component: string | null;
  perms: string | null;
}

let ctx: EntityTestContext;
beforeAll(async () => {
  ctx = await createEntityContext();
});
afterAll(() => ctx.close());

const SYSTEM = menuId('system');
const CUSTOMER = menuId('customer.list');

async function rowByName(name: string) {
  return ctx.database.db.selectFrom('sysPermission').selectAll().where('name', '=', name).executeTakeFirst();
}

const menusOf = async (token: string) =>
  (await ctx.get<UserPermissionAnswer>('/sys/permission/getUserPermissionByToken', token)).result!.menu;

describe('菜单权限: reading the tree', () => {
  it('rootList pages the top menus with their has-child flag and dictionary text', async () => {
    const res = await ctx.get<Page<MenuRow>>('/sys/permission/rootList?pageSize=50');
    const rows = res.result!.records;
    expect(rows.every((r) => r.menuType === '0' && r.parentId === null)).toBe(true);
    expect(rows.find((r) => r.id === SYSTEM)).toMatchObject({
      name: '系统管理',
      hasChild: '1',
      menuType_dictText: '一级菜单',
      isRoute: 'Y',
      hidden: 'N',
    });
  });

  it('childList answers the children of a node; searching reaches any depth', async () => {
    const children = await ctx.get<MenuRow[]>(`/sys/permission/childList?pid=${SYSTEM}`);
    expect(children.result!.map((r) => r.name)).toEqual(
      expect.arrayContaining(['用户管理', '角色管理', '部门管理']),
    );
    expect(await ctx.get('/sys/permission/childList')).toMatchObject({
      success: false,
      message: '参数错误：缺少pid',
    });
    const found = await ctx.get<Page<MenuRow>>(
      `/sys/permission/rootList?hasQuery=true&name=${encodeURIComponent('*角色*')}`,
    );
    expect(found.result!.records.map((r) => r.name)).toEqual(
      expect.arrayContaining(['角色管理', '角色授权']),
    );
  });

  it('list answers the contract tree, and flat matches with ?name=', async () => {
    const tree = (await ctx.get<SysPermissionTree[]>('/sys/permission/list')).result!;
    const system = tree.find((n) => n.id === SYSTEM)!;
    expect(system).toMatchObject({ key: SYSTEM, title: '系统管理', isRoute: true, leaf: false });
    expect(system.children!.length).toBeGreaterThan(5);
    const flat = (
      await ctx.get<SysPermissionTree[]>(`/sys/permission/list?name=${encodeURIComponent('部门')}`)
    ).result!;
    expect(flat.every((n) => n.isLeaf && !n.children)).toBe(true);
    expect(flat.map((n) => n.name)).toContain('部门管理');
  });

  it('getSystemMenuList, getSystemSubmenu and getSystemSubmenuBatch load the tree level by level', async () => {
    const top = (await ctx.get<SysPermissionTree[]>('/sys/permission/getSystemMenuList')).result!;
    expect(top.every((n) => n.menuType === 0)).toBe(true);
    const sub = (await ctx.get<SysPermissionTree[]>(`/sys/permission/getSystemSubmenu?parentId=${SYSTEM}`))
      .result!;
    expect(sub.map((n) => n.parentId)).toEqual(sub.map(() => SYSTEM));
    const batch = (
      await ctx.get<Record<string, SysPermissionTree[]>>(
        `/sys/permission/getSystemSubmenuBatch?parentIds=${SYSTEM},${CUSTOMER}`,
      )
    ).result!;
    expect(batch[SYSTEM].map((n) => n.id)).toEqual(sub.map((n) => n.id));
    expect(batch[CUSTOMER].every((n) => n.menuType === 2)).toBe(true);
  });

  it('queryListAsync answers one level of tree nodes; loadAllRoleIds every row id', async () => {
    const roots = (await ctx.get<{ key: string; menuType: number }[]>('/sys/permission/queryListAsync'))
      .result!;
    expect(roots.every((n) => n.menuType === 0)).toBe(true);
    const below = (await ctx.get<{ parentId: string }[]>(`/sys/permission/queryListAsync?pid=${SYSTEM}`))
      .result!;
    expect(below.every((n) => n.parentId === SYSTEM)).toBe(true);
    const ids = (await ctx.get<string[]>('/sys/permission/loadAllRoleIds')).result!;
    const tree = (await ctx.get<PermissionTreeAnswer>('/sys/permission/queryTreeList')).result!;
    expect([...ids].sort()).toEqual([...tree.ids].sort());
  });

  it('queryById and loadTreeRoot (menus only) serve the form', async () => {
    expect(await ctx.get(`/sys/permission/queryById?id=${CUSTOMER}`)).toMatchObject({
      result: { name: '客户管理' },
    });
    const picker = (
      await ctx.get<{ value: string; children?: { value: string }[] }[]>('/sys/permission/loadTreeRoot')
    ).result!;
    const text = JSON.stringify(picker);
    expect(text).toContain(SYSTEM);
    expect(text).not.toContain(String((await rowByName('角色授权'))!.id));
  });

  it('is the admin screen: staff is refused with 510', async () => {
    for (const url of [
      '/sys/permission/list',
      '/sys/permission/rootList',
      '/sys/permission/getSystemMenuList',
    ])
      expect(await ctx.get(url, ctx.staffToken), url).toMatchObject({ code: 510 });
  });
});

describe('菜单权限: changes', () => {
  it('adds a menu that opens a declared screen; its users see it on their next page load', async () => {
    const added = await ctx.send('POST', '/sys/permission/add', {
      menuType: 1,
      name: '客户速查',
      parentId: SYSTEM,
      url: '/system/customerQuick',
      component: 'declared/customer',
      sortNo: 99,
    });
    expect(added).toMatchObject({ success: true, message: '添加成功！' });
    const row = (await rowByName('客户速查'))!;
    expect(row).toMatchObject({ parentId: SYSTEM, menuType: 1, isRoute: true, isLeaf: true, status: '1' });
    // The admin role is given it through the grant dialog, then admin's menu shows it.
    const admin = (
      await ctx.database.db
        .selectFrom('sysRole')
        .select('id')
        .where('roleCode', '=', 'admin')
        .executeTakeFirstOrThrow()
    ).id;
    const ids = (await ctx.get<string[]>(`/sys/permission/queryRolePermission?roleId=${admin}`)).result!;
    await ctx.send('POST', '/sys/permission/saveRolePermission', {
      roleId: admin,
      permissionIds: [...ids, row.id].join(','),
    });
    const system = (await menusOf(ctx.adminToken)).find((m) => m.id === SYSTEM)!;
    expect(system.children!.map((c) => c.meta.title)).toContain('客户速查');
  });

  it('edits a menu: hiding it takes it out of the menu at the next load', async () => {
    const row = (await rowByName('客户速查'))!;
    expect(
      await ctx.send('PUT', '/sys/permission/edit', { id: row.id, hidden: 'Y', name: '客户速查' }),
    ).toMatchObject({
      success: true,
    });
    const system = (await menusOf(ctx.adminToken)).find((m) => m.id === SYSTEM)!;
    expect(system.children!.find((c) => c.meta.title === '客户速查')).toMatchObject({ hidden: true });
  });

  it('adds a button under a menu and keeps the perms codes clean', async () => {
    const row = (await rowByName('客户速查'))!;
    expect(
      await ctx.send('POST', '/sys/permission/add', {
        menuType: 2,
        name: '速查导出',
        parentId: row.id,
        perms: 'customerQuick:export, customerQuick:print',
        permsType: '1',
      }),
    ).toMatchObject({ success: true });
    expect(await rowByName('速查导出')).toMatchObject({
      perms: 'customerQuick:export,customerQuick:print',
      isRoute: false,
    });
    expect((await rowByName('客户速查'))!.isLeaf).toBe(false);
  });

  it('refuses a missing parent, a move under itself or below, a button as parent, bad codes, unknown screens', async () => {
    const menu = (await rowByName('客户速查'))!;
    const button = (await rowByName('速查导出'))!;
    const cases: [object, string][] = [
      [{ menuType: 1, name: '孤儿', parentId: 'nope', url: '/x' }, '父节点不存在'],
      [{ menuType: 1, name: '孤儿', url: '/x' }, '请选择上级菜单!'],
      [{ menuType: 2, name: '按钮下', parentId: button.id, perms: 'a:b' }, '按钮或字段规则不能作为上级菜单'],
      [
        { menuType: 2, name: '坏码', parentId: menu.id, perms: 'a b' },
        '授权标识只能包含字母、数字、冒号、下划线、点和短横线，多个用逗号分隔',
      ],
      [
        { menuType: 1, name: '无页', parentId: SYSTEM, url: '/y', component: 'declared/nothing' },
        '前端组件不存在：declared/nothing',
      ],
      [{ menuType: 2, name: '无码', parentId: menu.id }, '请输入授权标识!'],
      [{ menuType: 1, name: '无路径', parentId: SYSTEM }, '请输入访问路径!'],
    ];
    const count = async () =>
      (await ctx.database.db.selectFrom('sysPermission').select('id').execute()).length;
    const before = await count();
    for (const [body, message] of cases)
      expect(await ctx.send('POST', '/sys/permission/add', body), message).toMatchObject({
        success: false,
        message,
      });
    expect(await count()).toBe(before);
    expect(
      await ctx.send('PUT', '/sys/permission/edit', { id: SYSTEM, menuType: 1, parentId: menu.id }),
    ).toMatchObject({
      success: false,
      message: '不能将节点移动到自身或其下级节点下',
    });
    expect(await ctx.send('PUT', '/sys/permission/edit', { id: menu.id, parentId: menu.id })).toMatchObject({
      success: false,
      message: '不能将节点移动到自身或其下级节点下',
    });
    expect((await rowByName('系统管理'))!.parentId).toBeNull();
  });

  it('deletes a menu with everything below it and drops the grants', async () => {
    const menu = (await rowByName('客户速查'))!;
    expect(await ctx.send('DELETE', `/sys/permission/delete?id=${menu.id}`)).toMatchObject({ success: true });
    expect(await rowByName('客户速查')).toBeUndefined();
    expect(await rowByName('速查导出')).toBeUndefined();
    const grants = await ctx.database.db
      .selectFrom('sysRolePermission')
      .select('roleId')
      .where('permissionId', '=', menu.id)
      .execute();
    expect(grants).toEqual([]);
    expect(await ctx.send('DELETE', '/sys/permission/delete?id=gone')).toMatchObject({
      success: false,
      message: '未找到菜单信息',
    });
  });

  it('switching a button off takes its code from every holder at once', async () => {
    const wangfang = await ctx.login('wangfang', (await import('./helpers.js')).DEMO_PASSWORD);
    const exportRow = (await ctx.database.db
      .selectFrom('sysPermission')
      .selectAll()
      .where('perms', '=', 'customer:export')
      .executeTakeFirst())!;
    const res = () => ctx.get<UserPermissionAnswer>('/sys/permission/getUserPermissionByToken', wangfang);
    expect((await res()).result!.auth.map((a) => a.action)).toContain('customer:export');
    expect(await ctx.send('PUT', '/sys/permission/edit', { id: exportRow.id, status: '0' })).toMatchObject({
      success: true,
    });
    expect((await res()).result!.auth.map((a) => a.action)).not.toContain('customer:export');
    // Switched off, the rule no longer restricts anyone: the route is open to every signed-in user.
    const staffExport = await ctx.app.inject({
      method: 'GET',
      url: '/api/sys/customer/exportXls',
      headers: { 'x-access-token': ctx.staffToken },
    });
    expect(staffExport.statusCode).toBe(200);
    expect(staffExport.headers['content-type']).toContain('spreadsheetml');
  });
});
