/**
 * Performing confirmed migrations (docs/modules/online-forms.md), inside the save's transaction:
 * a retype or a narrower string first reads every existing value and refuses, naming the first
 * row that would not convert (or not fit), before the column is altered; a rename adds the new
 * column and copies the values (the old column is dropped only when that was confirmed too, else
 * kept and marked); a drop drops. Identifiers come from the validated declaration and the table's
 * own columns, never from the request.
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { FieldModel } from '../../runtime/model/declaration/model.js';
import { columnLength } from '../../runtime/model/declaration/record-schema.js';
import { isDate, isTime } from '../../runtime/model/validation/formats.js';
import { columnType } from '../entity/ddl.js';
import { SyncMessages } from './messages.js';
import { expectedType, KEPT_MARK, label, SyncRefused, type Change } from './sync-plan.js';

const INT = /^[-+]?\d{1,10}(\.0+)?$/;
const DECIMAL = /^[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/;
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})([ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?([+-]\d{2}(:?\d{2})?|Z)?$/;

/** Whether a value, as PostgreSQL prints it, converts to the field's column without loss or error. */
export function converts(field: FieldModel, text: string): boolean {
  switch (field.type) {
    case 'string':
      return [...text].length <= columnLength(field);
    case 'text':
      return true;
    case 'int':
      return INT.test(text) && Math.abs(Number(text)) <= 2_147_483_647;
    case 'number':
      return DECIMAL.test(text) && Number.isFinite(Number(text));
    case 'money':
      return DECIMAL.test(text) && Math.abs(Number(text)) < 1e16;
    case 'date':
    case 'datetime': {
      const m = DATE_TIME.exec(text);
      return m !== null && isDate(m[1]);
    }
    case 'time':
      return isTime(text.length === 5 ? `${text}:00` : text);
    case 'boolean':
      return text === 'Y' || text === 'N';
  }
}

const BATCH = 5000;

/** The first row (by id) whose value does not convert, read in batches; undefined when all do. */
async function firstBad(
  db: Db,
  table: string,
  field: FieldModel,
): Promise<{ id: string; v: string } | undefined> {
  let after = '';
  for (;;) {
    const rows = await sql<{ id: string; v: string }>`select id, ${sql.id(field.column)}::text as v
      from ${sql.table(table)} where ${sql.id(field.column)} is not null and id > ${after}
      order by id limit ${BATCH}`.execute(db);
    const bad = rows.rows.find((r) => !converts(field, r.v));
    if (bad) return bad;
    if (rows.rows.length < BATCH) return undefined;
    after = rows.rows[rows.rows.length - 1].id;
  }
}

/** How the old value becomes the new one: through text, so exactly what `converts` accepted is kept. */
function usingOf(field: FieldModel) {
  const text = sql`${sql.id(field.column)}::text`;
  if (field.type === 'int') return sql`${text}::numeric::integer`;
  if (field.type === 'time') return sql`case when length(${text}) = 5 then ${text} || ':00' else ${text} end`;
  return sql`${text}::${columnType(field)}`;
}

async function convert(db: Db, table: string, field: FieldModel): Promise<void> {
  const bad = await firstBad(db, table, field);
  if (bad) {
    const reason =
      field.type === 'string'
        ? SyncMessages.tooLong(field.title, field.name, columnLength(field), bad.id, bad.v.slice(0, 50))
        : SyncMessages.badValue(
            field.title,
            field.name,
            label(expectedType(field)),
            bad.id,
            bad.v.slice(0, 50),
          );
    throw new SyncRefused([reason]);
  }
  await sql`alter table ${sql.table(table)} alter column ${sql.id(field.column)}
    type ${columnType(field)} using ${usingOf(field)}`.execute(db);
}

/** Retypes and narrow strings: before the additive sync (which may index the altered column). */
export async function applyConversions(db: Db, table: string, changes: readonly Change[]): Promise<void> {
  for (const change of changes)
    if (change.kind === 'retype' || change.kind === 'narrow') await convert(db, table, change.field);
}

/** Renames and drops: after the additive sync has added the new columns. */
export async function applyMoves(
  db: Db,
  table: string,
  changes: readonly Change[],
  confirmed: ReadonlySet<string>,
): Promise<void> {
  const t = sql.table(table);
  for (const change of changes) {
    if (change.kind === 'rename') {
      await sql`update ${t} set ${sql.id(change.field.column)} = ${sql.id(change.from)}`.execute(db);
      if (confirmed.has(`drop:${change.from}`))
        await sql`alter table ${t} drop column ${sql.id(change.from)}`.execute(db);
      // Kept: the plan no longer counts it as a removed field (see existingColumns).
      else
        await sql`comment on column ${sql.table(`${table}.${change.from}`)} is ${sql.lit(KEPT_MARK)}`.execute(
          db,
        );
    } else if (change.kind === 'drop')
      await sql`alter table ${t} drop column ${sql.id(change.column)}`.execute(db);
  }
}
