/**
 * Department changes: add (the next free code under the parent), edit (a move recodes the subtree,
 * the members' current department and every record's sys_org_code, so "own department and below"
 * keeps meaning the same people and rows), delete (refused while the department has members or
 * children, with the reason). Codes are handed out under a lock, so two adds never take one code.
 */
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { newId } from '../../db/seed/ids.js';
import { ApiError } from '../../result.js';
import { departDb } from './tables.js';
import { nextCode } from './codes.js';
import { DepartMessages } from './model.js';

const CODE_LOCK = 7_214_311;
const MAX_DEPTH = 64;

export interface DepartColumns {
  departName?: string;
  parentId?: string | null;
  orgCategory?: string;
  departOrder?: number;
  mobile?: string | null;
  fax?: string | null;
  address?: string | null;
  memo?: string | null;
}

async function lockCodes(db: Db): Promise<void> {
  await sql`select pg_advisory_xact_lock(${CODE_LOCK})`.execute(db);
}

async function codeOf(db: Db, id: string): Promise<string> {
  const row = await db
    .selectFrom('sysDepart')
    .select('orgCode')
    .where('id', '=', id)
    .where('delFlag', '=', 0)
    .executeTakeFirst();
  if (!row) throw new ApiError(DepartMessages.noParent);
  return row.orgCode;
}

/** The next free code under the parent (every code ever taken there counts, deleted ones too). */
async function freshCode(db: Db, parentId: string | null): Promise<string> {
  const parentCode = parentId ? await codeOf(db, parentId) : '';
  const taken = await sql<{ orgCode: string }>`select org_code as "orgCode" from sys_depart
    where length(org_code) = ${parentCode.length + 3} and left(org_code, ${parentCode.length}) = ${parentCode}`.execute(
    db,
  );
  const code = nextCode(
    parentCode,
    taken.rows.map((r) => r.orgCode),
  );
  if (!code) throw new ApiError(DepartMessages.codesUsedUp);
  return code;
}

/** A parent exists and is not the department itself or below it. */
async function checkParent(db: Db, parentId: string, id: string): Promise<void> {
  let current: string | null = parentId;
  for (let depth = 0; current; depth += 1) {
    if (current === id || depth > MAX_DEPTH) throw new ApiError(DepartMessages.cycle);
    const row = await db
      .selectFrom('sysDepart')
      .select('parentId')
      .where('id', '=', current)
      .where('delFlag', '=', 0)
      .executeTakeFirst();
    if (!row) throw new ApiError(DepartMessages.noParent);
    current = row.parentId;
  }
}

/** A new department belongs to the tenant it was made in: the pickers of other tenants do not list it. */
export async function addDepart(
  db: Db,
  columns: DepartColumns,
  actor: string,
  tenantId: number,
): Promise<string> {
  const id = newId();
  await db.transaction().execute(async (trx) => {
    await lockCodes(trx);
    const parentId = columns.parentId ?? null;
    const orgCode = await freshCode(trx, parentId);
    await trx
      .insertInto('sysDepart')
      .values({
        id,
        parentId,
        departName: columns.departName ?? '',
        orgCode,
        orgCategory: columns.orgCategory ?? (parentId ? '2' : '1'),
        departOrder: columns.departOrder ?? 0,
        mobile: columns.mobile ?? null,
        fax: columns.fax ?? null,
        address: columns.address ?? null,
        memo: columns.memo ?? null,
        tenantId,
        delFlag: 0,
        createBy: actor,
      })
      .execute();
  });
  return id;
}

/** Replaces the code prefix `from` by `to` wherever department codes are kept. */
async function recode(db: Db, from: string, to: string): Promise<void> {
  const swap = (column: string) =>
    sql`${sql.ref(column)} = ${to} || substr(${sql.ref(column)}, ${from.length + 1})`;
  const under = (column: string) => sql`left(${sql.ref(column)}, ${from.length}) = ${from}`;
  await sql`update sys_depart set ${swap('org_code')} where ${under('org_code')}`.execute(db);
  await sql`update sys_user set ${swap('org_code')} where ${under('org_code')}`.execute(db);
  // Every declared table records its rows' department; table names come from the catalogue.
  const tables = await sql<{ table: string }>`select table_name as "table" from information_schema.columns
    where table_schema = current_schema() and column_name = 'sys_org_code'`.execute(db);
  for (const { table } of tables.rows)
    await sql`update ${sql.table(table)} set ${swap('sys_org_code')} where ${under('sys_org_code')}`.execute(
      db,
    );
}

export async function editDepart(db: Db, id: string, columns: DepartColumns, actor: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await lockCodes(trx);
    const stored = await trx
      .selectFrom('sysDepart')
      .select(['parentId', 'orgCode'])
      .where('id', '=', id)
      .where('delFlag', '=', 0)
      .executeTakeFirst();
    if (!stored) throw new ApiError(DepartMessages.notFound);
    const moving = columns.parentId !== undefined && (columns.parentId ?? null) !== (stored.parentId ?? null);
    if (moving && columns.parentId) await checkParent(trx, columns.parentId, id);
    await trx
      .updateTable('sysDepart')
      .set({ ...columns, updateBy: actor, updateTime: new Date() })
      .where('id', '=', id)
      .execute();
    if (moving) await recode(trx, stored.orgCode, await freshCode(trx, columns.parentId ?? null));
  });
}

/** Deletes departments without members or children outside the set; answers the members of their roles. */
export async function deleteDeparts(db: Db, ids: readonly string[]): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    const found = await trx
      .selectFrom('sysDepart')
      .select('id')
      .where('id', 'in', [...ids])
      .where('delFlag', '=', 0)
      .forUpdate()
      .execute();
    if (found.length !== ids.length) throw new ApiError(DepartMessages.notFound);
    const members = await trx
      .selectFrom('sysUserDepart')
      .select('userId')
      .where('depId', 'in', [...ids])
      .limit(1)
      .execute();
    if (members.length > 0) throw new ApiError(DepartMessages.hasUsers);
    const children = await trx
      .selectFrom('sysDepart')
      .select('id')
      .where('parentId', 'in', [...ids])
      .where('id', 'not in', [...ids])
      .where('delFlag', '=', 0)
      .limit(1)
      .execute();
    if (children.length > 0) throw new ApiError(DepartMessages.hasChildren);
    const roleUsers = await departDb(trx)
      .selectFrom('sysDepartRoleUser as ru')
      .innerJoin('sysDepartRole as r', 'r.id', 'ru.droleId')
      .select('ru.userId')
      .distinct()
      .where('r.departId', 'in', [...ids])
      .execute();
    await trx
      .deleteFrom('sysDepart')
      .where('id', 'in', [...ids])
      .execute();
    return roleUsers.map((r) => r.userId);
  });
}
