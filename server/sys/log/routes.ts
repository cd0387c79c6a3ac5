/**
 * 日志管理 (spec 001 section 7 "Other"; JeecgBoot 3.4 SysLogController and LoginController paths):
 * GET /sys/log/list (logType 1 sign-in log, 2 operation log) and queryById, DELETE /sys/log/delete
 * and deleteBatch, and the workbench's GET /sys/loginfo and /sys/visitInfo.
 */
import type { FastifyInstance } from 'fastify';
import { sql, type SqlBool } from 'kysely';
import { compileListQuery } from '../../../runtime/model/query/compile.js';
import type { AppDeps } from '../../deps.js';
import { addDictText } from '../../entity/dict-text.js';
import { EntityMessages, guarded, idList, idParam, pageOf, queryOf } from '../../entity/route-kit.js';
import { conditionSql, likePattern, type SqlContext } from '../../entity/sql.js';
import type { Row } from '../../entity/store.js';
import { ApiError, ok, okMessage } from '../../result.js';
import { allOf, authenticated, perm, queryText } from '../menu/admin-kit.js';
import type { EntityModel } from '../../../runtime/model/declaration/model.js';
import { LOG_ALIAS, LogMessages, LogPerms, logFieldOf, modelOfType } from './model.js';
import { countLogs, deleteLogs, logTypeOf, selectLog, selectLogs, visitDays, visitTotals } from './store.js';

const BASE = '/sys/log';
/** Parameters the list reads itself: the log it shows, and JeecgBoot's content search. */
const OWN_PARAMS: ReadonlySet<string> = new Set(['logType', 'keyWord']);

/** sys_log ids are serial numbers. */
function logIds(ids: readonly string[]): number[] {
  return ids.map((id) => {
    if (!/^\d{1,12}$/.test(id)) throw new ApiError(EntityMessages.badId);
    return Number(id);
  });
}

/** `_dictText` of the declared dictionaries only (sys_log has no createBy to name). */
function present(db: AppDeps['database']['db'], model: EntityModel, rows: Row[]): Promise<Row[]> {
  return addDictText(db, { ...model, fields: model.declared }, rows);
}

export function registerLogRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps.database;
  const { timeZone } = deps.config;
  const ctxOf = (model: EntityModel): SqlContext => ({ model, timeZone, alias: LOG_ALIAS });

  app.get(`${BASE}/list`, perm(LogPerms.list), (request) =>
    guarded(async () => {
      const logType = queryText(request, 'logType');
      const model = modelOfType(logType);
      if (!model) throw new ApiError(LogMessages.noType);
      const ctx = ctxOf(model);
      const query = compileListQuery(queryOf(request), logFieldOf(model), {
        defaultSort: model.defaultSort,
        ignore: OWN_PARAMS,
      });
      const keyWord = queryText(request, 'keyWord');
      const where = allOf([
        sql<SqlBool>`l.log_type = ${Number(logType)}`,
        query.where ? conditionSql(ctx, query.where) : null,
        keyWord ? sql<SqlBool>`l.log_content ilike ${likePattern(keyWord, 'contains')} escape '\\'` : null,
      ]);
      const total = await countLogs(db, where);
      const offset = (query.pageNo - 1) * query.pageSize;
      const rows = offset < total ? await selectLogs(db, ctx, where, query.sort, query.pageSize, offset) : [];
      return ok(pageOf(await present(db, model, rows), total, query.pageNo, query.pageSize));
    }),
  );

  app.get(`${BASE}/queryById`, perm(LogPerms.list), (request) =>
    guarded(async () => {
      const [id] = logIds([idParam(request)]);
      const model = modelOfType(String(await logTypeOf(db, id)));
      const row = model ? await selectLog(db, ctxOf(model), id) : undefined;
      if (!model || !row) throw new ApiError(LogMessages.notFound);
      return ok((await present(db, model, [row]))[0]);
    }),
  );

  app.delete(`${BASE}/delete`, perm(LogPerms.delete), (request) =>
    guarded(async () => {
      const deleted = await deleteLogs(db, logIds([idParam(request)]));
      if (deleted === 0) throw new ApiError(LogMessages.notFound);
      return okMessage(EntityMessages.deleted);
    }),
  );

  app.delete(`${BASE}/deleteBatch`, perm(LogPerms.delete), (request) =>
    guarded(async () => {
      await deleteLogs(db, logIds(idList(queryText(request, 'ids'))));
      return okMessage(EntityMessages.batchDeleted);
    }),
  );

  // The workbench's figures: every signed-in user sees the organisation's visits (JeecgBoot's home).
  app.get('/sys/loginfo', authenticated, async () => ok(await visitTotals(db, timeZone)));
  app.get('/sys/visitInfo', authenticated, async () => ok(await visitDays(db, timeZone)));
}
