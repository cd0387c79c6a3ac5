import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildMenuTree, routeName, type MenuRow } from '../../server/sys/menu-tree.js';
import { MENU_TREE, menuSeedRows } from '../../server/db/seed/menus.js';
import { roleId } from '../../server/db/seed/organisation.js';

function row(id: string, parentId: string | null, url: string, extra: Partial<MenuRow> = {}): MenuRow {
  return {
    id,
    parentId,
    name: id,
    url,
    component: parentId ? `modules/${id}/Page` : 'layouts/RouteView',
    componentName: null,
    redirect: null,
    sortNo: 1,
    alwaysShow: false,
    icon: null,
    isRoute: true,
    keepAlive: false,
    hidden: false,
    hideTab: false,
    internalOrExternal: false,
    ...extra,
  };
}

describe('buildMenuTree', () => {
  it('nests by parent, sorts by sort_no and drops rows whose parent is not granted', () => {
    const tree = buildMenuTree([
      row('b', null, '/b', { sortNo: 2 }),
      row('a', null, '/a', { sortNo: 1, redirect: '/a/x' }),
      row('x', 'a', '/a/x', { sortNo: 2, redirect: '/ignored' }),
      row('y', 'a', '/a/y', { sortNo: 1 }),
      row('orphan', 'missing', '/orphan'),
    ]);
    expect(tree.map((n) => n.id)).toEqual(['a', 'b']);
    expect(tree[0].redirect).toBe('/a/x');
    expect(tree[0].children!.map((n) => n.id)).toEqual(['y', 'x']);
    expect(tree[0].children![1]).not.toHaveProperty('redirect'); // redirect is top-level only
    expect(tree[1]).not.toHaveProperty('children');
  });

  it('hides a group whose children are all hidden, at any depth', () => {
    const tree = buildMenuTree([
      row('top', null, '/top'),
      row('mid', 'top', '/top/mid'),
      row('leaf', 'mid', '/top/mid/leaf', { hidden: true }),
    ]);
    expect(tree[0].hidden).toBe(true);
    expect(tree[0].children![0].hidden).toBe(true);
  });

  it('gives an external url a hashed path and meta.url; route "0" and hideTab carry over', () => {
    const url = 'https://example.com/doc';
    const [node] = buildMenuTree([
      row('ext', null, url, {
        internalOrExternal: true,
        isRoute: false,
        hideTab: true,
        icon: 'LinkOutlined',
      }),
    ]);
    expect(node).toMatchObject({
      path: createHash('md5').update(url).digest('hex'),
      route: '0',
      meta: { url, internalOrExternal: true, hideTab: true, icon: 'LinkOutlined' },
    });
  });

  it('names routes like the contract', () => {
    expect(routeName({ componentName: null, url: '/online/cgformList/:code' })).toBe(
      'online-cgformList-@code',
    );
    expect(routeName({ componentName: 'named', url: '/a/b' })).toBe('named');
  });
});

describe('seeded menu data', () => {
  it('grants a group to every role that sees one of its pages, and admin everything', () => {
    const { permissions, grants } = menuSeedRows();
    const granted = (role: string) =>
      new Set(grants.filter((g) => g.roleId === roleId(role)).map((g) => g.permissionId));
    const admin = granted('admin');
    expect(admin.size).toBe(permissions.length);
    for (const role of ['manager', 'staff']) {
      const ids = granted(role);
      for (const p of permissions) {
        if (ids.has(p.id) && p.parentId && p.menuType !== 2) expect(ids.has(p.parentId), p.name).toBe(true);
      }
    }
  });

  it('covers every area the specs name, with 每日工作 > 工作台 first', () => {
    expect(MENU_TREE[0].name).toBe('每日工作');
    expect(MENU_TREE[0].children![0]).toMatchObject({
      name: '工作台',
      path: '/HomePage/index',
      keepAlive: true,
    });
    const names = new Set<string>();
    const walk = (nodes: typeof MENU_TREE) =>
      nodes.forEach((n) => {
        names.add(n.name);
        walk(n.children ?? []);
      });
    walk(MENU_TREE);
    for (const name of [
      '待办中心',
      '部门工作',
      '周工作汇报',
      '全部工单',
      '工单图表',
      '会议管理',
      '已删除项目',
      '项目流程图',
      '回收站',
      '需求管理',
      '临时考核',
      '历史评分',
      '文档分类',
      '文件列表',
      '流程部署',
      '流程历史',
      '请假',
      '收件箱',
      '写邮件',
      '办公用品申领',
      '设备申领',
      '车辆维修',
      '车辆保险',
      '车辆年检',
      '人事管理',
      '我的消息',
      '消息模板',
      '督办',
      '客户管理',
      '通讯录',
      '场景管理',
      '版本管理',
      '统计工作',
      '工作看板',
      '用户管理',
      '分类字典',
      '网关路由',
      '在线用户',
      '定时任务',
      '编码校验规则',
      '填值规则',
      '磁盘监控',
      '请求追踪',
      'JVM信息',
      'Redis终端',
      'Tomcat信息',
      'Online表单开发',
      'Online报表配置',
    ]) {
      expect(names.has(name), name).toBe(true);
    }
  });
});
