/**
 * The 部门管理 screen's calls at /sys/sysDepart (the declared tree's contract): rootList,
 * childList?pid, queryById, add, edit, delete?id, deleteBatch?ids and loadTreeRoot (the 上级部门
 * picker). Reads and changes go through the caller's data rules on the screen's menu entry.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type SqlBool } from 'kysely';
import { single } from '../../../runtime/model/query/compile.js';
import type { RecordValidation } from '../../../runtime/model/declaration/record-validator.js';
import { permissionsChanged } from '../../auth/permission-codes.js';
import type { Db } from '../../db/database.js';
import { asRecord } from '../../entity/body.js';
import { addDictText } from '../../entity/dict-text.js';
import { checkId, guarded, idList, idParam, pageOf, queryOf } from '../../entity/route-kit.js';
import { conditionSql } from '../../entity/sql.js';
import type { Row } from '../../entity/store.js';
import { ApiError, ok, okMessage } from '../../result.js';
import {
  actorOf,
  allOf,
  checkedValues,
  listQuery,
  nestSelectNodes,
  perm,
  queryText,
  scopeOf,
  text,
} from '../menu/admin-kit.js';
import { requireAuth } from '../permission.js';
import { DEPART_ALIAS, DepartMessages, DepartPerms, departModel } from './model.js';
import {
  countDeparts,
  departSqlContext,
  isRootDepart,
  screenRow,
  selectDeparts,
  type DepartRow,
} from './store.js';
import { addDepart, deleteDeparts, editDepart, type DepartColumns } from './write.js';

const BASE = '/sys/sysDepart';
const MAX_CHILDREN = 1000;
const TEXTS = ['mobile', 'fax', 'address', 'memo'] as const;

function columnsOf(values: Record<string, unknown>): DepartColumns {
  const has = (name: string) => Object.hasOwn(values, name);
  const out: DepartColumns = {};
  if (has('departName')) out.departName = text(values.departName) ?? '';
  if (has('parentId')) {
    const parentId = text(values.parentId);
    out.parentId = parentId && parentId !== '0' ? checkId(parentId) : null;
  }
  if (has('orgCategory')) out.orgCategory = text(values.orgCategory) ?? '2';
  if (has('departOrder')) out.departOrder = values.departOrder === null ? 0 : Number(values.departOrder);
  for (const name of TEXTS) if (has(name)) out[name] = text(values[name]);
  return out;
}

export function registerDepartScreenRoutes(
  app: FastifyInstance,
  db: Db,
  timeZone: string,
  validation: RecordValidation,
): void {
  const ctx = departSqlContext(timeZone);
  const access = perm(DepartPerms.list);
  const scope = (request: FastifyRequest) => scopeOf(db, request, departModel, DEPART_ALIAS, timeZone);
  const present = (rows: DepartRow[]) => addDictText(db, departModel, rows.map(screenRow) as Row[]);
  const reachable = async (request: FastifyRequest, ids: readonly string[]) => {
    const where = allOf([sql<SqlBool>`d.id in (${sql.join([...ids])})`, await scope(request)]);
    if ((await countDeparts(db, where)) !== ids.length) throw new ApiError(DepartMessages.notFound);
  };

  app.get(`${BASE}/rootList`, access, (request) =>
    guarded(async () => {
      const query = listQuery(departModel, request, ['hasQuery']);
      const search = single(queryOf(request), 'hasQuery') === 'true' && query.where !== null;
      const where = allOf([
        query.where ? conditionSql(ctx, query.where) : null,
        search ? null : isRootDepart,
        await scope(request),
      ]);
      const total = await countDeparts(db, where);
      const offset = (query.pageNo - 1) * query.pageSize;
      const rows =
        offset < total ? await selectDeparts(db, ctx, where, query.sort, query.pageSize, offset) : [];
      return ok(pageOf(await present(rows), total, query.pageNo, query.pageSize));
    }),
  );

  app.get(`${BASE}/childList`, access, (request) =>
    guarded(async () => {
      const pid = queryText(request, 'pid');
      if (!pid) throw new ApiError(DepartMessages.noPid);
      const query = listQuery(departModel, request, ['pid']);
      const where = allOf([
        query.where ? conditionSql(ctx, query.where) : null,
        sql<SqlBool>`d.parent_id = ${checkId(pid)}`,
        await scope(request),
      ]);
      return ok(await present(await selectDeparts(db, ctx, where, query.sort, MAX_CHILDREN)));
    }),
  );

  app.get(`${BASE}/queryById`, access, (request) =>
    guarded(async () => {
      const where = allOf([sql<SqlBool>`d.id = ${idParam(request)}`, await scope(request)]);
      const [row] = await selectDeparts(db, ctx, where, undefined, 1);
      if (!row) throw new ApiError(DepartMessages.notFound);
      return ok((await present([row]))[0]);
    }),
  );

  app.post(`${BASE}/add`, perm(DepartPerms.add), (request) =>
    guarded(async () => {
      const values = checkedValues(validation, departModel, 'add', request.body);
      await addDepart(db, columnsOf(values), actorOf(request), requireAuth(request).tenantId);
      return okMessage(DepartMessages.added);
    }),
  );

  const edit = (request: FastifyRequest) =>
    guarded(async () => {
      const id = checkId(asRecord(request.body).id);
      const values = checkedValues(validation, departModel, 'edit', request.body);
      await reachable(request, [id]);
      await editDepart(db, id, columnsOf(values), actorOf(request));
      return okMessage(DepartMessages.edited);
    });
  app.put(`${BASE}/edit`, perm(DepartPerms.edit), edit);
  app.post(`${BASE}/edit`, perm(DepartPerms.edit), edit);

  const remove = async (request: FastifyRequest, ids: string[]) => {
    await reachable(request, ids);
    await permissionsChanged(db, await deleteDeparts(db, ids));
  };

  app.delete(`${BASE}/delete`, perm(DepartPerms.delete), (request) =>
    guarded(async () => {
      await remove(request, [idParam(request)]);
      return okMessage(DepartMessages.deleted);
    }),
  );

  app.delete(`${BASE}/deleteBatch`, perm(DepartPerms.delete), (request) =>
    guarded(async () => {
      await remove(request, idList(queryText(request, 'ids')));
      return okMessage(DepartMessages.deleted);
    }),
  );

  // The 上级部门 picker: the whole tree (an organisation's departments, not its people).
  app.get(`${BASE}/loadTreeRoot`, access, async () => {
    const rows = await selectDeparts(db, ctx, sql<SqlBool>`true`);
    return ok(
      nestSelectNodes(
        rows.map((r) => ({
          key: r.id,
          title: r.departName,
          value: r.id,
          code: r.orgCode,
          parentId: r.parentId ?? '',
          isLeaf: true,
        })),
      ),
    );
  });
}
