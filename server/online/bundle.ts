/**
 * Bundles between environments (docs/modules/online-forms.md): a set of designed declarations with
 * their menu rows and permission (button) rows as one JSON document. Export reads them; import
 * (bundle-apply.ts) compares them with this environment (a readable diff) and applies them.
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { declaredComponents } from '../entity/menu-sync.js';
import { ApiError } from '../result.js';
import { BundleMessages } from './messages.js';
import { headByName, versionJson } from './store.js';

export const BUNDLE_FORMAT = 'zj-online-bundle';
export const BUNDLE_VERSION = 1;
const MAX_ITEMS = 100;

export interface BundleMenu {
  /** The declaration whose screen it opens (component `declared/<name>`). */
  declaration: string;
  title: string;
  /** The parent menu's url: ids differ between environments, urls do not. */
  parent: string | null;
  path: string;
  sortNo: number;
  icon: string | null;
}

export interface BundlePermission {
  /** The declaration whose menu row holds it. */
  declaration: string;
  code: string;
  name: string;
  permsType: string;
  status: string;
}

export interface Bundle {
  format: typeof BUNDLE_FORMAT;
  version: number;
  exportedAt: string;
  declarations: { name: string; declaration: Record<string, unknown> }[];
  menus: BundleMenu[];
  permissions: BundlePermission[];
}

interface MenuRow {
  id: string;
  name: string;
  url: string;
  sortNo: number | null;
  icon: string | null;
  parentUrl: string | null;
}

/** The menu row opening a declaration's screen, with its parent's url. */
export async function menuOf(db: Db, name: string): Promise<MenuRow | undefined> {
  const rows = await sql<MenuRow>`select m.id, m.name, m.url, m.sort_no, m.icon, p.url as parent_url
    from sys_permission m left join sys_permission p on p.id = m.parent_id
    where m.component in (${sql.join(declaredComponents(name))}) and m.menu_type in (0, 1)
      and m.del_flag = 0 order by m.sort_no limit 1`.execute(db);
  return rows.rows[0];
}

/** The button rows under a menu row, by code. */
export async function buttonsOf(
  db: Db,
  menuId: string,
): Promise<{ code: string; name: string; permsType: string; status: string }[]> {
  const rows = await sql<{ code: string; name: string; permsType: string | null; status: string | null }>`
    select perms as code, name, perms_type, status from sys_permission
    where parent_id = ${menuId} and menu_type = 2 and del_flag = 0 and perms is not null
    order by sort_no, perms`.execute(db);
  return rows.rows.map((r) => ({ ...r, permsType: r.permsType ?? '1', status: r.status ?? '1' }));
}

/** Exports designed declarations (current versions) with their menus and permission rows. */
export async function exportBundle(db: Db, names: readonly string[]): Promise<Bundle> {
  if (names.length === 0) throw new ApiError(BundleMessages.noneChosen);
  if (names.length > MAX_ITEMS) throw new ApiError(BundleMessages.tooMany(MAX_ITEMS));
  const bundle: Bundle = {
    format: BUNDLE_FORMAT,
    version: BUNDLE_VERSION,
    exportedAt: new Date().toISOString(),
    declarations: [],
    menus: [],
    permissions: [],
  };
  for (const name of [...new Set(names)].sort()) {
    const head = await headByName(db, name);
    const json = head ? await versionJson(db, head.id, head.currentVersion) : undefined;
    if (!json) throw new ApiError(BundleMessages.notDesigned(name.slice(0, 50)));
    bundle.declarations.push({ name, declaration: JSON.parse(json) as Record<string, unknown> });
    const menu = await menuOf(db, name);
    if (!menu) continue;
    bundle.menus.push({
      declaration: name,
      title: menu.name,
      parent: menu.parentUrl,
      path: menu.url,
      sortNo: menu.sortNo ?? 100,
      icon: menu.icon,
    });
    for (const b of await buttonsOf(db, menu.id)) bundle.permissions.push({ declaration: name, ...b });
  }
  return bundle;
}

export { MAX_ITEMS as MAX_BUNDLE_ITEMS };
