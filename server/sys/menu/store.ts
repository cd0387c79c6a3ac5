/** sys_permission reads of the menu routes: rows with their has-child flag, in both answer shapes. */
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { SortTerm } from '../../../runtime/model/query/conditions.js';
import type { Db } from '../../db/database.js';
import { orderBySql, type SqlContext } from '../../entity/sql.js';
import { MENU_ALIAS, permissionModel } from './model.js';

export interface MenuRow {
  id: string;
  parentId: string | null;
  name: string;
  url: string | null;
  component: string | null;
  componentName: string | null;
  redirect: string | null;
  menuType: number;
  perms: string | null;
  permsType: string;
  sortNo: number;
  alwaysShow: boolean;
  icon: string | null;
  isRoute: boolean;
  isLeaf: boolean;
  keepAlive: boolean;
  hidden: boolean;
  hideTab: boolean;
  internalOrExternal: boolean;
  status: string;
  delFlag: number;
  createBy: string | null;
  createTime: Date;
  updateBy: string | null;
  updateTime: Date | null;
  /** Live children of the row (computed, so a stale is_leaf never hides them). */
  childCount: number;
  /** Data rules kept on the entry. */
  ruleCount: number;
}

export const BOOLEAN_FIELDS = [
  'alwaysShow',
  'isRoute',
  'keepAlive',
  'hidden',
  'hideTab',
  'internalOrExternal',
] as const;

export function menuSqlContext(timeZone: string): SqlContext {
  return { model: permissionModel, timeZone, alias: MENU_ALIAS };
}

export async function selectMenus(
  db: Db,
  ctx: SqlContext,
  where: RawBuilder<SqlBool>,
  sort: readonly SortTerm[] = [{ field: 'sortNo', order: 'asc' }],
  limit = 10_000,
  offset = 0,
): Promise<MenuRow[]> {
  const rows = await sql<MenuRow>`
    select p.id, p.parent_id as "parentId", p.name, p.url, p.component, p.component_name as "componentName",
      p.redirect, p.menu_type as "menuType", p.perms, p.perms_type as "permsType", p.sort_no as "sortNo",
      p.always_show as "alwaysShow", p.icon, p.is_route as "isRoute", p.is_leaf as "isLeaf",
      p.keep_alive as "keepAlive", p.hidden, p.hide_tab as "hideTab",
      p.internal_or_external as "internalOrExternal", p.status, p.del_flag as "delFlag",
      p.create_by as "createBy", p.create_time as "createTime", p.update_by as "updateBy",
      p.update_time as "updateTime",
      (select count(*)::int from sys_permission c where c.parent_id = p.id and c.del_flag = 0) as "childCount",
      (select count(*)::int from sys_permission_data_rule r where r.permission_id = p.id) as "ruleCount"
    from sys_permission ${sql.ref(MENU_ALIAS)}
    where p.del_flag = 0 and ${where}
    order by ${orderBySql(ctx, sort)}
    limit ${limit} offset ${offset}`.execute(db);
  return rows.rows;
}

export async function countMenus(db: Db, where: RawBuilder<SqlBool>): Promise<number> {
  const rows = await sql<{ n: number }>`select count(*)::int as n from sys_permission ${sql.ref(MENU_ALIAS)}
    where p.del_flag = 0 and ${where}`.execute(db);
  return rows.rows[0]?.n ?? 0;
}

/** The row as the declared screen reads it: switches as 'Y' / 'N', the tree's has-child flag. */
export function screenRow(row: MenuRow): Record<string, unknown> {
  // The form's radio holds the dictionary's values, which are text.
  const out: Record<string, unknown> = {
    ...row,
    menuType: String(row.menuType),
    hasChild: row.childCount > 0 ? '1' : '0',
  };
  for (const name of BOOLEAN_FIELDS) out[name] = row[name] ? 'Y' : 'N';
  delete out.childCount;
  delete out.ruleCount;
  return out;
}

export interface SysPermissionTree extends Omit<MenuRow, 'childCount' | 'ruleCount'> {
  key: string;
  title: string;
  leaf: boolean;
  route: boolean;
  ruleFlag: number;
  children?: SysPermissionTree[];
}

/** The row as JeecgBoot's SysPermissionTree answers it (list, getSystemMenuList, getSystemSubmenu). */
export function contractRow(row: MenuRow): SysPermissionTree {
  const { childCount, ruleCount, ...rest } = row;
  return {
    ...rest,
    key: row.id,
    title: row.name,
    isLeaf: childCount === 0,
    leaf: childCount === 0,
    route: row.isRoute,
    ruleFlag: ruleCount > 0 ? 1 : 0,
  };
}

/** Nests contract rows by parent (a row whose parent is absent is a root). */
export function nestContractRows(rows: readonly MenuRow[]): SysPermissionTree[] {
  const nodes = new Map(rows.map((r) => [r.id, contractRow(r)]));
  const roots: SysPermissionTree[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId ? nodes.get(node.parentId) : undefined;
    if (parent) (parent.children ??= []).push(node);
    else roots.push(node);
  }
  return roots;
}
