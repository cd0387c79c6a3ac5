import type { AppRoute, RouteNode } from './types';

/** Pure transformations of the server menu tree: into routes, and into side-menu entries. */

function isRouteOff(node: RouteNode): boolean {
  return String(node.route ?? '1') === '0';
}

/** A parent whose children are all hidden is hidden itself (the server marks only top-level ones). */
export function isHiddenNode(node: RouteNode): boolean {
  if (node.hidden) return true;
  const children = node.children ?? [];
  return children.length > 0 && children.every(isHiddenNode);
}

/**
 * Routes from the menu: route '0' nodes are left out (with their subtree), alwaysShow redirects to the
 * node's own path, hidden nodes stay routable (they are only kept out of the menu).
 */
export function buildAppRoutes(menu: readonly RouteNode[]): AppRoute[] {
  return menu
    .filter((node) => !isRouteOff(node))
    .map((node) => ({
      id: node.id,
      path: node.path,
      name: node.name,
      component: node.component,
      title: node.meta?.title ?? node.name,
      redirect: node.alwaysShow ? node.path : node.redirect || undefined,
      hidden: isHiddenNode(node),
      keepAlive: Boolean(node.meta?.keepAlive),
      componentName: node.meta?.componentName,
      icon: node.meta?.icon,
      children: buildAppRoutes(node.children ?? []),
    }));
}

export interface MenuEntry {
  /** The route path; the menu's selection key. */
  key: string;
  label: string;
  icon?: string;
  /** Opens in a new window instead of routing (meta.internalOrExternal with an http(s) url). */
  externalUrl?: string;
  children?: MenuEntry[];
}

function externalUrl(node: RouteNode): string | undefined {
  const url = node.meta?.url;
  return node.meta?.internalOrExternal && url && /^https?:\/\//.test(url) ? url : undefined;
}

/** Side-menu entries: hidden nodes and all-hidden parents are left out; route '0' entries stay. */
export function buildMenuEntries(menu: readonly RouteNode[]): MenuEntry[] {
  return menu
    .filter((node) => !isHiddenNode(node))
    .map((node) => {
      const children = buildMenuEntries(node.children ?? []);
      const entry: MenuEntry = { key: node.path, label: node.meta?.title ?? node.name };
      if (node.meta?.icon) entry.icon = node.meta.icon;
      const url = externalUrl(node);
      if (url) entry.externalUrl = url;
      if (children.length > 0) entry.children = children;
      return entry;
    });
}

/** Keys of the submenus that contain `path`, outermost first (to open the menu at the current page). */
export function ancestorKeys(entries: readonly MenuEntry[], path: string): string[] {
  for (const entry of entries) {
    if (entry.key === path) return [];
    if (entry.children) {
      const inner = ancestorKeys(entry.children, path);
      const found = inner.length > 0 || entry.children.some((child) => child.key === path);
      if (found) return [entry.key, ...inner];
    }
  }
  return [];
}

/** The menu title for a path, for tabs and document titles of routes the menu knows. */
export function findTitle(menu: readonly RouteNode[], path: string): string | undefined {
  for (const node of menu) {
    if (node.path === path) return node.meta?.title ?? node.name;
    const inner = findTitle(node.children ?? [], path);
    if (inner) return inner;
  }
  return undefined;
}
