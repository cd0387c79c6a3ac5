/**
 * A role's grants (the 授权 dialog): GET /sys/role/queryTreeList (every menu, button and field
 * row), GET /sys/permission/queryRolePermission?roleId (the granted ids), POST
 * /sys/permission/saveRolePermission {roleId, permissionIds, lastpermissionIds, dataRuleIds?}, and
 * the data rules of one menu entry for the role: GET /sys/role/datarule/:permissionId/:roleId
 * ({datarule, drChecked}) and POST /sys/role/datarule {permissionId, roleId, dataRuleIds}. A saved
 * grant shows in the role's users' permissions at once: their cached codes are dropped.
 */
import type { FastifyInstance } from 'fastify';
import { permissionsChanged } from '../../auth/permission-codes.js';
import type { Db } from '../../db/database.js';
import { asRecord } from '../../entity/body.js';
import { checkId, guarded } from '../../entity/route-kit.js';
import { ApiError, fail, ok, okMessage } from '../../result.js';
import { bodyText, idsOf, joinIds, perm, queryText, splitIds } from '../menu/admin-kit.js';
import { checkDataRules, difference, GrantMessages, grantedSet, readGrantBody } from '../menu/grant-body.js';
import { permissionTree } from '../menu/permission-tree.js';
import { RoleMessages, RolePerms } from './model.js';
import { holdersOf } from './store.js';

async function requireRole(db: Db, roleId: string): Promise<void> {
  const found = await db.selectFrom('sysRole').select('id').where('id', '=', roleId).executeTakeFirst();
  if (!found) throw new ApiError(RoleMessages.notFound);
}

async function rulesOf(db: Db, permissionId: string) {
  return db
    .selectFrom('sysPermissionDataRule')
    .selectAll()
    .where('permissionId', '=', permissionId)
    .orderBy('createTime')
    .orderBy('id')
    .execute();
}

export function registerRoleGrantRoutes(app: FastifyInstance, db: Db): void {
  const access = perm(RolePerms.authorize);

  app.get('/sys/role/queryTreeList', access, async () => ok(await permissionTree(db)));

  app.get('/sys/permission/queryRolePermission', access, (request) =>
    guarded(async () => {
      const roleId = checkId(queryText(request, 'roleId'));
      const rows = await db
        .selectFrom('sysRolePermission')
        .select('permissionId')
        .where('roleId', '=', roleId)
        .orderBy('permissionId')
        .execute();
      return ok(rows.map((r) => r.permissionId));
    }),
  );

  app.post('/sys/permission/saveRolePermission', access, (request) =>
    guarded(async () => {
      const body = readGrantBody(request.body, 'roleId', RoleMessages.noRole);
      const roleId = body.ownerId;
      await db.transaction().execute(async (trx) => {
        await requireRole(trx, roleId);
        const wanted = await grantedSet(trx, body.permissionIds);
        await checkDataRules(trx, body.dataRules, wanted);
        const stored = await trx
          .selectFrom('sysRolePermission')
          .select('permissionId')
          .where('roleId', '=', roleId)
          .execute();
        const { added, removed } = difference(
          stored.map((r) => r.permissionId),
          wanted,
        );
        if (removed.length > 0)
          await trx
            .deleteFrom('sysRolePermission')
            .where('roleId', '=', roleId)
            .where('permissionId', 'in', removed)
            .execute();
        if (added.length > 0)
          await trx
            .insertInto('sysRolePermission')
            .values(added.map((permissionId) => ({ roleId, permissionId })))
            .onConflict((oc) => oc.doNothing())
            .execute();
        for (const [permissionId, ruleIds] of body.dataRules)
          await trx
            .updateTable('sysRolePermission')
            .set({ dataRuleIds: joinIds(ruleIds) })
            .where('roleId', '=', roleId)
            .where('permissionId', '=', permissionId)
            .execute();
      });
      await permissionsChanged(db, await holdersOf(db, [roleId]));
      return okMessage(GrantMessages.saved);
    }),
  );

  app.get('/sys/role/datarule/:permissionId/:roleId', access, (request) =>
    guarded(async () => {
      const params = request.params as { permissionId: string; roleId: string };
      const permissionId = checkId(params.permissionId);
      const roleId = checkId(params.roleId);
      const datarule = await rulesOf(db, permissionId);
      if (datarule.length === 0) return fail(RoleMessages.noRules);
      const grant = await db
        .selectFrom('sysRolePermission')
        .select('dataRuleIds')
        .where('roleId', '=', roleId)
        .where('permissionId', '=', permissionId)
        .executeTakeFirst();
      const checked = splitIds(grant?.dataRuleIds);
      return ok(checked.length > 0 ? { datarule, drChecked: checked.join(',') } : { datarule });
    }),
  );

  app.post('/sys/role/datarule', access, (request) =>
    guarded(async () => {
      const body = asRecord(request.body);
      const permissionId = checkId(bodyText(body, 'permissionId'));
      const roleId = checkId(bodyText(body, 'roleId'));
      const ruleIds = idsOf(body.dataRuleIds);
      const grant = await db
        .selectFrom('sysRolePermission')
        .select('roleId')
        .where('roleId', '=', roleId)
        .where('permissionId', '=', permissionId)
        .executeTakeFirst();
      if (!grant) throw new ApiError(RoleMessages.grantFirst);
      await checkDataRules(db, new Map([[permissionId, ruleIds]]), [permissionId]);
      await db
        .updateTable('sysRolePermission')
        .set({ dataRuleIds: joinIds(ruleIds) })
        .where('roleId', '=', roleId)
        .where('permissionId', '=', permissionId)
        .execute();
      return okMessage('保存成功！');
    }),
  );
}
