/**
 * The condition tree and sort of the query compiler as SQL. Identifiers come only from the entity
 * model (validated declarations), operators only from the fixed maps below, and every value is a
 * bound parameter. Date-times are written as wall-clock text in the app's time zone.
 */
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { EntityModel, FieldModel } from '../../runtime/model/declaration/model.js';
import type {
  CompareOp,
  Condition,
  LikeMatch,
  QueryValue,
  SortTerm,
} from '../../runtime/model/query/conditions.js';

const COMPARE: Readonly<Record<CompareOp, string>> = {
  eq: '=',
  // Not equal includes rows where the column is empty: "status is not 1" should list them too.
  ne: 'is distinct from',
  gt: '>',
  ge: '>=',
  lt: '<',
  le: '<=',
};

export interface SqlContext {
  model: EntityModel;
  timeZone: string;
  /** Table alias the columns are qualified with, if any. */
  alias?: string;
}

/** Escapes LIKE wildcards (PostgreSQL's escape character is the backslash) and adds the match's. */
export function likePattern(value: string, match: LikeMatch): string {
  const escaped = value.replace(/[\\%_]/g, (c) => `\\${c}`);
  return match === 'contains' ? `%${escaped}%` : match === 'startsWith' ? `${escaped}%` : `%${escaped}`;
}

export function columnRef(ctx: SqlContext, column: string): RawBuilder<unknown> {
  return ctx.alias ? sql.ref(`${ctx.alias}.${column}`) : sql.ref(column);
}

function fieldOf(ctx: SqlContext, name: string): FieldModel {
  const field = ctx.model.field(name);
  // The compiler only names declared fields; reaching this is a programming error, not user input.
  if (!field) throw new Error(`condition names an undeclared field: ${name}`);
  return field;
}

/** A value bound for a column of this field's type. */
export function boundValue(
  ctx: SqlContext,
  field: FieldModel,
  value: QueryValue | null,
): RawBuilder<unknown> {
  if (value === null) return sql`null`;
  if (field.type === 'datetime') return sql`(${value}::timestamp at time zone ${ctx.timeZone})`;
  if (field.type === 'date') return sql`${value}::date`;
  return sql`${value}`;
}

const TEXTUAL = new Set(['string', 'text']);

export function conditionSql(ctx: SqlContext, condition: Condition): RawBuilder<SqlBool> {
  switch (condition.kind) {
    case 'all':
    case 'any': {
      const joiner = condition.kind === 'all' ? sql` and ` : sql` or `;
      return sql<SqlBool>`(${sql.join(
        condition.items.map((c) => conditionSql(ctx, c)),
        joiner,
      )})`;
    }
    case 'compare': {
      const field = fieldOf(ctx, condition.field);
      const op = sql.raw(COMPARE[condition.op]);
      return sql<SqlBool>`${columnRef(ctx, field.column)} ${op} ${boundValue(ctx, field, condition.value)}`;
    }
    case 'like': {
      const field = fieldOf(ctx, condition.field);
      const column = columnRef(ctx, field.column);
      const target = TEXTUAL.has(field.type) ? column : sql`${column}::text`;
      return sql<SqlBool>`${target} ilike ${likePattern(condition.value, condition.match)} escape '\\'`;
    }
    case 'in': {
      const field = fieldOf(ctx, condition.field);
      const values = condition.values.map((v) => boundValue(ctx, field, v));
      return sql<SqlBool>`${columnRef(ctx, field.column)} in (${sql.join(values)})`;
    }
  }
}

/** ORDER BY of the sort terms, with the id as the last key so pages never overlap. */
export function orderBySql(ctx: SqlContext, terms: readonly SortTerm[]): RawBuilder<unknown> {
  const parts = terms.map((t) => {
    const column = columnRef(ctx, fieldOf(ctx, t.field).column);
    return t.order === 'asc' ? sql`${column} asc` : sql`${column} desc`;
  });
  if (!terms.some((t) => t.field === 'id')) parts.push(sql`${columnRef(ctx, 'id')} desc`);
  return sql.join(parts);
}

/** The columns a record is answered with: readable fields, dates as YYYY-MM-DD, money as numbers. */
export function selectListSql(ctx: SqlContext): RawBuilder<unknown> {
  const items = ctx.model.fields
    .filter((f) => f.readable)
    .map((f) => {
      const column = columnRef(ctx, f.column);
      if (f.type === 'date') return sql`to_char(${column}, 'YYYY-MM-DD') as ${sql.id(f.column)}`;
      if (f.type === 'money') return sql`${column}::float8 as ${sql.id(f.column)}`;
      return sql`${column} as ${sql.id(f.column)}`;
    });
  return sql.join(items);
}

/**
 * A text column of unnest() cast to the field's column type: a bulk insert binds one text array
 * per column (a handful of parameters instead of one per cell, which is what makes it fast).
 */
export function fromText(ctx: SqlContext, field: FieldModel, ref: RawBuilder<unknown>): RawBuilder<unknown> {
  switch (field.type) {
    case 'int':
      return sql`${ref}::integer`;
    case 'number':
      return sql`${ref}::float8`;
    case 'money':
      return sql`${ref}::numeric`;
    case 'date':
      return sql`${ref}::date`;
    case 'datetime':
      return sql`(${ref}::timestamp at time zone ${ctx.timeZone})`;
    default:
      return ref;
  }
}
