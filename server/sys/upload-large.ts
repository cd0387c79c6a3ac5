/**
 * POST /sys/common/uploadFile (spec 001 "Files"): the upload for big files - documents, drawings,
 * recordings - up to LARGE_UPLOAD_MAX_BYTES, streamed to disk as it arrives, so a 200 MB file never
 * sits in memory. Same policy as /sys/common/upload (allow-listed types, content sniffed from the
 * first bytes, images scanned whole for markup, random names, never overwriting); a refused or
 * broken upload leaves no file behind. The answer is the contract's: the stored path in message.
 * GET /sys/common/download?path: a stored upload as an attachment, for signed-in users, under the
 * name it was uploaded with (upload-names.ts).
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/database.js';
import { bare, fail } from '../result.js';
import { ChunkReleaser, ReleasingFileStream } from './chunk-release.js';
import {
  allowedExtension,
  bizFolder,
  contentMatches,
  IMAGE_TYPES,
  LARGE_UPLOAD_MAX_BYTES,
  LARGE_UPLOAD_TOO_LARGE,
  parseStoredPath,
  SCRIPT_LIKE,
  storedName,
  UploadMessages,
} from './upload-policy.js';
import { recordUpload } from './upload-owner.js';
import { cleanUploadName, dispositionHeader, uploadName } from './upload-names.js';

/** Bytes kept for sniffing the type (magic numbers sit in the first few). */
const SNIFF_BYTES = 64 * 1024;
/** Text carried from one chunk to the next, so markup split across two chunks is still seen. */
const OVERLAP = 32;

class Refused extends Error {}

/**
 * Streams the file part to `target`; throws Refused with the user's message, removing the file.
 * `ownChunks`: the body arrives over a real socket, so every chunk is a copy this request owns and
 * its memory can be given back once written (chunk-release.ts); not for injected test requests,
 * whose chunks are the caller's.
 */
async function streamTo(file: MultipartFile, target: string, ext: string, ownChunks: boolean): Promise<void> {
  const out = await fsp.open(target, 'wx', 0o600);
  const image = ext in IMAGE_TYPES;
  let head = Buffer.alloc(0);
  let tail = '';
  let size = 0;
  const chunks = ownChunks ? new ChunkReleaser() : null;
  try {
    for await (const chunk of file.file as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (head.length < SNIFF_BYTES)
        head = Buffer.concat([head, chunk.subarray(0, SNIFF_BYTES - head.length)]);
      if (image) {
        const text = tail + chunk.toString('latin1');
        if (SCRIPT_LIKE.test(text)) throw new Refused(UploadMessages.badContent);
        tail = text.slice(-OVERLAP);
      }
      await out.write(chunk);
      chunks?.written(chunk);
    }
    if (file.file.truncated) throw new Refused(LARGE_UPLOAD_TOO_LARGE);
    if (size === 0) throw new Refused(UploadMessages.noFile);
    if (!contentMatches(ext, head)) throw new Refused(UploadMessages.badContent);
    await out.close();
  } catch (error) {
    await out.close().catch(() => undefined);
    await fsp.rm(target, { force: true });
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new Refused(LARGE_UPLOAD_TOO_LARGE);
    throw error;
  }
}

async function receiveLarge(
  request: FastifyRequest,
  root: string,
  fallbackBiz?: string,
): Promise<{ stored: string; fileName: string | null }> {
  if (!request.isMultipart()) throw new Refused(UploadMessages.noFile);
  let biz: string | undefined = fallbackBiz;
  let stored: string | null = null;
  let fileName: string | null = null;
  const parts = request.parts({
    limits: { fileSize: LARGE_UPLOAD_MAX_BYTES, files: 1, fields: 8, parts: 10 },
  });
  for await (const part of parts) {
    if (part.type !== 'file') {
      // An empty biz keeps the default (the product's folder, or temp).
      if (part.fieldname === 'biz' && typeof part.value === 'string' && part.value.trim() !== '')
        biz = part.value;
      continue;
    }
    const file = part as MultipartFile;
    if (file.fieldname !== 'file' || stored) {
      file.file.resume(); // not ours: drain it
      continue;
    }
    // The biz field comes before the file in the browser's form (FormData keeps the order it was given).
    const folder = bizFolder(biz);
    if (folder === null) throw new Refused(UploadMessages.badBiz);
    const ext = allowedExtension(file.filename);
    if (!ext) throw new Refused(UploadMessages.badType);
    const dir = path.resolve(root, folder);
    if (!dir.startsWith(root + path.sep)) throw new Refused(UploadMessages.badBiz);
    await fsp.mkdir(dir, { recursive: true });
    const name = storedName(ext);
    await streamTo(file, path.join(dir, name), ext, request.raw.socket instanceof net.Socket);
    stored = `${folder}/${name}`;
    fileName = cleanUploadName(file.filename);
  }
  if (!stored) throw new Refused(UploadMessages.noFile);
  return { stored, fileName };
}

/** A product's folder name in `/{product}/file/uploadFile`: one plain path segment. */
const PRODUCT = /^[A-Za-z0-9_-]{1,32}$/;

async function answerUpload(request: FastifyRequest, root: string, db: Db, fallbackBiz?: string) {
  try {
    const { stored, fileName } = await receiveLarge(request, root, fallbackBiz);
    await recordUpload(db, stored, request.auth!.userId, fileName);
    return bare(null, stored);
  } catch (error) {
    if (error instanceof Refused) return fail(error.message);
    const code = (error as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
      return fail(UploadMessages.failed);
    throw error;
  }
}

export function registerLargeUploadRoutes(app: FastifyInstance, root: string, db: Db): void {
  app.post('/sys/common/uploadFile', { config: { access: 'authenticated' } }, (request) =>
    answerUpload(request, root, db),
  );
  // A product's own upload (spec 001 "Files"): the same upload, into the product's folder unless the
  // form names another (biz).
  app.post('/:product/file/uploadFile', { config: { access: 'authenticated' } }, async (request) => {
    const product = (request.params as { product: string }).product;
    if (!PRODUCT.test(product)) return fail(UploadMessages.badBiz);
    return answerUpload(request, root, db, product);
  });

  app.get('/sys/common/download', { config: { access: 'authenticated' } }, async (request, reply) => {
    const raw = (request.query as { path?: unknown }).path;
    const stored = typeof raw === 'string' ? parseStoredPath(raw) : null;
    const file = stored ? path.resolve(root, stored.path) : null;
    const stat = file && file.startsWith(root + path.sep) ? await fsp.lstat(file).catch(() => null) : null;
    if (!file || !stat?.isFile()) return reply.status(404).send(fail('文件不存在', 404));
    // Saved under the name it was uploaded with (upload-names.ts), not the random stored one.
    const name = await uploadName(db, stored!.path);
    return reply
      .header('content-type', 'application/octet-stream')
      .header('content-length', stat.size)
      .header('content-disposition', dispositionHeader('attachment', name))
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "sandbox; default-src 'none'")
      .header('cache-control', 'private, no-store')
      .send(
        // Over a real socket the chunks are released once sent; an injected answer keeps its chunks.
        reply.raw.socket instanceof net.Socket
          ? new ReleasingFileStream(file, reply.raw)
          : fs.createReadStream(file),
      );
  });
}
