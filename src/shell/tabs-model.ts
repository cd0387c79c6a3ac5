import { HOME_PATH, HOME_TITLE } from '../config';

/** An open page of the multipage tab bar (spec section 3: name, path, fullPath, meta). */
export interface TabPage {
  /** The tab key: the full path (path + query), except the workbench, which is always one tab. */
  key: string;
  fullPath: string;
  path: string;
  name: string;
  title: string;
  icon?: string;
  componentName?: string;
  keepAlive: boolean;
}

export const TabMessages = {
  homeNotClosable: '首页不能关闭!',
  lastPage: '这是最后一页，不能再关闭了啦',
} as const;

export function tabKey(pathname: string, search: string): string {
  return pathname === HOME_PATH ? HOME_PATH : `${pathname}${search}`;
}

/** What a matched route's handle tells the tab bar. */
export interface TabRouteHandle {
  title: string;
  icon?: string;
  componentName?: string;
  keepAlive?: boolean;
}

/** The tab of a location, described by its deepest titled route. */
export function tabForLocation(
  pathname: string,
  search: string,
  routeId: string,
  handle: TabRouteHandle,
): TabPage {
  return {
    key: tabKey(pathname, search),
    fullPath: `${pathname}${search}`,
    path: pathname,
    name: routeId,
    title: pathname === HOME_PATH ? HOME_TITLE : handle.title,
    icon: handle.icon,
    componentName: handle.componentName,
    keepAlive: Boolean(handle.keepAlive),
  };
}

export function isHome(page: Pick<TabPage, 'key'>): boolean {
  return page.key === HOME_PATH;
}

/** Adds a page, or updates it in place (same key, new query or title); the workbench always stays first. */
export function openTab(pages: readonly TabPage[], page: TabPage): TabPage[] {
  const index = pages.findIndex((p) => p.key === page.key);
  if (index >= 0) {
    const next = [...pages];
    next[index] = { ...pages[index], ...page };
    return next;
  }
  return isHome(page) ? [page, ...pages] : [...pages, page];
}

export interface TabChange {
  pages: TabPage[];
  /** Pages that were closed (their cached components must be dropped). */
  removed: TabPage[];
  /** The tab to show next when the active one was closed. */
  activate?: TabPage;
  /** A refusal to show instead (nothing changed). */
  warning?: string;
}

const unchanged = (pages: readonly TabPage[], warning?: string): TabChange => ({
  pages: [...pages],
  removed: [],
  warning,
});

/** Closes one tab: never the workbench, never the last one; an active tab hands over to a neighbour. */
export function closeTab(pages: readonly TabPage[], key: string, activeKey: string): TabChange {
  const index = pages.findIndex((p) => p.key === key);
  if (index < 0) return unchanged(pages);
  if (isHome(pages[index])) return unchanged(pages, TabMessages.homeNotClosable);
  if (pages.length === 1) return unchanged(pages, TabMessages.lastPage);
  const next = pages.filter((p) => p.key !== key);
  // The tab that slides into the closed one's place, or the one before it at the end of the bar.
  const activate = key === activeKey ? (pages[index + 1] ?? pages[index - 1]) : undefined;
  return { pages: next, removed: [pages[index]], activate };
}

/** Closes the tabs matching `drop` (never the workbench); the anchor tab takes over if the active one went. */
function closeWhere(
  pages: readonly TabPage[],
  anchorKey: string,
  activeKey: string,
  drop: (index: number, anchorIndex: number) => boolean,
): TabChange {
  const anchorIndex = pages.findIndex((p) => p.key === anchorKey);
  if (anchorIndex < 0) return unchanged(pages);
  const removed = pages.filter((p, i) => !isHome(p) && drop(i, anchorIndex));
  const next = pages.filter((p) => !removed.includes(p));
  const activeGone = removed.some((p) => p.key === activeKey);
  return { pages: next, removed, activate: activeGone ? pages[anchorIndex] : undefined };
}

export function closeLeft(pages: readonly TabPage[], anchorKey: string, activeKey: string): TabChange {
  return closeWhere(pages, anchorKey, activeKey, (i, anchor) => i < anchor);
}

export function closeRight(pages: readonly TabPage[], anchorKey: string, activeKey: string): TabChange {
  return closeWhere(pages, anchorKey, activeKey, (i, anchor) => i > anchor);
}

export function closeOthers(pages: readonly TabPage[], anchorKey: string, activeKey: string): TabChange {
  return closeWhere(pages, anchorKey, activeKey, (i, anchor) => i !== anchor);
}

/** Component names the keep-alive cache holds, after `removed` closed (a name another open tab uses stays). */
export function dropCachedRoutes(
  cached: readonly string[],
  removed: readonly TabPage[],
  remaining: readonly TabPage[],
): string[] {
  const stillUsed = new Set(remaining.map((p) => p.componentName).filter(Boolean));
  const gone = new Set(removed.map((p) => p.componentName).filter((n) => n && !stillUsed.has(n)));
  return cached.filter((name) => !gone.has(name));
}

/** Adds a keep-alive page's component name to the cache list. */
export function addCachedRoute(cached: readonly string[], page: TabPage): string[] {
  if (!page.keepAlive || !page.componentName || cached.includes(page.componentName)) return [...cached];
  return [...cached, page.componentName];
}
