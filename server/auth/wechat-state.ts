import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Db } from '../db/database.js';
import type { Database } from '../db/schema.js';

/** A binding link (its QR code) works this long; WeChat's own login QR codes last about as long. */
export const BIND_STATE_TTL_MS = 5 * 60_000;
/** 24 random bytes as 48 hex characters: WeChat accepts up to 128 characters of [a-zA-Z0-9]. */
const STATE_BYTES = 24;
export const BIND_STATE_PATTERN = /^[0-9a-f]{48}$/;

/** Table of migration 0014, kept beside its only reader. */
export interface SysWechatBindStateTable {
  stateHash: string;
  userId: string;
  expiresAt: Date;
}

// A type alias, not an interface: withTables needs an index-signature-compatible record.
type WechatTables = { sysWechatBindState: SysWechatBindStateTable };

function wechatDb(db: Db): Kysely<Database & WechatTables> {
  return db.withTables<WechatTables>();
}

function stateHash(state: string): string {
  return createHash('sha256').update(state).digest('hex');
}

/**
 * A fresh state for the user's binding link. The user's previous link stops working (one QR code per
 * user at a time), and links nobody used are swept.
 */
export async function issueBindState(db: Db, userId: string, now = new Date()): Promise<string> {
  const state = randomBytes(STATE_BYTES).toString('hex');
  const wdb = wechatDb(db);
  await wdb
    .deleteFrom('sysWechatBindState')
    .where((eb) => eb.or([eb('userId', '=', userId), eb('expiresAt', '<', now)]))
    .execute();
  await wdb
    .insertInto('sysWechatBindState')
    .values({ stateHash: stateHash(state), userId, expiresAt: new Date(now.getTime() + BIND_STATE_TTL_MS) })
    .execute();
  return state;
}

/**
 * The user a state was issued to, or null when it is unknown, spent or expired. The row is deleted in
 * the statement that reads it, so of two callbacks presenting one state at most one gets the user.
 */
export async function consumeBindState(db: Db, state: string, now = new Date()): Promise<string | null> {
  if (!BIND_STATE_PATTERN.test(state)) return null;
  const row = await wechatDb(db)
    .deleteFrom('sysWechatBindState')
    .where('stateHash', '=', stateHash(state))
    .returning(['userId', 'expiresAt'])
    .executeTakeFirst();
  if (!row || new Date(row.expiresAt).getTime() <= now.getTime()) return null;
  return row.userId;
}
