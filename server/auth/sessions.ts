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
  const now = Date.now();
  const idleDeadline = row.lastSeenAt.getTime() + policy.sessionIdleMinutes * 60_000;
  if (now > idleDeadline || now > row.expiresAt.getTime()) return { status: 'expired' };
  if (now - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
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
  return { status: 'ok', userId: row.userId, tenantId: row.tenantId, tokenHash, user };
}

export async function revokeSession(db: Db, tokenHash: string, reason: RevokeReason): Promise<void> {
  await db
    .updateTable('sysSession')
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where('tokenHash', '=', tokenHash)
    .where('revokedAt', 'is', null)
    .execute();
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
}
