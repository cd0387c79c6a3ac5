/**
 * Where document and template files live, behind one interface (docs/modules/documents.md,
 * "Storage"): the data directory by default (storage-local.ts), or an S3-compatible object store
 * when S3_ENDPOINT is set (storage-s3.ts, for installations on several servers). Either way files stay
 * private: they leave only through the download route, after the position check, never through the
 * anonymous static route (/sys/common/static). A file arrives through the existing upload
 * (/sys/common/upload or uploadFile, biz 'document': allow-list, content sniffing, size cap, random
 * name) and is claimed from there by the save that names it: moved, never copied, so the public path
 * dies. Stored paths look like `doc/<random name>`; nothing a client sends reaches a file or object name.
 */
import type { Readable } from 'node:stream';
import type { DocumentStorageConfig } from './storage-config.js';
import { LocalDocumentStorage } from './storage-local.js';
import { S3DocumentStorage } from './storage-s3.js';

export { UPLOAD_BIZ } from './storage-paths.js';

export interface StoredFile {
  /** `doc/<name>`: what rows keep. */
  path: string;
  size: number;
}

export interface OpenedFile {
  stream: Readable;
  size: number;
}

export interface DocumentStorage {
  /** Where the files are, for logs and start errors (never a key). */
  readonly description: string;
  /** Readies the store at start (the S3 bucket is created when missing); throws when it cannot be. */
  prepare(): Promise<void>;
  /** Claims a fresh upload (`document/<name>` as the upload answered it); null if there is none. */
  claim(uploaded: unknown): Promise<StoredFile | null>;
  /** A copy of a stored file under a new random name (a template becoming a document); null if gone. */
  copy(stored: string): Promise<StoredFile | null>;
  /**
   * Stores a stream (the document editor's saved file) under a new random name, or answers
   * 'tooLarge' (nothing kept) once more than maxBytes arrived. The caller checks the bytes after.
   */
  store(ext: string, source: AsyncIterable<Uint8Array>, maxBytes: number): Promise<StoredFile | 'tooLarge'>;
  /** The first bytes of a stored file (to check its type), at most `bytes`. */
  head(stored: string, bytes: number): Promise<Buffer>;
  /** Writes a file (the demo data); never overwrites. */
  write(stored: string, data: Buffer): Promise<void>;
  /** Removes a stored file (its record is gone); a missing one is fine. */
  remove(stored: string | null): Promise<void>;
  /** A read stream and size of a stored file, or null when it is missing. */
  open(stored: string): Promise<OpenedFile | null>;
}

/** The store the configuration names: the data directory unless S3 is configured. */
export function createDocumentStorage(config: {
  dataDir: string;
  documentStorage?: DocumentStorageConfig;
}): DocumentStorage {
  const chosen = config.documentStorage;
  return chosen?.kind === 's3'
    ? new S3DocumentStorage(config.dataDir, chosen)
    : new LocalDocumentStorage(config.dataDir);
}
