/**
 * Data access for one declared entity: scoped reads (tenant, soft delete), pages, inserts, updates
 * and deletes. Every statement is built from the entity model and bound values only.
 */
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Db } from '../db/database.js';
import { toColumnName, type EntityModel, type FieldModel } from '../../runtime/model/declaration/model.js';
import type { Condition, QueryValue, SortTerm } from '../../runtime/model/query/conditions.js';
import {
  boundValue,
  columnRef,
  conditionSql,
  fromText,
  orderBySql,
  selectListSql,
  type SqlContext,
} from './sql.js';

export type Row = Record<string, unknown>;

/** Who is asking: rows are limited to the caller's tenant, writes record the caller's name. */
export interface Caller {
  username: string;
  tenantId: number;
  /** The caller's current department, recorded on rows they add. */
  orgCode?: string | null;
  /** The caller's data rules on this entity (data-scope.ts); absent or null: not restricted. */
  dataScope?: RawBuilder<SqlBool> | null;
}

/** The alias of the entity's table in every statement (data rules are compiled against it). */
export const ALIAS = 'main';
/** Rows per bulk insert statement. */
const BULK_ROWS = 5000;

export class EntityStore {
  private readonly ctx: SqlContext;

  constructor(
    private readonly db: Db,
    readonly model: EntityModel,
    timeZone: string,
  ) {
    this.ctx = { model, timeZone, alias: ALIAS };
  }

  private get table() {
    return sql`${sql.table(this.model.table)} as ${sql.id(ALIAS)}`;
  }

  /** The conditions every statement carries: not soft-deleted, the caller's tenant. */
  scope(caller: Caller): RawBuilder<SqlBool>[] {
    const out: RawBuilder<SqlBool>[] = [];
    if (this.model.softDelete) out.push(sql<SqlBool>`${columnRef(this.ctx, 'del_flag')} = 0`);
    if (this.model.tenantScoped)
      out.push(sql<SqlBool>`${columnRef(this.ctx, 'tenant_id')} = ${caller.tenantId}`);
    if (caller.dataScope) out.push(caller.dataScope);
    return out;
  }

  private where(caller: Caller, condition: Condition | null, extra: RawBuilder<SqlBool>[] = []) {
    const parts = [...this.scope(caller), ...extra];
    if (condition) parts.push(conditionSql(this.ctx, condition));
    return parts.length > 0 ? sql`where ${sql.join(parts, sql` and `)}` : sql``;
  }

  /** The select list, plus the computed has-child flag of a tree. */
  private selectList(): RawBuilder<unknown> {
    const tree = this.model.tree;
    if (!tree) return selectListSql(this.ctx);
    const parent = this.model.field(tree.parentField)!.column;
    const live = this.model.softDelete ? sql` and child.del_flag = 0` : sql``;
    const child = sql`select 1 from ${sql.table(this.model.table)} as child where ${sql.ref(`child.${parent}`)} = ${columnRef(this.ctx, 'id')}${live}`;
    const flag = sql`case when exists (${child}) then '1' else '0' end as ${sql.id(toColumnName(tree.hasChildField))}`;
    return sql`${selectListSql(this.ctx)}, ${flag}`;
  }

  /** A condition on a field with a bound value (for the routes' own filters: parent id, ...). */
  equals(field: FieldModel, value: QueryValue): RawBuilder<SqlBool> {
    return sql<SqlBool>`${columnRef(this.ctx, field.column)} = ${boundValue(this.ctx, field, value)}`;
  }

  /** The field holds one of the values (a transition's from-states). */
  oneOf(field: FieldModel, values: readonly QueryValue[]): RawBuilder<SqlBool> {
    return sql<SqlBool>`${columnRef(this.ctx, field.column)} in (${sql.join(values.map((v) => boundValue(this.ctx, field, v)))})`;
  }

  async page(
    caller: Caller,
    condition: Condition | null,
    sort: readonly SortTerm[],
    pageNo: number,
    pageSize: number,
    extra: RawBuilder<SqlBool>[] = [],
    /** Where the page is read: the primary, or the read standby (server/db/read-routing.ts). */
    reader: Db = this.db,
  ): Promise<{ records: Row[]; total: number }> {
    const where = this.where(caller, condition, extra);
    const offset = (pageNo - 1) * pageSize;
    // Side by side: on PostgreSQL's pool the page costs one round trip instead of two (the embedded
    // database runs them in turn). A page past the end reads nothing either way.
    const [count, rows] = await Promise.all([
      sql<{ total: number }>`select count(*)::int as total from ${this.table} ${where}`.execute(reader),
      sql<Row>`
      select ${this.selectList()} from ${this.table} ${where}
      order by ${orderBySql(this.ctx, sort)} limit ${pageSize} offset ${offset}`.execute(reader),
    ]);
    return { records: rows.rows, total: Number(count.rows[0]?.total ?? 0) };
  }

  async list(
    caller: Caller,
    condition: Condition | null,
    sort: readonly SortTerm[],
    limit: number,
    extra: RawBuilder<SqlBool>[] = [],
    offset = 0,
    /** Where the rows are read: the primary, or the read standby (an export; read-routing.ts). */
    reader: Db = this.db,
  ): Promise<Row[]> {
    const rows = await sql<Row>`
      select ${this.selectList()} from ${this.table} ${this.where(caller, condition, extra)}
      order by ${orderBySql(this.ctx, sort)} limit ${limit} offset ${offset}`.execute(reader);
    return rows.rows;
  }

  /** The ids of the matching rows in list order (an export reads the rows by id afterwards). */
  async listIds(
    caller: Caller,
    condition: Condition | null,
    sort: readonly SortTerm[],
    limit: number,
    extra: RawBuilder<SqlBool>[] = [],
  ): Promise<string[]> {
    const rows = await sql<{ id: string }>`
      select ${columnRef(this.ctx, 'id')} as id from ${this.table} ${this.where(caller, condition, extra)}
      order by ${orderBySql(this.ctx, sort)} limit ${limit}`.execute(this.db);
    return rows.rows.map((r) => r.id);
  }

  async findById(caller: Caller, id: string): Promise<Row | undefined> {
    const rows = await sql<Row>`
      select ${this.selectList()} from ${this.table}
      ${this.where(caller, null, [sql<SqlBool>`${columnRef(this.ctx, 'id')} = ${id}`])}`.execute(this.db);
    return rows.rows[0];
  }

  /** The rows of the caller's scope among `ids` (a delete's rows, for its row rule). */
  async findByIds(caller: Caller, ids: readonly string[]): Promise<Row[]> {
    if (ids.length === 0) return [];
    const byId = sql<SqlBool>`${columnRef(this.ctx, 'id')} in (${sql.join(ids)})`;
    const rows =
      await sql<Row>`select ${this.selectList()} from ${this.table} ${this.where(caller, null, [byId])}`.execute(
        this.db,
      );
    return rows.rows;
  }

  /** The field is empty or differs from the value (rows of other parents, say). */
  differs(field: FieldModel, value: QueryValue): RawBuilder<SqlBool> {
    const ref = columnRef(this.ctx, field.column);
    return sql<SqlBool>`(${ref} is null or ${ref} <> ${boundValue(this.ctx, field, value)})`;
  }

  /** Whether another live row of the caller's scope holds this value in a unique field. */
  async taken(
    caller: Caller,
    field: FieldModel,
    value: QueryValue,
    exceptId?: string,
    more: RawBuilder<SqlBool>[] = [],
  ): Promise<boolean> {
    const extra = [this.equals(field, value), ...more];
    if (exceptId) extra.push(sql<SqlBool>`${columnRef(this.ctx, 'id')} <> ${exceptId}`);
    const rows = await sql`select 1 from ${this.table} ${this.where(caller, null, extra)} limit 1`.execute(
      this.db,
    );
    return rows.rows.length > 0;
  }

  async insert(caller: Caller, id: string, values: Row): Promise<void> {
    const columns: RawBuilder<unknown>[] = [
      sql.id('id'),
      sql.id('create_by'),
      sql.id('create_time'),
      sql.id('sys_org_code'),
    ];
    const bound: RawBuilder<unknown>[] = [
      sql`${id}`,
      sql`${caller.username}`,
      sql`now()`,
      sql`${caller.orgCode ?? null}`,
    ];
    if (this.model.tenantScoped) {
      columns.push(sql.id('tenant_id'));
      bound.push(sql`${caller.tenantId}`);
    }
    for (const [name, value] of Object.entries(values)) {
      const field = this.model.field(name)!;
      columns.push(sql.id(field.column));
      bound.push(boundValue(this.ctx, field, value as QueryValue | null));
    }
    await sql`insert into ${sql.table(this.model.table)} (${sql.join(columns)}) values (${sql.join(bound)})`.execute(
      this.db,
    );
  }

  /** Which of `values` a unique field already holds among the caller's live rows. */
  async existingValues(
    caller: Caller,
    field: FieldModel,
    values: readonly QueryValue[],
  ): Promise<Set<string>> {
    if (values.length === 0) return new Set();
    const rows = await sql<Row>`select ${columnRef(this.ctx, field.column)} as v from ${this.table}
      ${this.where(caller, null, [this.oneOf(field, values)])}`.execute(this.db);
    return new Set(rows.rows.map((r) => String(r.v)));
  }

  /** Inserts many rows, a few thousand per statement (callers wrap them in one transaction). */
  async insertMany(caller: Caller, rows: readonly { id: string; values: Row }[]): Promise<void> {
    const names = [...new Set(rows.flatMap((r) => Object.keys(r.values)))];
    const fields = names.map((n) => this.model.field(n)!);
    const text = (v: unknown) => (v === null || v === undefined ? null : String(v));
    for (let i = 0; i < rows.length; i += BULK_ROWS) {
      const part = rows.slice(i, i + BULK_ROWS);
      const columns: {
        name: string;
        values: (string | null)[];
        select: (ref: RawBuilder<unknown>) => RawBuilder<unknown>;
      }[] = [
        { name: 'id', values: part.map((r) => r.id), select: (ref) => ref },
        { name: 'create_by', values: part.map(() => caller.username), select: (ref) => ref },
        { name: 'sys_org_code', values: part.map(() => caller.orgCode ?? null), select: (ref) => ref },
        ...fields.map((f) => ({
          name: f.column,
          values: part.map((r) => text(r.values[f.name])),
          select: (ref: RawBuilder<unknown>) => fromText(this.ctx, f, ref),
        })),
      ];
      if (this.model.tenantScoped)
        columns.push({
          name: 'tenant_id',
          values: part.map(() => String(caller.tenantId)),
          select: (ref) => sql`${ref}::integer`,
        });
      const aliases = columns.map((_, n) => `c${n}`);
      await sql`insert into ${sql.table(this.model.table)} (${sql.join(columns.map((c) => sql.id(c.name)))})
        select ${sql.join(columns.map((c, n) => c.select(sql.ref(`u.${aliases[n]}`))))}
        from unnest(${sql.join(columns.map((c) => sql`${c.values}::text[]`))}) as u(${sql.join(aliases.map((a) => sql.id(a)))})`.execute(
        this.db,
      );
    }
  }

  /** Updates the given fields of a row in the caller's scope; answers how many rows changed. */
  async update(caller: Caller, id: string, values: Row, extra: RawBuilder<SqlBool>[] = []): Promise<number> {
    const sets: RawBuilder<unknown>[] = [
      sql`update_by = ${caller.username}`,
      sql`update_time = now()`,
      sql`row_version = ${columnRef(this.ctx, 'row_version')} + 1`,
    ];
    for (const [name, value] of Object.entries(values)) {
      const field = this.model.field(name)!;
      sets.push(sql`${sql.id(field.column)} = ${boundValue(this.ctx, field, value as QueryValue | null)}`);
    }
    const result = await sql`update ${this.table} set ${sql.join(sets)}
      ${this.where(caller, null, [sql<SqlBool>`${columnRef(this.ctx, 'id')} = ${id}`, ...extra])}`.execute(
      this.db,
    );
    return Number(result.numAffectedRows ?? 0);
  }

  /** Deletes (or marks deleted) the rows of the caller's scope among `ids`; answers how many. */
  async remove(caller: Caller, ids: readonly string[], extra: RawBuilder<SqlBool>[] = []): Promise<number> {
    const byId = sql<SqlBool>`${columnRef(this.ctx, 'id')} in (${sql.join(ids)})`;
    const where = this.where(caller, null, [byId, ...extra]);
    const result = this.model.softDelete
      ? await sql`update ${this.table} set del_flag = 1, update_by = ${caller.username}, update_time = now() ${where}`.execute(
          this.db,
        )
      : await sql`delete from ${this.table} ${where}`.execute(this.db);
    return Number(result.numAffectedRows ?? 0);
  }

  /** Deletes (or marks deleted) the rows whose field holds one of `values` (a parent's children). */
  async removeWhere(caller: Caller, field: FieldModel, values: readonly string[]): Promise<number> {
    if (values.length === 0) return 0;
    const where = this.where(caller, null, [this.oneOf(field, values)]);
    const result = this.model.softDelete
      ? await sql`update ${this.table} set del_flag = 1, update_by = ${caller.username}, update_time = now() ${where}`.execute(
          this.db,
        )
      : await sql`delete from ${this.table} ${where}`.execute(this.db);
    return Number(result.numAffectedRows ?? 0);
  }

  /** How many live rows of the scope, outside `ids`, have one of `ids` as parent (trees). */
  async childCount(caller: Caller, parentField: FieldModel, ids: readonly string[]): Promise<number> {
    const list = sql.join(ids);
    const extra = [
      sql<SqlBool>`${columnRef(this.ctx, parentField.column)} in (${list})`,
      sql<SqlBool>`${columnRef(this.ctx, 'id')} not in (${list})`,
    ];
    const rows = await sql<{
      n: number;
    }>`select count(*)::int as n from ${this.table} ${this.where(caller, null, extra)}`.execute(this.db);
    return Number(rows.rows[0]?.n ?? 0);
  }
}
