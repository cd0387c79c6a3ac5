/**
 * What a department is granted (部门权限) and what its roles are granted out of it (部门角色授权):
 *   GET  /sys/permission/queryDepartPermission?departId              the department's permission ids
 *   POST /sys/permission/saveDepartPermission {departId, permissionIds, lastpermissionIds}
 *   GET  /sys/sysDepartPermission/queryTreeListForDeptRole?departId  the department's part of the tree
 *   GET  /sys/sysDepartPermission/queryDeptRolePermission?roleId     a department role's permission ids
 *   POST /sys/sysDepartPermission/saveDeptRolePermission {roleId, permissionIds, lastpermissionIds}
 * A department role is granted only what its department holds; taking a row from the department
 * takes it from the department's roles too. The roles' members hold the codes at once.
 */
import type { FastifyInstance } from 'fastify';
import { sql, type SqlBool } from 'kysely';
import { permissionsChanged } from '../../auth/permission-codes.js';
import type { Db } from '../../db/database.js';
import { checkId, guarded } from '../../entity/route-kit.js';
import { ApiError, ok, okMessage } from '../../result.js';
import { joinIds, perm, queryText } from '../menu/admin-kit.js';
import { checkDataRules, difference, GrantMessages, grantedSet, readGrantBody } from '../menu/grant-body.js';
import { permissionTree } from '../menu/permission-tree.js';
import { DepartMessages, DepartPerms } from './model.js';
import { departDb, type DepartDb } from './tables.js';

export const DepartGrantMessages = {
  outsideDepart: '部门角色只能授予部门已有的权限',
  noRole: '参数错误：缺少roleId',
  roleNotFound: '未找到对应的部门角色',
} as const;

/** The members of the given department roles (their codes change with the roles' grants). */
export async function roleMembers(db: DepartDb, roleIds: readonly string[]): Promise<string[]> {
  if (roleIds.length === 0) return [];
  const rows = await db
    .selectFrom('sysDepartRoleUser')
    .select('userId')
    .distinct()
    .where('droleId', 'in', [...roleIds])
    .execute();
  return rows.map((r) => r.userId);
}

async function requireDepart(db: Db, departId: string): Promise<void> {
  const found = await db
    .selectFrom('sysDepart')
    .select('id')
    .where('id', '=', departId)
    .where('delFlag', '=', 0)
    .executeTakeFirst();
  if (!found) throw new ApiError(DepartMessages.notFound);
}

export function registerDepartPermissionRoutes(app: FastifyInstance, baseDb: Db): void {
  const db = departDb(baseDb);

  app.get('/sys/permission/queryDepartPermission', perm(DepartPerms.permission), (request) =>
    guarded(async () => {
      const departId = checkId(queryText(request, 'departId'));
      const rows = await db
        .selectFrom('sysDepartPermission')
        .select('permissionId')
        .where('departId', '=', departId)
        .orderBy('permissionId')
        .execute();
      return ok(rows.map((r) => r.permissionId));
    }),
  );

  app.post('/sys/permission/saveDepartPermission', perm(DepartPerms.permission), (request) =>
    guarded(async () => {
      const body = readGrantBody(request.body, 'departId', DepartMessages.noDepart);
      const departId = body.ownerId;
      const changedUsers = await baseDb.transaction().execute(async (base) => {
        const trx = departDb(base);
        await requireDepart(base, departId);
        const wanted = await grantedSet(base, body.permissionIds);
        await checkDataRules(base, body.dataRules, wanted);
        const stored = await trx
          .selectFrom('sysDepartPermission')
          .select('permissionId')
          .where('departId', '=', departId)
          .execute();
        const { added, removed } = difference(
          stored.map((r) => r.permissionId),
          wanted,
        );
        let affectedRoles: string[] = [];
        if (removed.length > 0) {
          await trx
            .deleteFrom('sysDepartPermission')
            .where('departId', '=', departId)
            .where('permissionId', 'in', removed)
            .execute();
          const taken = await trx
            .deleteFrom('sysDepartRolePermission')
            .where('departId', '=', departId)
            .where('permissionId', 'in', removed)
            .returning('roleId')
            .execute();
          affectedRoles = [...new Set(taken.map((r) => r.roleId))];
        }
        if (added.length > 0)
          await trx
            .insertInto('sysDepartPermission')
            .values(added.map((permissionId) => ({ departId, permissionId })))
            .onConflict((oc) => oc.doNothing())
            .execute();
        for (const [permissionId, ruleIds] of body.dataRules)
          await trx
            .updateTable('sysDepartPermission')
            .set({ dataRuleIds: joinIds(ruleIds) })
            .where('departId', '=', departId)
            .where('permissionId', '=', permissionId)
            .execute();
        return roleMembers(trx, affectedRoles);
      });
      await permissionsChanged(baseDb, changedUsers);
      return okMessage(GrantMessages.saved);
    }),
  );

  app.get('/sys/sysDepartPermission/queryTreeListForDeptRole', perm(DepartPerms.roles), (request) =>
    guarded(async () => {
      const departId = checkId(queryText(request, 'departId'));
      const held = sql<SqlBool>`p.id in (select permission_id from sys_depart_permission where depart_id = ${departId})`;
      return ok(await permissionTree(baseDb, held));
    }),
  );

  app.get('/sys/sysDepartPermission/queryDeptRolePermission', perm(DepartPerms.roles), (request) =>
    guarded(async () => {
      const roleId = checkId(queryText(request, 'roleId'));
      const rows = await db
        .selectFrom('sysDepartRolePermission')
        .select('permissionId')
        .where('roleId', '=', roleId)
        .orderBy('permissionId')
        .execute();
      return ok(rows.map((r) => r.permissionId));
    }),
  );

  app.post('/sys/sysDepartPermission/saveDeptRolePermission', perm(DepartPerms.roles), (request) =>
    guarded(async () => {
      const body = readGrantBody(request.body, 'roleId', DepartGrantMessages.noRole);
      const roleId = body.ownerId;
      await baseDb.transaction().execute(async (base) => {
        const trx = departDb(base);
        const role = await trx
          .selectFrom('sysDepartRole')
          .select(['id', 'departId'])
          .where('id', '=', roleId)
          .executeTakeFirst();
        if (!role) throw new ApiError(DepartGrantMessages.roleNotFound);
        const held = await trx
          .selectFrom('sysDepartPermission')
          .select('permissionId')
          .where('departId', '=', role.departId)
          .execute();
        const departSet = new Set(held.map((r) => r.permissionId));
        if (body.permissionIds.some((id) => !departSet.has(id)))
          throw new ApiError(DepartGrantMessages.outsideDepart);
        // The path down to a granted row, as far as the department holds it.
        const wanted = (await grantedSet(base, body.permissionIds)).filter((id) => departSet.has(id));
        await checkDataRules(base, body.dataRules, wanted);
        const stored = await trx
          .selectFrom('sysDepartRolePermission')
          .select('permissionId')
          .where('roleId', '=', roleId)
          .execute();
        const { added, removed } = difference(
          stored.map((r) => r.permissionId),
          wanted,
        );
        if (removed.length > 0)
          await trx
            .deleteFrom('sysDepartRolePermission')
            .where('roleId', '=', roleId)
            .where('permissionId', 'in', removed)
            .execute();
        if (added.length > 0)
          await trx
            .insertInto('sysDepartRolePermission')
            .values(added.map((permissionId) => ({ departId: role.departId, roleId, permissionId })))
            .onConflict((oc) => oc.doNothing())
            .execute();
        for (const [permissionId, ruleIds] of body.dataRules)
          await trx
            .updateTable('sysDepartRolePermission')
            .set({ dataRuleIds: joinIds(ruleIds) })
            .where('roleId', '=', roleId)
            .where('permissionId', '=', permissionId)
            .execute();
      });
      await permissionsChanged(baseDb, await roleMembers(db, [roleId]));
      return okMessage(GrantMessages.saved);
    }),
  );
}
