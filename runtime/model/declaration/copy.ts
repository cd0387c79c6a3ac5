/**
 * What a copy of a record starts as (kind `copy`, docs/modules/one-to-many.md): the values of the
 * copied row and its children, ready for the add form. No id, row version or audit field (those are
 * not declared fields), no foreign key of a child (the server sets it); a fill-rule number is left
 * for the server to give; a field a state change moves (`transitions[].field`) or a read-only one
 * goes back to its default; a `unique` value is cleared (it could not be saved twice) and named, so
 * the form can ask for a new one. Files and images are left out: a record may name only uploads its
 * saver made (server/entity/upload-claims.ts), so the copy's files are uploaded again. Everything
 * else is copied as it is.
 */
import { isDefaultVariable } from './defaults.js';
import type { EntityModel } from './model.js';

type Row = Record<string, unknown>;

export interface CopiedValues {
  values: Row;
  /** Titles of the unique fields that held a value and were cleared. */
  cleared: string[];
}

/**
 * A literal default. A `#{...}` variable is left out: the add form resolves it for the user making
 * the copy (defaults.ts), and the server when the body leaves it out.
 */
function literalDefault(value: unknown): unknown {
  return isDefaultVariable(value) ? undefined : value;
}

export function copyValues(
  model: EntityModel,
  row: Readonly<Row>,
  drop: readonly string[] = [],
): CopiedValues {
  const moved = new Set(model.transitions.map((t) => t.field));
  const values: Row = {};
  const cleared: string[] = [];
  for (const field of model.declared) {
    if (drop.includes(field.name)) continue;
    const value = row[field.name];
    if (field.fillRule !== undefined || field.widget === 'file' || field.widget === 'image') continue;
    if (moved.has(field.name) || !field.writable) {
      const fallback = literalDefault(field.default);
      if (fallback !== undefined) values[field.name] = fallback;
      continue;
    }
    if (field.unique === true) {
      if (value !== undefined && value !== null && value !== '') cleared.push(field.title);
      continue;
    }
    if (value !== undefined) values[field.name] = value;
  }
  return { values, cleared };
}

export interface CopiedRecord extends CopiedValues {
  /**
   * Each child's copied rows under its entity name: an array for a one-to-many child, one object
   * (or nothing) for a one-to-one child.
   */
  children: Record<string, Row[] | Row | undefined>;
}

export interface CopiedChild {
  entity: string;
  relation: 'oneToMany' | 'oneToOne';
  foreignKey: string;
  model: EntityModel;
}

/** The copy of a record as queryById answered it (its children under their entity names). */
export function copyRecord(
  model: EntityModel,
  record: Readonly<Row>,
  children: readonly CopiedChild[],
): CopiedRecord {
  const own = copyValues(model, record);
  const out: CopiedRecord = { ...own, children: {} };
  for (const child of children) {
    const saved = record[child.entity];
    const copy = (r: unknown) => copyValues(child.model, (r ?? {}) as Row, [child.foreignKey]).values;
    if (child.relation === 'oneToOne')
      out.children[child.entity] = saved && typeof saved === 'object' ? copy(saved) : undefined;
    else out.children[child.entity] = Array.isArray(saved) ? saved.map(copy) : [];
  }
  return out;
}
