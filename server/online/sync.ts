/**
 * Database sync on save (docs/modules/online-forms.md): in the caller's transaction, a new table,
 * new columns, new indexes and longer strings are applied at once; a change that would lose or
 * rewrite data (drop, rename, narrow, retype, another table) is refused with a message naming the
 * field. Identifiers come only from the validated declaration (the meta-schema's patterns) and are
 * quoted with sql.id / sql.table; values are bound.
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { FieldModel } from '../../runtime/model/declaration/model.js';
import { columnLength } from '../../runtime/model/declaration/record-schema.js';
import type { LoadedDeclaration } from '../../runtime/model/declaration/validate.js';
import { DDL_LOCK, DdlError, ensureTable } from '../entity/ddl.js';
import { SyncMessages } from './messages.js';

/** The save is refused; every reason is listed (one per field). */
export class SyncRefused extends Error {
  constructor(public readonly reasons: string[]) {
    super(reasons.join('；'));
  }
}

/** The columns the engine adds to every generated table: never a declared field's. */
const ENGINE_COLUMNS = new Set([
  'id',
  'create_by',
  'create_time',
  'update_by',
  'update_time',
  'sys_org_code',
  'row_version',
  'del_flag',
  'tenant_id',
]);

interface SqlType {
  dataType: string;
  length: number | null;
}

/** What information_schema says for the column ddl.ts makes of the field. */
function expectedType(field: FieldModel): SqlType {
  const varchar = (length: number) => ({ dataType: 'character varying', length });
  switch (field.type) {
    case 'string':
      return varchar(columnLength(field));
    case 'time':
      return varchar(8);
    case 'boolean':
      return varchar(1);
    case 'text':
      return { dataType: 'text', length: null };
    case 'int':
      return { dataType: 'integer', length: null };
    case 'number':
      return { dataType: 'double precision', length: null };
    case 'money':
      return { dataType: 'numeric', length: null };
    case 'date':
      return { dataType: 'date', length: null };
    case 'datetime':
      return { dataType: 'timestamp with time zone', length: null };
  }
}

const TYPE_LABELS: Record<string, string> = {
  'character varying': '字符串',
  text: '长文本',
  integer: '整数',
  'double precision': '小数',
  numeric: '金额',
  date: '日期',
  'timestamp with time zone': '日期时间',
};

function label(type: SqlType): string {
  const name = TYPE_LABELS[type.dataType] ?? type.dataType;
  return type.length !== null ? `${name}(${type.length})` : name;
}

interface ExistingColumn {
  columnName: string;
  dataType: string;
  characterMaximumLength: number | null;
}

async function existingColumns(db: Db, table: string): Promise<Map<string, SqlType>> {
  const rows = await sql<ExistingColumn>`select column_name, data_type, character_maximum_length
    from information_schema.columns where table_schema = current_schema() and table_name = ${table}`.execute(
    db,
  );
  return new Map(
    rows.rows.map((r) => [
      r.columnName,
      {
        dataType: r.dataType,
        length: r.characterMaximumLength === null ? null : Number(r.characterMaximumLength),
      },
    ]),
  );
}

async function filledRows(db: Db, table: string, column: string): Promise<number> {
  const rows = await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}
    where ${sql.id(column)} is not null`.execute(db);
  return Number(rows.rows[0]?.n ?? 0);
}

async function hasDuplicates(db: Db, table: string, column: string): Promise<boolean> {
  const rows = await sql`select 1 from ${sql.table(table)} where ${sql.id(column)} is not null
    group by ${sql.id(column)} having count(*) > 1 limit 1`.execute(db);
  return rows.rows.length > 0;
}

function titleOf(previous: LoadedDeclaration | null, column: string): string {
  return previous?.model.declared.find((f) => f.column === column)?.title ?? column;
}

/** The reasons the change from the table as it is to `next` would lose or rewrite data. */
async function refusals(
  db: Db,
  previous: LoadedDeclaration | null,
  next: LoadedDeclaration,
  have: Map<string, SqlType>,
): Promise<{ reasons: string[]; widen: FieldModel[] }> {
  const { model } = next;
  const reasons: string[] = [];
  const widen: FieldModel[] = [];
  const declared = new Map(model.declared.map((f) => [f.column, f]));
  const removed = [...have.keys()].filter((c) => !ENGINE_COLUMNS.has(c) && !declared.has(c));
  const added = model.declared.filter((f) => !have.has(f.column));
  if (
    removed.length === 1 &&
    added.length === 1 &&
    label(have.get(removed[0])!) === label(expectedType(added[0]))
  )
    reasons.push(SyncMessages.rename(titleOf(previous, removed[0]), added[0].title));
  else
    for (const column of removed)
      reasons.push(
        SyncMessages.drop(titleOf(previous, column), column, await filledRows(db, model.table, column)),
      );
  for (const field of model.declared) {
    const now = have.get(field.column);
    if (!now) continue;
    const wanted = expectedType(field);
    if (now.dataType !== wanted.dataType)
      reasons.push(SyncMessages.retype(field.title, field.name, label(now), label(wanted)));
    else if (now.length !== null && wanted.length !== null && wanted.length < now.length)
      reasons.push(SyncMessages.narrow(field.title, field.name, now.length, wanted.length));
    else if (now.length !== null && wanted.length !== null && wanted.length > now.length) widen.push(field);
    else if (field.unique && (await hasDuplicates(db, model.table, field.column)))
      reasons.push(SyncMessages.duplicates(field.title));
  }
  return { reasons, widen };
}

/** Whether an existing table is this declaration's (or one no declaration owns that it may adopt). */
async function ownedBy(db: Db, next: LoadedDeclaration): Promise<boolean> {
  const owner = await sql<{ name: string }>`select name from sys_declaration
    where table_name = ${next.model.table}`.execute(db);
  const name = owner.rows[0]?.name;
  return name === next.model.name || (name === undefined && next.declaration.adoptTable === true);
}

/**
 * Brings the table up to `next` inside the caller's transaction (`trx`), or throws SyncRefused.
 * `previous` is the stored version being replaced (null for a new declaration).
 */
export async function syncTable(
  trx: Db,
  previous: LoadedDeclaration | null,
  next: LoadedDeclaration,
): Promise<void> {
  await sql`select pg_advisory_xact_lock(${DDL_LOCK})`.execute(trx);
  if (previous && previous.model.table !== next.model.table)
    throw new SyncRefused([SyncMessages.table(previous.model.table, next.model.table)]);
  const have = await existingColumns(trx, next.model.table);
  if (have.size > 0 && !(await ownedBy(trx, next)))
    throw new SyncRefused([SyncMessages.tableTaken(next.model.table)]);
  if (have.size > 0) {
    const { reasons, widen } = await refusals(trx, previous, next, have);
    if (reasons.length > 0) throw new SyncRefused(reasons);
    for (const field of widen)
      await sql`alter table ${sql.table(next.model.table)} alter column ${sql.id(field.column)}
        type ${sql.raw(`varchar(${columnLength(field)})`)}`.execute(trx);
  }
  try {
    await ensureTable(trx, next);
  } catch (error) {
    if (error instanceof DdlError) throw new SyncRefused([SyncMessages.tableTaken(next.model.table)]);
    throw error;
  }
}
