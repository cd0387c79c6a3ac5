/**
 * 数据源管理 at /sys/dataSource over the "routes": "external" declaration
 * schemas/system/data-source.json: list, queryById, add, edit, delete, deleteBatch and
 * testConnection (the 测试连接 row action). Passwords are sealed before they are stored
 * (secret.ts) and no answer ever carries one, sealed or not; an edit without a password keeps the
 * stored one. With DATA_SOURCE_HOSTS set, a source naming another host is refused on save and on
 * test (hosts.ts); a failed test answers one message after the full connect timeout, whatever
 * failed, and logs the reason (connect.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type SqlBool } from 'kysely';
import declaration from '../../../schemas/system/data-source.json';
import { createRecordValidation } from '../../../runtime/model/declaration/record-validator.js';
import { timerPause } from '../../auth/sign-in-throttle.js';
import type { AppDeps } from '../../deps.js';
import type { Db } from '../../db/database.js';
import { newId } from '../../db/seed/ids.js';
import { asRecord } from '../../entity/body.js';
import { addDictText } from '../../entity/dict-text.js';
import { checkId, EntityMessages, guarded, idList, idParam, pageOf } from '../../entity/route-kit.js';
import { conditionSql, orderBySql, type SqlContext } from '../../entity/sql.js';
import type { Row } from '../../entity/store.js';
import { ApiError, fail, ok, okMessage } from '../../result.js';
import { adminDb } from '../config/tables.js';
import {
  actorOf,
  allOf,
  checkedValues,
  listQuery,
  modelOf,
  perm,
  queryText,
  text,
} from '../menu/admin-kit.js';
import { CONNECT_TIMEOUT_MS, ConnectMessages, testConnection, type ConnectionSettings } from './connect.js';
import { HostMessages, hostAllowed } from './hosts.js';
import { createSecretBox, type SecretBox } from './secret.js';

export const dataSourceModel = modelOf('schemas/system/data-source.json', declaration);

export const DataSourceMessages = {
  codeTaken: '数据源编码已存在',
  notFound: '未找到对应数据源',
  unreadable: '数据源密码无法解密（加密密钥已更换），请重新填写密码',
} as const;

const ALIAS = 'ds';
const COLUMNS = [
  'ds.id',
  'ds.code',
  'ds.name',
  'ds.dbType',
  'ds.host',
  'ds.port',
  'ds.databaseName',
  'ds.username',
  'ds.remark',
  'ds.createBy',
  'ds.createTime',
  'ds.updateBy',
  'ds.updateTime',
] as const;

/** The columns a checked body sets; the password is sealed, and '' or absent on edit keeps it. */
function columnsOf(values: Record<string, unknown>, box: SecretBox, mode: 'add' | 'edit') {
  const out: Record<string, string | number | null> = {};
  for (const name of ['code', 'name', 'dbType', 'host', 'databaseName', 'username'] as const)
    if (Object.hasOwn(values, name)) out[name] = text(values[name]) ?? '';
  if (Object.hasOwn(values, 'port') && values.port !== null) out.port = Number(values.port);
  if (Object.hasOwn(values, 'remark')) out.remark = text(values.remark);
  const password = typeof values.password === 'string' ? values.password : '';
  if (password !== '') out.passwordCipher = box.seal(password);
  else if (mode === 'add') out.passwordCipher = null;
  return out;
}

/** A data source's connection settings, password opened (for 测试连接 and the online reports). */
export async function connectionOf(db: Db, box: SecretBox, id: string): Promise<ConnectionSettings> {
  const row = await adminDb(db)
    .selectFrom('sysDataSource')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw new ApiError(DataSourceMessages.notFound);
  const password = row.passwordCipher === null ? null : box.open(row.passwordCipher);
  if (row.passwordCipher !== null && password === null) throw new ApiError(DataSourceMessages.unreadable);
  return { host: row.host, port: row.port, database: row.databaseName, user: row.username, password };
}

export function registerDataSourceRoutes(app: FastifyInstance, deps: AppDeps): SecretBox {
  const { db } = deps.database;
  const model = dataSourceModel;
  const { permissions } = model;
  const base = model.basePath;
  const box = createSecretBox(deps.config.dataSourceKey, deps.config.dataDir);
  const validation = createRecordValidation();
  const checkHost = (host: string) => {
    if (!hostAllowed(deps.config.dataSourceHosts, host)) throw new ApiError(HostMessages.notAllowed(host));
  };
  const ctx: SqlContext = { model, timeZone: deps.config.timeZone, alias: ALIAS };
  const a = () => adminDb(db);
  const present = (rows: object[]) => addDictText(db, model, rows as Row[]);
  const byIds = (ids: readonly string[]) => sql<SqlBool>`ds.id in (${sql.join([...ids])})`;
  const count = async (where: ReturnType<typeof allOf>) =>
    Number(
      (
        await a()
          .selectFrom('sysDataSource as ds')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where(where)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const codeTaken = async (code: string, exceptId?: string) => {
    let query = a().selectFrom('sysDataSource').select('id').where('code', '=', code);
    if (exceptId) query = query.where('id', '<>', exceptId);
    return (await query.executeTakeFirst()) !== undefined;
  };
  const insertOrRefuse = async (work: () => Promise<unknown>) => {
    try {
      await work();
    } catch (error) {
      if ((error as { code?: unknown }).code === '23505') throw new ApiError(DataSourceMessages.codeTaken);
      throw error;
    }
  };

  app.get(`${base}/list`, perm(permissions.list), (request) =>
    guarded(async () => {
      const query = listQuery(model, request);
      const where = allOf([query.where ? conditionSql(ctx, query.where) : null]);
      const total = await count(where);
      const offset = (query.pageNo - 1) * query.pageSize;
      const rows =
        offset < total
          ? await a()
              .selectFrom('sysDataSource as ds')
              .select(COLUMNS)
              .where(where)
              .orderBy(orderBySql(ctx, query.sort))
              .limit(query.pageSize)
              .offset(offset)
              .execute()
          : [];
      return ok(pageOf(await present(rows), total, query.pageNo, query.pageSize));
    }),
  );

  app.get(`${base}/queryById`, perm(permissions.queryById), (request) =>
    guarded(async () => {
      const row = await a()
        .selectFrom('sysDataSource as ds')
        .select(COLUMNS)
        .where(byIds([idParam(request)]))
        .executeTakeFirst();
      if (!row) throw new ApiError(DataSourceMessages.notFound);
      return ok((await present([row]))[0]);
    }),
  );

  app.post(`${base}/add`, perm(permissions.add), (request) =>
    guarded(async () => {
      const body = { dbType: 'postgresql', port: 5432, ...asRecord(request.body) };
      const columns = columnsOf(checkedValues(validation, model, 'add', body), box, 'add');
      checkHost(String(columns.host));
      if (await codeTaken(String(columns.code))) throw new ApiError(DataSourceMessages.codeTaken);
      await insertOrRefuse(() =>
        a()
          .insertInto('sysDataSource')
          .values({
            id: newId(),
            code: String(columns.code),
            name: String(columns.name),
            dbType: String(columns.dbType),
            host: String(columns.host),
            port: Number(columns.port),
            databaseName: String(columns.databaseName),
            username: String(columns.username),
            passwordCipher: columns.passwordCipher as string | null,
            remark: (columns.remark as string | null | undefined) ?? null,
            createBy: actorOf(request),
          })
          .execute(),
      );
      return okMessage(EntityMessages.added);
    }),
  );

  const edit = (request: FastifyRequest) =>
    guarded(async () => {
      const id = checkId(asRecord(request.body).id);
      const stored = await a()
        .selectFrom('sysDataSource as ds')
        .select(COLUMNS)
        .where(byIds([id]))
        .executeTakeFirst();
      if (!stored) throw new ApiError(DataSourceMessages.notFound);
      const values = checkedValues(validation, model, 'edit', request.body, stored as unknown as Row);
      if (Object.hasOwn(values, 'code') && text(values.code) !== stored.code)
        throw new ApiError(`不允许修改字段：${model.field('code')!.title}`);
      const columns = columnsOf(values, box, 'edit');
      checkHost(String(columns.host ?? stored.host));
      await a()
        .updateTable('sysDataSource')
        .set({ ...columns, updateBy: actorOf(request), updateTime: new Date() })
        .where('id', '=', id)
        .execute();
      return okMessage(EntityMessages.edited);
    });
  app.put(`${base}/edit`, perm(permissions.edit), edit);
  app.post(`${base}/edit`, perm(permissions.edit), edit);

  const remove = async (ids: string[]) => {
    const removed = await a().deleteFrom('sysDataSource').where('id', 'in', ids).executeTakeFirst();
    if (Number(removed.numDeletedRows) === 0) throw new ApiError(DataSourceMessages.notFound);
  };
  app.delete(`${base}/delete`, perm(permissions.delete), (request) =>
    guarded(async () => {
      await remove([idParam(request)]);
      return okMessage(EntityMessages.deleted);
    }),
  );
  app.delete(`${base}/deleteBatch`, perm(permissions.deleteBatch), (request) =>
    guarded(async () => {
      await remove(idList(queryText(request, 'ids')));
      return okMessage(EntityMessages.batchDeleted);
    }),
  );

  const testPerm = model.action('testConnection')!.permission;
  app.post(`${base}/testConnection`, perm(testPerm), (request) =>
    guarded(async () => {
      const id = checkId(asRecord(request.body).id);
      const settings = await connectionOf(db, box, id);
      checkHost(settings.host);
      const started = Date.now();
      const failure = await testConnection(settings);
      if (failure === null) return okMessage(ConnectMessages.ok);
      request.log.warn(
        { dataSource: id, host: settings.host, port: settings.port, reason: failure },
        'data source connection test failed',
      );
      // Every failure answers when a silent host would: how soon says nothing of the port either.
      const wait = CONNECT_TIMEOUT_MS - (Date.now() - started);
      if (wait > 0) await (deps.pause ?? timerPause)(wait);
      return fail(ConnectMessages.unavailable);
    }),
  );
  return box;
}
