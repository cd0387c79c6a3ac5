import type { FastifyInstance } from 'fastify';
import { validatePasswordChange } from '../../runtime/model/validation/password.js';
import type { AppDeps } from '../deps.js';
import type { Db } from '../db/database.js';
import { AuthMessages, type AuthContext } from '../http/authenticate.js';
import { ApiError, ok, ResultCode } from '../result.js';
import { bodySchema, clientIp, findUserByUsername, MAX, querySchema } from './common.js';
import { AccountMessages, LoginMessages } from './messages.js';
import { hashPassword, verifyPassword } from './password.js';
import { revokeUserSessions } from './sessions.js';
import { countSignInFailure, readSignInState, slowDown } from './sign-in-throttle.js';

const DAY_MS = 86_400_000;
const ADMIN_ROLE = 'admin';

interface UpdatePasswordBody {
  username?: string;
  oldpassword?: string;
  password?: string;
  confirmpassword?: string;
}

/** Days left before the password must be changed; 0 (expired) when it was never changed. */
export function passwordDaysLeft(modifyTime: Date | null, expireDays: number, now = new Date()): number {
  if (!modifyTime) return 0;
  return expireDays - Math.floor((now.getTime() - modifyTime.getTime()) / DAY_MS);
}

async function isAdmin(db: Db, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('sysUserRole as ur')
    .innerJoin('sysRole as r', 'r.id', 'ur.roleId')
    .select('r.id')
    .where('ur.userId', '=', userId)
    .where('r.roleCode', '=', ADMIN_ROLE)
    .executeTakeFirst();
  return row !== undefined;
}

function signedIn(auth: AuthContext | null): AuthContext {
  // The 'authenticated' access declaration guarantees this; the check keeps the types honest.
  if (!auth) throw new ApiError(AuthMessages.tokenInvalid, ResultCode.TOKEN_INVALID, 401);
  return auth;
}

export function registerPasswordRoutes(app: FastifyInstance, deps: AppDeps): void {
  const db = deps.database.db;

  app.put<{ Body: UpdatePasswordBody }>(
    '/sys/user/updatePassword',
    {
      config: { access: 'authenticated' },
      schema: bodySchema({
        username: MAX.username,
        oldpassword: MAX.password,
        password: MAX.password,
        confirmpassword: MAX.password,
      }),
    },
    async (request) => {
      const auth = signedIn(request.auth);
      const body = request.body ?? {};
      // Only the signed-in user's own password, whatever name the body carries.
      if (body.username !== auth.username) throw new ApiError(AuthMessages.noPermission, ResultCode.NO_AUTH);
      const failure = validatePasswordChange(body);
      if (failure) throw new ApiError(failure.message);

      // Guessing the current password with a stolen session is throttled like signing in: the
      // account is locked from this address (the pair), never from the owner's other places.
      const attempt = { username: auth.username, ip: clientIp(request) };
      const state = await readSignInState(db, deps.config, attempt);
      await slowDown(deps, state.delayMs);
      if (state.lockedMinutes > 0) throw new ApiError(LoginMessages.locked(state.lockedMinutes));
      const user = await findUserByUsername(db, auth.username);
      if (!user) throw new ApiError(AccountMessages.userMissing);
      if (!(await verifyPassword(body.oldpassword ?? '', user.passwordHash))) {
        await countSignInFailure(db, deps.config, attempt);
        throw new ApiError(AccountMessages.oldPasswordWrong);
      }

      const modifyTime = new Date();
      await db
        .updateTable('sysUser')
        .set({
          passwordHash: await hashPassword(body.password ?? ''),
          modifyTime,
          updateTime: modifyTime,
          updateBy: auth.username,
        })
        .where('id', '=', user.id)
        .execute();
      // Whoever else holds a session of this account is signed out; this browser stays signed in.
      await revokeUserSessions(db, user.id, 'password', auth.tokenHash);
      return ok({ modifyTime }, AccountMessages.passwordChanged);
    },
  );

  app.get<{ Querystring: { username?: string } }>(
    '/sys/user/getUserInfoByUserName',
    { config: { access: 'authenticated' }, schema: querySchema({ username: MAX.username }) },
    async (request) => {
      const auth = signedIn(request.auth);
      const username = request.query.username || auth.username;
      if (username !== auth.username && !(await isAdmin(db, auth.userId))) {
        throw new ApiError(AuthMessages.noPermission, ResultCode.NO_AUTH);
      }
      const user = await findUserByUsername(db, username);
      if (!user) throw new ApiError(AccountMessages.userMissing);
      return ok(passwordDaysLeft(user.modifyTime, deps.config.passwordExpireDays));
    },
  );
}
