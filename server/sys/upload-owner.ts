/**
 * Who uploaded which stored file (issue 31, migration 0049): every upload route records its stored
 * path with the uploader's user id, and a save that names an upload path may name only one its
 * caller made - or one the record already holds (an edit sends the form back whole). Without this
 * a stored path was a bearer token: anyone who learnt another user's fresh upload (a shared
 * screen, a link) could claim it into a document of their own, moving it away from its uploader.
 * Paths are compared as the upload answered them (`<biz>/<time>_<random>.<ext>`); a document the
 * upload became (`doc/<name>`) is recorded for its claimer too, so its generated add still passes.
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { ApiError } from '../result.js';

export const UploadOwnerMessages = {
  notYours: '文件不存在或不是您上传的',
} as const;

/** Paths looked up per statement (a grid of child rows may send thousands). */
const PER_QUERY = 500;

/** The paths of a comma list as the upload widgets keep them (runtime/render/widgets/upload-list.ts). */
export function uploadPaths(value: unknown): string[] {
  if (typeof value !== 'string') return [];
  return value
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '');
}

/**
 * Records an upload (or the document it became) as the user's, with the name the file had
 * (upload-names.ts: shown and downloaded under it; the stored name stays random).
 */
export async function recordUpload(
  db: Db,
  path: string,
  userId: string,
  fileName: string | null = null,
): Promise<void> {
  await sql`insert into sys_upload (path, uploaded_by, file_name) values (${path}, ${userId}, ${fileName})
    on conflict (path) do nothing`.execute(db);
}

/** Of `paths`, those the user did not upload (unknown ones included). */
export async function notUploadedBy(db: Db, userId: string, paths: readonly string[]): Promise<string[]> {
  const wanted = [...new Set(paths)];
  const own = new Set<string>();
  for (let i = 0; i < wanted.length; i += PER_QUERY) {
    const rows = await sql<{ path: string }>`select path from sys_upload
      where uploaded_by = ${userId} and path in (${sql.join(wanted.slice(i, i + PER_QUERY))})`.execute(db);
    for (const row of rows.rows) own.add(row.path);
  }
  return wanted.filter((p) => !own.has(p));
}

/**
 * Refuses (文件不存在或不是您上传的) when `value` names a path the user did not upload and
 * `kept` (what the record holds now) does not hold either.
 */
export async function checkOwnUploads(
  db: Db,
  userId: string,
  value: unknown,
  kept: unknown = null,
): Promise<void> {
  const held = new Set(uploadPaths(kept));
  const fresh = uploadPaths(value).filter((p) => !held.has(p));
  if ((await notUploadedBy(db, userId, fresh)).length > 0) throw new ApiError(UploadOwnerMessages.notYours);
}
