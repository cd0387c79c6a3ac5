/**
 * 角色管理 at /sys/role (spec 001 section 7; JeecgBoot 3.4.3 SysRoleController): list, queryById,
 * add, edit, delete, deleteBatch and checkRoleCode (the role picker's queryall is with the pickers). A duplicate code is
 * refused as 角色编码已存在, a role some user still holds as 该角色已分配给用户，不能删除; nothing
 * changes on a refusal.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type Insertable, type SqlBool } from 'kysely';
import type { RecordValidation } from '../../../runtime/model/declaration/record-validator.js';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { newId } from '../../db/seed/ids.js';
import { addDictText } from '../../entity/dict-text.js';
import { asRecord } from '../../entity/body.js';
import { checkId, EntityMessages, guarded, idList, idParam, pageOf } from '../../entity/route-kit.js';
import { ApiError, fail, ok, okMessage } from '../../result.js';
import type { Row } from '../../entity/store.js';
import { actorOf, checkedValues, listQuery, perm, queryText, scopeOf, text } from '../menu/admin-kit.js';
import { ROLE_ALIAS, RoleMessages, roleModel } from './model.js';
import {
  codeTaken,
  countRoles,
  roleSqlContext,
  roleWhere,
  rolesInUse,
  selectRoles,
  type RoleRow,
} from './store.js';

const BASE = '/sys/role';

export interface RoleDeps {
  db: Db;
  timeZone: string;
  validation: RecordValidation;
}

interface RoleColumns {
  roleName?: string;
  roleCode?: string;
  description?: string | null;
}

/** The columns a checked body sends; on edit an absent field keeps its stored value. */
function columnsOf(values: Record<string, unknown>): RoleColumns {
  const out: RoleColumns = {};
  if (Object.hasOwn(values, 'roleName')) out.roleName = text(values.roleName) ?? '';
  if (Object.hasOwn(values, 'roleCode')) out.roleCode = text(values.roleCode) ?? '';
  if (Object.hasOwn(values, 'description')) out.description = text(values.description);
  return out;
}

/** Inserts a role; two adds of one code at once: the second is told the code is taken. */
async function insertRole(db: Db, values: Insertable<Database['sysRole']>): Promise<void> {
  try {
    await db.insertInto('sysRole').values(values).execute();
  } catch (error) {
    if ((error as { code?: unknown }).code === '23505') throw new ApiError(RoleMessages.codeTaken);
    throw error;
  }
}

export function registerRoleCrudRoutes(app: FastifyInstance, deps: RoleDeps): void {
  const { db, timeZone, validation } = deps;
  const ctx = roleSqlContext(timeZone);
  const { permissions } = roleModel;
  const scope = (request: FastifyRequest) => scopeOf(db, request, roleModel, ROLE_ALIAS, timeZone);
  const present = (rows: RoleRow[]) => addDictText(db, roleModel, rows as unknown as Row[]);
  const byIds = (ids: readonly string[]) =>
    sql<SqlBool>`${sql.ref(`${ROLE_ALIAS}.id`)} in (${sql.join([...ids])})`;

  /** The roles among `ids` the caller reaches; refuses when one is missing. */
  const reachable = async (request: FastifyRequest, ids: readonly string[]) => {
    const found = await countRoles(db, roleWhere(ctx, null, await scope(request), byIds(ids)));
    if (found !== ids.length) throw new ApiError(RoleMessages.notFound);
  };

  app.get(`${BASE}/list`, perm(permissions.list), (request) =>
    guarded(async () => {
      const query = listQuery(roleModel, request);
      const where = roleWhere(ctx, query.where, await scope(request));
      const total = await countRoles(db, where);
      const offset = (query.pageNo - 1) * query.pageSize;
      const rows =
        offset < total ? await selectRoles(db, { ctx, where }, query.sort, query.pageSize, offset) : [];
      return ok(pageOf(await present(rows), total, query.pageNo, query.pageSize));
    }),
  );

  app.get(`${BASE}/queryById`, perm(permissions.queryById), (request) =>
    guarded(async () => {
      const where = roleWhere(ctx, null, await scope(request), byIds([idParam(request)]));
      const [row] = await selectRoles(db, { ctx, where }, [], 1);
      if (!row) throw new ApiError(RoleMessages.notFound);
      return ok((await present([row]))[0]);
    }),
  );

  app.post(`${BASE}/add`, perm(permissions.add), (request) =>
    guarded(async () => {
      const columns = columnsOf(checkedValues(validation, roleModel, 'add', request.body));
      const roleCode = columns.roleCode ?? '';
      if (await codeTaken(db, roleCode)) throw new ApiError(RoleMessages.codeTaken);
      await insertRole(db, {
        id: newId(),
        roleName: columns.roleName ?? '',
        roleCode,
        description: columns.description ?? null,
        tenantId: 0,
        createBy: actorOf(request),
      });
      return okMessage(EntityMessages.added);
    }),
  );

  const edit = (request: FastifyRequest) =>
    guarded(async () => {
      const id = checkId(asRecord(request.body).id);
      const columns = columnsOf(checkedValues(validation, roleModel, 'edit', request.body));
      await reachable(request, [id]);
      if (columns.roleCode !== undefined && (await codeTaken(db, columns.roleCode, id)))
        throw new ApiError(RoleMessages.codeTaken);
      await db
        .updateTable('sysRole')
        .set({ ...columns, updateBy: actorOf(request), updateTime: new Date() })
        .where('id', '=', id)
        .execute();
      return okMessage(EntityMessages.edited);
    });
  app.put(`${BASE}/edit`, perm(permissions.edit), edit);
  app.post(`${BASE}/edit`, perm(permissions.edit), edit);

  /** Deletes roles no user holds; their grants go with them (foreign keys cascade). */
  const remove = async (request: FastifyRequest, ids: string[]) => {
    await reachable(request, ids);
    await db.transaction().execute(async (trx) => {
      // Locked first, so a user cannot be given the role between the check and the delete.
      await trx.selectFrom('sysRole').select('id').where('id', 'in', ids).forUpdate().execute();
      if (await rolesInUse(trx, ids)) throw new ApiError(RoleMessages.inUse);
      await trx.deleteFrom('sysRole').where('id', 'in', ids).execute();
    });
  };

  app.delete(`${BASE}/delete`, perm(permissions.delete), (request) =>
    guarded(async () => {
      await remove(request, [idParam(request)]);
      return okMessage(EntityMessages.deleted);
    }),
  );

  app.delete(`${BASE}/deleteBatch`, perm(permissions.deleteBatch), (request) =>
    guarded(async () => {
      await remove(request, idList(queryText(request, 'ids')));
      return okMessage(EntityMessages.batchDeleted);
    }),
  );

  // The form's check while typing: success with result true when the code is free.
  app.get(`${BASE}/checkRoleCode`, perm(permissions.list), (request) =>
    guarded(async () => {
      const roleCode = queryText(request, 'roleCode');
      const id = queryText(request, 'id');
      if (roleCode === '') return ok(true);
      if (await codeTaken(db, roleCode, id ? checkId(id) : undefined))
        return { ...fail(RoleMessages.codeTaken), result: false };
      return ok(true);
    }),
  );
}
