/**
 * 在线用户 (JeecgBoot 3.4 SysUserOnlineController paths): GET /sys/online/list, POST
 * /sys/online/forceLogout {id}. The id is the session's opaque sid, never its token: the contract's
 * `token` field is not answered and not accepted. A forced session's next request is answered with
 * 强制登录 (server/http/authenticate.ts), which the client shows as the signed-in-elsewhere dialog.
 */
import type { FastifyInstance } from 'fastify';
import { compileListQuery } from '../../../runtime/model/query/compile.js';
import type { AppDeps } from '../../deps.js';
import { revokeSession } from '../../auth/sessions.js';
import { clientIp } from '../../auth/common.js';
import { writeLoginLog } from '../../auth/login-result.js';
import { asRecord } from '../../entity/body.js';
import { addDictText } from '../../entity/dict-text.js';
import { checkId, guarded, pageOf, queryOf } from '../../entity/route-kit.js';
import { conditionSql, type SqlContext } from '../../entity/sql.js';
import { ApiError, ok, okMessage } from '../../result.js';
import { allOf, perm } from '../menu/admin-kit.js';
import { requireAuth } from '../permission.js';
import { OnlineMessages, OnlinePerms, onlineFieldOf, onlineUserModel, ONLINE_ALIAS } from './model.js';
import { countOnline, liveSession, selectOnline } from './store.js';

const BASE = '/sys/online';

export function registerOnlineRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps.database;
  const policy = deps.config;
  const ctx: SqlContext = { model: onlineUserModel, timeZone: deps.config.timeZone, alias: ONLINE_ALIAS };

  app.get(`${BASE}/list`, perm(OnlinePerms.list), (request) =>
    guarded(async () => {
      const query = compileListQuery(queryOf(request), onlineFieldOf, {
        defaultSort: onlineUserModel.defaultSort,
      });
      const q = {
        policy,
        viewerTokenHash: requireAuth(request).tokenHash,
        where: allOf([query.where ? conditionSql(ctx, query.where) : null]),
      };
      const total = await countOnline(db, q);
      const offset = (query.pageNo - 1) * query.pageSize;
      const rows =
        offset < total ? await selectOnline(db, { ...q, ctx, sort: query.sort }, query.pageSize, offset) : [];
      // Only the declared dictionaries: a session has no createBy / updateBy to name.
      const presented = await addDictText(db, { ...onlineUserModel, fields: onlineUserModel.declared }, rows);
      return ok(pageOf(presented, total, query.pageNo, query.pageSize));
    }),
  );

  app.post(`${BASE}/forceLogout`, perm(OnlinePerms.forceLogout), (request) =>
    guarded(async () => {
      const admin = requireAuth(request);
      const sid = checkId(asRecord(request.body).id);
      const session = await liveSession(db, policy, sid);
      if (!session) throw new ApiError(OnlineMessages.gone);
      // Other sessions of one's own account may go (a forgotten device); the one in use may not.
      if (session.tokenHash === admin.tokenHash) throw new ApiError(OnlineMessages.self);
      await revokeSession(db, session.tokenHash, 'forced');
      await writeLoginLog(
        db,
        { id: session.userId, username: session.username },
        clientIp(request),
        `用户名: ${session.username},被${admin.username}强制退出！`,
      );
      return okMessage(OnlineMessages.forced);
    }),
  );
}
