import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps.js';
import { registerAlterationRoutes } from './alteration.js';
import { registerCaptchaRoutes } from './captcha.js';
import { registerLoginRoutes } from './login.js';
import { registerPasswordRoutes } from './password-routes.js';
import { registerPhoneLoginRoutes } from './phone-login.js';
import { registerRegistrationRoutes } from './register.js';
import { registerSmsRoutes } from './sms-routes.js';
import { registerWechatRoutes } from './wechat-routes.js';

/** Sign-in, sign-out, captcha, SMS codes, registration, recovery, password change and WeChat binding. */
export async function registerAuthRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  registerCaptchaRoutes(app, deps);
  registerLoginRoutes(app, deps);
  registerSmsRoutes(app, deps);
  registerPhoneLoginRoutes(app, deps);
  registerRegistrationRoutes(app, deps);
  registerAlterationRoutes(app, deps);
  registerPasswordRoutes(app, deps);
  registerWechatRoutes(app, deps);
}
