import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/database.js';
import { forgetSessions, lookupSession, type SessionPolicy } from '../auth/sessions.js';
import { fail, ResultCode } from '../result.js';
import type { RouteAccess } from './access.js';
import { hasPermission } from '../auth/permission-codes.js';

async function anyPermission(db: Db, userId: string, codes: readonly string[]): Promise<boolean> {
  for (const code of codes) if (await hasPermission(db, userId, code)) return true;
  return false;
}

export interface AuthContext {
  userId: string;
  username: string;
  realname: string;
  tenantId: number;
  orgCode: string | null;
  tokenHash: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

export const AuthMessages = {
  tokenInvalid: 'Token失效，请重新登录!',
  forced: '强制登录：该账号已在其他设备登录或被管理员强制下线，请重新登录!',
  tenantChanged: '用户租户信息变更,请重新登陆!',
  locked: '账号已被锁定,请联系管理员!',
  noPermission: '没有权限，请联系管理员授权',
  noTenant: '该账号未关联任何租户，请联系管理员!',
} as const;

/** The tenants a user belongs to (sys_user.rel_tenant_ids "1,2"), in the order listed; 0 is none. */
export function tenantsOf(relTenantIds: string): number[] {
  return relTenantIds
    .split(',')
    .map((item) => Number(item.trim()))
    .filter((id) => Number.isInteger(id) && id > 0);
}

/**
 * The tenant a request works in. The client picks one after sign-in and sends it as tenant-id on
 * every call; it must be one of the user's (null: refused). Without it (absent, empty or 0, as a
 * client that never picked sends) the request works in the user's first tenant, never in "tenant
 * 0": tenant-scoped rows all carry a real tenant, so 0 would show empty screens, and code that
 * reads 0 as "every tenant" must never see it from a caller. 0 only when the user has no tenant.
 */
export function requestTenant(header: string | string[] | undefined, relTenantIds: string): number | null {
  const tenants = tenantsOf(relTenantIds);
  const asked = typeof header === 'string' && header.trim() !== '' ? Number(header) : 0;
  if (asked === 0) return tenants[0] ?? 0;
  return tenants.includes(asked) ? asked : null;
}

/**
 * The token comes only from the X-Access-Token header: never from the URL, where it would end up in
 * logs, history and referrers (sockets will use a sub-protocol).
 */
export function readToken(request: FastifyRequest): string {
  const header = request.headers['x-access-token'];
  return typeof header === 'string' ? header : '';
}

function deny(reply: FastifyReply, status: number, message: string, code: number) {
  return reply.status(status).send(fail(message, code));
}

/**
 * Resolves the caller and enforces the route's declared access. The HTTP statuses follow the
 * client's error catalogue: 401 for no or unknown token (notify, sign out, reload), 500 with
 * Token失效 / 强制登录 for a session that existed but ended (the 登录已过期 dialog).
 */
export function installAuthentication(app: FastifyInstance, db: Db, policy: SessionPolicy): void {
  app.decorateRequest('auth', null);
  // Sessions are reused for a second (sessions.ts): a request that may have changed a user or a
  // session drops them before its answer leaves, so the caller's next request reads them anew.
  app.addHook('onSend', async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && request.method !== 'OPTIONS')
      forgetSessions(db);
  });
  app.addHook('onRequest', async (request, reply) => {
    const access: RouteAccess | undefined = request.routeOptions.config?.access;
    if (!access) return; // 404 handler: nothing to protect
    const token = readToken(request);
    if (access === 'public' && !token) return;
    const found = token ? await lookupSession(db, policy, token) : ({ status: 'unknown' } as const);
    if (found.status !== 'ok') {
      if (access === 'public') return;
      if (found.status === 'unknown')
        return deny(reply, 401, AuthMessages.tokenInvalid, ResultCode.TOKEN_INVALID);
      if (found.status === 'revoked' && found.reason === 'forced')
        return deny(reply, 500, AuthMessages.forced, 500);
      return deny(reply, 500, AuthMessages.tokenInvalid, ResultCode.ERROR);
    }
    const user = found.user;
    if (!user || user.delFlag !== 0) {
      if (access === 'public') return;
      return deny(reply, 401, AuthMessages.tokenInvalid, ResultCode.TOKEN_INVALID);
    }
    if (user.status !== 1) {
      if (access === 'public') return;
      return deny(reply, 401, AuthMessages.locked, ResultCode.TOKEN_INVALID);
    }
    const tenantId = requestTenant(request.headers['tenant-id'], user.relTenantIds);
    if (tenantId === null) {
      if (access === 'public') return;
      return deny(reply, 401, AuthMessages.tenantChanged, ResultCode.TOKEN_INVALID);
    }
    if (tenantId === 0) {
      if (access === 'public') return;
      return deny(reply, 401, AuthMessages.noTenant, ResultCode.TOKEN_INVALID);
    }
    request.auth = {
      userId: user.id,
      username: user.username,
      realname: user.realname,
      tenantId,
      orgCode: user.orgCode,
      tokenHash: found.tokenHash,
    };
    if (typeof access === 'object') {
      const codes = typeof access.perm === 'string' ? [access.perm] : access.perm;
      if (!(await anyPermission(db, user.id, codes)))
        return deny(reply, 200, AuthMessages.noPermission, ResultCode.NO_AUTH);
    }
  });
}
