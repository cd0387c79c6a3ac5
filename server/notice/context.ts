import type { FastifyRequest } from 'fastify';
import type { EventBus } from '../bus/index.js';
import type { Db } from '../db/database.js';
import type { AuthContext } from '../http/authenticate.js';
import { ApiError, ResultCode } from '../result.js';
import type { Actor } from './announcement-store.js';
import type { Reader } from './feed.js';
import type { NoticeDb } from './tables.js';

export interface NoticeDeps {
  db: NoticeDb;
  /** The same handle typed for the shared tables (permission checks). */
  baseDb: Db;
  bus: EventBus;
  timeZone: string;
}

/** Every notice route is at least 'authenticated', so the hook has set auth; this guards the guard. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new ApiError('Token失效，请重新登录!', ResultCode.TOKEN_INVALID, 401);
  return request.auth;
}

export function actorOf(request: FastifyRequest): Actor {
  const auth = authOf(request);
  return { userId: auth.userId, username: auth.username, realname: auth.realname, tenantId: auth.tenantId };
}

export function readerOf(request: FastifyRequest): Reader {
  const auth = authOf(request);
  return { userId: auth.userId, tenantId: auth.tenantId };
}

export const PAGE_MAX = 200;

function positiveInt(raw: unknown, fallback: number): number {
  const n = typeof raw === 'string' ? Number(raw) : NaN;
  return Number.isInteger(n) && n >= 1 ? n : fallback;
}

/** pageNo / pageSize with the list defaults (1, 10); a page is never bigger than PAGE_MAX. */
export function pageParams(query: { pageNo?: string; pageSize?: string }, defaultSize = 10) {
  const pageNo = Math.min(positiveInt(query.pageNo, 1), 1_000_000);
  const pageSize = Math.min(positiveInt(query.pageSize, defaultSize), PAGE_MAX);
  return { pageNo, pageSize, offset: (pageNo - 1) * pageSize };
}

/** The list micro-syntax's `*x*` (contains) reduced to its text: these lists only search by part. */
export function searchText(raw: string | undefined): string | undefined {
  const v = (raw ?? '').replace(/^\*+|\*+$/g, '').trim();
  return v === '' ? undefined : v;
}

/** `order` containing "asc" sorts ascending, anything else descending (the contract's rule). */
export function direction(order: string | undefined): 'asc' | 'desc' {
  return (order ?? '').toLowerCase().includes('asc') ? 'asc' : 'desc';
}

/** A query schema of optional strings with length caps. */
export function queryStrings(fields: Record<string, number>) {
  const properties: Record<string, { type: 'string'; maxLength: number }> = {};
  for (const [name, maxLength] of Object.entries(fields)) properties[name] = { type: 'string', maxLength };
  return { querystring: { type: 'object', properties } };
}
