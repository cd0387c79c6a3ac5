/**
 * Inserts demo rows into a declared entity's table through its model: field names map to their
 * columns, values are bound, and each row names who made it and when, so a new organisation's
 * screens look like months of use rather than one minute.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../database.js';
import type { EntityModel } from '../../../../runtime/model/declaration/model.js';

export interface DemoRow {
  /** The declared fields' values by field name. */
  values: Record<string, string | number | null>;
  createBy: string;
  /** The creator's department (org code). */
  orgCode: string;
  daysAgo: number;
  /** A fixed id (a parent's children in another seed refer to it); default a random one. */
  id?: string;
  /** A parent row's key in the same seed (trees): `values[parentField]` is replaced by its id. */
  key?: string;
  parentKey?: string;
}

export interface DeclaredSeed {
  entity: string;
  rows: readonly DemoRow[];
}

const DAY_MS = 24 * 3600 * 1000;

/** Rows per insert statement: hundreds of demo rows in a few statements, not one each. */
const BATCH_ROWS = 100;

export async function insertDemoRows(db: Db, model: EntityModel, rows: readonly DemoRow[], tenantId = 1) {
  const ids = new Map<string, string>();
  // Consecutive rows with the same columns go in one statement (a tree's parents come first).
  let batch: { columns: string[]; values: unknown[][] } | null = null;
  const flush = async () => {
    if (!batch) return;
    const { columns, values } = batch;
    batch = null;
    await sql`insert into ${sql.table(model.table)} (${sql.join(columns.map((c) => sql.id(c)))})
      values ${sql.join(values.map((bound) => sql`(${sql.join(bound)})`))}`.execute(db);
  };
  for (const row of rows) {
    const id = row.id ?? randomUUID().replace(/-/g, '');
    if (row.key) ids.set(row.key, id);
    const values = { ...row.values };
    if (row.parentKey && model.tree) {
      values[model.tree.parentField] = ids.get(row.parentKey) ?? null;
      await flush(); // the parent's row is written before its child's
    }
    const columns = ['id', 'create_by', 'create_time', 'sys_org_code'];
    const bound: unknown[] = [id, row.createBy, new Date(Date.now() - row.daysAgo * DAY_MS), row.orgCode];
    if (model.tenantScoped) {
      columns.push('tenant_id');
      bound.push(tenantId);
    }
    for (const [name, value] of Object.entries(values)) {
      const field = model.field(name);
      if (!field) throw new Error(`demo row of ${model.name}: unknown field ${name}`);
      columns.push(field.column);
      bound.push(value);
    }
    const current = batch as { columns: string[]; values: unknown[][] } | null;
    if (current && current.columns.join() === columns.join() && current.values.length < BATCH_ROWS)
      current.values.push(bound);
    else {
      await flush();
      batch = { columns, values: [bound] };
    }
  }
  await flush();
}
