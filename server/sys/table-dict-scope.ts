/**
 * What a caller may look up through a table dictionary (loadDict, loadDictItem, getDictItems with
 * `table,text,code`): the rows of their tenant and, for a declared entity's table, the rows their
 * data rules (数据权限) on its screen allow, as its list would show them. A text and a value is all
 * a lookup ever answers (table-dicts.ts), so this decides only which rows it may name. The
 * server's own reads (dictionary texts of rows it already scoped, import checks) pass no caller.
 */
import type { FastifyRequest } from 'fastify';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { EntityModel } from '../../runtime/model/declaration/model.js';
import type { Db } from '../db/database.js';
import { dataScopeSql, scopeUserOf } from '../entity/data-scope.js';
import { ruleCodesOf, rowReadSql } from '../entity/read-scope.js';
import type { ReferenceTableDict } from '../entity/references.js';
import { requireAuth } from './permission.js';
import { TABLE_DICT_ALIAS, TABLE_DICTS, type ResolvedTableDict, type TableDict } from './table-dicts.js';
import { listsTenant, ownOrShared } from './tenant-scope.js';

export interface DictCaller {
  db: Db;
  timeZone: string;
  request: FastifyRequest;
  /** A loaded declaration by name; undefined for one not loaded (yet). */
  modelOf(name: string): EntityModel | undefined;
}

const column = (name: string) => `${TABLE_DICT_ALIAS}.${name}`;

/**
 * A module's rule over a table dictionary's rows (`moduleScope` in table-dicts.ts), as a condition
 * on `main`; null when the caller may name every row.
 */
export type DictRowScope = (caller: DictCaller) => Promise<RawBuilder<SqlBool> | null>;

const rowScopes = new Map<TableDict, DictRowScope>();

/** Registers the rule of a `moduleScope` dictionary by its client name (the same rule on every app). */
export function registerDictRowScope(dictTable: string, scope: DictRowScope): void {
  const entry = Object.hasOwn(TABLE_DICTS, dictTable) ? TABLE_DICTS[dictTable] : undefined;
  if (!entry?.moduleScope) throw new Error(`${dictTable} is not a module-scoped table dictionary`);
  rowScopes.set(entry, scope);
}

function dataRules(caller: DictCaller, model: EntityModel): Promise<RawBuilder<SqlBool> | null> {
  const user = scopeUserOf(requireAuth(caller.request), caller.timeZone);
  return dataScopeSql(caller.db, user, model, TABLE_DICT_ALIAS, caller.timeZone);
}

/** The rows `username` takes part in, for a dictionary of one's own rows (TableDict.participant). */
function participantLimit(entry: ResolvedTableDict['entry'], username: string): RawBuilder<SqlBool> | null {
  const { participant } = entry;
  if (!participant) return null;
  const terms = [
    ...participant.user.map((c) => sql<SqlBool>`${sql.ref(column(c))} = ${username}`),
    ...participant.list.map(
      (c) =>
        sql<SqlBool>`position(${`,${username},`} in ',' || coalesce(${sql.ref(column(c))}, '') || ',') > 0`,
    ),
  ];
  return terms.length > 0 ? sql<SqlBool>`(${sql.join(terms, sql` or `)})` : sql<SqlBool>`false`;
}

/** The caller's conditions on the dictionary's table, or null when they may name none of its rows. */
export async function callerLimits(
  dict: ResolvedTableDict,
  caller: DictCaller,
): Promise<RawBuilder<SqlBool>[] | null> {
  const { tenantId } = requireAuth(caller.request);
  const { tenancy, entity } = dict.entry;
  const limits: RawBuilder<SqlBool>[] = [];
  if (dict.entry.moduleScope) {
    const scope = rowScopes.get(dict.entry);
    // Not registered (the module is not loaded): nothing, rather than every row.
    if (!scope) return null;
    const own = await scope(caller);
    if (own) limits.push(own);
  }
  const participant = participantLimit(dict.entry, requireAuth(caller.request).username);
  if (participant) limits.push(participant);
  if (tenancy === 'members') limits.push(listsTenant(column('rel_tenant_ids'), tenantId));
  if (tenancy === 'shared') limits.push(ownOrShared(column('tenant_id'), tenantId));
  if (entity === undefined) return limits;
  const reference = 'readCodes' in dict.entry ? (dict.entry as ReferenceTableDict) : null;
  if (reference && !(await mayListTargets(caller, reference))) return null;
  const model = reference?.model ?? caller.modelOf(entity);
  // A declaration that is not loaded cannot say whose rows these are: nothing, rather than all.
  if (!model) return null;
  if (model.tenantScoped) limits.push(sql<SqlBool>`${sql.ref(column('tenant_id'))} = ${tenantId}`);
  const rules = await dataRules(caller, model);
  if (rules) limits.push(rules);
  // A reference's target answers only the rows its own row access lets the caller read.
  if (reference) {
    const user = scopeUserOf(requireAuth(caller.request), caller.timeZone);
    const own = await rowReadSql(caller.db, caller.timeZone, user, model, TABLE_DICT_ALIAS);
    if (own) limits.push(own);
  }
  return limits;
}

/** The target's read code or a referring screen's read, add or edit code (references.ts). */
async function mayListTargets(caller: DictCaller, dict: ReferenceTableDict): Promise<boolean> {
  if (dict.readCodes.includes(null)) return true;
  const codes = await ruleCodesOf(caller.db, requireAuth(caller.request).userId);
  return dict.readCodes.some((code) => code !== null && codes.has(code));
}
