import type { FastifyInstance } from 'fastify';
import { checkChosenPassword, checkMobile, checkUsername } from '../../runtime/model/validation/password.js';
import type { AppDeps } from '../deps.js';
import type { Db } from '../db/database.js';
import { newId } from '../db/seed/ids.js';
import { ApiError, bare, fail, okMessage } from '../result.js';
import { bodySchema, clientIp, findUserByPhone, MAX, querySchema } from './common.js';
import { AccountMessages, SmsMessages } from './messages.js';
import { hashPassword } from './password.js';
import { SmsMode } from './sms-codes.js';
import { verifySmsCodeOrThrow } from './sms-verify.js';
import { addressRule, countEvent, lockedMinutes, scopes } from './throttle.js';
import { configValue } from '../sys/config/values.js';
import { answerCheckOnlyUser, type CheckOnlyUserQuery } from '../sys/user/unique.js';

/**
 * Self-registered accounts join the default tenant with no role: anyone can make one through the
 * public page, so it reads nothing until an admin gives it a role, or sets 系统配置's
 * `register.defaultRole` to the role code every new account gets.
 */
const DEFAULT_TENANTS = '1';
export const REGISTER_ROLE_SETTING = 'register.defaultRole';
// Existence checks are generous (the form checks as the user types) but bounded per address.
const LOOKUP_FACTOR = 20;

interface RegisterBody {
  username?: string;
  password?: string;
  phone?: string;
  smscode?: string;
}

/** Any account row, deleted or not, holds its username: the column is unique across both. */
async function usernameTaken(db: Db, username: string): Promise<boolean> {
  const row = await db.selectFrom('sysUser').select('id').where('username', '=', username).executeTakeFirst();
  return row !== undefined;
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

export function registerRegistrationRoutes(app: FastifyInstance, deps: AppDeps): void {
  const db = deps.database.db;

  // success true = the value is free (the contract's sense). The registration form asks for a
  // username or a phone; a signed-in caller (the user form of 用户管理) may also ask for an e-mail or
  // a work number and name the user being edited, whose own values are not duplicates.
  app.get<{ Querystring: CheckOnlyUserQuery }>(
    '/sys/user/checkOnlyUser',
    {
      config: { access: 'public' },
      schema: querySchema({
        username: MAX.username,
        phone: MAX.mobile,
        email: MAX.email,
        workNo: MAX.username,
        id: 64,
      }),
    },
    async (request) => {
      const { username, phone } = request.query;
      const scope = scopes.lookupAddress(clientIp(request));
      const minutes = await lockedMinutes(db, [scope]);
      if (minutes > 0) return fail(AccountMessages.lookupLocked(minutes));
      await countEvent(db, scope, addressRule(deps.config, LOOKUP_FACTOR));
      if (request.auth) return answerCheckOnlyUser(db, request.query);
      if (username)
        return (await usernameTaken(db, username)) ? fail(AccountMessages.usernameTaken) : bare(null);
      if (phone) return (await findUserByPhone(db, phone)) ? fail(SmsMessages.phoneTaken) : bare(null);
      return fail(AccountMessages.checkParams);
    },
  );

  app.post<{ Body: RegisterBody }>(
    '/sys/user/register',
    {
      config: { access: 'public' },
      schema: bodySchema({
        username: MAX.username,
        password: MAX.password,
        phone: MAX.mobile,
        smscode: MAX.code,
      }),
    },
    async (request) => {
      const { username = '', password = '', phone = '', smscode = '' } = request.body ?? {};
      const formatMessage = checkUsername(username) ?? checkChosenPassword(password) ?? checkMobile(phone);
      if (formatMessage) throw new ApiError(formatMessage);
      if (await usernameTaken(db, username)) throw new ApiError(AccountMessages.usernameTaken);
      if (await findUserByPhone(db, phone)) throw new ApiError(SmsMessages.phoneTaken);
      await verifySmsCodeOrThrow(deps, {
        mobile: phone,
        mode: SmsMode.register,
        code: smscode,
        ip: clientIp(request),
        consume: true,
        lockedMessage: SmsMessages.verifyLocked,
      });

      const roleCode = await configValue(db, REGISTER_ROLE_SETTING);
      const role =
        typeof roleCode === 'string' && roleCode.trim() !== ''
          ? await db
              .selectFrom('sysRole')
              .select('id')
              .where('roleCode', '=', roleCode.trim())
              .executeTakeFirst()
          : undefined;
      const id = newId();
      const now = new Date();
      const passwordHash = await hashPassword(password);
      try {
        await db.transaction().execute(async (trx) => {
          await trx
            .insertInto('sysUser')
            .values({
              id,
              username,
              realname: username,
              passwordHash,
              phone,
              status: 1,
              delFlag: 0,
              relTenantIds: DEFAULT_TENANTS,
              modifyTime: now,
              createBy: username,
              createTime: now,
            })
            .execute();
          if (role) await trx.insertInto('sysUserRole').values({ userId: id, roleId: role.id }).execute();
        });
      } catch (error) {
        // Someone took the name or number between the checks and the insert.
        if (isUniqueViolation(error)) throw new ApiError(AccountMessages.usernameTaken);
        throw error;
      }
      return okMessage(AccountMessages.registered);
    },
  );
}
