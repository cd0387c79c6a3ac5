/** Roles below admin; admin is granted every row, so it is never listed. */
export type MenuRole = 'manager' | 'staff' | 'analyst';

export const M: MenuRole = 'manager';
export const S: MenuRole = 'staff';
export const AN: MenuRole = 'analyst';
/** Shorthands for the role lists the data files repeat. */
export const ALL: MenuRole[] = [M, S, AN];
export const MGR: MenuRole[] = [M];
export const ADMIN_ONLY: MenuRole[] = [];

/** A button or field rule (menu_type 2) under a menu. */
export interface ButtonSeed {
  perms: string;
  name: string;
  roles: MenuRole[];
  /** '1' show/hide (default), '2' enabled/disabled. */
  permsType?: '1' | '2';
  /** '0' switches the rule off for everybody (the client then keeps the element). */
  status?: '0' | '1';
}

/** One menu row (menu_type 0 at the top, 1 below) and its subtree. */
export interface MenuSeed {
  /** Unique within the tree; the row id is derived from it, so it must never change. */
  key: string;
  name: string;
  path: string;
  /** A stable screen key, or 'layouts/RouteView' for a group. */
  component: string;
  icon?: string;
  hidden?: boolean;
  keepAlive?: boolean;
  alwaysShow?: boolean;
  redirect?: string;
  componentName?: string;
  /** Which non-admin roles see it; a group is also granted to every role that sees a descendant. */
  roles?: MenuRole[];
  children?: MenuSeed[];
  buttons?: ButtonSeed[];
}

export const ROUTE_VIEW = 'layouts/RouteView';

/** A group of pages (a RouteView parent). */
export function group(
  key: string,
  name: string,
  path: string,
  icon: string | undefined,
  children: MenuSeed[],
  extra: Partial<MenuSeed> = {},
): MenuSeed {
  return { key, name, path, component: ROUTE_VIEW, icon, children, ...extra };
}

/** A screen. */
export function page(
  key: string,
  name: string,
  path: string,
  component: string,
  roles: MenuRole[],
  extra: Partial<MenuSeed> = {},
): MenuSeed {
  return { key, name, path, component, roles, ...extra };
}

/** A screen reached by link only (details pages), never listed in the side menu. */
export function hiddenPage(
  key: string,
  name: string,
  path: string,
  component: string,
  roles: MenuRole[],
  extra: Partial<MenuSeed> = {},
): MenuSeed {
  return page(key, name, path, component, roles, { hidden: true, ...extra });
}

export function button(
  perms: string,
  name: string,
  roles: MenuRole[],
  extra: Partial<ButtonSeed> = {},
): ButtonSeed {
  return { perms, name, roles, ...extra };
}
