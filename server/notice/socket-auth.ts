import type { FastifyRequest } from 'fastify';
import { lookupSession, type SessionPolicy } from '../auth/sessions.js';
import type { Db } from '../db/database.js';

export interface SocketUser {
  userId: string;
  tokenHash: string;
  tenants: Set<number>;
}

export type HandshakeResult =
  { ok: true; user: SocketUser } | { ok: false; status: 401 | 403; message: string };

export const SocketMessages = {
  tokenInvalid: 'Token失效，请重新登录!',
  forged: '无权访问该用户的消息通道',
  origin: '不允许的来源',
} as const;

/**
 * The token of a socket handshake: the browser cannot set headers on a WebSocket, so it offers the
 * token as its sub-protocol (the contract). A `?token=` query is deliberately not read: URLs end up in
 * access logs and proxies, and tokens must never be in them. The path's user id is never an identity.
 */
export function handshakeToken(request: FastifyRequest): string {
  const offered = request.headers['sec-websocket-protocol'];
  return typeof offered === 'string' ? (offered.split(',')[0] ?? '').trim() : '';
}

/** Resolves the socket's user from its token; the path user id must be that user (no listening in). */
export async function authenticateHandshake(
  db: Db,
  policy: SessionPolicy,
  token: string,
  pathUserId: string,
): Promise<HandshakeResult> {
  const found = await lookupSession(db, policy, token);
  if (found.status !== 'ok') return { ok: false, status: 401, message: SocketMessages.tokenInvalid };
  const user = found.user;
  if (!user || user.delFlag !== 0 || user.status !== 1) {
    return { ok: false, status: 401, message: SocketMessages.tokenInvalid };
  }
  if (pathUserId !== user.id) return { ok: false, status: 403, message: SocketMessages.forged };
  const tenants = new Set<number>([0]);
  for (const t of user.relTenantIds.split(','))
    if (t.trim() && Number.isInteger(Number(t))) tenants.add(Number(t));
  return { ok: true, user: { userId: user.id, tokenHash: found.tokenHash, tenants } };
}

/**
 * Whether a socket's session is still alive, read without sliding it: an open tab must not keep a
 * session alive by itself. Used by the sweep that closes sockets of ended sessions.
 */
export async function sessionAlive(db: Db, policy: SessionPolicy, tokenHash: string): Promise<boolean> {
  const row = await db
    .selectFrom('sysSession')
    .select(['revokedAt', 'lastSeenAt', 'expiresAt'])
    .where('tokenHash', '=', tokenHash)
    .executeTakeFirst();
  if (!row || row.revokedAt) return false;
  const now = Date.now();
  return (
    now <= row.lastSeenAt.getTime() + policy.sessionIdleMinutes * 60_000 && now <= row.expiresAt.getTime()
  );
}

/**
 * Cross-site WebSocket hijacking guard: a browser always sends Origin; it must be this server's host,
 * a configured origin, or a loopback page talking to a loopback server (the dev proxy). Clients that
 * are not browsers send no Origin and are judged by their token alone.
 */
export function originAllowed(request: FastifyRequest, allowed: readonly string[]): boolean {
  const origin = request.headers.origin;
  if (!origin) return true;
  if (allowed.includes(origin)) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  // request.host honours X-Forwarded-Host only behind a trusted proxy (the app's trustProxy setting).
  const host = request.host ?? '';
  if (url.host === host) return true;
  const loopback = (h: string) => /^(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/.test(h);
  return loopback(url.host) && loopback(host);
}
