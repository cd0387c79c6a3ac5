/**
 * The document server's save callback (ONLYOFFICE "callbackUrl"): a body signed with the shared
 * secret, in the body's `token` or in `Authorization: Bearer` (payload under `payload`). Status 2
 * (ready for saving) and 6 (forced save) carry the URL of the edited file: it is fetched only from
 * the configured document-server origins, without following redirects, streamed to disk with the
 * large-upload cap, checked to be the head's own file type, and stored as a new version (record).
 * The answer the document server expects is {error: 0}; anything else makes it report a failure.
 */
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { contentMatches, LARGE_UPLOAD_MAX_BYTES } from '../sys/upload-policy.js';
import type { DocumentServerConfig } from './editor-config.js';
import type { CallbackLink } from './editor-links.js';
import { verifyJwt } from './jwt.js';
import { DOCUMENT, TEMPLATE } from './kinds.js';
import { addVersion, headById } from './records.js';
import { powerOn, rightsOf } from './rights.js';
import type { DocumentStorage } from './storage.js';

export const EditorMessages = {
  badSignature: '文档服务器签名无效',
  foreignUrl: '文件地址不在已配置的文档服务器上',
  fetchFailed: '从文档服务器取回文件失败',
  wrongType: '文档服务器返回的文件类型与原文件不符',
  tooLarge: '文件大小超出200MB限制',
  gone: '文档不存在或您已没有编辑权限',
  notEditable: '该类型文件暂不支持在线编辑',
  notConfigured: '未配置文档服务器，无法在线编辑',
  saved: '在线编辑保存',
} as const;

/** Why a callback was refused: the HTTP status and the message sent back with {error: 1}. */
export class CallbackRefusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** The callback's body as the document server signed it, or a refusal. */
export function signedBody(config: DocumentServerConfig, request: FastifyRequest): Record<string, unknown> {
  const body = (typeof request.body === 'object' && request.body !== null ? request.body : {}) as Record<
    string,
    unknown
  >;
  if (typeof body.token === 'string') {
    const claims = verifyJwt(body.token, config.secret);
    if (claims) return claims;
  } else {
    const header = request.headers.authorization ?? '';
    const claims = header.startsWith('Bearer ') ? verifyJwt(header.slice(7), config.secret) : null;
    const inner = claims?.payload;
    if (typeof inner === 'object' && inner !== null && !Array.isArray(inner))
      return inner as Record<string, unknown>;
  }
  throw new CallbackRefusal(403, EditorMessages.badSignature);
}

/** The edited file's address, when it lies on a configured document-server origin. */
export function trustedFileUrl(config: DocumentServerConfig, raw: unknown): URL {
  let url: URL;
  try {
    url = new URL(String(raw));
  } catch {
    throw new CallbackRefusal(400, EditorMessages.foreignUrl);
  }
  const web = url.protocol === 'http:' || url.protocol === 'https:';
  if (!web || url.username || url.password || !config.fileOrigins.includes(url.origin))
    throw new CallbackRefusal(400, EditorMessages.foreignUrl);
  return url;
}

export function extensionOf(stored: string): string {
  return stored.slice(stored.lastIndexOf('.') + 1).toLowerCase();
}

interface SaveDeps {
  db: Db;
  storage: DocumentStorage;
  config: DocumentServerConfig;
}

/** Stores the edited file as a new version of the link's head row; answers the new version. */
export async function saveEdited(
  deps: SaveDeps,
  link: CallbackLink,
  body: Record<string, unknown>,
): Promise<string> {
  const url = trustedFileUrl(deps.config, body.url);
  const kind = link.k === 'template' ? TEMPLATE : DOCUMENT;
  const head = await headById(deps.db, kind, link.d);
  const user = await sql<{ username: string }>`select username from sys_user where id = ${link.u}`.execute(
    deps.db,
  );
  const username = user.rows[0]?.username;
  const rights = await rightsOf(deps.db, link.u);
  if (
    !head?.filePath ||
    !username ||
    !(await powerOn(deps.db, rights, kind.powerType, head.classifyId)).includes('edit')
  )
    throw new CallbackRefusal(403, EditorMessages.gone);
  const ext = extensionOf(head.filePath);
  if (typeof body.filetype === 'string' && body.filetype.toLowerCase() !== ext)
    throw new CallbackRefusal(400, EditorMessages.wrongType);
  let answer: Response;
  try {
    answer = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(120_000) });
  } catch {
    throw new CallbackRefusal(502, EditorMessages.fetchFailed);
  }
  if (answer.status !== 200 || !answer.body) throw new CallbackRefusal(502, EditorMessages.fetchFailed);
  if (Number(answer.headers.get('content-length') ?? 0) > LARGE_UPLOAD_MAX_BYTES) {
    await answer.body.cancel();
    throw new CallbackRefusal(400, EditorMessages.tooLarge);
  }
  const file = await deps.storage.store(
    ext,
    answer.body as unknown as AsyncIterable<Uint8Array>,
    LARGE_UPLOAD_MAX_BYTES,
  );
  if (file === 'tooLarge') throw new CallbackRefusal(400, EditorMessages.tooLarge);
  if (!contentMatches(ext, await deps.storage.head(file.path, 64 * 1024))) {
    await deps.storage.remove(file.path);
    throw new CallbackRefusal(400, EditorMessages.wrongType);
  }
  return addVersion(deps.db, kind, head, file, username, EditorMessages.saved);
}
