/** sys_depart reads of the department routes: rows with their has-child flag, codes, members. */
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { SortTerm } from '../../../runtime/model/query/conditions.js';
import type { Db } from '../../db/database.js';
import { orderBySql, type SqlContext } from '../../entity/sql.js';
import { DEPART_ALIAS, departModel } from './model.js';

export interface DepartRow {
  id: string;
  parentId: string | null;
  departName: string;
  orgCode: string;
  orgCategory: string;
  departOrder: number;
  mobile: string | null;
  fax: string | null;
  address: string | null;
  memo: string | null;
  tenantId: number;
  delFlag: number;
  createBy: string | null;
  createTime: Date;
  updateBy: string | null;
  updateTime: Date | null;
  childCount: number;
}

export function departSqlContext(timeZone: string): SqlContext {
  return { model: departModel, timeZone, alias: DEPART_ALIAS };
}

export const DEFAULT_ORDER: SortTerm[] = [
  { field: 'departOrder', order: 'asc' },
  { field: 'orgCode', order: 'asc' },
];

export async function selectDeparts(
  db: Db,
  ctx: SqlContext,
  where: RawBuilder<SqlBool>,
  sort: readonly SortTerm[] = DEFAULT_ORDER,
  limit = 10_000,
  offset = 0,
): Promise<DepartRow[]> {
  const rows = await sql<DepartRow>`
    select d.id, d.parent_id as "parentId", d.depart_name as "departName", d.org_code as "orgCode",
      d.org_category as "orgCategory", d.depart_order as "departOrder", d.mobile, d.fax, d.address, d.memo,
      d.tenant_id as "tenantId", d.del_flag as "delFlag", d.create_by as "createBy",
      d.create_time as "createTime", d.update_by as "updateBy", d.update_time as "updateTime",
      (select count(*)::int from sys_depart c where c.parent_id = d.id and c.del_flag = 0) as "childCount"
    from sys_depart ${sql.ref(DEPART_ALIAS)}
    where d.del_flag = 0 and ${where}
    order by ${orderBySql(ctx, sort)}
    limit ${limit} offset ${offset}`.execute(db);
  return rows.rows;
}

export async function countDeparts(db: Db, where: RawBuilder<SqlBool>): Promise<number> {
  const rows = await sql<{ n: number }>`select count(*)::int as n from sys_depart ${sql.ref(DEPART_ALIAS)}
    where d.del_flag = 0 and ${where}`.execute(db);
  return rows.rows[0]?.n ?? 0;
}

export const isRootDepart = sql<SqlBool>`(d.parent_id is null or d.parent_id = '')`;

/** The row as the declared screen reads it: the tree's has-child flag instead of the count. */
export function screenRow(row: DepartRow): Record<string, unknown> {
  const { childCount, ...rest } = row;
  return { ...rest, hasChild: childCount > 0 ? '1' : '0' };
}

/** JeecgBoot's SysDepartTreeModel: the row with the tree keys, nested by the caller. */
export interface DepartTreeModel extends Omit<DepartRow, 'childCount'> {
  key: string;
  value: string;
  title: string;
  isLeaf: boolean;
  children?: DepartTreeModel[];
}

export function treeModel(row: DepartRow): DepartTreeModel {
  const { childCount, ...rest } = row;
  return { ...rest, key: row.id, value: row.id, title: row.departName, isLeaf: childCount === 0 };
}

/** Nests rows by parent (a row whose parent is absent is a root); leaves are computed from the rows given. */
export function nestDeparts(rows: readonly DepartRow[]): DepartTreeModel[] {
  const nodes = new Map(rows.map((r) => [r.id, { ...treeModel(r), isLeaf: true }]));
  const roots: DepartTreeModel[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId ? nodes.get(node.parentId) : undefined;
    if (!parent) {
      roots.push(node);
      continue;
    }
    parent.isLeaf = false;
    (parent.children ??= []).push(node);
  }
  return roots;
}
