/** What the project module's calls share: the database, the clock and the declared stores. */
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database.js';
import type { LoadedDeclaration } from '../../runtime/model/declaration/validate.js';
import { EntityStore, type Caller } from '../entity/store.js';
import type { EventBus } from '../bus/index.js';
import { ApiError, ResultCode } from '../result.js';

export interface ProjectContext {
  db: Db;
  bus: EventBus;
  timeZone: string;
  /** 'YYYY-MM-DD HH:mm:ss' in the app's time zone. */
  now(): string;
  store(entity: 'project' | 'projectContact' | 'demand'): EntityStore;
}

export function projectContext(
  db: Db,
  bus: EventBus,
  timeZone: string,
  now: () => string,
  declarations: readonly LoadedDeclaration[],
): ProjectContext {
  const stores = new Map(
    declarations
      .filter((d) => !d.model.external)
      .map((d) => [d.model.name, new EntityStore(db, d.model, timeZone)] as const),
  );
  return {
    db,
    bus,
    timeZone,
    now,
    store: (entity) => {
      const store = stores.get(entity);
      if (!store) throw new Error(`the ${entity} declaration is missing`);
      return store;
    },
  };
}

/** The signed-in caller (every module route is at least 'authenticated'). */
export function callerOf(request: FastifyRequest): Caller & { userId: string; realname: string } {
  const auth = request.auth;
  if (!auth) throw new ApiError('Token失效，请重新登录!', ResultCode.TOKEN_INVALID, 401);
  return {
    username: auth.username,
    realname: auth.realname,
    tenantId: auth.tenantId,
    orgCode: auth.orgCode,
    userId: auth.userId,
  };
}

/** A query parameter as trimmed text ('' when absent). */
export function text(request: FastifyRequest, name: string): string {
  const value = (request.query as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value.trim() : '';
}
