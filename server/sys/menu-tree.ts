import { createHash } from 'node:crypto';
import type { RouteMeta, RouteNode } from '../../runtime/model/contract/menu.js';

/** The sys_permission columns the route tree is built from. */
export interface MenuRow {
  id: string;
  parentId: string | null;
  name: string;
  url: string | null;
  component: string | null;
  componentName: string | null;
  redirect: string | null;
  sortNo: number;
  alwaysShow: boolean;
  icon: string | null;
  isRoute: boolean;
  keepAlive: boolean;
  hidden: boolean;
  hideTab: boolean;
  internalOrExternal: boolean;
}

export type { RouteMeta, RouteNode } from '../../runtime/model/contract/menu.js';

/** Urls the client opens in an iframe or a new window; their path becomes a hash so it stays a valid route. */
export function isExternalUrl(url: string): boolean {
  return url.startsWith('http://') || url.startsWith('https://') || url.startsWith('{{');
}

/** The route name: component_name, else the url without its leading '/', with '/'→'-' and ':'→'@'. */
export function routeName(row: Pick<MenuRow, 'componentName' | 'url'>): string {
  if (row.componentName) return row.componentName;
  return (row.url ?? '').replace(/^\//, '').replace(/\//g, '-').replace(/:/g, '@');
}

function toNode(row: MenuRow, topLevel: boolean): RouteNode {
  const url = row.url ?? '';
  const external = isExternalUrl(url);
  const component = row.component ?? '';
  const meta: RouteMeta = {
    keepAlive: row.keepAlive,
    internalOrExternal: row.internalOrExternal,
    title: row.name,
    componentName: row.componentName || component.split('/').pop() || '',
  };
  if (row.icon) meta.icon = row.icon;
  if (external) meta.url = url;
  if (row.hideTab) meta.hideTab = true;
  const node: RouteNode = {
    id: row.id,
    path: external ? createHash('md5').update(url).digest('hex') : url,
    name: routeName(row),
    component,
    route: row.isRoute ? '1' : '0',
    meta,
  };
  if (topLevel && row.redirect) node.redirect = row.redirect;
  if (row.hidden) node.hidden = true;
  if (row.alwaysShow) node.alwaysShow = true;
  return node;
}

/**
 * Nests the granted menu rows by parent, each level in sort_no order. A row whose parent is not
 * granted is left out (it would have nowhere to hang). A node whose children are all hidden is
 * hidden too, at every level, so the side menu never shows an empty group.
 */
export function buildMenuTree(rows: readonly MenuRow[]): RouteNode[] {
  const ids = new Set(rows.map((r) => r.id));
  const byParent = new Map<string | null, MenuRow[]>();
  for (const row of rows) {
    const parent = row.parentId && row.parentId !== '' ? row.parentId : null;
    if (parent !== null && !ids.has(parent)) continue;
    const list = byParent.get(parent) ?? [];
    list.push(row);
    byParent.set(parent, list);
  }
  const build = (parentId: string | null): RouteNode[] =>
    [...(byParent.get(parentId) ?? [])]
      .sort((a, b) => a.sortNo - b.sortNo)
      .map((row) => {
        const node = toNode(row, parentId === null);
        const children = build(row.id);
        if (children.length > 0) {
          node.children = children;
          if (children.every((c) => c.hidden)) node.hidden = true;
        }
        return node;
      });
  return build(null);
}
