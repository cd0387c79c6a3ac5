/**
 * GET list, queryById, userById, queryUserRole. The list answers every signed-in user (the
 * contract's `list?username=a,b,&pageNo=1` resolves chosen accounts to names in any form), but only
 * holders of user:list get the admin view (contact data, roles, tenants) under their data scope;
 * everyone else gets what a picker shows of a person (id, account, name, avatar, departments), and
 * may filter and sort on those only. Both views hold the people of the caller's tenant only.
 */
import type { FastifyInstance } from 'fastify';
import { sql, type SqlBool } from 'kysely';
import { guarded, idParam, pageOf, queryOf } from '../../entity/route-kit.js';
import { ApiError, ok } from '../../result.js';
import { callerOf, seesAdminView, USER_LIST_PERM, type UserDeps } from './context.js';
import { UserMessages } from './messages.js';
import { USER_ALIAS } from './model.js';
import { compileUserQuery } from './query.js';
import { countUsers, findUser, presentUsers, selectUsers, type UserQuery } from './read.js';
import { inCallerTenant, userDataScope } from './scope.js';

const BASE = '/sys/user';
const listAccess = { config: { access: { perm: USER_LIST_PERM } } };

export function registerUserListRoutes(app: FastifyInstance, deps: UserDeps): void {
  const { db, ctx } = deps;

  app.get(`${BASE}/list`, { config: { access: 'authenticated' } }, (request) =>
    guarded(async () => {
      const auth = callerOf(request);
      const admin = await seesAdminView(db, auth);
      const query = compileUserQuery(queryOf(request), !admin);
      const q: UserQuery = {
        ctx,
        view: admin ? 'admin' : 'directory',
        condition: query.where,
        extra: [admin ? await userDataScope(db, deps.timeZone, auth) : inCallerTenant(auth)],
      };
      const total = await countUsers(db, q);
      const offset = (query.pageNo - 1) * query.pageSize;
      const rows = offset < total ? await selectUsers(db, q, query.sort, query.pageSize, offset) : [];
      const records = await presentUsers(db, rows, q.view);
      return ok(pageOf(records, total, query.pageNo, query.pageSize));
    }),
  );

  // The contract has both names for one answer: the user with its departments and roles.
  for (const path of ['queryById', 'userById']) {
    app.get(`${BASE}/${path}`, listAccess, (request) =>
      guarded(async () => {
        const id = idParam(request);
        const user = await findUser(db, ctx, id, await userDataScope(db, deps.timeZone, callerOf(request)));
        if (!user) throw new ApiError(UserMessages.notFound);
        return ok(user);
      }),
    );
  }

  // The role ids of a user (the contract's answer: ids, not codes).
  app.get(`${BASE}/queryUserRole`, listAccess, (request) =>
    guarded(async () => {
      const id = idParam(request, 'userid');
      const scope = await userDataScope(db, deps.timeZone, callerOf(request));
      const byId = sql<SqlBool>`${sql.ref(`${USER_ALIAS}.id`)} = ${id}`;
      const found = await countUsers(db, { ctx, view: 'admin', condition: null, extra: [byId, scope] });
      if (found === 0) throw new ApiError(UserMessages.notFound);
      const rows = await db
        .selectFrom('sysUserRole')
        .select('roleId')
        .where('userId', '=', id)
        .orderBy('roleId')
        .execute();
      return ok(rows.map((r) => r.roleId));
    }),
  );
}
