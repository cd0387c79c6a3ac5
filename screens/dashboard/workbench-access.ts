/**
 * Whether the signed-in user may see anything beyond the workbench, decided from the menu the
 * client already holds (getUserPermissionByToken): a user with no role, or whose roles grant no
 * page, gets the workbench alone (the server force-adds it), and the workbench then says so.
 */
import { HOME_PATH } from '../../src/config';
import { buildMenuEntries, type MenuEntry } from '../../src/router/menu';
import type { RouteNode } from '../../src/router/types';

function pages(entries: readonly MenuEntry[]): MenuEntry[] {
  return entries.flatMap((entry) => (entry.children ? pages(entry.children) : [entry]));
}

/** True when the menu shows no page but the workbench (hidden routes such as details do not count). */
export function onlyWorkbench(menu: readonly RouteNode[]): boolean {
  return pages(buildMenuEntries(menu)).every((page) => page.key === HOME_PATH);
}
