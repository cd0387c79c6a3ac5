/**
 * Real foreign keys where both tables are generated (issue 32): a single `reference` field, and
 * the foreign key of a one-to-many or one-to-one child (its parent id is a reference too).
 *
 * - A child's key cascades: its rows go with the parent, as the engine deletes them.
 * - A reference's key sets null: the engine refuses deleting a target live rows refer to (naming
 *   the referring screen, references.ts) or deletes them first (cascade), so only rows deleted
 *   before (soft-deleted) still point at it, and they must not stop the delete.
 *
 * Keys are added NOT VALID: rows stored before a key existed are not re-checked (a start must not
 * fail on old data), every row written from then on is. Adopted tables take part only where their
 * id is a single-column unique key and the column holds text.
 */
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { EntityModel } from '../../runtime/model/declaration/model.js';
import type { Db } from '../db/database.js';
import { DDL_LOCK } from './ddl.js';

export interface ReferenceKey {
  name: string;
  table: string;
  column: string;
  target: string;
  onDelete: 'cascade' | 'set null';
}

/** `fk_<table>_<column>`, within PostgreSQL's 63 bytes (a long one keeps a hash to stay unique). */
function keyName(table: string, column: string): string {
  const name = `fk_${table}_${column}`;
  if (name.length <= 63) return name;
  const hash = createHash('sha256').update(name).digest('hex').slice(0, 8);
  return `${name.slice(0, 54)}_${hash}`;
}

/** The keys the declarations ask for, among generated tables only. */
export function referenceKeysOf(models: readonly EntityModel[]): ReferenceKey[] {
  const generated = new Map(models.filter((m) => !m.external).map((m) => [m.name, m]));
  const keys = new Map<string, ReferenceKey>();
  const add = (
    model: EntityModel,
    fieldName: string,
    target: EntityModel,
    onDelete: ReferenceKey['onDelete'],
  ) => {
    const field = model.field(fieldName);
    if (!field || field.system || field.type !== 'string') return;
    const name = keyName(model.table, field.column);
    if (!keys.has(name))
      keys.set(name, { name, table: model.table, column: field.column, target: target.table, onDelete });
  };
  for (const parent of generated.values())
    for (const child of parent.declaration.children ?? []) {
      const model = generated.get(child.entity);
      if (model) add(model, child.foreignKey, parent, 'cascade');
    }
  for (const model of generated.values())
    for (const field of model.declared) {
      const target =
        field.reference && !field.reference.multiple ? generated.get(field.reference.entity) : undefined;
      if (target) add(model, field.name, target, 'set null');
    }
  return [...keys.values()];
}

/** Adds the keys that do not exist yet; answers their names. One catalogue read when none is missing. */
export async function ensureReferenceKeys(db: Db, models: readonly EntityModel[]): Promise<string[]> {
  const wanted = referenceKeysOf(models);
  if (wanted.length === 0) return [];
  if ((await missingKeys(db, wanted)).length === 0) return [];
  // Under the DDL lock, asked again: two servers starting together add each key once.
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${DDL_LOCK})`.execute(trx);
    return addKeys(trx, await missingKeys(trx, wanted));
  });
}

async function missingKeys(db: Db, wanted: readonly ReferenceKey[]): Promise<ReferenceKey[]> {
  const existing = await sql<{ name: string }>`select c.conname as name from pg_constraint c
    join pg_namespace n on n.oid = c.connamespace
    where n.nspname = current_schema() and c.contype = 'f'`.execute(db);
  const have = new Set(existing.rows.map((r) => r.name));
  return wanted.filter((key) => !have.has(key.name));
}

async function addKeys(db: Db, missing: readonly ReferenceKey[]): Promise<string[]> {
  if (missing.length === 0) return [];
  const tables = [...new Set(missing.flatMap((k) => [k.table, k.target]))];
  // Tables whose id is a one-column unique key, and the text columns of the tables involved.
  const keyed = await sql<{ tbl: string }>`select t.relname as tbl from pg_index i
    join pg_class t on t.oid = i.indrelid
    join pg_namespace n on n.oid = t.relnamespace
    join pg_attribute a on a.attrelid = t.oid and a.attnum = i.indkey[0]
    where n.nspname = current_schema() and i.indisunique and i.indnatts = 1 and a.attname = 'id'
      and t.relname in (${sql.join(tables)})`.execute(db);
  const columns = await sql<{ tbl: string; col: string }>`select table_name as tbl, column_name as col
    from information_schema.columns
    where table_schema = current_schema() and table_name in (${sql.join(tables)})
      and data_type in ('character varying', 'text')`.execute(db);
  const withId = new Set(keyed.rows.map((r) => r.tbl));
  const textColumns = new Set(columns.rows.map((r) => `${r.tbl}.${r.col}`));
  const made: string[] = [];
  for (const key of missing) {
    if (!withId.has(key.target) || !textColumns.has(`${key.table}.${key.column}`)) continue;
    const action = key.onDelete === 'cascade' ? sql`cascade` : sql`set null`;
    await sql`alter table ${sql.table(key.table)} add constraint ${sql.id(key.name)}
      foreign key (${sql.id(key.column)}) references ${sql.table(key.target)} (id) on delete ${action} not valid`.execute(
      db,
    );
    made.push(key.name);
  }
  return made;
}
