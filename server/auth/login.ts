import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps.js';
import { readToken } from '../http/authenticate.js';
import { ApiError, okMessage } from '../result.js';
import { checkCaptcha } from './captcha.js';
import { bodySchema, clientIp, findUserByUsername, MAX } from './common.js';
import { buildLoginResult, writeLoginLog } from './login-result.js';
import { LoginMessages } from './messages.js';
import { DUMMY_HASH, verifyPassword } from './password.js';
import { hashToken, revokeSession } from './sessions.js';
import { clearSignInFailures, countSignInFailure, readSignInState, slowDown } from './sign-in-throttle.js';

interface LoginBody {
  username?: string;
  password?: string;
  captcha?: string;
  checkKey?: string;
}

export function registerLoginRoutes(app: FastifyInstance, deps: AppDeps): void {
  const db = deps.database.db;

  app.post<{ Body: LoginBody }>(
    '/sys/login',
    {
      config: { access: 'public' },
      schema: bodySchema({
        username: MAX.username,
        password: MAX.password,
        captcha: MAX.code,
        checkKey: 200,
      }),
    },
    async (request) => {
      const { username = '', password = '', captcha, checkKey } = request.body ?? {};
      const ip = clientIp(request);
      const attempt = { username, ip };
      const state = await readSignInState(db, deps.config, attempt);
      // A noisy address waits before anything is looked at, whatever the outcome will be.
      await slowDown(deps, state.delayMs);
      // The captcha mode asks every sign-in for one; an account at its failure limit asks even when
      // the mode is off, so guesses spread over many addresses meet a captcha after the limit.
      if (deps.config.captcha.kind !== 'off' || state.captchaRequired) {
        await checkCaptcha(db, captcha, checkKey);
      }

      // A locked pair refuses even the right password, and costs no hashing. Only this address is
      // locked out of this account: the owner elsewhere signs in (with the captcha, see above).
      if (state.lockedMinutes > 0) throw new ApiError(LoginMessages.locked(state.lockedMinutes));

      // Unknown and deleted accounts are checked against a dummy hash: same answer, same time.
      const user = await findUserByUsername(db, username);
      const valid = await verifyPassword(password, user?.passwordHash ?? DUMMY_HASH);
      if (!user || !valid) {
        await countSignInFailure(db, deps.config, attempt);
        throw new ApiError(LoginMessages.badCredentials);
      }
      // Only now, so a frozen account's state is not revealed to someone without its password.
      if (user.status !== 1) throw new ApiError(LoginMessages.frozen);
      await clearSignInFailures(db, attempt);
      return buildLoginResult(deps, user, ip);
    },
  );

  // Public so a client holding an expired token can still sign out cleanly; only the presented
  // token's own session is revoked, never anyone else's.
  app.post('/sys/logout', { config: { access: 'public' } }, async (request) => {
    const token = readToken(request);
    if (token && token.length <= 200) {
      const tokenHash = hashToken(token);
      const session = await db
        .selectFrom('sysSession')
        .innerJoin('sysUser', 'sysUser.id', 'sysSession.userId')
        .select(['sysUser.id', 'sysUser.username', 'sysSession.revokedAt'])
        .where('sysSession.tokenHash', '=', tokenHash)
        .executeTakeFirst();
      if (session && !session.revokedAt) {
        await revokeSession(db, tokenHash, 'logout');
        await writeLoginLog(db, session, clientIp(request), `用户名: ${session.username},退出成功！`);
      }
    }
    return okMessage(LoginMessages.logout);
  });
}
