import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps.js';
import type { Db } from '../db/database.js';
import { loadUserInfo } from '../auth/user-info.js';
import { AuthMessages } from '../http/authenticate.js';
import { fail, ok, ResultCode } from '../result.js';
import { requireAuth } from './permission.js';

export interface UserDepart {
  id: string;
  parentId: string | null;
  departName: string;
  orgCode: string;
  orgCategory: string;
  departOrder: number;
}

/** The departments a user belongs to (sys_user_depart), in tree order. */
export async function loadUserDeparts(db: Db, userId: string): Promise<UserDepart[]> {
  return db
    .selectFrom('sysDepart as d')
    .innerJoin('sysUserDepart as ud', 'ud.depId', 'd.id')
    .select(['d.id', 'd.parentId', 'd.departName', 'd.orgCode', 'd.orgCategory', 'd.departOrder'])
    .where('ud.userId', '=', userId)
    .where('d.delFlag', '=', 0)
    .orderBy('d.orgCode')
    .execute();
}

function stringField(body: unknown, name: string): string {
  const value = body && typeof body === 'object' ? (body as Record<string, unknown>)[name] : undefined;
  return typeof value === 'string' ? value.trim() : '';
}

export function registerDepartRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps.database;

  app.get('/sys/user/getCurrentUserDeparts', { config: { access: 'authenticated' } }, async (request) => {
    const auth = requireAuth(request);
    const list = await loadUserDeparts(db, auth.userId);
    return ok({ list, orgCode: auth.orgCode });
  });

  app.put('/sys/selectDepart', { config: { access: 'authenticated' } }, async (request) => {
    const auth = requireAuth(request);
    const username = stringField(request.body, 'username');
    const orgCode = stringField(request.body, 'orgCode');
    // The client sends the username too; it may only ever switch its own department.
    if (username !== auth.username) return fail(AuthMessages.noPermission, ResultCode.NO_AUTH);
    if (!orgCode) return fail('请选择部门');
    const departs = await loadUserDeparts(db, auth.userId);
    if (!departs.some((d) => d.orgCode === orgCode)) return fail('该部门不属于当前用户');
    await db
      .updateTable('sysUser')
      .set({ orgCode, updateBy: auth.username, updateTime: new Date() })
      .where('id', '=', auth.userId)
      .execute();
    const userInfo = await loadUserInfo(db, auth.userId);
    return ok({ userInfo });
  });
}
