/**
 * The S3-compatible document store (storage.ts; docs/modules/documents.md, "Storage"): one bucket,
 * objects named like the local store's files (DATA_DIR/documents/<name> is documents/<name>), so
 * several servers share the files and moving from the data directory is a plain copy.
 *
 * Nothing is held whole in memory: uploads go up as a multipart upload of PART_BYTES parts (one part
 * buffered at a time; a file smaller than one part is one PUT), downloads stream the object's body.
 * The client is minio's (Apache-2.0, speaks to any S3-compatible store); its putObject is not used
 * for streams because it first lists the bucket's incomplete uploads to resume one, which we never
 * want (names are random) and which not every S3-compatible server answers.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Client } from 'minio';
import { allowedExtension, storedName } from '../sys/upload-policy.js';
import type { DocumentStorage, OpenedFile, StoredFile } from './storage.js';
import type { S3StorageConfig } from './storage-config.js';
import { storedFileName, uploadedFile } from './storage-paths.js';

/** S3's smallest part size (all parts but the last): what one upload holds in memory at most. */
export const PART_BYTES = 5 * 1024 * 1024;

/** The object of a stored file's name: the local store's layout. */
export const objectKey = (name: string): string => `documents/${name}`;

const codeOf = (error: unknown): unknown => (error as { code?: unknown } | null)?.code;
const isMissing = (error: unknown): boolean => {
  const code = codeOf(error);
  return code === 'NoSuchKey' || code === 'NotFound';
};

export class S3DocumentStorage implements DocumentStorage {
  readonly description: string;
  private client: Client | null = null;
  /** Where a claimed upload waits (moved out of the public uploads folder) while it is sent. */
  private readonly staging: string;
  private readonly uploads: string;

  constructor(
    dataDir: string,
    private readonly config: S3StorageConfig,
  ) {
    this.description = `S3-compatible storage at ${config.endpoint}, bucket ${config.bucket}`;
    this.staging = path.resolve(dataDir, 'documents', '.claiming');
    this.uploads = path.resolve(dataDir, 'uploads');
  }

  /** Loaded on first use, so a server on the data directory never loads the S3 client. */
  private async s3(): Promise<Client> {
    if (this.client) return this.client;
    const { Client } = await import('minio');
    const url = new URL(this.config.endpoint);
    const useSSL = url.protocol === 'https:';
    this.client = new Client({
      endPoint: url.hostname,
      port: url.port ? Number(url.port) : useSSL ? 443 : 80,
      useSSL,
      accessKey: this.config.accessKey,
      secretKey: this.config.secretKey,
      // Given, so the client never asks the server for the bucket's region first.
      region: this.config.region,
      pathStyle: this.config.forcePathStyle,
    });
    return this.client;
  }

  async prepare(): Promise<void> {
    const { bucket, region } = this.config;
    try {
      const s3 = await this.s3();
      if (await s3.bucketExists(bucket)) return;
      await s3.makeBucket(bucket, region).catch(async (error: unknown) => {
        // Another server of the installation made it in the meantime.
        if (codeOf(error) === 'BucketAlreadyOwnedByYou' || (await s3.bucketExists(bucket))) return;
        throw error;
      });
    } catch (error) {
      const reason = [codeOf(error), (error as Error).message].filter(Boolean).join(': ');
      throw new Error(
        `Document storage: ${this.description} cannot be reached or the bucket cannot be created (${reason}). ` +
          'Check S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY, S3_SECRET_KEY and S3_REGION.',
        { cause: error },
      );
    }
  }

  async claim(uploaded: unknown): Promise<StoredFile | null> {
    const upload = uploadedFile(this.uploads, uploaded);
    if (!upload) return null;
    // Moved aside first: rename is atomic, so of two saves naming the same upload one gets it, and
    // the public path dies at once.
    await fsp.mkdir(this.staging, { recursive: true });
    const staged = path.join(this.staging, upload.name);
    try {
      if (!(await fsp.lstat(upload.file)).isFile()) return null;
      await fsp.rename(upload.file, staged);
    } catch {
      return null;
    }
    try {
      const size = await this.put(objectKey(upload.name), fs.createReadStream(staged), Infinity);
      return size === 'tooLarge' ? null : { path: `doc/${upload.name}`, size };
    } catch (error) {
      // The store failed: the upload goes back, so saving again can still claim it.
      await fsp.rename(staged, upload.file).catch(() => undefined);
      throw error;
    } finally {
      await fsp.rm(staged, { force: true });
    }
  }

  async copy(stored: string): Promise<StoredFile | null> {
    const from = storedFileName(stored);
    const ext = allowedExtension(stored);
    if (!from || !ext) return null;
    const name = storedName(ext);
    const s3 = await this.s3();
    const { bucket } = this.config;
    try {
      // A copy inside the store: the bytes never pass through this server.
      await s3.copyObject(bucket, objectKey(name), `/${bucket}/${objectKey(from)}`);
      return { path: `doc/${name}`, size: (await s3.statObject(bucket, objectKey(name))).size };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async store(
    ext: string,
    source: AsyncIterable<Uint8Array>,
    maxBytes: number,
  ): Promise<StoredFile | 'tooLarge'> {
    const name = storedName(ext);
    const size = await this.put(objectKey(name), source, maxBytes);
    return size === 'tooLarge' ? size : { path: `doc/${name}`, size };
  }

  async head(stored: string, bytes: number): Promise<Buffer> {
    const name = storedFileName(stored);
    if (!name || bytes <= 0) return Buffer.alloc(0);
    let body: Readable;
    try {
      body = await (await this.s3()).getPartialObject(this.config.bucket, objectKey(name), 0, bytes);
    } catch (error) {
      if (codeOf(error) === 'InvalidRange') return Buffer.alloc(0); // an empty object
      throw error;
    }
    const chunks: Buffer[] = [];
    let read = 0;
    for await (const chunk of body as AsyncIterable<Buffer>) {
      chunks.push(chunk);
      read += chunk.length;
      if (read >= bytes) break;
    }
    body.destroy();
    return Buffer.concat(chunks).subarray(0, bytes);
  }

  async write(stored: string, data: Buffer): Promise<void> {
    const name = storedFileName(stored);
    if (!name) throw new Error(`not a stored document path: ${stored}`);
    const s3 = await this.s3();
    try {
      await s3.statObject(this.config.bucket, objectKey(name));
      return; // never overwrites
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
    await s3.putObject(this.config.bucket, objectKey(name), data, data.length);
  }

  async remove(stored: string | null): Promise<void> {
    const name = stored ? storedFileName(stored) : null;
    if (!name) return;
    try {
      await (await this.s3()).removeObject(this.config.bucket, objectKey(name));
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
  }

  async open(stored: string): Promise<OpenedFile | null> {
    const name = storedFileName(stored);
    if (!name) return null;
    const s3 = await this.s3();
    try {
      const { size } = await s3.statObject(this.config.bucket, objectKey(name));
      return { stream: await s3.getObject(this.config.bucket, objectKey(name)), size };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  /**
   * Sends `source` to one object, PART_BYTES at a time; answers its size, or 'tooLarge' (nothing
   * kept) once more than maxBytes arrived. A failed upload is aborted (best effort: a store that
   * keeps the parts anyway can drop them with a lifecycle rule for incomplete uploads).
   */
  private async put(
    key: string,
    source: AsyncIterable<Uint8Array>,
    maxBytes: number,
  ): Promise<number | 'tooLarge'> {
    const s3 = await this.s3();
    const bucket = this.config.bucket;
    const parts: { part: number; etag: string }[] = [];
    // One part's buffer, filled and sent again and again: the only file bytes this upload holds.
    const part = Buffer.allocUnsafe(PART_BYTES);
    // An object, not a `let`: the helpers below set it.
    const state: { uploadId: string | null; filled: number } = { uploadId: null, filled: 0 };
    const sendPart = async () => {
      const uploadID = (state.uploadId ??= await s3.initiateNewMultipartUpload(bucket, key, {}));
      const partNumber = parts.length + 1;
      const headers = { 'Content-Length': state.filled };
      const sent = await s3.uploadPart(
        { bucketName: bucket, objectName: key, uploadID, partNumber, headers },
        part.subarray(0, state.filled),
      );
      parts.push({ part: partNumber, etag: sent.etag });
      state.filled = 0;
    };
    const abort = async () => {
      if (state.uploadId) await s3.abortMultipartUpload(bucket, key, state.uploadId).catch(() => undefined);
    };
    let size = 0;
    try {
      for await (const chunk of source) {
        size += chunk.byteLength;
        if (size > maxBytes) {
          await abort();
          return 'tooLarge';
        }
        for (let offset = 0; offset < chunk.byteLength;) {
          const take = Math.min(PART_BYTES - state.filled, chunk.byteLength - offset);
          part.set(chunk.subarray(offset, offset + take), state.filled);
          state.filled += take;
          offset += take;
          if (state.filled === PART_BYTES) await sendPart();
        }
      }
      if (state.uploadId === null) {
        // Smaller than one part: one PUT.
        await s3.putObject(bucket, key, Buffer.from(part.subarray(0, state.filled)), state.filled);
      } else {
        if (state.filled > 0) await sendPart();
        await s3.completeMultipartUpload(bucket, key, state.uploadId, parts);
      }
      return size;
    } catch (error) {
      await abort();
      throw error;
    }
  }
}
