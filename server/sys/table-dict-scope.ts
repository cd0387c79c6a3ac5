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
import { TABLE_DICT_ALIAS, type ResolvedTableDict } from './table-dicts.js';
import { listsTenant, ownOrShared } from './tenant-scope.js';

export interface DictCaller {
  db: Db;
  timeZone: string;
  request: FastifyRequest;
  /** A loaded declaration by name; undefined for one not loaded (yet). */
  modelOf(name: string): EntityModel | undefined;
}

const column = (name: string) => `${TABLE_DICT_ALIAS}.${name}`;

function dataRules(caller: DictCaller, model: EntityModel): Promise<RawBuilder<SqlBool> | null> {
  const user = scopeUserOf(requireAuth(caller.request), caller.timeZone);
  return dataScopeSql(caller.db, user, model, TABLE_DICT_ALIAS, caller.timeZone);
}

/** The caller's conditions on the dictionary's table, or null when they may name none of its rows. */
export async function callerLimits(
  dict: ResolvedTableDict,
  caller: DictCaller,
): Promise<RawBuilder<SqlBool>[] | null> {
  const { tenantId } = requireAuth(caller.request);
  const { tenancy, entity } = dict.entry;
  const limits: RawBuilder<SqlBool>[] = [];
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
