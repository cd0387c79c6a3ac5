import type { AppDeps } from '../app.js';
import { ApiError } from '../result.js';
import { SmsMessages } from './messages.js';
import { checkSmsCode, type SmsModeValue } from './sms-codes.js';
import { accountRule, addressRule, clearScope, countEvent, lockedMinutes, scopes } from './throttle.js';

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
 * ('mobile:<n>') and the address, on top of the per-code attempt budget.
 */
export async function verifySmsCodeOrThrow(deps: AppDeps, check: SmsCheck): Promise<void> {
  const db = deps.database.db;
  const mobileScope = scopes.mobile(check.mobile);
  const ipScope = scopes.ip(check.ip);
  const minutes = await lockedMinutes(db, [mobileScope, ipScope]);
  if (minutes > 0) throw new ApiError(check.lockedMessage(minutes));
  const valid = await checkSmsCode(db, check.mobile, check.mode, check.code, check.consume);
  if (!valid) {
    await countEvent(db, mobileScope, accountRule(deps.config));
    await countEvent(db, ipScope, addressRule(deps.config));
    throw new ApiError(SmsMessages.wrongCode);
  }
  await clearScope(db, mobileScope);
}
