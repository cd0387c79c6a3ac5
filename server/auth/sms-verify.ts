import type { AppDeps } from '../deps.js';
import { ApiError } from '../result.js';
import { SmsMessages } from './messages.js';
import { checkSmsCode, type SmsModeValue } from './sms-codes.js';
import { addressDelayOf, slowDown } from './sign-in-throttle.js';
import {
  accountRule,
  addressRule,
  clearScope,
  countEvent,
  minutesLocked,
  readScopes,
  scopes,
} from './throttle.js';

export interface SmsCheck {
  mobile: string;
  mode: SmsModeValue;
  code: string;
  ip: string;
  /** Delete the code when it matches (the last step of a flow). */
  consume: boolean;
  /** The message when the number or the address is locked. */
  lockedMessage: (minutes: number) => string;
}

/**
 * A one-time code check under the same throttle as passwords: wrong codes count against the number
 * ('mobile:<n>') and the address, on top of the per-code attempt budget. Like at sign-in the address
 * is only slowed down, never locked: the codes of people sharing it are not its failures.
 */
export async function verifySmsCodeOrThrow(deps: AppDeps, check: SmsCheck): Promise<void> {
  const db = deps.database.db;
  const mobileScope = scopes.mobile(check.mobile);
  const ipScope = scopes.ip(check.ip);
  const rows = await readScopes(db, [mobileScope, ipScope]);
  await slowDown(deps, addressDelayOf(rows.get(ipScope), deps.config));
  const minutes = minutesLocked(rows.get(mobileScope));
  if (minutes > 0) throw new ApiError(check.lockedMessage(minutes));
  const valid = await checkSmsCode(db, check.mobile, check.mode, check.code, check.consume);
  if (!valid) {
    await countEvent(db, mobileScope, accountRule(deps.config));
    await countEvent(db, ipScope, addressRule(deps.config));
    throw new ApiError(SmsMessages.wrongCode);
  }
  await clearScope(db, mobileScope);
}
