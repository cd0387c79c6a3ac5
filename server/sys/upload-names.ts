/**
 * The names files had when they were uploaded (issue 33, item 3; migration 0051). The stored name is
 * random (`<biz>/<ms>_<hex>.<ext>`, upload-policy.ts) and stays the field's value, as the JeecgBoot
 * contract has it (upload answers the path in `message`); sys_upload keeps the original name beside
 * it, so:
 *  - every screen shows a file by its name: GET /sys/common/fileNames?paths=a,b answers
 *    `{ path: name }` for the paths it knows (the browser's runtime/render/data/file-names.ts);
 *  - a download is saved under it: the static and download routes send it in Content-Disposition,
 *    an ASCII fallback plus RFC 5987 `filename*` (维修记录.txt);
 *  - a list's export writes names, not paths (export-fields.ts).
 * A path without a name (uploaded before, or a document's own copy) reads as its stored name.
 * Knowing a path already opens its file (the static route is anonymous, as the contract has it),
 * so its name tells nothing more.
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { parseStoredPath } from './upload-policy.js';

/** The longest name kept (the column's size); longer names keep their end, the extension. */
export const UPLOAD_NAME_MAX = 255;
/** Paths one lookup answers (a page shows a few dozen files at most). */
export const NAME_LOOKUP_MAX = 200;

/**
 * The name a client sent, fit to show and to send back in a header: the last path segment (a
 * browser may send C:\fakepath\a.txt), no control or bidirectional-override characters, trimmed,
 * at most UPLOAD_NAME_MAX characters; null when nothing is left.
 */
export function cleanUploadName(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const base = raw.slice(Math.max(raw.lastIndexOf('/'), raw.lastIndexOf('\\')) + 1);
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '').trim();
  const chars = [...clean];
  const kept = chars.length > UPLOAD_NAME_MAX ? chars.slice(chars.length - UPLOAD_NAME_MAX).join('') : clean;
  return kept === '' ? null : kept;
}

/** The last segment of a stored path: what a file without a recorded name is called. */
export function storedBaseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** The recorded names of `paths` (those without one are left out). */
export async function uploadNames(db: Db, paths: readonly string[]): Promise<Map<string, string>> {
  const wanted = [...new Set(paths)].filter((p) => p !== '');
  const names = new Map<string, string>();
  for (let i = 0; i < wanted.length; i += NAME_LOOKUP_MAX) {
    const chunk = wanted.slice(i, i + NAME_LOOKUP_MAX);
    const rows = await sql<{ path: string; fileName: string | null }>`select path, file_name from sys_upload
      where path in (${sql.join(chunk)}) and file_name is not null`.execute(db);
    for (const row of rows.rows) if (row.fileName) names.set(row.path, row.fileName);
  }
  return names;
}

/** The name a stored path is shown and downloaded under. */
export async function uploadName(db: Db, path: string): Promise<string> {
  return (await uploadNames(db, [path])).get(path) ?? storedBaseName(path);
}

/**
 * Content-Disposition for a file called `name` (RFC 6266): an ASCII fallback for old clients and
 * the UTF-8 name as RFC 5987 `filename*`, which every current browser saves the file under.
 */
export function dispositionHeader(kind: 'inline' | 'attachment', name: string): string {
  const safe = [...name].filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f).join('');
  const ascii = safe.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  // RFC 5987 attr-chars exclude ' ( ) * which encodeURIComponent leaves alone.
  const encoded = encodeURIComponent(safe).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** The stored paths of a `paths` parameter (comma list); anything not of the stored shape is dropped. */
export function lookupPaths(raw: unknown): string[] {
  if (typeof raw !== 'string') return [];
  return [
    ...new Set(
      raw
        .split(',')
        .map((p) => p.trim())
        .filter((p) => parseStoredPath(p) !== null),
    ),
  ].slice(0, NAME_LOOKUP_MAX);
}
