/**
 * The users of a role (the 用户 panel; JeecgBoot paths under /sys/user): GET userRoleList?roleId
 * (paged, searchable by account or name), POST addSysUserRole {roleId, userIdList}, DELETE
 * deleteUserRole?roleId&userId and deleteUserRoleBatch?roleId&userIds. The users whose roles changed
 * get their permission codes recomputed on their next request, on every server.
 */
import type { FastifyInstance } from 'fastify';
import { permissionsChanged } from '../../auth/permission-codes.js';
import type { Db } from '../../db/database.js';
import { asRecord } from '../../entity/body.js';
import { checkId, guarded, idList, pageOf } from '../../entity/route-kit.js';
import { likePattern } from '../../entity/sql.js';
import { ApiError, ok, okMessage } from '../../result.js';
import { idsOf, perm, queryText } from '../menu/admin-kit.js';
import { ADMIN_ROLE_CODE, RoleMessages, RolePerms } from './model.js';

const MAX_PAGE = 100;

function pageParams(raw: { pageNo: string; pageSize: string }) {
  const pageNo = Math.max(1, Math.min(Number.parseInt(raw.pageNo, 10) || 1, 1_000_000));
  const pageSize = Math.max(1, Math.min(Number.parseInt(raw.pageSize, 10) || 10, MAX_PAGE));
  return { pageNo, pageSize };
}

async function roleOf(db: Db, roleId: string) {
  const role = await db
    .selectFrom('sysRole')
    .select(['id', 'roleCode'])
    .where('id', '=', roleId)
    .executeTakeFirst();
  if (!role) throw new ApiError(RoleMessages.notFound);
  return role;
}

/** Taking the admin role from its last active holder would leave nobody to run the system. */
async function keepAnAdmin(db: Db, roleId: string, leaving: readonly string[]): Promise<void> {
  const left = await db
    .selectFrom('sysUserRole as ur')
    .innerJoin('sysUser as u', 'u.id', 'ur.userId')
    .select('u.id')
    .where('ur.roleId', '=', roleId)
    .where('u.status', '=', 1)
    .where('u.delFlag', '=', 0)
    .where('u.id', 'not in', [...leaving])
    .limit(1)
    .executeTakeFirst();
  if (!left) throw new ApiError(RoleMessages.lastAdmin);
}

export function registerRoleUserRoutes(app: FastifyInstance, db: Db): void {
  const access = perm(RolePerms.users);

  app.get('/sys/user/userRoleList', access, (request) =>
    guarded(async () => {
      const roleId = checkId(queryText(request, 'roleId'));
      const { pageNo, pageSize } = pageParams({
        pageNo: queryText(request, 'pageNo'),
        pageSize: queryText(request, 'pageSize'),
      });
      const word = queryText(request, 'username')
        .replace(/^\*+|\*+$/g, '')
        .slice(0, 50);
      let query = db
        .selectFrom('sysUser as u')
        .innerJoin('sysUserRole as ur', 'ur.userId', 'u.id')
        .where('ur.roleId', '=', roleId)
        .where('u.delFlag', '=', 0);
      if (word !== '') {
        const pattern = likePattern(word, 'contains');
        query = query.where((eb) =>
          eb.or([eb('u.username', 'ilike', pattern), eb('u.realname', 'ilike', pattern)]),
        );
      }
      const { total } = await query
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .executeTakeFirstOrThrow();
      const records = await query
        .select(['u.id', 'u.username', 'u.realname', 'u.workNo', 'u.sex', 'u.phone', 'u.status', 'u.orgCode'])
        .orderBy('u.username')
        .limit(pageSize)
        .offset((pageNo - 1) * pageSize)
        .execute();
      return ok(pageOf(records, Number(total), pageNo, pageSize));
    }),
  );

  app.post('/sys/user/addSysUserRole', access, (request) =>
    guarded(async () => {
      const body = asRecord(request.body);
      const role = await roleOf(db, checkId(body.roleId));
      const userIds = idsOf(body.userIdList);
      if (userIds.length === 0) throw new ApiError('请选择用户');
      const found = await db
        .selectFrom('sysUser')
        .select('id')
        .where('id', 'in', userIds)
        .where('delFlag', '=', 0)
        .execute();
      if (found.length !== userIds.length) throw new ApiError(RoleMessages.unknownUser);
      await db
        .insertInto('sysUserRole')
        .values(userIds.map((userId) => ({ userId, roleId: role.id })))
        .onConflict((oc) => oc.doNothing())
        .execute();
      await permissionsChanged(db, userIds);
      return okMessage(RoleMessages.usersAdded);
    }),
  );

  const removeUsers = async (roleId: string, userIds: string[]) => {
    await db.transaction().execute(async (trx) => {
      const role = await roleOf(trx, roleId);
      if (role.roleCode === ADMIN_ROLE_CODE) {
        // Serialises removals from the admin role, so two at once cannot both pass the check.
        await trx.selectFrom('sysRole').select('id').where('id', '=', roleId).forUpdate().execute();
        await keepAnAdmin(trx, roleId, userIds);
      }
      await trx
        .deleteFrom('sysUserRole')
        .where('roleId', '=', roleId)
        .where('userId', 'in', userIds)
        .execute();
    });
    await permissionsChanged(db, userIds);
  };

  app.delete('/sys/user/deleteUserRole', access, (request) =>
    guarded(async () => {
      await removeUsers(checkId(queryText(request, 'roleId')), [checkId(queryText(request, 'userId'))]);
      return okMessage(RoleMessages.userRemoved);
    }),
  );

  app.delete('/sys/user/deleteUserRoleBatch', access, (request) =>
    guarded(async () => {
      await removeUsers(checkId(queryText(request, 'roleId')), idList(queryText(request, 'userIds')));
      return okMessage(RoleMessages.userRemoved);
    }),
  );
}
