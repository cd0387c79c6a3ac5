/**
 * A child's rows change with their parent (docs/modules/one-to-many.md): through a child's own
 * routes (add, edit, delete, import) the parent a row names must be one the caller may read and,
 * for a row of the parent's form, edit, as saving the parent's form would require; a record that
 * `belongsTo` a parent (a sub-order) needs the parent readable. Otherwise anyone holding the
 * child's codes could add minutes to a meeting they cannot see, or point a row at nothing.
 */
import type { FastifyRequest } from 'fastify';
import { evaluateRowRule } from '../../runtime/model/declaration/row-rule.js';
import { isEmptyValue } from '../../runtime/model/validation/formats.js';
import type { Db } from '../db/database.js';
import { ApiError } from '../result.js';
import { graphOf } from './graph.js';
import { ruleCodesOf } from './read-scope.js';
import { checkRowChange, scopedCaller, type EntityDeps } from './route-kit.js';
import { ReferenceMessages } from './references.js';
import { EntityStore, type Row } from './store.js';

export async function checkParentWritable(
  request: FastifyRequest,
  deps: EntityDeps,
  store: EntityStore,
  rows: readonly Row[],
): Promise<void> {
  for (const link of graphOf(store.model).parentsOf(store.model.name)) {
    const ids = [
      ...new Set(
        rows.filter((r) => !isEmptyValue(r[link.foreignKey])).map((r) => String(r[link.foreignKey])),
      ),
    ];
    if (ids.length === 0) continue;
    // The parent id is a reference: one the caller cannot read is one that is not there (issue 32).
    const missing = ReferenceMessages.notFound(store.model.field(link.foreignKey)?.title ?? link.model.title);
    const parent = deps.storeOf(link.model.name);
    if (!parent) throw new ApiError(missing);
    const found = await parent.findByIds(await scopedCaller(request, deps, parent), ids);
    if (found.length < ids.length) throw new ApiError(missing);
    if (link.kind === 'child') await checkRowChange(request, deps, parent, 'edit', found);
  }
}

/**
 * The same check for an import, whose rows are checked inside its own transaction (on the embedded
 * database any other statement would wait for that transaction's connection): the callers and
 * codes are read before it starts, and the parents are then looked up through the transaction.
 * Answers each failing row's reason; null when the entity has no parent.
 */
export async function prepareImportParentCheck(
  request: FastifyRequest,
  deps: EntityDeps,
  store: EntityStore,
): Promise<((db: Db, rows: readonly Row[]) => Promise<Map<Row, string>>) | null> {
  const links = graphOf(store.model).parentsOf(store.model.name);
  if (links.length === 0) return null;
  const auth = request.auth!;
  const user = { username: auth.username, orgCode: auth.orgCode, userId: auth.userId };
  const perms = await ruleCodesOf(deps.db, auth.userId);
  const prepared = await Promise.all(
    links.map(async (link) => {
      const parent = deps.storeOf(link.model.name);
      return { link, scoped: parent ? await scopedCaller(request, deps, parent) : null };
    }),
  );
  return async (db, rows) => {
    const failed = new Map<Row, string>();
    for (const { link, scoped } of prepared) {
      const named = rows.filter((r) => !isEmptyValue(r[link.foreignKey]));
      if (named.length === 0) continue;
      const ids = [...new Set(named.map((r) => String(r[link.foreignKey])))];
      const found = scoped ? await new EntityStore(db, link.model, deps.timeZone).findByIds(scoped, ids) : [];
      const byId = new Map(found.map((p) => [String(p.id), p]));
      const editRule = link.kind === 'child' ? link.model.rowAccess?.edit : null;
      const missing = ReferenceMessages.notFound(
        store.model.field(link.foreignKey)?.title ?? link.model.title,
      );
      for (const row of named) {
        const parent = byId.get(String(row[link.foreignKey]));
        if (!parent) failed.set(row, missing);
        else if (editRule && !evaluateRowRule(editRule, parent, user, perms))
          failed.set(row, link.model.rowAccess!.editMessage);
      }
    }
    return failed;
  };
}
