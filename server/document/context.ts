/** What the document routes share: the database, the file storage and the caller's rights. */
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { ApiError, ResultCode } from '../result.js';
import { checkId } from '../entity/route-kit.js';
import { DocumentMessages, type FileKind } from './kinds.js';
import { requestRights } from './guard.js';
import { headById, type Head } from './records.js';
import { powerOn, type Right } from './rights.js';
import type { DocumentStorage } from './storage.js';
import type { DocumentServerConfig } from './editor-config.js';

export interface DocumentContext {
  db: Db;
  storage: DocumentStorage;
  /** The document editor's server (editor-config.ts); null: no 编辑, preview only. */
  editor: DocumentServerConfig | null;
  /** The API prefix, for the absolute addresses the document server calls back on. */
  apiBase: string;
}

export function usernameOf(request: FastifyRequest): string {
  const auth = request.auth;
  if (!auth) throw new ApiError('Token失效，请重新登录!', ResultCode.TOKEN_INVALID, 401);
  return auth.username;
}

/** A query or body parameter as a checked id. */
export function idOf(value: unknown): string {
  return checkId(typeof value === 'string' ? value.trim() : value);
}

/**
 * The head row when the caller has the right on its classification. A row outside the caller's view
 * is "not found", exactly as the list would not show it; one they see but may not download or edit
 * says so.
 */
export async function headWithRight(
  ctx: DocumentContext,
  request: FastifyRequest,
  kind: FileKind,
  id: string,
  right: Right,
): Promise<Head> {
  const head = await headById(ctx.db, kind, id);
  if (!head) throw new ApiError(DocumentMessages.notFound);
  const power = await powerOn(ctx.db, await requestRights(ctx.db, request), kind.powerType, head.classifyId);
  if (!power.includes('view')) throw new ApiError(DocumentMessages.notFound);
  if (!power.includes(right))
    throw new ApiError(
      right === 'edit' ? DocumentMessages.noEdit(kind.title) : DocumentMessages.noDownload(kind.title),
    );
  return head;
}

export async function classifyExists(db: Db, id: string): Promise<boolean> {
  const rows = await sql`select 1 from biz_document_classify where id = ${id}`.execute(db);
  return rows.rows.length > 0;
}
