/**
 * The permission tree of the grant dialogs (JeecgBoot's TreeModel): every menu, button and field
 * row nested by parent in sort order, answered with the ids of all nodes: `{treeList, ids}`. A node
 * carries its kind (menuType 0 / 1 menus, 2 buttons and field rules with permsType '2' / '1') so
 * the dialog shows what it is, and `ruleFlag` 1 when data rules are kept on the menu entry.
 */
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Db } from '../../db/database.js';

export interface PermissionTreeNode {
  key: string;
  value: string;
  title: string;
  slotTitle: string;
  label: string;
  parentId: string | null;
  isLeaf: boolean;
  icon: string | null;
  /** 1 when the menu entry has data rules (the dialog then offers them), else 0. */
  ruleFlag: number;
  menuType: number;
  perms: string | null;
  permsType: string;
  status: string;
  children?: PermissionTreeNode[];
}

export interface PermissionTreeAnswer {
  treeList: PermissionTreeNode[];
  ids: string[];
}

interface TreeRow {
  id: string;
  parentId: string | null;
  name: string;
  icon: string | null;
  menuType: number;
  perms: string | null;
  permsType: string;
  status: string;
  sortNo: number;
  ruleCount: number;
}

/** The rows (optionally only those matching `only`), nested; a row whose parent is absent is a root. */
export async function permissionTree(
  db: Db,
  only: RawBuilder<SqlBool> | null = null,
): Promise<PermissionTreeAnswer> {
  const rows = await sql<TreeRow>`
    select p.id, p.parent_id as "parentId", p.name, p.icon, p.menu_type as "menuType", p.perms,
      p.perms_type as "permsType", p.status, p.sort_no as "sortNo",
      (select count(*)::int from sys_permission_data_rule r where r.permission_id = p.id) as "ruleCount"
    from sys_permission p
    where p.del_flag = 0 ${only ? sql`and ${only}` : sql``}
    order by p.sort_no, p.id`.execute(db);
  return nest(rows.rows);
}

export function nest(rows: readonly TreeRow[]): PermissionTreeAnswer {
  const nodes = new Map<string, PermissionTreeNode>();
  for (const row of rows) {
    nodes.set(row.id, {
      key: row.id,
      value: row.id,
      title: row.name,
      slotTitle: row.name,
      label: row.name,
      parentId: row.parentId,
      isLeaf: true,
      icon: row.icon,
      ruleFlag: row.ruleCount > 0 ? 1 : 0,
      menuType: row.menuType,
      perms: row.perms,
      permsType: row.permsType,
      status: row.status,
    });
  }
  const treeList: PermissionTreeNode[] = [];
  for (const row of rows) {
    const node = nodes.get(row.id)!;
    const parent = row.parentId ? nodes.get(row.parentId) : undefined;
    if (!parent) {
      treeList.push(node);
      continue;
    }
    parent.isLeaf = false;
    (parent.children ??= []).push(node);
  }
  return { treeList, ids: rows.map((r) => r.id) };
}

/**
 * The ids with every ancestor added: a button granted without its menu would be unreachable, so a
 * grant always holds the path down to what it grants.
 */
export async function withAncestors(db: Db, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await sql<{ id: string }>`
    with recursive up(id, parent_id, depth) as (
      select id, parent_id, 0 from sys_permission where id in (${sql.join([...ids])}) and del_flag = 0
      union
      select p.id, p.parent_id, up.depth + 1 from sys_permission p join up on p.id = up.parent_id
      where p.del_flag = 0 and up.depth < 64
    )
    select distinct id from up`.execute(db);
  return rows.rows.map((r) => r.id);
}

/** Refuses ids that name no permission row. */
export async function existingPermissionIds(db: Db, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('sysPermission')
    .select('id')
    .where('id', 'in', [...ids])
    .where('delFlag', '=', 0)
    .execute();
  return new Set(rows.map((r) => r.id));
}
