/**
 * 租户管理 at /sys/tenant (JeecgBoot 3.4.3 SysTenantController paths): list, queryById, add, edit,
 * delete, deleteBatch, and the users of a tenant (the declaration's 用户 view). sys_tenant's id is
 * an integer that users (rel_tenant_ids), sessions and every tenant_id column refer to, so these
 * routes are hand-written over the "routes": "external" declaration schemas/system/tenant.json.
 * A tenant that still has users or rows in any table is never deleted.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { createRecordValidation } from '../../../runtime/model/declaration/record-validator.js';
import { compileListQuery, single } from '../../../runtime/model/query/compile.js';
import type { AppDeps } from '../../deps.js';
import { asRecord } from '../../entity/body.js';
import { addDictText } from '../../entity/dict-text.js';
import { EntityMessages, guarded, pageOf, queryOf } from '../../entity/route-kit.js';
import { conditionSql } from '../../entity/sql.js';
import type { Row } from '../../entity/store.js';
import { createDateFormatter } from '../../http/dates.js';
import { ApiError, ok, okMessage } from '../../result.js';
import { actorOf, checkedValues, perm, text } from '../menu/admin-kit.js';
import {
  countTenants,
  hasData,
  hasUsers,
  nextTenantId,
  selectTenants,
  tenantField,
  tenantIdIn,
  tenantModel,
  tenantSqlContext,
  tenantUsers,
} from './store.js';

export const TenantMessages = {
  notFound: '未找到对应租户',
  badId: '参数错误：租户编号不正确',
  hasUsers: '该租户下仍有用户，不能删除',
  hasData: '该租户下仍有业务数据，不能删除',
  badStatus: '租户状态只能是正常或冻结',
  dates: '结束时间不能早于开始时间',
} as const;

const BASE = '/sys/tenant';
/** The users a view lists at most (the count says how many there are). */
const VIEW_USERS = 500;
const USER_STATUS: Readonly<Record<number, string>> = { 1: '正常', 2: '冻结' };

/** A tenant id from a request: a positive integer (tenant 0, "no tenant", is not a row). */
export function tenantId(value: unknown): number {
  const raw = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!/^[1-9][0-9]{0,8}$/.test(raw)) throw new ApiError(TenantMessages.badId);
  return Number(raw);
}

function tenantIds(raw: string | undefined): number[] {
  const ids = [...new Set((raw ?? '').split(',').filter((v) => v.trim() !== ''))].map(tenantId);
  if (ids.length === 0) throw new ApiError(EntityMessages.noIds);
  if (ids.length > 1000) throw new ApiError(EntityMessages.tooManyIds);
  return [...new Set(ids)];
}

interface TenantColumns {
  name?: string;
  beginDate?: string | null;
  endDate?: string | null;
  status?: number;
}

function columnsOf(values: Record<string, unknown>): TenantColumns {
  const out: TenantColumns = {};
  if (Object.hasOwn(values, 'name')) out.name = text(values.name) ?? '';
  if (Object.hasOwn(values, 'beginDate')) out.beginDate = text(values.beginDate);
  if (Object.hasOwn(values, 'endDate')) out.endDate = text(values.endDate);
  if (Object.hasOwn(values, 'status') && values.status !== null) {
    const status = Number(values.status);
    if (status !== 0 && status !== 1) throw new ApiError(TenantMessages.badStatus);
    out.status = status;
  }
  return out;
}

export function registerTenantRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps.database;
  const timeZone = deps.config.timeZone;
  const formatDate = createDateFormatter(timeZone);
  const ctx = tenantSqlContext(timeZone);
  const validation = createRecordValidation();
  const { permissions } = tenantModel;
  const wallClock = (value: string | null): RawBuilder<unknown> =>
    value === null ? sql`null` : sql`(${value}::timestamp at time zone ${timeZone})`;
  const present = async (rows: object[]) => addDictText(db, tenantModel, rows as Row[]);

  const stored = async (id: number) => {
    const [row] = await selectTenants(db, ctx, tenantIdIn([id]), [], 1);
    if (!row) throw new ApiError(TenantMessages.notFound);
    return row;
  };

  /** Begin before end, with what the body sends over what is stored (wall-clock texts compare as text). */
  const checkDates = async (columns: TenantColumns, id?: number) => {
    const current = id === undefined ? null : await stored(id);
    const asText = (d: Date | null | undefined) => (d ? formatDate(d) : null);
    const begin = columns.beginDate !== undefined ? columns.beginDate : asText(current?.beginDate);
    const end = columns.endDate !== undefined ? columns.endDate : asText(current?.endDate);
    if (begin !== null && end !== null && end < begin) throw new ApiError(TenantMessages.dates);
  };

  app.get(`${BASE}/list`, perm(permissions.list), (request) =>
    guarded(async () => {
      const query = compileListQuery(queryOf(request), tenantField, { defaultSort: tenantModel.defaultSort });
      const where = query.where ? conditionSql(ctx, query.where) : sql<SqlBool>`true`;
      const total = await countTenants(db, where);
      const offset = (query.pageNo - 1) * query.pageSize;
      const rows =
        offset < total ? await selectTenants(db, ctx, where, query.sort, query.pageSize, offset) : [];
      return ok(pageOf(await present(rows), total, query.pageNo, query.pageSize));
    }),
  );

  app.get(`${BASE}/queryById`, perm(permissions.queryById), (request) =>
    guarded(async () => {
      const row = await stored(tenantId(single(queryOf(request), 'id')));
      return ok((await present([row]))[0]);
    }),
  );

  app.post(`${BASE}/add`, perm(permissions.add), (request) =>
    guarded(async () => {
      const columns = columnsOf(checkedValues(validation, tenantModel, 'add', request.body));
      await checkDates(columns);
      // The next number; two adds at once: the loser of the primary key tries the following one.
      for (let attempt = 0; ; attempt += 1) {
        try {
          const id = await nextTenantId(db);
          await sql`insert into sys_tenant (id, name, begin_date, end_date, status, create_by, create_time)
            values (${id}, ${columns.name ?? ''}, ${wallClock(columns.beginDate ?? null)},
              ${wallClock(columns.endDate ?? null)}, ${columns.status ?? 1}, ${actorOf(request)}, now())`.execute(
            db,
          );
          return okMessage(EntityMessages.added);
        } catch (error) {
          if ((error as { code?: unknown }).code !== '23505' || attempt >= 4) throw error;
        }
      }
    }),
  );

  const edit = (request: FastifyRequest) =>
    guarded(async () => {
      const id = tenantId(asRecord(request.body).id);
      const current = await present([await stored(id)]);
      const columns = columnsOf(checkedValues(validation, tenantModel, 'edit', request.body, current[0]));
      await checkDates(columns, id);
      const sets: RawBuilder<unknown>[] = [sql`update_by = ${actorOf(request)}`, sql`update_time = now()`];
      if (columns.name !== undefined) sets.push(sql`name = ${columns.name}`);
      if (columns.beginDate !== undefined) sets.push(sql`begin_date = ${wallClock(columns.beginDate)}`);
      if (columns.endDate !== undefined) sets.push(sql`end_date = ${wallClock(columns.endDate)}`);
      if (columns.status !== undefined) sets.push(sql`status = ${columns.status}`);
      await sql`update sys_tenant set ${sql.join(sets)} where id = ${id}`.execute(db);
      return okMessage(EntityMessages.edited);
    });
  app.put(`${BASE}/edit`, perm(permissions.edit), edit);
  app.post(`${BASE}/edit`, perm(permissions.edit), edit);

  /** Deletes tenants nobody belongs to and no table refers to; one refusal keeps them all. */
  const remove = async (ids: number[]) => {
    if ((await countTenants(db, tenantIdIn(ids))) !== ids.length) throw new ApiError(TenantMessages.notFound);
    await db.transaction().execute(async (trx) => {
      await sql`select id from sys_tenant where id in (${sql.join(ids)}) for update`.execute(trx);
      for (const id of ids) {
        if (await hasUsers(trx, id)) throw new ApiError(TenantMessages.hasUsers);
        if (await hasData(trx, id)) throw new ApiError(TenantMessages.hasData);
      }
      await sql`delete from sys_tenant where id in (${sql.join(ids)})`.execute(trx);
    });
  };

  app.delete(`${BASE}/delete`, perm(permissions.delete), (request) =>
    guarded(async () => {
      await remove([tenantId(single(queryOf(request), 'id'))]);
      return okMessage(EntityMessages.deleted);
    }),
  );

  app.delete(`${BASE}/deleteBatch`, perm(permissions.deleteBatch), (request) =>
    guarded(async () => {
      await remove(tenantIds(single(queryOf(request), 'ids')));
      return okMessage(EntityMessages.batchDeleted);
    }),
  );

  const usersView = tenantModel.declaration.views?.find((v) => v.name === 'users');
  app.get(`${BASE}/users`, perm(usersView?.permission ?? permissions.list), (request) =>
    guarded(async () => {
      const id = tenantId(single(queryOf(request), 'id'));
      await stored(id);
      const { users, total } = await tenantUsers(db, id, VIEW_USERS);
      return ok({ users: users.map((u) => ({ ...u, statusText: USER_STATUS[u.status] ?? '' })), total });
    }),
  );
}
