/**
 * The names both stores share (storage.ts): a stored path is `doc/<random name>` as the upload
 * policy made it, and the name is all that reaches a file or object name; anything else a row or a
 * client holds is refused before a store is asked.
 */
import path from 'node:path';
import { parseStoredPath } from '../sys/upload-policy.js';

export const UPLOAD_BIZ = 'document';
const PRIVATE = /^doc\/([0-9]{1,16}_[0-9a-f]{16}\.([a-z0-9]{1,5}))$/;

/** The file name of a stored path (`doc/<name>` gives `<name>`), or null when it has not the stored shape. */
export function storedFileName(stored: string): string | null {
  return PRIVATE.exec(stored)?.[1] ?? null;
}

/** The file under DATA_DIR/uploads of the fresh upload a save names (`document/<name>`), or null. */
export function uploadedFile(uploadsDir: string, uploaded: unknown): { file: string; name: string } | null {
  if (typeof uploaded !== 'string') return null;
  const parsed = parseStoredPath(uploaded.trim());
  if (!parsed || !parsed.path.startsWith(`${UPLOAD_BIZ}/`) || parsed.path.split('/').length !== 2)
    return null;
  return { file: path.join(uploadsDir, parsed.path), name: path.basename(parsed.path) };
}
