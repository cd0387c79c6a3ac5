/**
 * The default document store (storage.ts): DATA_DIR/documents, outside DATA_DIR/uploads, so the
 * anonymous static route can never serve a claimed file. Several servers would need this folder
 * shared (NFS or similar); the S3 store (storage-s3.ts) is the answer for those.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { allowedExtension, storedName } from '../sys/upload-policy.js';
import type { DocumentStorage, OpenedFile, StoredFile } from './storage.js';
import { storedFileName, uploadedFile } from './storage-paths.js';

export class LocalDocumentStorage implements DocumentStorage {
  readonly root: string;
  readonly description = 'the data directory (DATA_DIR/documents)';
  private readonly uploads: string;

  constructor(dataDir: string) {
    this.root = path.resolve(dataDir, 'documents');
    this.uploads = path.resolve(dataDir, 'uploads');
  }

  /** The file of a stored path, or null when the path does not have the stored shape. */
  fileOf(stored: string): string | null {
    const name = storedFileName(stored);
    return name ? path.join(this.root, name) : null;
  }

  async prepare(): Promise<void> {
    await fsp.mkdir(this.root, { recursive: true });
  }

  async claim(uploaded: unknown): Promise<StoredFile | null> {
    const upload = uploadedFile(this.uploads, uploaded);
    if (!upload) return null;
    await fsp.mkdir(this.root, { recursive: true });
    const to = path.join(this.root, upload.name);
    try {
      const stat = await fsp.lstat(upload.file);
      if (!stat.isFile()) return null;
      // rename is atomic: of two saves naming the same upload, one gets it.
      await fsp.rename(upload.file, to);
      return { path: `doc/${upload.name}`, size: stat.size };
    } catch {
      return null;
    }
  }

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

  async store(
    ext: string,
    source: AsyncIterable<Uint8Array>,
    maxBytes: number,
  ): Promise<StoredFile | 'tooLarge'> {
    await fsp.mkdir(this.root, { recursive: true });
    const name = storedName(ext);
    const file = path.join(this.root, name);
    const out = await fsp.open(file, 'wx', 0o600);
    let size = 0;
    try {
      for await (const chunk of source) {
        size += chunk.byteLength;
        if (size > maxBytes) {
          await out.close();
          await fsp.rm(file, { force: true });
          return 'tooLarge';
        }
        await out.write(chunk);
      }
      await out.close();
    } catch (error) {
      await out.close().catch(() => undefined);
      await fsp.rm(file, { force: true });
      throw error;
    }
    return { path: `doc/${name}`, size };
  }

  async head(stored: string, bytes: number): Promise<Buffer> {
    const file = this.fileOf(stored);
    if (!file) return Buffer.alloc(0);
    const handle = await fsp.open(file, 'r');
    try {
      const buffer = Buffer.alloc(bytes);
      const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
      return buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  }

  async write(stored: string, data: Buffer): Promise<void> {
    const file = this.fileOf(stored);
    if (!file) throw new Error(`not a stored document path: ${stored}`);
    await fsp.mkdir(this.root, { recursive: true });
    await fsp.writeFile(file, data, { flag: 'wx', mode: 0o600 }).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
    });
  }

  async remove(stored: string | null): Promise<void> {
    const file = stored ? this.fileOf(stored) : null;
    if (file) await fsp.rm(file, { force: true });
  }

  async open(stored: string): Promise<OpenedFile | null> {
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
