import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { checkMobile } from '../../runtime/model/validation/password.js';
import type { AppDeps } from '../deps.js';
import { ApiError, bare, fail, type Result } from '../result.js';
import { bodySchema, clientIp, findUserByPhone, MAX } from './common.js';
import { SmsMessages } from './messages.js';
import { isSmsMode, issueSmsCode, SmsMode, withdrawSmsCode } from './sms-codes.js';
import { addressRule, countEvent, lockedMinutes, scopes } from './throttle.js';

interface SmsBody {
  mobile?: string;
  smsmode?: string;
}

/**
 * POST /sys/sms {mobile, smsmode}: '0' sign-in and '2' recovery need an account with that number,
 * '1' registration needs the number to be free. One code per number and purpose a minute; the
 * address may ask for a bounded number of messages per window (each one costs money and annoys
 * the number's owner, and the answers reveal which numbers are registered).
 */
async function sendSms(deps: AppDeps, request: FastifyRequest<{ Body: SmsBody }>): Promise<Result<null>> {
  const db = deps.database.db;
  const { mobile = '', smsmode } = request.body ?? {};
  const mobileMessage = checkMobile(mobile);
  if (mobileMessage) return fail(mobileMessage);
  if (!isSmsMode(smsmode)) return fail(SmsMessages.badMode);

  const ipScope = scopes.smsAddress(clientIp(request));
  const minutes = await lockedMinutes(db, [ipScope]);
  if (minutes > 0) return fail(SmsMessages.sendLocked(minutes));
  // Every request counts, not only sent messages: the answers tell registered numbers apart.
  await countEvent(db, ipScope, addressRule(deps.config));

  const user = await findUserByPhone(db, mobile);
  if (smsmode === SmsMode.register && user) return fail(SmsMessages.phoneTaken);
  if (smsmode !== SmsMode.register && !user) return fail(SmsMessages.noUser);

  const issued = await issueSmsCode(db, mobile, smsmode);
  if (issued.status === 'too-soon') return fail(SmsMessages.tooSoon);
  try {
    await deps.sms.send(mobile, issued.code, smsmode);
  } catch (error) {
    request.log.error({ err: error }, 'sms gateway failed');
    await withdrawSmsCode(db, issued.id);
    throw new ApiError(SmsMessages.sendFailed);
  }
  return bare(null, SmsMessages.sent);
}

export function registerSmsRoutes(app: FastifyInstance, deps: AppDeps): void {
  const options = {
    config: { access: 'public' as const },
    schema: bodySchema({ mobile: MAX.mobile, smsmode: 2 }),
  };
  const handler = (request: FastifyRequest<{ Body: SmsBody }>, _reply: FastifyReply) =>
    sendSms(deps, request);
  app.post<{ Body: SmsBody }>('/sys/sms', options, handler);
  // The older Vue2 API module names the same call /account/sms.
  app.post<{ Body: SmsBody }>('/account/sms', options, handler);
}
