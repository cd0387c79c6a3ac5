/**
 * Department roles (部门角色; JeecgBoot SysDepartRoleController at /sys/sysDepartRole): list?deptId,
 * add, edit, delete?id, deleteBatch?ids, getDeptRoleList?departId (the roles a member can be given),
 * getDeptRoleByUserId?userId&departId and deptRoleUserAdd {userId, newRoleId, oldRoleId, departId?}
 * (a member's roles in the department). Only members of the department can hold its roles; a code
 * is unique within its department. Members whose roles change hold the new codes at once.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { permissionsChanged } from '../../auth/permission-codes.js';
import type { Db } from '../../db/database.js';
import { newId } from '../../db/seed/ids.js';
import { asRecord } from '../../entity/body.js';
import { checkId, guarded, idList, idParam, pageOf } from '../../entity/route-kit.js';
import { likePattern } from '../../entity/sql.js';
import { ApiError, ok, okMessage } from '../../result.js';
import { actorOf, idsOf, perm, queryText, text } from '../menu/admin-kit.js';
import { DepartMessages, DepartPerms } from './model.js';
import { roleMembers } from './permission-routes.js';
import { departDb, type DepartDb } from './tables.js';

const BASE = '/sys/sysDepartRole';

export const DepartRoleMessages = {
  noName: '请输入部门角色名称',
  noCode: '请输入部门角色编码',
  badCode: '部门角色编码以字母开头，只能包含字母、数字和下划线',
  tooLong: '长度不能超过100个字符',
  codeTaken: '角色编码已存在',
  notFound: '未找到对应的部门角色',
  notMember: '该用户不属于此部门',
  added: '添加成功！',
  edited: '编辑成功！',
  deleted: '删除成功！',
  saved: '保存成功！',
} as const;

const CODE = /^[A-Za-z][A-Za-z0-9_]*$/;

interface RoleInput {
  roleName: string;
  roleCode: string;
  description: string | null;
}

function readRole(body: Record<string, unknown>): RoleInput {
  const input = {
    roleName: text(body.roleName) ?? '',
    roleCode: text(body.roleCode) ?? '',
    description: text(body.description),
  };
  if (!input.roleName) throw new ApiError(DepartRoleMessages.noName);
  if (!input.roleCode) throw new ApiError(DepartRoleMessages.noCode);
  if (!CODE.test(input.roleCode)) throw new ApiError(DepartRoleMessages.badCode);
  if (input.roleName.length > 100 || input.roleCode.length > 100 || (input.description?.length ?? 0) > 255)
    throw new ApiError(DepartRoleMessages.tooLong);
  return input;
}

async function codeTaken(db: DepartDb, departId: string, roleCode: string, exceptId?: string) {
  let query = db
    .selectFrom('sysDepartRole')
    .select('id')
    .where('departId', '=', departId)
    .where('roleCode', '=', roleCode);
  if (exceptId) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export function registerDepartRoleRoutes(app: FastifyInstance, baseDb: Db): void {
  const db = departDb(baseDb);
  const access = perm(DepartPerms.roles);

  const roleOf = async (id: string) => {
    const role = await db.selectFrom('sysDepartRole').selectAll().where('id', '=', id).executeTakeFirst();
    if (!role) throw new ApiError(DepartRoleMessages.notFound);
    return role;
  };

  app.get(`${BASE}/list`, access, (request) =>
    guarded(async () => {
      const departId = checkId(queryText(request, 'deptId') || queryText(request, 'departId'));
      const pageNo = Math.max(1, Number.parseInt(queryText(request, 'pageNo'), 10) || 1);
      const pageSize = Math.min(100, Math.max(1, Number.parseInt(queryText(request, 'pageSize'), 10) || 10));
      const word = queryText(request, 'roleName')
        .replace(/^\*+|\*+$/g, '')
        .slice(0, 50);
      let query = db.selectFrom('sysDepartRole').where('departId', '=', departId);
      if (word) query = query.where('roleName', 'ilike', likePattern(word, 'contains'));
      const { total } = await query
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .executeTakeFirstOrThrow();
      const records = await query
        .selectAll()
        .orderBy('createTime')
        .orderBy('id')
        .limit(pageSize)
        .offset((pageNo - 1) * pageSize)
        .execute();
      return ok(pageOf(records, Number(total), pageNo, pageSize));
    }),
  );

  app.post(`${BASE}/add`, access, (request) =>
    guarded(async () => {
      const body = asRecord(request.body);
      const departId = checkId(body.departId);
      const input = readRole(body);
      const depart = await db
        .selectFrom('sysDepart')
        .select('id')
        .where('id', '=', departId)
        .executeTakeFirst();
      if (!depart) throw new ApiError(DepartMessages.notFound);
      if (await codeTaken(db, departId, input.roleCode)) throw new ApiError(DepartRoleMessages.codeTaken);
      await db
        .insertInto('sysDepartRole')
        .values({ id: newId(), departId, ...input, createBy: actorOf(request) })
        .execute();
      return okMessage(DepartRoleMessages.added);
    }),
  );

  const edit = (request: FastifyRequest) =>
    guarded(async () => {
      const body = asRecord(request.body);
      const role = await roleOf(checkId(body.id));
      const input = readRole(body);
      if (await codeTaken(db, role.departId, input.roleCode, role.id))
        throw new ApiError(DepartRoleMessages.codeTaken);
      await db
        .updateTable('sysDepartRole')
        .set({ ...input, updateBy: actorOf(request), updateTime: new Date() })
        .where('id', '=', role.id)
        .execute();
      return okMessage(DepartRoleMessages.edited);
    });
  app.put(`${BASE}/edit`, access, edit);
  app.post(`${BASE}/edit`, access, edit);

  const remove = async (ids: string[]) => {
    const members = await roleMembers(db, ids);
    const gone = await db.deleteFrom('sysDepartRole').where('id', 'in', ids).executeTakeFirst();
    if (Number(gone.numDeletedRows) === 0) throw new ApiError(DepartRoleMessages.notFound);
    await permissionsChanged(baseDb, members);
  };

  app.delete(`${BASE}/delete`, access, (request) =>
    guarded(async () => {
      await remove([idParam(request)]);
      return okMessage(DepartRoleMessages.deleted);
    }),
  );

  app.delete(`${BASE}/deleteBatch`, access, (request) =>
    guarded(async () => {
      await remove(idList(queryText(request, 'ids')));
      return okMessage(DepartRoleMessages.deleted);
    }),
  );

  app.get(`${BASE}/getDeptRoleList`, access, (request) =>
    guarded(async () => {
      const departId = checkId(queryText(request, 'departId'));
      const roles = await db
        .selectFrom('sysDepartRole')
        .selectAll()
        .where('departId', '=', departId)
        .orderBy('createTime')
        .orderBy('id')
        .execute();
      return ok(roles);
    }),
  );

  app.get(`${BASE}/getDeptRoleByUserId`, access, (request) =>
    guarded(async () => {
      const userId = checkId(queryText(request, 'userId'));
      const departId = queryText(request, 'departId');
      let query = db
        .selectFrom('sysDepartRoleUser as ru')
        .innerJoin('sysDepartRole as r', 'r.id', 'ru.droleId')
        .select(['ru.userId', 'ru.droleId', 'r.departId'])
        .where('ru.userId', '=', userId);
      if (departId) query = query.where('r.departId', '=', checkId(departId));
      return ok(await query.orderBy('ru.droleId').execute());
    }),
  );

  // A member's roles in the department become newRoleId (oldRoleId, the client's idea of them, is not trusted).
  app.post(`${BASE}/deptRoleUserAdd`, access, (request) =>
    guarded(async () => {
      const body = asRecord(request.body);
      const userId = checkId(body.userId);
      const wanted = idsOf(body.newRoleId);
      const named = [...new Set([...wanted, ...idsOf(body.oldRoleId)])];
      await baseDb.transaction().execute(async (base) => {
        const trx = departDb(base);
        const roles = named.length
          ? await trx
              .selectFrom('sysDepartRole')
              .select(['id', 'departId'])
              .where('id', 'in', named)
              .execute()
          : [];
        if (roles.length !== named.length) throw new ApiError(DepartRoleMessages.notFound);
        const given = text(body.departId);
        const departs = new Set([...roles.map((r) => r.departId), ...(given ? [checkId(given)] : [])]);
        for (const departId of departs) {
          const member = await trx
            .selectFrom('sysUserDepart')
            .select('userId')
            .where('userId', '=', userId)
            .where('depId', '=', departId)
            .executeTakeFirst();
          if (!member && wanted.some((id) => roles.find((r) => r.id === id)?.departId === departId))
            throw new ApiError(DepartRoleMessages.notMember);
          // Everything the user holds in this department is replaced by the wanted roles there.
          await trx
            .deleteFrom('sysDepartRoleUser')
            .where('userId', '=', userId)
            .where('droleId', 'in', (eb) =>
              eb.selectFrom('sysDepartRole').select('id').where('departId', '=', departId),
            )
            .execute();
        }
        if (wanted.length > 0)
          await trx
            .insertInto('sysDepartRoleUser')
            .values(wanted.map((droleId) => ({ userId, droleId })))
            .onConflict((oc) => oc.doNothing())
            .execute();
      });
      await permissionsChanged(baseDb, [userId]);
      return okMessage(DepartRoleMessages.saved);
    }),
  );
}
