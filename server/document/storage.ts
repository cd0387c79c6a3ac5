/**
 * Where document and template files live: DATA_DIR/documents, outside DATA_DIR/uploads, so the
 * anonymous static route (/sys/common/static) can never serve them; they leave only through the
 * download route, after the position check. A file arrives through the existing upload
 * (/sys/common/upload, biz 'document': allow-list, content sniffing, size cap, random name) and is
 * claimed from there by the save that names it: moved, never copied, so the public path dies.
 * Stored paths look like `doc/<random name>`; nothing a client sends reaches the file system.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { allowedExtension, parseStoredPath, storedName } from '../sys/upload-policy.js';

export const UPLOAD_BIZ = 'document';
const PRIVATE = /^doc\/([0-9]{1,16}_[0-9a-f]{16}\.([a-z0-9]{1,5}))$/;

export interface StoredFile {
  /** `doc/<name>`: what rows keep. */
  path: string;
  size: number;
}

export class DocumentStorage {
  readonly root: string;
  private readonly uploads: string;

  constructor(dataDir: string) {
    this.root = path.resolve(dataDir, 'documents');
    this.uploads = path.resolve(dataDir, 'uploads');
  }

  /** The file of a stored path, or null when the path does not have the stored shape. */
  fileOf(stored: string): string | null {
    const match = PRIVATE.exec(stored);
    return match ? path.join(this.root, match[1]) : null;
  }

  /** Claims a fresh upload (`document/<name>` as /sys/common/upload answered it); null if there is none. */
  async claim(uploaded: unknown): Promise<StoredFile | null> {
    if (typeof uploaded !== 'string') return null;
    const parsed = parseStoredPath(uploaded.trim());
    if (!parsed || !parsed.path.startsWith(`${UPLOAD_BIZ}/`) || parsed.path.split('/').length !== 2)
      return null;
    const from = path.join(this.uploads, parsed.path);
    const name = path.basename(parsed.path);
    await fsp.mkdir(this.root, { recursive: true });
    const to = path.join(this.root, name);
    try {
      const stat = await fsp.lstat(from);
      if (!stat.isFile()) return null;
      await fsp.rename(from, to);
      return { path: `doc/${name}`, size: stat.size };
    } catch {
      return null;
    }
  }

  /** A copy of a stored file under a new random name (a template becoming a document). */
  async copy(stored: string): Promise<StoredFile | null> {
    const from = this.fileOf(stored);
    const ext = allowedExtension(stored);
    if (!from || !ext) return null;
    const name = storedName(ext);
    await fsp.mkdir(this.root, { recursive: true });
    try {
      await fsp.copyFile(from, path.join(this.root, name), fs.constants.COPYFILE_EXCL);
      return { path: `doc/${name}`, size: (await fsp.stat(from)).size };
    } catch {
      return null;
    }
  }

  /** Writes a file (the demo data); never overwrites. */
  async write(stored: string, data: Buffer): Promise<void> {
    const file = this.fileOf(stored);
    if (!file) throw new Error(`not a stored document path: ${stored}`);
    await fsp.mkdir(this.root, { recursive: true });
    await fsp.writeFile(file, data, { flag: 'wx', mode: 0o600 }).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
    });
  }

  /** Removes a stored file (its record is gone); a missing one is fine. */
  async remove(stored: string | null): Promise<void> {
    const file = stored ? this.fileOf(stored) : null;
    if (file) await fsp.rm(file, { force: true });
  }

  /** A read stream and size of a stored file, or null when it is missing. */
  async open(stored: string): Promise<{ stream: fs.ReadStream; size: number } | null> {
    const file = this.fileOf(stored);
    if (!file) return null;
    try {
      const stat = await fsp.stat(file);
      if (!stat.isFile()) return null;
      return { stream: fs.createReadStream(file), size: stat.size };
    } catch {
      return null;
    }
  }
}
