import { setTimeout as sleep } from 'node:timers/promises';
import type { ServerConfig } from '../config.js';
import type { Db } from '../db/database.js';
import type { AppDeps } from '../deps.js';
import {
  accountRule,
  addressRule,
  clearScope,
  countEvent,
  failuresInWindow,
  minutesLocked,
  readScopes,
  scopes,
  type ScopeRow,
} from './throttle.js';

/**
 * The sign-in throttle (issue 30). A wrong password counts in three scopes, each with its own
 * consequence, so that nobody can lock another person out from somewhere else:
 * - the (account, address) pair: at the account limit that account is locked from that address;
 * - the account: at the same limit it needs a right captcha from every address, even where the
 *   server asks for none (CAPTCHA=off), until its window runs out or it signs in;
 * - the address: over its limit (x5) every attempt from it waits, longer with each failure, but it
 *   never refuses anybody (one office, or every client of a proxy without TRUST_PROXY, shares it).
 */

/** Waits without blocking the event loop; the route takes it from AppDeps so tests can record it. */
export type Pause = (ms: number) => Promise<void>;

export const timerPause: Pause = async (ms) => {
  await sleep(ms);
};

/** Spends an address's wait, if any: an awaited timer, so other requests go on meanwhile. */
export async function slowDown(deps: AppDeps, ms: number): Promise<void> {
  if (ms > 0) await (deps.pause ?? timerPause)(ms);
}

/** Each failure past the address's limit adds this much wait, up to the cap. */
export const ADDRESS_DELAY_STEP_MS = 250;
export const ADDRESS_DELAY_MAX_MS = 4_000;

/** The wait before an attempt from an address with `failures` in its window, given its limit. */
export function addressDelayMs(failures: number, limit: number): number {
  const over = failures - limit + 1;
  return over > 0 ? Math.min(ADDRESS_DELAY_MAX_MS, over * ADDRESS_DELAY_STEP_MS) : 0;
}

/** The wait an address's stored counter asks for, under the configured address rule. */
export function addressDelayOf(row: ScopeRow | undefined, config: ServerConfig, now = new Date()): number {
  const rule = addressRule(config);
  return addressDelayMs(failuresInWindow(row, rule, now), rule.limit);
}

export interface SignInAttempt {
  username: string;
  ip: string;
}

export interface SignInState {
  /** Minutes this account stays locked from this address; 0 when it is not. */
  lockedMinutes: number;
  /** The account reached its limit from somewhere: a right captcha is needed from everywhere. */
  captchaRequired: boolean;
  /** How long this attempt waits before it is looked at, because of its address. */
  delayMs: number;
}

function attemptScopes(attempt: SignInAttempt) {
  return {
    pair: scopes.pair(attempt.username, attempt.ip),
    account: scopes.user(attempt.username),
    address: scopes.ip(attempt.ip),
  };
}

/** The three counters of an attempt in one read, and what they mean for it. */
export async function readSignInState(
  db: Db,
  config: ServerConfig,
  attempt: SignInAttempt,
  now = new Date(),
): Promise<SignInState> {
  const keys = attemptScopes(attempt);
  const rows = await readScopes(db, [keys.pair, keys.account, keys.address]);
  return {
    lockedMinutes: minutesLocked(rows.get(keys.pair), now),
    captchaRequired: minutesLocked(rows.get(keys.account), now) > 0,
    delayMs: addressDelayOf(rows.get(keys.address), config, now),
  };
}

/** Counts a wrong password (or an unknown account) against the pair, the account and the address. */
export async function countSignInFailure(
  db: Db,
  config: ServerConfig,
  attempt: SignInAttempt,
  now = new Date(),
): Promise<void> {
  const keys = attemptScopes(attempt);
  await countEvent(db, keys.pair, accountRule(config), now);
  await countEvent(db, keys.account, accountRule(config), now);
  await countEvent(db, keys.address, addressRule(config), now);
}

/**
 * After a success: the pair and the account start again. The address keeps its count, or a
 * guesser could sign in to an account of its own between guesses to wipe its slow-down.
 */
export async function clearSignInFailures(db: Db, attempt: SignInAttempt): Promise<void> {
  const keys = attemptScopes(attempt);
  await clearScope(db, keys.pair, keys.account);
}
