/**
 * POST /sys/common/upload (multipart `file` + `biz`, signed-in users) and
 * GET /sys/common/static/<biz>/<name> (anonymous, as the contract has it: an <img> cannot send
 * the token header; names are random, so a path is not guessable).
 * Files live under DATA_DIR/uploads, outside the served web app. Reads are refused rather than
 * repaired: a path that does not have the exact stored shape answers 404. Every stored upload is
 * recorded with its uploader (upload-owner.ts), so a save may claim only its caller's uploads, and
 * with the name it had, which the static route sends it under and GET /sys/common/fileNames tells
 * the screens (upload-names.ts).
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps.js';
import { bare, fail, ok } from '../result.js';
import {
  allowedExtension,
  bizFolder,
  contentMatches,
  IMAGE_TYPES,
  parseStoredPath,
  storedName,
  UPLOAD_MAX_BYTES,
  UploadMessages,
} from './upload-policy.js';
import { registerLargeUploadRoutes } from './upload-large.js';
import { recordUpload } from './upload-owner.js';
import { cleanUploadName, dispositionHeader, lookupPaths, uploadName, uploadNames } from './upload-names.js';

interface Received {
  fileName: string;
  data: Buffer;
  biz?: string;
}

async function receive(request: FastifyRequest): Promise<Received | string> {
  if (!request.isMultipart()) return UploadMessages.noFile;
  let received: Received | null = null;
  let biz: string | undefined;
  try {
    const parts = request.parts({ limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 8, parts: 10 } });
    for await (const part of parts) {
      if (part.type === 'file') {
        const file = part as MultipartFile;
        const data = await file.toBuffer();
        if (file.fieldname === 'file' && !received) received = { fileName: file.filename, data };
      } else if (part.fieldname === 'biz' && typeof part.value === 'string') biz = part.value;
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') return UploadMessages.tooLarge;
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
      return UploadMessages.failed;
    throw error;
  }
  if (!received || received.data.length === 0) return UploadMessages.noFile;
  return { ...received, biz };
}

/** The real path of a file under root, or null when it escapes root (a link) or is not a file. */
async function containedFile(root: string, rel: string): Promise<string | null> {
  const file = path.resolve(root, rel);
  if (!file.startsWith(root + path.sep)) return null;
  try {
    const [realRoot, real] = await Promise.all([fsp.realpath(root), fsp.realpath(file)]);
    if (!real.startsWith(realRoot + path.sep)) return null;
    return (await fsp.stat(real)).isFile() ? real : null;
  } catch {
    return null;
  }
}

function notFound(reply: FastifyReply) {
  return reply.status(404).send(fail('文件不存在', 404));
}

export function registerUploadRoutes(app: FastifyInstance, deps: AppDeps): void {
  const root = path.resolve(deps.config.dataDir, 'uploads');
  const { db } = deps.database;
  registerLargeUploadRoutes(app, root, db);

  app.post('/sys/common/upload', { config: { access: 'authenticated' } }, async (request) => {
    const received = await receive(request);
    if (typeof received === 'string') return fail(received);
    const biz = bizFolder(received.biz);
    if (biz === null) return fail(UploadMessages.badBiz);
    const ext = allowedExtension(received.fileName);
    if (!ext) return fail(UploadMessages.badType);
    if (!contentMatches(ext, received.data)) return fail(UploadMessages.badContent);
    const name = storedName(ext);
    const folder = path.resolve(root, biz);
    if (!folder.startsWith(root + path.sep)) return fail(UploadMessages.badBiz);
    await fsp.mkdir(folder, { recursive: true });
    // 'wx': never overwrite, even if a random name ever repeated.
    await fsp.writeFile(path.join(folder, name), received.data, { flag: 'wx', mode: 0o600 });
    await recordUpload(db, `${biz}/${name}`, request.auth!.userId, cleanUploadName(received.fileName));
    // The contract's answer: success, code 0, the stored path in message.
    return bare(null, `${biz}/${name}`);
  });

  // The names the given stored paths were uploaded with: { path: name } for those that have one.
  app.get('/sys/common/fileNames', { config: { access: 'authenticated' } }, async (request) => {
    const paths = lookupPaths((request.query as { paths?: unknown }).paths);
    return ok(Object.fromEntries(await uploadNames(db, paths)));
  });

  app.get('/sys/common/static/*', { config: { access: 'public' } }, async (request, reply) => {
    const stored = parseStoredPath((request.params as { '*': string })['*'] ?? '');
    if (!stored) return notFound(reply);
    const file = await containedFile(root, stored.path);
    if (!file) return notFound(reply);
    const image = IMAGE_TYPES[stored.ext];
    // Saved under the name it was uploaded with (upload-names.ts), not the random stored one.
    const fileName = await uploadName(db, stored.path);
    return reply
      .header('content-type', image ?? 'application/octet-stream')
      .header('content-disposition', dispositionHeader(image ? 'inline' : 'attachment', fileName))
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "sandbox; default-src 'none'")
      .header('cache-control', 'private, max-age=86400')
      .send(fs.createReadStream(file));
  });
}
