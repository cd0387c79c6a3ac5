/**
 * GET /sys/duplicate/check?tableName&fieldName&fieldVal&dataId: answers whether a value is free.
 * Only the unique fields of declared entities can be checked; the table and field are looked up in
 * the registry (never put into SQL as given), the value and id are bound. Anything else is a clear
 * error before any query runs.
 */
import type { FastifyInstance } from 'fastify';
import type { FieldModel } from '../../runtime/model/declaration/model.js';
import { single } from '../../runtime/model/query/compile.js';
import { typeValue } from '../../runtime/model/query/values.js';
import { ApiError, fail, okMessage, ResultCode } from '../result.js';
import { access, callerOf, checkId, guarded, queryOf, type EntityDeps } from './route-kit.js';
import type { EntityStore } from './store.js';

export const DuplicateMessages = {
  free: '该值可用！',
  taken: '该值不可用，系统中已存在！',
  empty: '数据为空,不作处理！',
  notCheckable: '该表或字段不支持唯一性校验',
} as const;

export function registerDuplicateCheck(
  app: FastifyInstance,
  deps: EntityDeps,
  stores: readonly EntityStore[],
): void {
  // An external declaration's table is hand-written code's: its values are not the engine's to probe.
  const byTable = new Map(stores.filter((s) => !s.model.external).map((s) => [s.model.table, s]));
  app.get('/sys/duplicate/check', access(null), (request) =>
    guarded(async () => {
      const params = queryOf(request);
      const tableName = single(params, 'tableName') ?? '';
      const fieldName = single(params, 'fieldName') ?? '';
      const store = byTable.get(tableName);
      const field: FieldModel | undefined = store?.model.declared.find(
        (f) => f.unique === true && (f.column === fieldName || f.name === fieldName),
      );
      if (!store || !field) throw new ApiError(DuplicateMessages.notCheckable);
      const value = single(params, 'fieldVal') ?? '';
      // The contract answers an empty value with success and code 500: the form shows no error.
      if (value === '')
        return { ...okMessage(DuplicateMessages.empty), code: ResultCode.ERROR, result: null };
      const dataId = single(params, 'dataId');
      const exceptId = dataId ? checkId(dataId) : undefined;
      const taken = await store.taken(callerOf(request, deps), field, typeValue(field, value), exceptId);
      return taken ? fail(DuplicateMessages.taken) : okMessage(DuplicateMessages.free);
    }),
  );
}
