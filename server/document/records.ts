/**
 * Records: one row per uploaded version of a document or template, written with the head row's
 * current file, name, size and version in the same transaction (except the first one of an add,
 * which follows the engine's insert, see guard.ts). Versions count up: V1, V2, ...
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { newRowId } from '../entity/child-write.js';
import type { FileKind } from './kinds.js';
import type { DocumentStorage, StoredFile } from './storage.js';

export interface Head {
  id: string;
  name: string;
  classifyId: string;
  filePath: string | null;
  version: string | null;
}

export async function headById(db: Db, kind: FileKind, id: string): Promise<Head | null> {
  const rows = await sql<Head>`select id, name, classify_id, file_path, version
    from ${sql.table(kind.table)} where id = ${id}`.execute(db);
  return rows.rows[0] ?? null;
}

function extension(path: string): string {
  const dot = path.lastIndexOf('.');
  return dot < 0 ? '' : path.slice(dot);
}

/** The name a user downloads: the head's name and the stored file's extension. */
export function downloadName(name: string, path: string): string {
  return `${name.replace(/[\\/:*?"<>|\r\n]/g, '_')}${extension(path)}`;
}

/** Stores a new version of a head row: the record and the head's current file, in one transaction. */
export async function addVersion(
  db: Db,
  kind: FileKind,
  head: Pick<Head, 'id' | 'name'>,
  file: StoredFile,
  username: string,
  remark: string | null,
): Promise<string> {
  return db.transaction().execute(async (trx) => {
    const counted = await sql<{ n: string }>`select count(*) as n from ${sql.table(kind.recordTable)}
      where ${sql.ref(kind.recordKey)} = ${head.id}`.execute(trx);
    const version = `V${Number(counted.rows[0]?.n ?? 0) + 1}`;
    const fileName = downloadName(head.name, file.path);
    await sql`insert into ${sql.table(kind.recordTable)}
        (id, ${sql.ref(kind.recordKey)}, version, file_name, file_size, file_path, remark, create_by, create_time)
      values (${newRowId()}, ${head.id}, ${version}, ${fileName}, ${file.size}, ${file.path}, ${remark},
        ${username}, now())`.execute(trx);
    await sql`update ${sql.table(kind.table)} set file_path = ${file.path}, file_name = ${fileName},
        file_size = ${file.size}, version = ${version}, update_by = ${username}, update_time = now(),
        row_version = row_version + 1
      where id = ${head.id}`.execute(trx);
    return version;
  });
}

/** After the engine's add: the row that holds the claimed file gets its first record. */
export async function addFirstRecord(
  db: Db,
  kind: FileKind,
  file: StoredFile,
  username: string,
): Promise<void> {
  const rows = await sql<{ id: string; name: string }>`select id, name from ${sql.table(kind.table)}
    where file_path = ${file.path}`.execute(db);
  const head = rows.rows[0];
  if (head) await addVersion(db, kind, head, file, username, '首次上传');
}

/** After a delete: records whose head row is gone, and their files. */
export async function removeOrphans(db: Db, storage: DocumentStorage, kind: FileKind): Promise<void> {
  const gone = await sql<{ filePath: string | null }>`delete from ${sql.table(kind.recordTable)} r
    where not exists (select 1 from ${sql.table(kind.table)} h where h.id = r.${sql.ref(kind.recordKey)})
    returning file_path`.execute(db);
  for (const row of gone.rows) await storage.remove(row.filePath);
}
