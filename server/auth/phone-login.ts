import type { FastifyInstance } from 'fastify';
import { checkMobile } from '../../runtime/model/validation/password.js';
import type { AppDeps } from '../deps.js';
import { ApiError } from '../result.js';
import { bodySchema, clientIp, findUserByPhone, MAX } from './common.js';
import { buildLoginResult } from './login-result.js';
import { LoginMessages, SmsMessages } from './messages.js';
import { SmsMode } from './sms-codes.js';
import { verifySmsCodeOrThrow } from './sms-verify.js';

interface PhoneLoginBody {
  mobile?: string;
  captcha?: string;
}

/** POST /sys/phoneLogin {mobile, captcha}: `captcha` is the SMS code; the answer is the login result. */
export function registerPhoneLoginRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.post<{ Body: PhoneLoginBody }>(
    '/sys/phoneLogin',
    { config: { access: 'public' }, schema: bodySchema({ mobile: MAX.mobile, captcha: MAX.code }) },
    async (request) => {
      const { mobile = '', captcha = '' } = request.body ?? {};
      const mobileMessage = checkMobile(mobile);
      if (mobileMessage) throw new ApiError(mobileMessage);
      const ip = clientIp(request);
      await verifySmsCodeOrThrow(deps, {
        mobile,
        mode: SmsMode.login,
        code: captcha,
        ip,
        consume: true,
        lockedMessage: LoginMessages.locked,
      });
      // The account may have been deleted or frozen since the code was sent.
      const user = await findUserByPhone(deps.database.db, mobile);
      if (!user) throw new ApiError(SmsMessages.noUser);
      if (user.status !== 1) throw new ApiError(LoginMessages.frozen);
      return buildLoginResult(deps, user, ip);
    },
  );
}
