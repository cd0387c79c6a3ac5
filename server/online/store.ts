/**
 * The designed declarations' tables (migration 0025): one head per declaration, one row per
 * version. Plain SQL with bound values; the tables are not part of the typed shared schema.
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { newId } from '../db/seed/ids.js';

export interface HeadRow {
  id: string;
  name: string;
  title: string;
  tableName: string;
  currentVersion: number;
  rowVersion: number;
  createBy: string | null;
  createTime: Date;
  updateBy: string | null;
  updateTime: Date | null;
}

export interface VersionRow {
  version: number;
  comment: string | null;
  createBy: string | null;
  createTime: Date;
}

export interface CurrentDeclaration {
  id: string;
  name: string;
  version: number;
  declaration: string;
}

export interface HeadFilter {
  name?: string;
  title?: string;
}

function like(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function filterSql(filter: HeadFilter) {
  const name = filter.name ? sql`and name ilike ${like(filter.name)}` : sql``;
  const title = filter.title ? sql`and title ilike ${like(filter.title)}` : sql``;
  return sql`where true ${name} ${title}`;
}

export async function listHeads(
  db: Db,
  filter: HeadFilter,
  page: { current: number; size: number },
): Promise<{ records: HeadRow[]; total: number }> {
  const where = filterSql(filter);
  const rows = await sql<HeadRow>`select * from onl_cgform_head ${where}
    order by coalesce(update_time, create_time) desc, name
    limit ${page.size} offset ${(page.current - 1) * page.size}`.execute(db);
  const count = await sql<{ n: string }>`select count(*) as n from onl_cgform_head ${where}`.execute(db);
  return { records: rows.rows, total: Number(count.rows[0]?.n ?? 0) };
}

export async function headById(db: Db, id: string): Promise<HeadRow | undefined> {
  return (await sql<HeadRow>`select * from onl_cgform_head where id = ${id}`.execute(db)).rows[0];
}

export async function headByName(db: Db, name: string): Promise<HeadRow | undefined> {
  return (await sql<HeadRow>`select * from onl_cgform_head where name = ${name}`.execute(db)).rows[0];
}

/** Every designed declaration at its current version. */
export async function currentDeclarations(db: Db): Promise<CurrentDeclaration[]> {
  const rows = await sql<CurrentDeclaration>`select h.id, h.name, h.current_version as version, v.declaration
    from onl_cgform_head h join onl_cgform_version v on v.head_id = h.id and v.version = h.current_version
    order by h.name`.execute(db);
  return rows.rows;
}

/** Changes whenever any declaration gets a version: what the poll compares. */
export async function fingerprint(db: Db): Promise<string> {
  const rows = await sql<{
    f: string | null;
  }>`select string_agg(name || ':' || current_version, ',' order by name)
    as f from onl_cgform_head`.execute(db);
  return rows.rows[0]?.f ?? '';
}

export async function listVersions(db: Db, headId: string): Promise<VersionRow[]> {
  // The author by name, as the lists show people.
  const rows =
    await sql<VersionRow>`select v.version, v.comment, coalesce(u.realname, v.create_by) as create_by,
      v.create_time
    from onl_cgform_version v left join sys_user u on u.username = v.create_by
    where v.head_id = ${headId} order by v.version desc`.execute(db);
  return rows.rows;
}

export async function versionJson(db: Db, headId: string, version: number): Promise<string | undefined> {
  const rows = await sql<{ declaration: string }>`select declaration from onl_cgform_version
    where head_id = ${headId} and version = ${version}`.execute(db);
  return rows.rows[0]?.declaration;
}

export interface NewVersion {
  name: string;
  title: string;
  tableName: string;
  declaration: string;
  comment: string | null;
  user: string;
}

/** A new head at version 1; answers its id. */
export async function insertHead(db: Db, v: NewVersion): Promise<string> {
  const id = newId();
  await sql`insert into onl_cgform_head (id, name, title, table_name, current_version, create_by, update_by, update_time)
    values (${id}, ${v.name}, ${v.title}, ${v.tableName}, 1, ${v.user}, ${v.user}, now())`.execute(db);
  await insertVersion(db, id, 1, v);
  return id;
}

/** The next version of a head, only if its row version is still `rowVersion`; answers the version or null. */
export async function bumpHead(
  db: Db,
  id: string,
  rowVersion: number,
  v: NewVersion,
): Promise<number | null> {
  const rows = await sql<{ currentVersion: number }>`update onl_cgform_head
    set current_version = current_version + 1, row_version = row_version + 1, title = ${v.title},
      table_name = ${v.tableName}, update_by = ${v.user}, update_time = now()
    where id = ${id} and row_version = ${rowVersion} returning current_version`.execute(db);
  const version = rows.rows[0]?.currentVersion;
  if (version === undefined) return null;
  await insertVersion(db, id, version, v);
  return version;
}

async function insertVersion(db: Db, headId: string, version: number, v: NewVersion): Promise<void> {
  await sql`insert into onl_cgform_version (id, head_id, version, declaration, comment, create_by)
    values (${newId()}, ${headId}, ${version}, ${v.declaration}, ${v.comment}, ${v.user})`.execute(db);
}
