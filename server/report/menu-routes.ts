/**
 * 添加到菜单: a report becomes a menu entry (`/online/cgreport/<id>`, the report screen's
 * component) under a chosen menu (统计分析 by default), granted to the admin role; an admin then
 * gives it to other roles like any menu. Its grants decide who opens the report, its data rules
 * which rows they see.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { asRecord } from '../entity/body.js';
import { checkId, guarded } from '../entity/route-kit.js';
import { ApiError, ok } from '../result.js';
import { DefinitionMessages, loadDefinition } from './definition.js';
import { REPORT_PERMS, type ReportDeps } from './run.js';
import { reportDb } from './tables.js';
import { requireAuth } from '../sys/permission.js';

export const REPORT_SCREEN = 'modules/online/cgreport/auto/OnlCgreportAutoList';
export const DEFAULT_REPORT_PARENT = '/statistics';

export const MenuMessages = {
  noParent: '上级菜单不存在',
  exists: '该报表已在菜单中',
  added: '已添加到菜单',
} as const;

export function registerReportMenuRoutes(app: FastifyInstance, deps: ReportDeps): void {
  const db = deps.database.db;
  app.post(
    '/online/cgreport/head/addToMenu',
    { config: { access: { perm: REPORT_PERMS.edit } } },
    (request) =>
      guarded(async () => {
        const body = asRecord(request.body);
        const def = await loadDefinition(reportDb(db), checkId(body.id));
        if (!def) throw new ApiError(DefinitionMessages.notFound);
        const url = `/online/cgreport/${def.head.id}`;
        const taken = await db
          .selectFrom('sysPermission')
          .select('id')
          .where('url', '=', url)
          .where('delFlag', '=', 0)
          .executeTakeFirst();
        if (taken) throw new ApiError(MenuMessages.exists);
        const parent = body.parentId
          ? await db
              .selectFrom('sysPermission')
              .select(['id'])
              .where('id', '=', checkId(body.parentId))
              .where('delFlag', '=', 0)
              .executeTakeFirst()
          : await db
              .selectFrom('sysPermission')
              .select(['id'])
              .where('url', '=', DEFAULT_REPORT_PARENT)
              .where('delFlag', '=', 0)
              .executeTakeFirst();
        if (!parent) throw new ApiError(MenuMessages.noParent);
        const id = randomUUID().replace(/-/g, '');
        await db.transaction().execute(async (trx) => {
          await trx
            .insertInto('sysPermission')
            .values({
              id,
              parentId: parent.id,
              name:
                typeof body.name === 'string' && body.name.trim()
                  ? body.name.trim().slice(0, 100)
                  : def.head.name,
              url,
              component: REPORT_SCREEN,
              componentName: null,
              redirect: null,
              menuType: 1,
              perms: null,
              permsType: '1',
              sortNo: 50,
              alwaysShow: false,
              icon: 'BarChartOutlined',
              isRoute: true,
              isLeaf: true,
              keepAlive: false,
              hidden: false,
              hideTab: false,
              internalOrExternal: false,
              status: '1',
              delFlag: 0,
              createBy: requireAuth(request).username,
            })
            .execute();
          await trx.updateTable('sysPermission').set({ isLeaf: false }).where('id', '=', parent.id).execute();
          const admin = await trx
            .selectFrom('sysRole')
            .select('id')
            .where('roleCode', '=', 'admin')
            .executeTakeFirst();
          if (admin)
            await trx
              .insertInto('sysRolePermission')
              .values({ roleId: admin.id, permissionId: id })
              .execute();
        });
        return ok({ id, url }, MenuMessages.added);
      }),
  );
}
