import { sql } from 'kysely';
import type { ServerConfig } from '../config.js';
import type { Db } from '../db/database.js';

/**
 * Counting throttle over sys_login_failure. A scope ('user:<name>', 'ip:<address>', 'mobile:<number>',
 * ...) may see `limit` events inside a window of `windowMinutes`; the event that reaches the limit
 * locks the scope for another `windowMinutes`. Counters live in the database so every API instance
 * behind a proxy sees the same numbers.
 */
export interface ThrottleRule {
  limit: number;
  windowMinutes: number;
}

/** Per-address limits are this many times the per-account ones: one office shares one address. */
export const ADDRESS_FACTOR = 5;

export function accountRule(config: ServerConfig): ThrottleRule {
  return { limit: Math.max(1, config.loginMaxFailures), windowMinutes: config.loginWindowMinutes };
}

export function addressRule(config: ServerConfig, factor = ADDRESS_FACTOR): ThrottleRule {
  return { limit: Math.max(1, config.loginMaxFailures) * factor, windowMinutes: config.loginWindowMinutes };
}

// Scope keys fit the 200-character primary key whatever the caller typed.
function key(prefix: string, value: string): string {
  return `${prefix}:${value}`.slice(0, 200);
}

export const scopes = {
  user: (username: string) => key('user', username),
  ip: (ip: string) => key('ip', ip),
  mobile: (mobile: string) => key('mobile', mobile),
  smsAddress: (ip: string) => key('sms-ip', ip),
  lookupAddress: (ip: string) => key('lookup-ip', ip),
};

/** Whole minutes (at least 1) until the longest lock among the scopes ends; 0 when none is locked. */
export async function lockedMinutes(db: Db, scopeKeys: string[], now = new Date()): Promise<number> {
  if (scopeKeys.length === 0) return 0;
  const row = await db
    .selectFrom('sysLoginFailure')
    .select((eb) => eb.fn.max('lockedUntil').as('until'))
    .where('scope', 'in', scopeKeys)
    .where('lockedUntil', '>', now)
    .executeTakeFirst();
  const until = row?.until ? new Date(row.until) : null;
  if (!until) return 0;
  return Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
}

/**
 * Counts one event against a scope in a single statement, so parallel attempts cannot slip past the
 * limit between a read and a write. A window that has run out starts again at 1.
 */
export async function countEvent(db: Db, scope: string, rule: ThrottleRule, now = new Date()): Promise<void> {
  const windowMs = rule.windowMinutes * 60_000;
  const cutoff = new Date(now.getTime() - windowMs);
  const lockUntil = new Date(now.getTime() + windowMs);
  const next = sql`case when f.window_start < ${cutoff}::timestamptz then 1 else f.failures + 1 end`;
  await sql`
    insert into sys_login_failure as f (scope, failures, window_start, locked_until)
    values (${scope}, 1, ${now}::timestamptz,
      ${rule.limit <= 1 ? lockUntil : null}::timestamptz)
    on conflict (scope) do update set
      failures = ${next},
      window_start = case when f.window_start < ${cutoff}::timestamptz
        then ${now}::timestamptz else f.window_start end,
      locked_until = case when ${next} >= ${rule.limit}::int
        then ${lockUntil}::timestamptz else null end`.execute(db);
  // Forget scopes whose window and lock are both over, so random usernames cannot pile up rows.
  await db
    .deleteFrom('sysLoginFailure')
    .where('windowStart', '<', cutoff)
    .where((eb) => eb.or([eb('lockedUntil', 'is', null), eb('lockedUntil', '<', now)]))
    .execute();
}

export async function clearScope(db: Db, scope: string): Promise<void> {
  await db.deleteFrom('sysLoginFailure').where('scope', '=', scope).execute();
}
