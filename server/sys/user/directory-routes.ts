/**
 * Directory reads: userList (every active person's id, account and name) and queryUserByDepId (the
 * members of one department, as a picker shows them) for every signed-in user, role or not; and
 * queryByOrgCodeForAddressList (the 通讯录: a department tree on the left, the people of the chosen
 * branch on the right, with phone and e-mail - an address list's purpose) for holders of
 * addressList:list, granted with the 通讯录 menu. Only live users of the caller's tenant; never
 * credentials.
 */
import type { FastifyInstance } from 'fastify';
import { sql, type SqlBool } from 'kysely';
import type { EntityModel } from '../../../runtime/model/declaration/model.js';
import type { Db } from '../../db/database.js';
import { addDictText } from '../../entity/dict-text.js';
import { guarded, idParam, pageOf, queryOf } from '../../entity/route-kit.js';
import { ok } from '../../result.js';
import { likePattern } from '../dict-store.js';
import { queryText } from '../pickers.js';
import { listsTenant } from '../tenant-scope.js';
import { callerOf, type UserDeps } from './context.js';
import { userModel, USER_ALIAS } from './model.js';
import { presentUsers, selectUsers } from './read.js';
import { inCallerTenant } from './scope.js';

const BASE = '/sys/user';
const authenticated = { config: { access: 'authenticated' as const } };
/** The 通讯录's code (a button of the 通讯录 menu, migration 0046): phones and e-mails of colleagues. */
export const ADDRESS_LIST_PERM = 'addressList:list';
/** Most users one unpaged directory answer carries. */
export const MAX_DIRECTORY_USERS = 2000;
const MAX_PAGE = 200;

const post = userModel.declared.filter((f) => f.name === 'post');
const postOnly: EntityModel = { ...userModel, fields: post, declared: post };

function page(request: Parameters<typeof queryOf>[0]): { pageNo: number; pageSize: number } {
  const q = queryOf(request);
  const n = (v: unknown, fallback: number, max: number) => {
    const x = Number(v);
    return Number.isInteger(x) && x >= 1 ? Math.min(x, max) : fallback;
  };
  return { pageNo: n(q.pageNo, 1, 1_000_000), pageSize: n(q.pageSize, 10, MAX_PAGE) };
}

interface AddressFilter {
  tenantId: number;
  orgCode: string;
  realname: string;
  workNo: string;
}

/** Active members of the tenant in departments whose code starts with `orgCode` (all when empty). */
function addressQuery(db: Db, { tenantId, orgCode, realname, workNo }: AddressFilter) {
  let q = db
    .selectFrom('sysUser as u')
    .where('u.delFlag', '=', 0)
    .where('u.status', '=', 1)
    .where(listsTenant('u.rel_tenant_ids', tenantId));
  if (orgCode)
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('sysUserDepart as ud')
          .innerJoin('sysDepart as d', 'd.id', 'ud.depId')
          .select('ud.userId')
          .whereRef('ud.userId', '=', 'u.id')
          .where('d.delFlag', '=', 0)
          .where(sql<SqlBool>`left(d.org_code, length(${orgCode})) = ${orgCode}`),
      ),
    );
  if (realname) q = q.where('u.realname', 'ilike', likePattern(realname));
  if (workNo) q = q.where('u.workNo', 'ilike', likePattern(workNo));
  return q;
}

export function registerUserDirectoryRoutes(app: FastifyInstance, deps: UserDeps): void {
  const { db, ctx } = deps;

  app.get(`${BASE}/userList`, authenticated, async (request) => {
    const users = await db
      .selectFrom('sysUser as u')
      .select(['u.id', 'u.username', 'u.realname'])
      .where('u.delFlag', '=', 0)
      .where('u.status', '=', 1)
      .where(listsTenant('u.rel_tenant_ids', callerOf(request).tenantId))
      .orderBy('u.username')
      .limit(MAX_DIRECTORY_USERS)
      .execute();
    return ok(users);
  });

  app.get(`${BASE}/queryUserByDepId`, authenticated, (request) =>
    guarded(async () => {
      const departId = idParam(request);
      const realname = queryText(request, 'realname');
      const member = sql<SqlBool>`exists (select 1 from sys_user_depart ud
        where ud.user_id = ${sql.ref(`${USER_ALIAS}.id`)} and ud.dep_id = ${departId})`;
      const active = sql<SqlBool>`${sql.ref(`${USER_ALIAS}.status`)} = 1`;
      const named = realname
        ? sql<SqlBool>`${sql.ref(`${USER_ALIAS}.realname`)} ilike ${likePattern(realname)}`
        : null;
      const tenant = inCallerTenant(callerOf(request));
      const q = { ctx, view: 'directory' as const, condition: null, extra: [member, active, named, tenant] };
      const rows = await selectUsers(db, q, [{ field: 'username', order: 'asc' }], MAX_DIRECTORY_USERS);
      return ok(await presentUsers(db, rows, 'directory'));
    }),
  );

  const addressAccess = { config: { access: { perm: ADDRESS_LIST_PERM } } };
  app.get(`${BASE}/queryByOrgCodeForAddressList`, addressAccess, async (request) => {
    const orgCode = queryText(request, 'orgCode');
    const { pageNo, pageSize } = page(request);
    const base = addressQuery(db, {
      tenantId: callerOf(request).tenantId,
      orgCode,
      realname: queryText(request, 'realname'),
      workNo: queryText(request, 'workNo'),
    });
    const { total } = await base
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow();
    const rows = await base
      .select(['u.id', 'u.username', 'u.realname', 'u.workNo', 'u.avatar', 'u.sex', 'u.phone', 'u.email'])
      .select(['u.post', 'u.orgCode'])
      .orderBy('u.orgCode')
      .orderBy('u.username')
      .limit(pageSize)
      .offset((pageNo - 1) * pageSize)
      .execute();
    const ids = rows.map((r) => r.id);
    const departs =
      ids.length === 0
        ? []
        : await db
            .selectFrom('sysUserDepart as ud')
            .innerJoin('sysDepart as d', 'd.id', 'ud.depId')
            .select(['ud.userId', 'd.departName'])
            .where('ud.userId', 'in', ids)
            .where('d.delFlag', '=', 0)
            .where(sql<SqlBool>`left(d.org_code, length(${orgCode})) = ${orgCode}`)
            .orderBy('d.orgCode')
            .execute();
    const records = rows.map((r) => ({
      ...r,
      telephone: null,
      departName: departs
        .filter((d) => d.userId === r.id)
        .map((d) => d.departName)
        .join(','),
    }));
    return ok(pageOf(await addDictText(db, postOnly, records), Number(total), pageNo, pageSize));
  });
}
