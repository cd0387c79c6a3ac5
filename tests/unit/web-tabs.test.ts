import { describe, expect, it } from 'vitest';
import {
  addCachedRoute,
  closeLeft,
  closeOthers,
  closeRight,
  closeTab,
  dropCachedRoutes,
  openTab,
  tabForLocation,
  tabKey,
  TabMessages,
  type TabPage,
} from '../../src/shell/tabs-model';

function page(fullPath: string, extra: Partial<TabPage> = {}): TabPage {
  const [path, query = ''] = fullPath.split('?');
  return {
    key: tabKey(path, query ? `?${query}` : ''),
    fullPath,
    path,
    name: path,
    title: path,
    keepAlive: false,
    ...extra,
  };
}

const home = page('/HomePage/index', { title: '工作台', keepAlive: true, componentName: 'Workbench' });
const a = page('/a');
const b = page('/b', { keepAlive: true, componentName: 'B' });
const c = page('/c');
const keys = (pages: readonly TabPage[]) => pages.map((p) => p.key);

describe('tab keys and pages', () => {
  it('keys tabs by full path, and the workbench by its path whatever its query', () => {
    expect(tabKey('/a', '?id=1')).toBe('/a?id=1');
    expect(tabKey('/HomePage/index', '?x=1')).toBe('/HomePage/index');
  });

  it('describes a location by its route handle; the workbench is always titled 工作台', () => {
    expect(
      tabForLocation('/x', '?id=2', 'route-x', { title: '详情', keepAlive: true, componentName: 'X' }),
    ).toEqual({
      key: '/x?id=2',
      fullPath: '/x?id=2',
      path: '/x',
      name: 'route-x',
      title: '详情',
      icon: undefined,
      componentName: 'X',
      keepAlive: true,
    });
    expect(tabForLocation('/HomePage/index', '', 'h', { title: '首页' }).title).toBe('工作台');
  });

  it('appends new tabs, puts the workbench first, and updates a known tab in place', () => {
    let pages = openTab([], a);
    pages = openTab(pages, home);
    pages = openTab(pages, b);
    expect(keys(pages)).toEqual(['/HomePage/index', '/a', '/b']);
    const renamed = openTab(pages, { ...a, title: '新标题' });
    expect(keys(renamed)).toEqual(keys(pages));
    expect(renamed[1].title).toBe('新标题');
    // Two queries of one path are two tabs.
    expect(keys(openTab(pages, page('/a?id=1')))).toEqual(['/HomePage/index', '/a', '/b', '/a?id=1']);
  });
});

describe('closing tabs', () => {
  const pages = [home, a, b, c];

  it('refuses the workbench (首页不能关闭!) and the last tab (这是最后一页)', () => {
    expect(closeTab(pages, home.key, a.key)).toEqual({
      pages,
      removed: [],
      warning: TabMessages.homeNotClosable,
    });
    expect(TabMessages.homeNotClosable).toBe('首页不能关闭!');
    expect(closeTab([a], a.key, a.key)).toEqual({
      pages: [a],
      removed: [],
      warning: '这是最后一页，不能再关闭了啦',
    });
  });

  it('closing the active tab activates the neighbour to its right, or to its left at the end', () => {
    expect(closeTab(pages, a.key, a.key)).toMatchObject({ removed: [a], activate: b });
    expect(keys(closeTab(pages, a.key, a.key).pages)).toEqual(['/HomePage/index', '/b', '/c']);
    expect(closeTab(pages, c.key, c.key).activate).toBe(b);
    expect(closeTab(pages, b.key, a.key).activate).toBeUndefined();
    expect(closeTab(pages, '/none', a.key)).toEqual({ pages, removed: [] });
  });

  it('close left / right / others never close the workbench; the anchor takes over a closed active tab', () => {
    expect(keys(closeLeft(pages, c.key, a.key).pages)).toEqual(['/HomePage/index', '/c']);
    expect(closeLeft(pages, c.key, a.key).activate).toBe(c);
    expect(closeLeft(pages, c.key, c.key).activate).toBeUndefined();
    expect(keys(closeRight(pages, a.key, a.key).pages)).toEqual(['/HomePage/index', '/a']);
    expect(closeRight(pages, a.key, c.key).activate).toBe(a);
    expect(keys(closeOthers(pages, b.key, c.key).pages)).toEqual(['/HomePage/index', '/b']);
    expect(closeOthers(pages, b.key, c.key).removed).toEqual([a, c]);
    expect(keys(closeOthers(pages, home.key, c.key).pages)).toEqual(['/HomePage/index']);
    expect(closeOthers(pages, home.key, c.key).activate).toBe(home);
  });
});

describe('the keep-alive cache (CACHE_INCLUDED_ROUTES)', () => {
  it('holds the component names of visited keep-alive pages', () => {
    expect(addCachedRoute([], a)).toEqual([]);
    expect(addCachedRoute([], b)).toEqual(['B']);
    expect(addCachedRoute(['B'], b)).toEqual(['B']);
  });

  it('drops a closed page’s name unless another open tab still uses it', () => {
    expect(dropCachedRoutes(['Workbench', 'B'], [b], [home, a])).toEqual(['Workbench']);
    const twin = page('/b?id=2', { keepAlive: true, componentName: 'B' });
    expect(dropCachedRoutes(['Workbench', 'B'], [b], [home, twin])).toEqual(['Workbench', 'B']);
  });
});
