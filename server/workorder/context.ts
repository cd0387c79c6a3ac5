/** What the work-order routes share: the database, the clock and the module's declared stores. */
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database.js';
import type { LoadedDeclaration } from '../../runtime/model/declaration/validate.js';
import { ApiError, ResultCode } from '../result.js';
import { EntityStore, type Caller } from '../entity/store.js';

export interface WorkOrderContext {
  db: Db;
  timeZone: string;
  /** 'YYYY-MM-DD HH:mm:ss' in the app's time zone. */
  now(): string;
  store(entity: string): EntityStore;
}

export function workOrderContext(
  db: Db,
  timeZone: string,
  now: () => string,
  declarations: readonly LoadedDeclaration[],
): WorkOrderContext {
  const stores = new Map(
    declarations
      .filter((d) => !d.model.external)
      .map((d) => [d.model.name, new EntityStore(db, d.model, timeZone)] as const),
  );
  return {
    db,
    timeZone,
    now,
    store: (entity) => {
      const store = stores.get(entity);
      if (!store) throw new Error(`the ${entity} declaration is missing`);
      return store;
    },
  };
}

/** The signed-in caller (the routes are at least 'authenticated'). */
export function callerOf(request: FastifyRequest): Caller & { userId: string } {
  const auth = request.auth;
  if (!auth) throw new ApiError('Token失效，请重新登录!', ResultCode.TOKEN_INVALID, 401);
  return { username: auth.username, tenantId: auth.tenantId, orgCode: auth.orgCode, userId: auth.userId };
}
