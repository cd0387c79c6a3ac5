/**
 * A list's declared scopes (`list.scopes`, runtime/model/declaration/row-access.ts): the scope
 * parameter (`/sys/workOrder/list?type=1`) picks a declared row set over the caller - 我负责的 is
 * "the person in charge is me". The condition is ANDed into the caller's data scope, so list and
 * export read it in the same one statement. Without the parameter the caller needs the
 * unscoped permission: "my" lists are for everyone, the whole table only for those granted it.
 */
import type { FastifyRequest } from 'fastify';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { ListScopeCondition, ListScopeDecl } from '../../runtime/model/declaration/types.js';
import { single } from '../../runtime/model/query/compile.js';
import { ApiError, ResultCode } from '../result.js';
import { hasPermission } from '../auth/permission-codes.js';
import { AuthMessages } from '../http/authenticate.js';
import { ruleValue, type ScopeUser } from './data-scope.js';
import { queryOf, scopedCaller, type ScopeDeps } from './route-kit.js';
import { columnRef } from './sql.js';
import { ALIAS, type Caller, type EntityStore } from './store.js';

export const ScopeMessages = {
  unknown: (param: string, value: string) => `参数不识别：${param}=${value}`,
} as const;

/** The parameters the compiler must not read as filters (the scope's). */
export function scopeParams(store: EntityStore): ReadonlySet<string> {
  const param = store.model.declaration.list?.scopes?.param;
  return new Set(param ? [param] : []);
}

const NOTHING = sql<SqlBool>`false`;

function conditionSql(store: EntityStore, c: ListScopeCondition, user: ScopeUser): RawBuilder<SqlBool> {
  const field = store.model.field(c.field);
  const value = ruleValue(c.value, user);
  // A variable this caller has no value for (no department) matches nothing rather than everything.
  if (!field || value === null) return NOTHING;
  const column = columnRef({ model: store.model, timeZone: '', alias: ALIAS }, field.column);
  if (c.rule === 'withinDays') {
    // Today in the app's time zone (the caller's now), so the window does not move with the server's.
    const today = user.now.slice(0, 10);
    return sql<SqlBool>`(${column} >= ${today}::date and ${column} < ${today}::date + ${Number(value) + 1}::int)`;
  }
  if (c.rule === 'eq') return sql<SqlBool>`${column} = ${value}`;
  if (c.rule === 'ne') return sql<SqlBool>`${column} is distinct from ${value}`;
  // under: the org code itself or one below it (a department and its sub-departments); left()
  // compares the prefix without LIKE, so no wildcard in a value can widen it.
  if (c.rule === 'under') return sql<SqlBool>`left(${column}, ${value.length}) = ${value}`;
  // member: one item of a comma list; position() needs no escaping of LIKE wildcards.
  return sql<SqlBool>`position(${`,${value},`} in ',' || coalesce(${column}, '') || ',') > 0`;
}

function scopeSql(store: EntityStore, scope: ListScopeDecl, user: ScopeUser): RawBuilder<SqlBool> | null {
  const parts = (scope.where ?? []).map((c) => conditionSql(store, c, user));
  return parts.length > 0 ? sql<SqlBool>`(${sql.join(parts, sql` and `)})` : null;
}

/** The caller of a list or export call: data rules and the requested scope in one condition. */
export async function listCaller(
  request: FastifyRequest,
  deps: ScopeDeps,
  store: EntityStore,
): Promise<Caller> {
  const caller = await scopedCaller(request, deps, store);
  const scopes = store.model.declaration.list?.scopes;
  if (!scopes) return caller;
  const auth = request.auth!;
  const raw = single(queryOf(request), scopes.param);
  if (raw === undefined || raw === '') {
    const needed = scopes.unscopedPermission ?? store.model.permissions.list;
    if (needed && !(await hasPermission(deps.db, auth.userId, needed)))
      throw new ApiError(AuthMessages.noPermission, ResultCode.NO_AUTH);
    return caller;
  }
  const scope = scopes.values.find((s) => s.value === raw);
  if (!scope) throw new ApiError(ScopeMessages.unknown(scopes.param, raw));
  if (scope.permission && !(await hasPermission(deps.db, auth.userId, scope.permission)))
    throw new ApiError(AuthMessages.noPermission, ResultCode.NO_AUTH);
  const user: ScopeUser = {
    userId: auth.userId,
    username: auth.username,
    orgCode: auth.orgCode,
    tenantId: auth.tenantId,
    now: deps.now(),
  };
  const condition = scopeSql(store, scope, user);
  if (!condition) return caller;
  const dataScope = caller.dataScope ? sql<SqlBool>`(${caller.dataScope} and ${condition})` : condition;
  return { ...caller, dataScope };
}
