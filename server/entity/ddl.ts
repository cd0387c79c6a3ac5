/**
 * Tables from declarations, additive only: a missing table is created, a missing column or index is
 * added, nothing is ever dropped or retyped. Identifiers come only from validated declarations
 * (snake_case, checked by the meta-schema) and are quoted through Kysely's sql.id / sql.table.
 * Which existing table a declaration may touch is table-rule.ts's decision (never a platform table
 * but by its shipped owner, never another declaration's, others only from ADOPTABLE_TABLES); a
 * statement the database refuses becomes a DdlError naming the file, the JSON path and the reason.
 */
import { createHash } from 'node:crypto';
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/database.js';
import type { FieldModel } from '../../runtime/model/declaration/model.js';
import { columnLength } from '../../runtime/model/declaration/record-schema.js';
import type { LoadedDeclaration } from '../../runtime/model/declaration/validate.js';
import { StartRefused } from '../start-refused.js';
import {
  isStatementError,
  refusalOf,
  refusalText,
  subjectOf,
  platformRefusal,
  tableState,
  type DdlStep,
  type TableRefusal,
} from './table-rule.js';

/** Serialises concurrent starts of several instances on one database. */
export const DDL_LOCK = 7_214_301;

/** A declaration's table cannot be brought up to it: `file: /path: reason`, the refusal for callers. */
export class DdlError extends StartRefused {
  constructor(
    readonly file: string,
    readonly refusal: TableRefusal,
    declaration: string,
  ) {
    super(`${file}: ${refusal.path}: ${refusalText(refusal, declaration)}`);
  }
}

/** Existing tables a declaration may adopt (ADOPTABLE_TABLES); none unless the operator says so. */
export const NO_ADOPTABLE: ReadonlySet<string> = new Set();

export function columnType(field: FieldModel): RawBuilder<unknown> {
  switch (field.type) {
    case 'string':
      return sql.raw(`varchar(${columnLength(field)})`);
    case 'text':
      return sql.raw('text');
    case 'int':
      return sql.raw('integer');
    case 'number':
      return sql.raw('double precision');
    case 'money':
      return sql.raw('numeric(18,2)');
    case 'date':
      return sql.raw('date');
    case 'datetime':
      return sql.raw('timestamptz');
    case 'time':
      return sql.raw('varchar(8)');
    case 'boolean':
      return sql.raw('varchar(1)');
  }
}

interface ColumnSpec {
  name: string;
  type: RawBuilder<unknown>;
  /** Only the engine's own columns carry constraints; declared ones are checked by validation. */
  extra?: RawBuilder<unknown>;
  /** The declaration's JSON path a refusal of this column names (not part of the shape). */
  path?: string;
}

function columnsOf(item: LoadedDeclaration): ColumnSpec[] {
  const { model } = item;
  const columns: ColumnSpec[] = [{ name: 'id', type: sql.raw('varchar(32)'), extra: sql.raw('primary key') }];
  model.declared.forEach((field, i) =>
    columns.push({ name: field.column, type: columnType(field), path: `/fields/${i}` }),
  );
  columns.push(
    { name: 'create_by', type: sql.raw('varchar(64)') },
    { name: 'create_time', type: sql.raw('timestamptz'), extra: sql.raw('not null default now()') },
    { name: 'update_by', type: sql.raw('varchar(64)') },
    { name: 'update_time', type: sql.raw('timestamptz') },
    // The creator's current department: what "own department and below" data rules compare.
    { name: 'sys_org_code', type: sql.raw('varchar(64)') },
    // Counts saves: an edit from a stale copy is refused (see ROW_VERSION_FIELD).
    { name: 'row_version', type: sql.raw('integer'), extra: sql.raw('not null default 0') },
  );
  const zero = sql.raw('not null default 0');
  if (model.softDelete)
    columns.push({ name: 'del_flag', type: sql.raw('integer'), extra: zero, path: '/softDelete' });
  if (model.tenantScoped)
    columns.push({ name: 'tenant_id', type: sql.raw('integer'), extra: zero, path: '/tenantScoped' });
  return columns;
}

interface IndexSpec {
  name: string;
  columns: string[];
  unique: boolean;
  /** As ColumnSpec.path. */
  path?: string;
}

/** Index names stay within PostgreSQL's 63 characters; a long one keeps a hash to stay unique. */
function indexName(table: string, columns: string[], suffix: string): string {
  const name = `${table}_${columns.join('_')}_${suffix}`;
  if (name.length <= 63) return name;
  const hash = createHash('sha1').update(name).digest('hex').slice(0, 8);
  return `${name.slice(0, 63 - 9 - suffix.length - 1)}_${hash}_${suffix}`;
}

function indexesOf(item: LoadedDeclaration): IndexSpec[] {
  const { model, declaration } = item;
  const table = model.table;
  const scope = model.tenantScoped ? ['tenant_id'] : [];
  const out: IndexSpec[] = [
    { name: indexName(table, ['create_time'], 'idx'), columns: ['create_time'], unique: false },
  ];
  model.declared.forEach((field, i) => {
    if (field.unique)
      out.push({
        name: indexName(table, [field.column], 'uq'),
        columns: [...scope, field.column],
        unique: true,
        path: `/fields/${i}/unique`,
      });
    else if (field.index)
      out.push({
        name: indexName(table, [field.column], 'idx'),
        columns: [field.column],
        unique: false,
        path: `/fields/${i}/index`,
      });
  });
  if (model.tree) {
    const parent = model.field(model.tree.parentField)!.column;
    const path = '/tree/parentField';
    out.push({ name: indexName(table, [parent], 'idx'), columns: [parent], unique: false, path });
  }
  if (model.tenantScoped) {
    const path = '/tenantScoped';
    out.push({ name: indexName(table, ['tenant_id'], 'idx'), columns: ['tenant_id'], unique: false, path });
  }
  for (const [i, index] of (declaration.indexes ?? []).entries()) {
    const columns = index.fields.map((f) => model.field(f)!.column);
    out.push({
      name: indexName(table, columns, index.unique ? 'uq' : 'idx'),
      columns: index.unique ? [...scope, ...columns] : columns,
      unique: index.unique === true,
      path: `/indexes/${i}`,
    });
  }
  return out;
}

/** Runs one DDL statement; a refusal by the database names the table, the step and its reason. */
async function run(
  db: Db,
  item: LoadedDeclaration,
  statement: RawBuilder<unknown>,
  step: DdlStep,
  path = '/table',
): Promise<void> {
  try {
    await statement.execute(db);
  } catch (error) {
    if (!isStatementError(error)) throw error;
    const refusal = { kind: 'database', table: item.model.table, path, step, reason: error.message } as const;
    throw new DdlError(item.file, refusal, item.model.name);
  }
}

export async function ensureTable(
  db: Db,
  item: LoadedDeclaration,
  adoptable: ReadonlySet<string> = NO_ADOPTABLE,
): Promise<void> {
  const { model } = item;
  const state = await tableState(db, model.table);
  const refusal = refusalOf(subjectOf(item), state, adoptable);
  if (refusal) throw new DdlError(item.file, refusal, model.name);
  const columns = columnsOf(item);
  const table = sql.table(model.table);
  const definition = (c: ColumnSpec) => sql`${sql.id(c.name)} ${c.type}${c.extra ? sql` ${c.extra}` : sql``}`;
  if (state.columns.size === 0) {
    await run(db, item, sql`create table ${table} (${sql.join(columns.map(definition))})`, { op: 'create' });
  } else {
    for (const column of columns.filter((c) => !state.columns.has(c.name))) {
      const step = { op: 'column', name: column.name } as const;
      await run(db, item, sql`alter table ${table} add column ${definition(column)}`, step, column.path);
    }
  }
  for (const index of indexesOf(item)) {
    const where = index.unique && model.softDelete ? sql` where del_flag = 0` : sql``;
    const kind = index.unique ? sql`unique index` : sql`index`;
    const statement = sql`create ${kind} if not exists ${sql.id(index.name)} on ${table} (${sql.join(index.columns.map((c) => sql.id(c)))})${where}`;
    await run(db, item, statement, { op: 'index', name: index.name }, index.path);
  }
  const checksum = shapeChecksum(item);
  await sql`
    insert into sys_declaration (name, table_name, schema_version, checksum, source, update_time)
    values (${model.name}, ${model.table}, ${item.declaration.schemaVersion}, ${checksum}, ${item.file}, now())
    on conflict (name) do update set table_name = excluded.table_name, schema_version = excluded.schema_version,
      checksum = excluded.checksum, source = excluded.source, update_time = now()`.execute(db);
}

/**
 * Brings every declared table up to its declaration, in one transaction under an advisory lock.
 * `adoptable` is ADOPTABLE_TABLES. Every declaration on a platform table is refused, also one whose
 * table looks up to date (an older server may have let it adopt the table), and all such problems
 * are named together before any statement runs.
 */
export async function ensureEntityTables(
  db: Db,
  all: readonly LoadedDeclaration[],
  adoptable: ReadonlySet<string> = NO_ADOPTABLE,
): Promise<void> {
  // An external declaration's table belongs to hand-written code (and its migration): never touched,
  // never recorded as owned, so no declaration can later adopt it.
  const items = all.filter((item) => !item.model.external);
  if (items.length === 0) return;
  const platform = items.flatMap((item) => {
    const refusal = platformRefusal(subjectOf(item));
    return refusal ? [new DdlError(item.file, refusal, item.model.name).message] : [];
  });
  if (platform.length > 0) throw new StartRefused(platform.join('\n'));
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${DDL_LOCK})`.execute(trx);
    const done = await upToDate(trx);
    for (const item of items) {
      if (done.get(item.model.name) !== `${item.model.table}/${shapeChecksum(item)}`)
        await ensureTable(trx, item, adoptable);
    }
  });
}

/**
 * What the table must look like (the declaration, and the columns and indexes this code derives from
 * it): equal to the stored checksum, with the table present, means the table was brought up to
 * exactly this shape before, and a start need not ask the catalogue about each of ~100 tables
 * (about a second on the embedded database, every start of every server and test).
 */
function shapeChecksum(item: LoadedDeclaration): string {
  // The JSON paths only name a refusal: left out, so the checksums stored by earlier servers still hold.
  const columns = columnsOf(item).map(({ name, type, extra }) => ({ name, type, extra }));
  const indexes = indexesOf(item).map(({ name, columns, unique }) => ({ name, columns, unique }));
  const shape = { declaration: item.declaration, columns, indexes };
  return createHash('sha256')
    .update(
      JSON.stringify(shape, (_key, value: unknown) =>
        isRawBuilder(value) ? value.toOperationNode() : value,
      ),
    )
    .digest('hex');
}

function isRawBuilder(value: unknown): value is RawBuilder<unknown> {
  return typeof (value as RawBuilder<unknown> | null)?.toOperationNode === 'function';
}

/** `name -> table/checksum` of declarations whose table exists now. */
async function upToDate(db: Db): Promise<Map<string, string>> {
  const rows = await sql<{ name: string; tableName: string; checksum: string }>`
    select d.name, d.table_name, d.checksum from sys_declaration d
    where exists (select 1 from pg_tables t where t.schemaname = current_schema() and t.tablename = d.table_name)`.execute(
    db,
  );
  return new Map(rows.rows.map((r) => [r.name, `${r.tableName}/${r.checksum}`]));
}
