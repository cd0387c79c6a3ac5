import { sql, type Selectable } from 'kysely';
import type { ServerConfig } from '../config.js';
import type { Db } from '../db/database.js';
import type { SysLoginFailureTable } from '../db/schema.js';

/**
 * Counting throttle over sys_login_failure. A scope ('user:<name>', 'ip:<address>', 'mobile:<number>',
 * ...) may see `limit` events inside a window of `windowMinutes`; the event that reaches the limit
 * locks the scope for another `windowMinutes`. Counters live in the database so every API instance
 * behind a proxy sees the same numbers. What a lock means is the caller's: sign-in
 * (sign-in-throttle.ts) refuses a locked (account, address) pair, asks a locked account for a
 * captcha and only slows an address down.
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
  // Address first: a real address holds no '/', so the first '/' ends it whatever the name holds.
  pair: (username: string, ip: string) => key('pair', `${ip}/${username}`),
  mobile: (mobile: string) => key('mobile', mobile),
  smsAddress: (ip: string) => key('sms-ip', ip),
  lookupAddress: (ip: string) => key('lookup-ip', ip),
};

export type ScopeRow = Selectable<SysLoginFailureTable>;

// Whole minutes, at least 1, so a message never says "0 minutes" while a lock still holds.
function minutesUntil(until: Date | null | undefined, now: Date): number {
  if (!until || until.getTime() <= now.getTime()) return 0;
  return Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
}

/** Whole minutes (at least 1) until the longest lock among the scopes ends; 0 when none is locked. */
export async function lockedMinutes(db: Db, scopeKeys: string[], now = new Date()): Promise<number> {
  if (scopeKeys.length === 0) return 0;
  const row = await db
    .selectFrom('sysLoginFailure')
    .select((eb) => eb.fn.max('lockedUntil').as('until'))
    .where('scope', 'in', scopeKeys)
    .where('lockedUntil', '>', now)
    .executeTakeFirst();
  return minutesUntil(row?.until ? new Date(row.until) : null, now);
}

/** The stored counters of several scopes in one read, by scope key; a scope without failures is absent. */
export async function readScopes(db: Db, scopeKeys: string[]): Promise<Map<string, ScopeRow>> {
  const rows = await db.selectFrom('sysLoginFailure').selectAll().where('scope', 'in', scopeKeys).execute();
  return new Map(rows.map((row) => [row.scope, row]));
}

/** Whole minutes (at least 1) until one scope's lock ends; 0 when it is not locked. */
export function minutesLocked(row: ScopeRow | undefined, now = new Date()): number {
  return minutesUntil(row?.lockedUntil, now);
}

/** Failures counted in the scope's current window; 0 once that window has run out. */
export function failuresInWindow(row: ScopeRow | undefined, rule: ThrottleRule, now = new Date()): number {
  if (!row) return 0;
  const cutoff = now.getTime() - rule.windowMinutes * 60_000;
  return row.windowStart.getTime() < cutoff ? 0 : row.failures;
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

export async function clearScope(db: Db, ...scopeKeys: string[]): Promise<void> {
  if (scopeKeys.length === 0) return;
  await db.deleteFrom('sysLoginFailure').where('scope', 'in', scopeKeys).execute();
}
