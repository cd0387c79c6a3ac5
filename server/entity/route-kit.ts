/** Small helpers shared by the entity routes: access, the caller, parameters, errors, pages. */
import type { FastifyRequest, RouteShorthandOptions } from 'fastify';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Db } from '../db/database.js';
import { LogicError } from '../../runtime/model/declaration/logic.js';
import type { RecordFailure, RecordValidation } from '../../runtime/model/declaration/record-validator.js';
import { QueryError } from '../../runtime/model/query/conditions.js';
import { single, type QueryParams } from '../../runtime/model/query/compile.js';
import { ApiError, ResultCode } from '../result.js';
import type { DefaultContext } from './body.js';
import type { SaveHook } from './save-hooks.js';
import { ALIAS, type Caller, type EntityStore, type Row } from './store.js';
import { dataScopeSql } from './data-scope.js';
import { rowReadSql, ruleCodesOf } from './read-scope.js';
import { checkRowWrite } from './row-access.js';
import { readPermissionOf } from './graph.js';
import { DoneWords } from '../../runtime/model/feedback-words.js';

export interface EntityDeps {
  db: Db;
  timeZone: string;
  validation: RecordValidation;
  /** 'YYYY-MM-DD HH:mm:ss' in the app's time zone. */
  now(): string;
  /** A stored date-time as the contract's 'YYYY-MM-DD HH:mm:ss' in the app's time zone. */
  formatDate(d: Date): string;
  /** DATA_DIR: import error workbooks live under it. */
  dataDir: string;
  /** The store of another declared entity (children), by entity name. */
  storeOf(name: string): EntityStore | undefined;
  /** The foreign keys by which declarations list this entity as their child (unique-within-parent). */
  parentKeysOf?(entity: string): readonly string[];
  /** A module's hook run inside an add's or edit's transaction (save-hooks.ts), by entity name. */
  saveHookOf?(entity: string): SaveHook | undefined;
}

export const EntityMessages = {
  added: DoneWords.added,
  edited: DoneWords.edited,
  deleted: DoneWords.deleted,
  batchDeleted: DoneWords.batchDeleted,
  notFound: '未找到对应数据',
  badId: '参数错误：id格式不正确',
  noIds: '参数不识别！',
  tooManyIds: '参数错误：一次最多删除1000条',
  duplicate: '数据库中已存在该记录',
  noReference: '关联的数据不存在或仍被引用',
  changedMeanwhile: '该记录已被他人修改，请刷新后重试',
  taken: (title: string) => `${title}：该值不可用，系统中已存在！`,
} as const;

/** The route's access: a permission code, or any signed-in user when there is none. */
export function access(perm: string | null): RouteShorthandOptions {
  return { config: { access: perm ? { perm } : 'authenticated' } };
}

/**
 * The access of an entity's read routes: its read code (a child's is its parent's, graph.ts), or
 * any signed-in user only where the declaration says `"access": "signed-in"`.
 */
export function readAccess(store: EntityStore, action: 'list' | 'queryById' = 'list'): RouteShorthandOptions {
  const own = action === 'queryById' ? store.model.declaration.permissions?.queryById : undefined;
  return access(own ?? readPermissionOf(store.model));
}

/** What finding the caller and their data scope needs (hand-written module routes have no more). */
export type ScopeDeps = Pick<EntityDeps, 'db' | 'now' | 'timeZone'>;

export function callerOf(request: FastifyRequest, deps: ScopeDeps): Caller & DefaultContext {
  const auth = request.auth;
  // Every entity route is at least 'authenticated', so the hook has set auth; this guards the guard.
  if (!auth) throw new ApiError('Token失效，请重新登录!', ResultCode.TOKEN_INVALID, 401);
  return {
    username: auth.username,
    realname: auth.realname,
    orgCode: auth.orgCode,
    tenantId: auth.tenantId,
    now: deps.now(),
  };
}

/**
 * The caller with their data rules on the entity (data-scope.ts), its row access and, for a
 * child, its parent's (read-scope.ts), and a module's own request scope: reads, edits, deletes
 * and transitions of existing rows use it, so a row outside it is "not found" to them.
 */
export async function scopedCaller(
  request: FastifyRequest,
  deps: ScopeDeps,
  store: EntityStore,
): Promise<Caller & DefaultContext> {
  const caller = callerOf(request, deps);
  const auth = request.auth!;
  const user = {
    userId: auth.userId,
    username: auth.username,
    orgCode: auth.orgCode,
    tenantId: auth.tenantId,
    now: caller.now,
  };
  const [rules, rows] = await Promise.all([
    dataScopeSql(deps.db, user, store.model, ALIAS, deps.timeZone),
    rowReadSql(deps.db, deps.timeZone, user, store.model, ALIAS),
  ]);
  const parts = [rules, rows, requestScopeOf(request, store.model.name)].filter(
    (p): p is RawBuilder<SqlBool> => p !== null,
  );
  const dataScope =
    parts.length === 0
      ? null
      : parts.length === 1
        ? parts[0]
        : sql<SqlBool>`(${sql.join(parts, sql` and `)})`;
  return { ...caller, dataScope };
}

/**
 * Refuses a change the declaration's row rule (`rowAccess.edit` / `delete`) does not allow on a
 * stored row: the same rule, over the same values, that hides the browser's link.
 */
export async function checkRowChange(
  request: FastifyRequest,
  deps: ScopeDeps,
  store: EntityStore,
  action: 'edit' | 'delete',
  rows: readonly Row[],
): Promise<void> {
  if (!store.model.rowAccess?.[action] || rows.length === 0) return;
  const auth = request.auth!;
  const user = { username: auth.username, orgCode: auth.orgCode, userId: auth.userId };
  checkRowWrite(store.model, action, rows, user, await ruleCodesOf(deps.db, auth.userId));
}

const requestScopes = new WeakMap<FastifyRequest, { entity?: string; condition: RawBuilder<SqlBool> }[]>();

/**
 * A module's own row condition for this request (over the alias `main`), ANDed into the data scope
 * of every scoped read and write: documents limited by the caller's position rights
 * (server/document/). Set from a preHandler of the generated route. With `entity`, only that
 * entity's statements get it, not its children's (an evaluation's scope names columns its score
 * rows do not have).
 */
export function addRequestScope(
  request: FastifyRequest,
  condition: RawBuilder<SqlBool>,
  entity?: string,
): void {
  requestScopes.set(request, [...(requestScopes.get(request) ?? []), { entity, condition }]);
}

function requestScopeOf(request: FastifyRequest, entity: string): RawBuilder<SqlBool> | null {
  const own = (requestScopes.get(request) ?? []).filter((s) => s.entity === undefined || s.entity === entity);
  if (own.length === 0) return null;
  return own.map((s) => s.condition).reduce((a, b) => sql<SqlBool>`(${a} and ${b})`);
}

/** The signed-in user's id (every entity route is at least 'authenticated'). */
export function userIdOf(request: FastifyRequest): string {
  if (!request.auth) throw new ApiError('Token失效，请重新登录!', ResultCode.TOKEN_INVALID, 401);
  return request.auth.userId;
}

export function queryOf(request: FastifyRequest): QueryParams {
  return (request.query ?? {}) as QueryParams;
}

const ID = /^[A-Za-z0-9_-]{1,64}$/;

export function checkId(id: unknown): string {
  if (typeof id !== 'string' || !ID.test(id)) throw new ApiError(EntityMessages.badId);
  return id;
}

/** A single id parameter, checked against the id shape before it reaches a query. */
export function idParam(request: FastifyRequest, name = 'id'): string {
  return checkId(single(queryOf(request), name));
}

/** The comma list of deleteBatch (`ids=a,b,` with the client's trailing comma). */
export function idList(raw: string | undefined): string[] {
  const ids = [
    ...new Set(
      (raw ?? '')
        .split(',')
        .map((v) => v.trim())
        .filter((v) => v !== ''),
    ),
  ];
  if (ids.length === 0) throw new ApiError(EntityMessages.noIds);
  if (ids.length > 1000) throw new ApiError(EntityMessages.tooManyIds);
  return ids.map(checkId);
}

/** The first failure of a record, as the answer's message. */
export function refuse(failures: readonly RecordFailure[]): void {
  if (failures.length > 0) throw new ApiError(failures[0].message);
}

/** Query and rule errors are the caller's: answered with their message, never as a server fault. */
export async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof QueryError || error instanceof LogicError) throw new ApiError(error.message);
    const code = (error as { code?: unknown }).code;
    if (code === '23505') throw new ApiError(EntityMessages.duplicate);
    // A foreign key of an adopted table (a dictionary item's dictId ...) names no row.
    if (code === '23503') throw new ApiError(EntityMessages.noReference);
    throw error;
  }
}

/** The contract's page (MyBatis-Plus Page JSON). */
export function pageOf<T>(records: T[], total: number, current: number, size: number) {
  return {
    records,
    total,
    size,
    current,
    orders: [],
    optimizeCountSql: true,
    searchCount: true,
    countId: null,
    maxLimit: null,
    pages: size > 0 ? Math.ceil(total / size) : 0,
  };
}
