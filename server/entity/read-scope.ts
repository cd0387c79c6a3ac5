/**
 * The rows a caller may read of a declared entity, beyond tenant and soft delete: their data rules
 * (data-scope.ts), the declaration's row access (row-access.ts) and, for a child, the same of its
 * parent row. One bound condition over the statement's alias, ANDed into list, queryById, export,
 * the tree calls, transitions, edit and delete alike, so no route of the entity reads more.
 */
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { EntityModel } from '../../runtime/model/declaration/model.js';
import { permissionCacheOf } from '../auth/permission-codes.js';
import type { Db } from '../db/database.js';
import { dataScopeSql, type ScopeUser } from './data-scope.js';
import { graphOf } from './graph.js';
import { ownReadSql, type RuleScope } from './row-access.js';

/** A child's parents are looked up this many levels up at most (a task of a plan of a project). */
const MAX_PARENT_DEPTH = 3;

/** The codes a rule's `has` sees: the user's, and the switched-off ones open to everyone. */
export async function ruleCodesOf(db: Db, userId: string): Promise<ReadonlySet<string>> {
  const cache = permissionCacheOf(db);
  const [own, open] = await Promise.all([cache.codesOf(userId), cache.switchedOff()]);
  return open.size === 0 ? own : new Set([...own, ...open]);
}

function and(parts: RawBuilder<SqlBool>[]): RawBuilder<SqlBool> | null {
  if (parts.length === 0) return null;
  return parts.length === 1 ? parts[0] : sql<SqlBool>`(${sql.join(parts, sql` and `)})`;
}

/** Row access and, for a child, its parent's whole read scope; null when nothing restricts. */
export async function rowReadSql(
  db: Db,
  timeZone: string,
  user: ScopeUser,
  model: EntityModel,
  alias: string,
  depth = 0,
): Promise<RawBuilder<SqlBool> | null> {
  const graph = graphOf(model);
  const parts: RawBuilder<SqlBool>[] = [];
  if (model.rowAccess?.read) {
    const scope: RuleScope = {
      user: { username: user.username, orgCode: user.orgCode, userId: user.userId },
      perms: await ruleCodesOf(db, user.userId),
      tenantId: user.tenantId,
      modelOf: (name) => graph.modelOf(name),
    };
    parts.push(ownReadSql(model, alias, scope)!);
  }
  const parents = depth < MAX_PARENT_DEPTH ? graph.parentsOf(model.name) : [];
  if (parents.length > 0) {
    const each: RawBuilder<SqlBool>[] = [];
    for (const [i, link] of parents.entries()) {
      const p = `par${depth + 1}_${i}`;
      const fk = sql.ref(`${alias}.${model.field(link.foreignKey)!.column}`);
      const where = [sql<SqlBool>`${sql.ref(`${p}.id`)} = ${fk}`];
      if (link.model.softDelete) where.push(sql<SqlBool>`${sql.ref(`${p}.del_flag`)} = 0`);
      if (link.model.tenantScoped) where.push(sql<SqlBool>`${sql.ref(`${p}.tenant_id`)} = ${user.tenantId}`);
      const rules = await dataScopeSql(db, user, link.model, p, timeZone);
      if (rules) where.push(rules);
      const above = await rowReadSql(db, timeZone, user, link.model, p, depth + 1);
      if (above) where.push(above);
      each.push(sql<SqlBool>`exists (select 1 from ${sql.table(link.model.table)} as ${sql.id(p)}
        where ${sql.join(where, sql` and `)})`);
    }
    parts.push(each.length === 1 ? each[0] : sql<SqlBool>`(${sql.join(each, sql` or `)})`);
  }
  return and(parts);
}
