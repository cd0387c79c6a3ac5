/**
 * What a save would change in an existing table (docs/modules/online-forms.md): additive changes
 * (new column, new index, longer string) and the changes that would lose or rewrite data, each a
 * named migration the admin may confirm: `drop:<column>`, `rename:<old>><new>`, `retype:<column>`,
 * `narrow:<column>`. A few changes have no migration and are refused outright (another table,
 * duplicates under a new unique field).
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { FieldModel } from '../../runtime/model/declaration/model.js';
import { columnLength } from '../../runtime/model/declaration/record-schema.js';
import type { LoadedDeclaration } from '../../runtime/model/declaration/validate.js';
import { SyncMessages } from './messages.js';

/** The columns the engine adds to every generated table: never a declared field's. */
export const ENGINE_COLUMNS = new Set([
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

/** A migration the designer offers as a checkbox (all required ones must be confirmed). */
export interface MigrationOffer {
  name: string;
  title: string;
  optional?: boolean;
}

/** The save is refused; every reason is listed (one per field), with the migrations that would do it. */
export class SyncRefused extends Error {
  constructor(
    public readonly reasons: string[],
    public readonly migrations: MigrationOffer[] = [],
  ) {
    super(reasons.join('；'));
  }
}

/** A renamed field's old column kept (not dropped) after a confirmed rename carries this comment. */
export const KEPT_MARK = 'zj:kept-after-rename';

export interface SqlType {
  dataType: string;
  length: number | null;
}

export interface ExistingColumn extends SqlType {
  kept: boolean;
}

/** What information_schema says for the column ddl.ts makes of the field. */
export function expectedType(field: FieldModel): SqlType {
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

export function label(type: SqlType): string {
  const name = TYPE_LABELS[type.dataType] ?? type.dataType;
  return type.length !== null ? `${name}(${type.length})` : name;
}

export async function existingColumns(db: Db, table: string): Promise<Map<string, ExistingColumn>> {
  const rows = await sql<{
    columnName: string;
    dataType: string;
    characterMaximumLength: number | null;
    note: string | null;
  }>`select column_name, data_type, character_maximum_length,
      col_description(format('%I.%I', table_schema, table_name)::regclass, ordinal_position) as note
    from information_schema.columns where table_schema = current_schema() and table_name = ${table}`.execute(
    db,
  );
  return new Map(
    rows.rows.map((r) => [
      r.columnName,
      {
        dataType: r.dataType,
        length: r.characterMaximumLength === null ? null : Number(r.characterMaximumLength),
        kept: r.note === KEPT_MARK,
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

export type Change =
  | { kind: 'drop'; name: string; column: string; title: string; rows: number }
  | { kind: 'rename'; name: string; from: string; fromTitle: string; field: FieldModel }
  | { kind: 'retype' | 'narrow'; name: string; field: FieldModel; from: SqlType };

export interface Plan {
  /** Refusals no migration can lift. */
  hard: string[];
  /** Changes that need the admin's confirmation, by migration name. */
  changes: Change[];
  widen: FieldModel[];
}

function titleOf(previous: LoadedDeclaration | null, column: string): string {
  return previous?.model.declared.find((f) => f.column === column)?.title ?? column;
}

/** The plan from the table as it is (`have`) to `next`. */
export async function planChanges(
  db: Db,
  previous: LoadedDeclaration | null,
  next: LoadedDeclaration,
  have: Map<string, ExistingColumn>,
): Promise<Plan> {
  const { model } = next;
  const plan: Plan = { hard: [], changes: [], widen: [] };
  const declared = new Map(model.declared.map((f) => [f.column, f]));
  // An adopted table keeps the columns no version declared (an imported table's other columns):
  // only a column the previous version declared counts as removed.
  const before = new Set(previous?.model.declared.map((f) => f.column) ?? []);
  const removed = [...have.entries()]
    .filter(([c, t]) => !ENGINE_COLUMNS.has(c) && !declared.has(c) && !t.kept)
    .filter(([c]) => !next.declaration.adoptTable || before.has(c))
    .map(([c]) => c);
  const added = model.declared.filter((f) => !have.has(f.column));
  const renamed =
    removed.length === 1 &&
    added.length === 1 &&
    label(have.get(removed[0])!) === label(expectedType(added[0]));
  if (renamed) {
    const [from, field] = [removed[0], added[0]];
    plan.changes.push({
      kind: 'rename',
      name: `rename:${from}>${field.column}`,
      from,
      fromTitle: titleOf(previous, from),
      field,
    });
    if (field.unique && (await hasDuplicates(db, model.table, from)))
      plan.hard.push(SyncMessages.duplicates(field.title));
  } else
    for (const column of removed)
      plan.changes.push({
        kind: 'drop',
        name: `drop:${column}`,
        column,
        title: titleOf(previous, column),
        rows: await filledRows(db, model.table, column),
      });
  for (const field of model.declared) {
    const now = have.get(field.column);
    if (!now) continue;
    const wanted = expectedType(field);
    if (now.dataType !== wanted.dataType)
      plan.changes.push({ kind: 'retype', name: `retype:${field.column}`, field, from: now });
    else if (now.length !== null && wanted.length !== null && wanted.length < now.length)
      plan.changes.push({ kind: 'narrow', name: `narrow:${field.column}`, field, from: now });
    else if (now.length !== null && wanted.length !== null && wanted.length > now.length)
      plan.widen.push(field);
    if (field.unique && (await hasDuplicates(db, model.table, field.column)))
      plan.hard.push(SyncMessages.duplicates(field.title));
  }
  return plan;
}

/** Why a change is refused until confirmed, naming its migration. */
export function reasonOf(change: Change): string {
  switch (change.kind) {
    case 'drop':
      return SyncMessages.drop(change.title, change.column, change.rows, change.name);
    case 'rename':
      return SyncMessages.rename(
        change.fromTitle,
        change.from,
        change.field.title,
        change.field.column,
        change.name,
      );
    case 'retype':
      return SyncMessages.retype(
        change.field.title,
        change.field.name,
        label(change.from),
        label(expectedType(change.field)),
        change.name,
      );
    case 'narrow':
      return SyncMessages.narrow(
        change.field.title,
        change.field.name,
        change.from.length ?? 0,
        columnLength(change.field),
        change.name,
      );
  }
}

/** The offers the designer shows as checkboxes: one per change, and dropping a renamed field's old column. */
export function offersOf(changes: readonly Change[]): MigrationOffer[] {
  return changes.flatMap((change) => {
    const one = { name: change.name, title: SyncMessages.offer(change.kind, reasonTitle(change)) };
    if (change.kind !== 'rename') return [one];
    return [
      one,
      {
        name: `drop:${change.from}`,
        title: SyncMessages.dropOld(change.fromTitle, change.from),
        optional: true,
      },
    ];
  });
}

function reasonTitle(change: Change): string {
  if (change.kind === 'drop') return `“${change.title}”(${change.column})`;
  if (change.kind === 'rename')
    return `“${change.fromTitle}”(${change.from}) → “${change.field.title}”(${change.field.column})`;
  return `“${change.field.title}”(${change.field.column}) ${label(change.from)} → ${label(expectedType(change.field))}`;
}
