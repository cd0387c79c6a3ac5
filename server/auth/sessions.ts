import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/database.js';

export interface SessionPolicy {
  sessionIdleMinutes: number;
  sessionMaxHours: number;
}

export type RevokeReason = 'logout' | 'password' | 'forced' | 'frozen';

/** The session's user as the request needs it; null when the row is gone (deleted for good). */
export interface SessionUser {
  id: string;
  username: string;
  realname: string;
  status: number;
  delFlag: number;
  orgCode: string | null;
  relTenantIds: string;
}

export type SessionLookup =
  | { status: 'ok'; userId: string; tenantId: number; tokenHash: string; user: SessionUser | null }
  | { status: 'unknown' }
  | { status: 'expired' }
  | { status: 'revoked'; reason: string };

// Sliding expiry is written at most once a minute per session, not on every request.
const TOUCH_INTERVAL_MS = 60_000;

/**
 * How long a live session's answer is reused without asking the database: a page opens with a
 * burst of calls, and the read is the one round trip every authenticated call pays. A change this
 * server makes drops every answer at once (`forgetSessions`: a revocation, and every request that
 * is not a read, which covers freezing, deleting or moving a user); one made on another server (or
 * past the server) holds here within this time.
 */
export const SESSION_REUSE_MS = 1_000;
type Live = Extract<SessionLookup, { status: 'ok' }>;
interface Held {
  found: Live;
  loadedAt: number;
  lastSeenAt: number;
  expiresAt: number;
}
/** Beyond this many held sessions the oldest is dropped first. */
const MAX_HELD = 10_000;
// Per database handle: one per server instance (a test's apps each open their own handle).
const heldSessions = new WeakMap<Db, Map<string, Held>>();

function heldOf(db: Db): Map<string, Held> {
  let held = heldSessions.get(db);
  if (!held) heldSessions.set(db, (held = new Map()));
  return held;
}

/** Drops every reused session answer of this server (after a change that may end or alter one). */
export function forgetSessions(db: Db): void {
  heldSessions.get(db)?.clear();
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Opaque random token; only its hash is stored, so a database leak yields no usable session. */
export async function createSession(
  db: Db,
  policy: SessionPolicy,
  userId: string,
  tenantId: number,
  ip: string | null,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = new Date();
  await db
    .insertInto('sysSession')
    .values({
      tokenHash: hashToken(token),
      userId,
      tenantId,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + policy.sessionMaxHours * 3_600_000),
      ip,
    })
    .execute();
  return token;
}

export async function lookupSession(db: Db, policy: SessionPolicy, token: string): Promise<SessionLookup> {
  if (!token || token.length > 200) return { status: 'unknown' };
  const tokenHash = hashToken(token);
  const now = Date.now();
  const held = heldOf(db);
  const reuse = held.get(tokenHash);
  if (reuse && now - reuse.loadedAt < SESSION_REUSE_MS && now >= reuse.loadedAt) {
    if (now > reuse.lastSeenAt + policy.sessionIdleMinutes * 60_000 || now > reuse.expiresAt)
      return { status: 'expired' };
    return reuse.found;
  }
  held.delete(tokenHash);
  // The user comes in the same statement: every authenticated request needs both, and a round trip
  // is a measurable share of a short request.
  const row = await db
    .selectFrom('sysSession as s')
    .leftJoin('sysUser as u', 'u.id', 's.userId')
    .select([
      's.userId',
      's.tenantId',
      's.revokedAt',
      's.revokedReason',
      's.lastSeenAt',
      's.expiresAt',
      'u.id as uid',
      'u.username',
      'u.realname',
      'u.status as userStatus',
      'u.delFlag',
      'u.orgCode',
      'u.relTenantIds',
    ])
    .where('s.tokenHash', '=', tokenHash)
    .executeTakeFirst();
  if (!row) return { status: 'unknown' };
  if (row.revokedAt) return { status: 'revoked', reason: row.revokedReason ?? 'logout' };
  const idleDeadline = row.lastSeenAt.getTime() + policy.sessionIdleMinutes * 60_000;
  if (now > idleDeadline || now > row.expiresAt.getTime()) return { status: 'expired' };
  const touch = now - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS;
  if (touch) {
    await db
      .updateTable('sysSession')
      .set({ lastSeenAt: new Date(now) })
      .where('tokenHash', '=', tokenHash)
      .execute();
  }
  const user: SessionUser | null =
    row.uid === null
      ? null
      : {
          id: row.uid,
          username: row.username ?? '',
          realname: row.realname ?? '',
          status: Number(row.userStatus),
          delFlag: Number(row.delFlag),
          orgCode: row.orgCode ?? null,
          relTenantIds: row.relTenantIds ?? '',
        };
  const found: Live = { status: 'ok', userId: row.userId, tenantId: row.tenantId, tokenHash, user };
  if (held.size >= MAX_HELD) held.delete(held.keys().next().value!);
  held.set(tokenHash, {
    found,
    loadedAt: now,
    lastSeenAt: touch ? now : row.lastSeenAt.getTime(),
    expiresAt: row.expiresAt.getTime(),
  });
  return found;
}

export async function revokeSession(db: Db, tokenHash: string, reason: RevokeReason): Promise<void> {
  await db
    .updateTable('sysSession')
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where('tokenHash', '=', tokenHash)
    .where('revokedAt', 'is', null)
    .execute();
  forgetSessions(db);
}

/** Ends every live session of a user (password change, freeze, forced sign-out), optionally sparing one. */
export async function revokeUserSessions(
  db: Db,
  userId: string,
  reason: RevokeReason,
  exceptTokenHash?: string,
): Promise<void> {
  let q = db
    .updateTable('sysSession')
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where('userId', '=', userId)
    .where('revokedAt', 'is', null);
  if (exceptTokenHash) q = q.where('tokenHash', '!=', exceptTokenHash);
  await q.execute();
  forgetSessions(db);
}
