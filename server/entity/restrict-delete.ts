/**
 * `restrictDelete`: rows of other tables that refer to an entity's id (a role's users, a
 * department's members). Deleting is refused with the declared message while one does. The table
 * and column come from a validated declaration (snake_case, checked by the meta-schema) and are
 * checked to exist when the server starts, so a typo stops the start instead of every delete.
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { EntityModel } from '../../runtime/model/declaration/model.js';
import { ApiError } from '../result.js';

/** Throws the first declared message whose table still refers to one of `ids`. */
export async function checkNotReferenced(db: Db, model: EntityModel, ids: readonly string[]): Promise<void> {
  for (const rule of model.declaration.restrictDelete ?? []) {
    const found = await sql`select 1 from ${sql.table(rule.table)}
      where ${sql.ref(rule.column)} in (${sql.join(ids)}) limit 1`.execute(db);
    if (found.rows.length > 0) throw new ApiError(rule.message);
  }
}

/** The restrictDelete tables and columns that do not exist, as `file: path: message` lines. */
export async function missingReferences(
  db: Db,
  items: readonly { file: string; model: EntityModel }[],
): Promise<string[]> {
  const problems: string[] = [];
  for (const { file, model } of items) {
    const rules = model.declaration.restrictDelete ?? [];
    for (const [i, rule] of rules.entries()) {
      const found = await sql`select 1 from information_schema.columns
        where table_schema = current_schema() and table_name = ${rule.table} and column_name = ${rule.column}`.execute(
        db,
      );
      if (found.rows.length === 0)
        problems.push(`${file}: /restrictDelete/${i}: column ${rule.table}.${rule.column} does not exist`);
    }
  }
  return problems;
}
