/**
 * Database sync on save (docs/modules/online-forms.md): in the caller's transaction, a new table,
 * new columns, new indexes and longer strings are applied at once. A change that would lose or
 * rewrite data (drop, rename, narrow, retype) is refused with its reason and a named migration;
 * when the admin confirms every such migration, it is performed here, safely (sync-migrate.ts).
 * Another table, or duplicates under a new unique field, are refused outright.
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { LoadedDeclaration } from '../../runtime/model/declaration/validate.js';
import { columnType, DDL_LOCK, DdlError, ensureTable } from '../entity/ddl.js';
import { SyncMessages } from './messages.js';
import { applyConversions, applyMoves } from './sync-migrate.js';
import { existingColumns, offersOf, planChanges, reasonOf, SyncRefused } from './sync-plan.js';

export { SyncRefused } from './sync-plan.js';

/** Whether an existing table is this declaration's (or one no declaration owns that it may adopt). */
async function ownedBy(db: Db, next: LoadedDeclaration): Promise<boolean> {
  const owner = await sql<{ name: string }>`select name from sys_declaration
    where table_name = ${next.model.table}`.execute(db);
  const name = owner.rows[0]?.name;
  return name === next.model.name || (name === undefined && next.declaration.adoptTable === true);
}

export interface SyncOptions {
  /** The names of the migrations the admin confirmed (`drop:visits`, ...); none by default. */
  confirm?: readonly string[];
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
  const table = next.model.table;
  const have = await existingColumns(trx, table);
  if (have.size > 0 && !(await ownedBy(trx, next))) throw new SyncRefused([SyncMessages.tableTaken(table)]);
  const confirmed = new Set(options.confirm ?? []);
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
    await ensureSynced(trx, next);
    await applyMoves(trx, table, plan.changes, confirmed);
    return;
  }
  await ensureSynced(trx, next);
}

async function ensureSynced(trx: Db, next: LoadedDeclaration): Promise<void> {
  try {
    await ensureTable(trx, next);
  } catch (error) {
    if (error instanceof DdlError) throw new SyncRefused([SyncMessages.tableTaken(next.model.table)]);
    throw error;
  }
}
