/**
 * GET /sys/user/queryUserComponentData: the user picker's right-hand list, for every signed-in user
 * (a form's picker must fill whatever the caller's roles). Users of a department include those of
 * its sub-departments (the tree on the left picks a branch). Only users of the caller's tenant are
 * listed, frozen ones left out, and only what a picker shows of a person leaves the server: id,
 * account, name and main department; never phone, e-mail, work number, position or credentials.
 */
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps.js';
import { ok } from '../result.js';
import { likePattern } from './dict-store.js';
import { requireAuth } from './permission.js';
import { queryText } from './pickers.js';
import { listsTenant } from './tenant-scope.js';
import type { PickerUser } from '../../runtime/model/contract/pickers.js';

export const MAX_PICKER_PAGE = 100;
/** sys_user.status of a frozen account (1 is normal). */
const FROZEN = 2;

function pageNumber(value: string, fallback: number, max: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, max) : fallback;
}

export function registerUserPickerRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps.database;

  app.get('/sys/user/queryUserComponentData', { config: { access: 'authenticated' } }, async (request) => {
    const current = pageNumber(queryText(request, 'pageNo'), 1, 100000);
    const size = pageNumber(queryText(request, 'pageSize'), 10, MAX_PICKER_PAGE);
    const username = queryText(request, 'username');
    const realname = queryText(request, 'realname');
    const departId = queryText(request, 'departId');

    // Only the people of the caller's tenant: a picker must not list another organisation's staff.
    // Frozen accounts (status 2) cannot sign in to do what they would be picked for: left out. A
    // value already naming one still shows the name (the field's dictionary is not filtered).
    let query = db
      .selectFrom('sysUser as u')
      .where('u.delFlag', '=', 0)
      .where('u.status', '<>', FROZEN)
      .where(listsTenant('u.rel_tenant_ids', requireAuth(request).tenantId));
    if (username) query = query.where('u.username', 'like', likePattern(username));
    if (realname) query = query.where('u.realname', 'like', likePattern(realname));
    if (departId) {
      // The branch: the department's own code is a prefix of every descendant's code.
      const branch = db
        .selectFrom('sysUserDepart as ud')
        .innerJoin('sysDepart as d', 'd.id', 'ud.depId')
        .innerJoin('sysDepart as root', (join) =>
          join.on('root.id', '=', departId).on(sql<boolean>`d.org_code like root.org_code || '%'`),
        )
        .select('ud.userId');
      query = query.where('u.id', 'in', branch);
    }
    const [{ total }] = await query.select((eb) => eb.fn.countAll<string>().as('total')).execute();
    const records: PickerUser[] = await query
      .leftJoin('sysDepart as org', (join) =>
        join.onRef('org.orgCode', '=', 'u.orgCode').on('org.delFlag', '=', 0),
      )
      .select(['u.id', 'u.username', 'u.realname', 'u.orgCode', 'org.departName as orgCodeTxt'])
      .orderBy('u.username')
      .limit(size)
      .offset((current - 1) * size)
      .execute();
    const count = Number(total);
    return ok({ records, total: count, size, current, pages: Math.ceil(count / size) });
  });
}
