import type { FastifyInstance } from 'fastify';
import { checkChosenPassword, checkMobile } from '../../runtime/model/validation/password.js';
import type { AppDeps } from '../deps.js';
import { ApiError, ok, okMessage } from '../result.js';
import { bodySchema, clientIp, findUserByPhone, MAX } from './common.js';
import { AccountMessages, SmsMessages } from './messages.js';
import { hashPassword } from './password.js';
import { revokeUserSessions } from './sessions.js';
import { SmsMode } from './sms-codes.js';
import { verifySmsCodeOrThrow } from './sms-verify.js';
import { clearSignInFailures } from './sign-in-throttle.js';

interface PhoneVerificationBody {
  phone?: string;
  smscode?: string;
}

interface PasswordResetBody {
  username?: string;
  password?: string;
  smscode?: string;
  phone?: string;
}

/**
 * Forgotten password (/user/alteration): step 2 proves the phone with a recovery code
 * (phoneVerification answers the account name), step 3 sets the new password (passwordChange).
 * The code is checked again at step 3 and spent there, and the account must be the one the phone
 * belongs to: the original let the code check fail and carried on, and did not bind name to phone.
 * passwordChange is POST only: the Vue2 client sent these fields as a GET query, which would put the
 * new password into URLs and access logs.
 */
export function registerAlterationRoutes(app: FastifyInstance, deps: AppDeps): void {
  const db = deps.database.db;

  app.post<{ Body: PhoneVerificationBody }>(
    '/sys/user/phoneVerification',
    { config: { access: 'public' }, schema: bodySchema({ phone: MAX.mobile, smscode: MAX.code }) },
    async (request) => {
      const { phone = '', smscode = '' } = request.body ?? {};
      const mobileMessage = checkMobile(phone);
      if (mobileMessage) throw new ApiError(mobileMessage);
      await verifySmsCodeOrThrow(deps, {
        mobile: phone,
        mode: SmsMode.forgot,
        code: smscode,
        ip: clientIp(request),
        consume: false,
        lockedMessage: SmsMessages.verifyLocked,
      });
      const user = await findUserByPhone(db, phone);
      if (!user) throw new ApiError(SmsMessages.noUser);
      return ok({ smscode, username: user.username });
    },
  );

  app.post<{ Body: PasswordResetBody }>(
    '/sys/user/passwordChange',
    {
      config: { access: 'public' },
      schema: bodySchema({
        username: MAX.username,
        password: MAX.password,
        smscode: MAX.code,
        phone: MAX.mobile,
      }),
    },
    async (request) => {
      const { username = '', password = '', smscode = '', phone = '' } = request.body ?? {};
      const formatMessage = checkMobile(phone) ?? checkChosenPassword(password);
      if (formatMessage) throw new ApiError(formatMessage);
      // Spend the code before looking at the name, so the call is no oracle for "is this name that phone's".
      await verifySmsCodeOrThrow(deps, {
        mobile: phone,
        mode: SmsMode.forgot,
        code: smscode,
        ip: clientIp(request),
        consume: true,
        lockedMessage: SmsMessages.verifyLocked,
      });
      const user = await findUserByPhone(db, phone);
      if (!user || user.username !== username) throw new ApiError(AccountMessages.phoneMismatch);
      const now = new Date();
      await db
        .updateTable('sysUser')
        .set({
          passwordHash: await hashPassword(password),
          modifyTime: now,
          updateTime: now,
          updateBy: username,
        })
        .where('id', '=', user.id)
        .execute();
      await revokeUserSessions(db, user.id, 'password');
      // The owner proved the phone: this address's lock on the account and the account's captcha
      // demand go. Locks of other addresses (a guesser's) keep running.
      await clearSignInFailures(db, { username: user.username, ip: clientIp(request) });
      return okMessage(AccountMessages.resetDone);
    },
  );
}
