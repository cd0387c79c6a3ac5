/**
 * Database sync on save (docs/modules/online-forms.md): in the caller's transaction, a new table,
 * new columns, new indexes and longer strings are applied at once. A change that would lose or
 * rewrite data (drop, rename, narrow, retype) is refused with its reason and a named migration;
 * when the admin confirms every such migration, it is performed here, safely (sync-migrate.ts).
 * A table the declaration may not use (table-rule.ts: a platform table, another's, one not in
 * ADOPTABLE_TABLES) and duplicates under a new unique field are refused outright, and so is a
 * statement the database refuses: each names the table and the reason, never a bare server error.
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { LoadedDeclaration } from '../../runtime/model/declaration/validate.js';
import { columnType, DDL_LOCK, DdlError, ensureTable, NO_ADOPTABLE } from '../entity/ddl.js';
import { isStatementError, subjectOf, tableRefusal } from '../entity/table-rule.js';
import { SyncMessages } from './messages.js';
import { applyConversions, applyMoves } from './sync-migrate.js';
import { existingColumns, offersOf, planChanges, reasonOf, SyncRefused } from './sync-plan.js';
import { TableRefused } from './table-check.js';

export { SyncRefused } from './sync-plan.js';

export interface SyncOptions {
  /** The names of the migrations the admin confirmed (`drop:visits`, ...); none by default. */
  confirm?: readonly string[];
  /** ADOPTABLE_TABLES: the existing tables a declaration may adopt; none by default. */
  adoptable?: ReadonlySet<string>;
}

/**
 * Brings the table up to `next` inside the caller's transaction (`trx`), or throws SyncRefused.
 * `previous` is the stored version being replaced (null for a new declaration).
 */
export async function syncTable(
  trx: Db,
  previous: LoadedDeclaration | null,
  next: LoadedDeclaration,
  options: SyncOptions = {},
): Promise<void> {
  await sql`select pg_advisory_xact_lock(${DDL_LOCK})`.execute(trx);
  if (previous && previous.model.table !== next.model.table)
    throw new SyncRefused([SyncMessages.table(previous.model.table, next.model.table)]);
  const adoptable = options.adoptable ?? NO_ADOPTABLE;
  const refusal = await tableRefusal(trx, subjectOf(next), adoptable);
  if (refusal) throw new TableRefused(refusal);
  try {
    await syncOwned(trx, previous, next, new Set(options.confirm ?? []), adoptable);
  } catch (error) {
    if (error instanceof DdlError) throw new TableRefused(error.refusal);
    // Anything else the database refused (a retype's `using`, a comment, a copy): named, not a 500.
    if (isStatementError(error)) {
      const step = { op: 'alter' } as const;
      const table = next.model.table;
      throw new TableRefused({ kind: 'database', table, path: '/table', step, reason: error.message });
    }
    throw error;
  }
}

/** The sync of a table the declaration may use (its own, or one it may adopt). */
async function syncOwned(
  trx: Db,
  previous: LoadedDeclaration | null,
  next: LoadedDeclaration,
  confirmed: ReadonlySet<string>,
  adoptable: ReadonlySet<string>,
): Promise<void> {
  const table = next.model.table;
  const have = await existingColumns(trx, table);
  if (have.size > 0) {
    const plan = await planChanges(trx, previous, next, have);
    if (plan.hard.length > 0) throw new SyncRefused([...plan.hard, ...plan.changes.map(reasonOf)]);
    const offers = offersOf(plan.changes);
    const stray = [...confirmed].find((name) => !offers.some((o) => o.name === name));
    if (stray) throw new SyncRefused([SyncMessages.unknownMigration(stray)], offers);
    const missing = plan.changes.filter((c) => !confirmed.has(c.name));
    if (missing.length > 0) throw new SyncRefused(plan.changes.map(reasonOf), offers);
    await applyConversions(trx, table, plan.changes);
    for (const field of plan.widen)
      await sql`alter table ${sql.table(table)} alter column ${sql.id(field.column)}
        type ${columnType(field)}`.execute(trx);
    // A field declared again on a kept column takes it back.
    for (const field of next.model.declared)
      if (have.get(field.column)?.kept)
        await sql`comment on column ${sql.table(`${table}.${field.column}`)} is null`.execute(trx);
    await ensureTable(trx, next, adoptable);
    await applyMoves(trx, table, plan.changes, confirmed);
    return;
  }
  await ensureTable(trx, next, adoptable);
}
