import { describe, expect, it } from 'vitest';
import {
  ancestorKeys,
  buildAppRoutes,
  buildMenuEntries,
  findTitle,
  isHiddenNode,
} from '../../src/router/menu';
import { toRouteObjects } from '../../src/router/routes';
import type { RouteNode } from '../../src/router/types';

function node(path: string, title: string, extra: Partial<RouteNode> = {}): RouteNode {
  return {
    id: path,
    path,
    name: path.slice(1).replace(/\//g, '-'),
    component: extra.children ? 'layouts/RouteView' : `modules${path}`,
    route: '1',
    meta: { title, keepAlive: false, internalOrExternal: false },
    ...extra,
  };
}

const MENU: RouteNode[] = [
  node('/HomePage', '每日工作', {
    redirect: '/HomePage/index',
    meta: { title: '每日工作', icon: 'HomeOutlined' },
    children: [
      node('/HomePage/index', '工作台', { component: 'dashboard/Workbench' }),
      node('/HomePage/noticedetails', '通知详情', { hidden: true }),
    ],
  }),
  node('/message', '消息中心', {
    alwaysShow: true,
    children: [node('/modules/message/myMessage', '我的消息'), node('/message/system', '系统消息')],
  }),
  node('/secret', '隐藏分组', {
    children: [node('/secret/a', '甲', { hidden: true }), node('/secret/b', '乙', { hidden: true })],
  }),
  node('/online', '在线开发', {
    children: [
      node('/online/cgform', 'Online表单开发'),
      node('/online/cgformList/56efb74326e74064b60933f6f8af30ea', 'online订单管理', { route: '0' }),
    ],
  }),
  node('/external', '外部链接', {
    meta: { title: '外部链接', internalOrExternal: true, url: 'https://example.com/docs' },
  }),
];

describe('buildAppRoutes', () => {
  const routes = buildAppRoutes(MENU);

  it("leaves out route '0' nodes but keeps their siblings", () => {
    const online = routes.find((r) => r.path === '/online');
    expect(online?.children.map((r) => r.path)).toEqual(['/online/cgform']);
  });

  it('redirects an alwaysShow node to its own path', () => {
    expect(routes.find((r) => r.path === '/message')?.redirect).toBe('/message');
  });

  it('keeps server redirects and titles', () => {
    const home = routes.find((r) => r.path === '/HomePage');
    expect(home?.redirect).toBe('/HomePage/index');
    expect(home?.children[0]).toMatchObject({ title: '工作台', component: 'dashboard/Workbench' });
  });

  it('keeps hidden nodes as routes and hides a parent whose children are all hidden', () => {
    const secret = routes.find((r) => r.path === '/secret');
    expect(secret?.hidden).toBe(true);
    expect(secret?.children).toHaveLength(2);
    const details = routes[0].children.find((r) => r.path === '/HomePage/noticedetails');
    expect(details?.hidden).toBe(true);
    expect(routes.find((r) => r.path === '/HomePage')?.hidden).toBe(false);
  });
});

describe('isHiddenNode', () => {
  it('is false for a leaf without the flag and for a parent with one visible child', () => {
    expect(isHiddenNode(node('/a', 'A'))).toBe(false);
    expect(isHiddenNode(MENU[0])).toBe(false);
    expect(isHiddenNode(MENU[2])).toBe(true);
  });
});

describe('buildMenuEntries', () => {
  const entries = buildMenuEntries(MENU);

  it('drops hidden entries and all-hidden parents, keeps route 0 entries and icons', () => {
    expect(entries.map((e) => e.key)).toEqual(['/HomePage', '/message', '/online', '/external']);
    expect(entries[0]).toMatchObject({
      icon: 'HomeOutlined',
      children: [{ key: '/HomePage/index', label: '工作台' }],
    });
    expect(entries[2].children?.map((e) => e.label)).toEqual(['Online表单开发', 'online订单管理']);
  });

  it('marks external links', () => {
    expect(entries[3].externalUrl).toBe('https://example.com/docs');
  });

  it('finds the submenus around a page', () => {
    expect(ancestorKeys(entries, '/message/system')).toEqual(['/message']);
    expect(ancestorKeys(entries, '/HomePage')).toEqual([]);
    expect(ancestorKeys(entries, '/nowhere')).toEqual([]);
  });

  it('finds titles by path', () => {
    expect(findTitle(MENU, '/message/system')).toBe('系统消息');
    expect(findTitle(MENU, '/nowhere')).toBeUndefined();
  });
});

describe('toRouteObjects', () => {
  const objects = toRouteObjects(buildAppRoutes(MENU));
  const paths = objects.map((o) => o.path);

  it('nests children whose path lies under the parent and lifts the others to the top level', () => {
    const message = objects.find((o) => o.path === '/message');
    expect(message?.children?.filter((c) => !c.index).map((c) => c.path)).toEqual(['/message/system']);
    expect(paths).toContain('/modules/message/myMessage');
  });

  it('gives parents an index redirect and every top-level route an error element', () => {
    const home = objects.find((o) => o.path === '/HomePage');
    expect(home?.children?.[0].index).toBe(true);
    expect(objects.every((o) => o.errorElement)).toBe(true);
    expect(home?.handle).toMatchObject({ title: '每日工作' });
  });
});
