import type { Insertable, Transaction } from 'kysely';
import type { Database, SysPermissionTable } from '../schema.js';
import { seedId } from './ids.js';
import { roleId } from './organisation.js';
import { ADMIN_MENUS } from './menu-data-admin.js';
import { OFFICE_MENUS } from './menu-data-office.js';
import { WORK_MENUS } from './menu-data-work.js';
import type { ButtonSeed, MenuRole, MenuSeed } from './menu-types.js';

/** The whole seeded menu, in side-menu order. */
export const MENU_TREE: MenuSeed[] = [...WORK_MENUS, ...OFFICE_MENUS, ...ADMIN_MENUS];

export function menuId(key: string): string {
  return seedId(`menu:${key}`);
}

export function buttonId(perms: string): string {
  return seedId(`button:${perms}`);
}

/** The roles that see a menu: its own plus everyone who sees a descendant (so no child is orphaned). */
export function effectiveRoles(node: MenuSeed): Set<MenuRole> {
  const roles = new Set<MenuRole>(node.roles ?? []);
  for (const child of node.children ?? []) for (const role of effectiveRoles(child)) roles.add(role);
  return roles;
}

/** Column values a row takes unless its kind says otherwise (the schema types every flag as required). */
const ROW_DEFAULTS = {
  permsType: '1',
  alwaysShow: false,
  keepAlive: false,
  hidden: false,
  hideTab: false,
  internalOrExternal: false,
  status: '1',
  delFlag: 0,
  createBy: 'admin',
} as const;

interface SeedRows {
  permissions: Insertable<SysPermissionTable>[];
  grants: { roleId: string; permissionId: string }[];
}

/** Flattens the tree into sys_permission rows and role grants (admin gets every row). */
export function menuSeedRows(tree: MenuSeed[] = MENU_TREE): SeedRows {
  const rows: SeedRows = { permissions: [], grants: [] };
  const keys = new Set<string>();
  const grant = (permissionId: string, roles: Iterable<MenuRole>) => {
    rows.grants.push({ roleId: roleId('admin'), permissionId });
    for (const role of roles) rows.grants.push({ roleId: roleId(role), permissionId });
  };
  const addButton = (b: ButtonSeed, parentId: string, sortNo: number) => {
    if (keys.has(`button:${b.perms}`)) throw new Error(`duplicate button perms ${b.perms}`);
    keys.add(`button:${b.perms}`);
    const id = buttonId(b.perms);
    rows.permissions.push({
      ...ROW_DEFAULTS,
      id,
      parentId,
      name: b.name,
      menuType: 2,
      perms: b.perms,
      permsType: b.permsType ?? '1',
      sortNo,
      isRoute: false,
      isLeaf: true,
      status: b.status ?? '1',
    });
    grant(id, b.roles);
  };
  const addMenu = (node: MenuSeed, parentId: string | null, sortNo: number) => {
    if (keys.has(node.key)) throw new Error(`duplicate menu key ${node.key}`);
    keys.add(node.key);
    const id = menuId(node.key);
    const children = node.children ?? [];
    rows.permissions.push({
      ...ROW_DEFAULTS,
      id,
      parentId,
      name: node.name,
      url: node.path,
      component: node.component,
      componentName: node.componentName ?? null,
      redirect: node.redirect ?? null,
      menuType: parentId === null ? 0 : 1,
      sortNo,
      alwaysShow: node.alwaysShow ?? false,
      icon: node.icon ?? null,
      isRoute: true,
      isLeaf: children.length === 0,
      keepAlive: node.keepAlive ?? false,
      hidden: node.hidden ?? false,
    });
    grant(id, effectiveRoles(node));
    children.forEach((child, i) => addMenu(child, id, i + 1));
    (node.buttons ?? []).forEach((b, i) => addButton(b, id, i + 1));
  };
  tree.forEach((node, i) => addMenu(node, null, i + 1));
  return rows;
}

export async function seedMenus(trx: Transaction<Database>): Promise<void> {
  const { permissions, grants } = menuSeedRows();
  // Chunked so one statement stays well under the bind-parameter limit.
  for (let i = 0; i < permissions.length; i += 100) {
    await trx
      .insertInto('sysPermission')
      .values(permissions.slice(i, i + 100))
      .execute();
  }
  for (let i = 0; i < grants.length; i += 500) {
    await trx
      .insertInto('sysRolePermission')
      .values(grants.slice(i, i + 500))
      .execute();
  }
}
