/**
 * Cell validation of the editable grid, in the spec's order with the first failure winning:
 * required (null or empty fails), unique across the grid's rows (two or more rows holding the same
 * value both fail), then the field's other rules - type, length, range, pattern code or expression -
 * compiled from the same property schema and ajv keywords the forms and the server use
 * (record-schema.ts / record-validator.ts), so the messages are the same words everywhere.
 */
import type Ajv from 'ajv';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { evaluateLogic, LogicLimitError } from '../declaration/logic.js';
import { propertySchema, type PropertySchema } from '../declaration/record-schema.js';
import { createRecordAjv } from '../declaration/record-validator.js';
import { fillMessage, isEmptyValue, UNIQUE_PATTERN_CODE } from '../validation/formats.js';
import type { GridColumn } from './columns.js';
import { GridTexts } from './constants.js';
import type { CheckDecl } from '../declaration/types.js';
import type { GridRow } from './rows.js';
import { requiredMessage } from '../declaration/widget-of.js';

/** Row key -> column key -> message. Only failing cells appear. */
export type GridErrors = Map<string, Record<string, string>>;

/** Same order as record-validator.ts: presence, type, size, format. */
const PRIORITY: Readonly<Record<string, number>> = {
  zjRequired: 0,
  type: 1,
  enum: 1,
  minLength: 2,
  maxLength: 2,
  minimum: 2,
  maximum: 2,
  zjMinSelect: 2,
  zjMaxSelect: 2,
};
const rank = (e: ErrorObject) => PRIORITY[e.keyword] ?? 3;

interface CompiledColumn {
  column: GridColumn;
  schema: PropertySchema;
  check: ValidateFunction;
}

/** A value's identity for the unique rule: numbers and their text compare equal. */
function uniqueKey(value: unknown): string | null {
  return isEmptyValue(value) ? null : String(value).trim();
}

/** A cross-field check of the row (the declaration's `checks`), shown on the cell of its field. */
interface RowCheck {
  check: CheckDecl;
  /** The column that shows its message: the check's `field`, else the first column. */
  key: string;
}

export class GridValidator {
  private readonly compiled: CompiledColumn[];
  private readonly rowChecks: RowCheck[];

  /**
   * `checks`: the child entity's cross-field rules (record-checks.ts runs the same ones in the form
   * and on the server); a failing one shows on its field's cell when that cell passes its own rules.
   */
  constructor(
    columns: readonly GridColumn[],
    ajv: Ajv = createRecordAjv(),
    checks: readonly CheckDecl[] = [],
  ) {
    const keys = new Set(columns.map((c) => c.key));
    this.rowChecks = columns.length
      ? checks.map((check) => ({
          check,
          key: check.field && keys.has(check.field) ? check.field : columns[0].key,
        }))
      : [];
    this.compiled = columns.map((column) => {
      const schema = propertySchema(column.field);
      // 'only' is the unique rule, not a regular expression.
      if (column.field.pattern === UNIQUE_PATTERN_CODE) {
        delete schema.zjPattern;
        delete schema.zjMessages.zjPattern;
      }
      return { column, schema, check: ajv.compile({ ...schema }) };
    });
  }

  get columns(): readonly GridColumn[] {
    return this.compiled.map((c) => c.column);
  }

  private uniqueMessage(column: GridColumn): string {
    const template =
      column.field.pattern === UNIQUE_PATTERN_CODE && column.field.message
        ? column.field.message
        : GridTexts.unique;
    return fillMessage(template, {
      title: column.title,
      key: column.key,
      defaultValue: column.field.default,
    });
  }

  /** The message of one cell, or null. `duplicates` answers whether the value occurs in another row. */
  private cellMessage(entry: CompiledColumn, value: unknown, duplicated: boolean): string | null {
    const { column, schema, check } = entry;
    if (column.required && isEmptyValue(value))
      return requiredMessage({ ...column.field, title: column.title });
    if (column.unique && duplicated) return this.uniqueMessage(column);
    // A scalar is not changed by ajv's coercion (it only rewrites values inside objects).
    if (check(value ?? null)) return null;
    const first = [...(check.errors ?? [])].sort((a, b) => rank(a) - rank(b))[0];
    return first ? (schema.zjMessages[first.keyword] ?? `${column.title}格式不正确`) : null;
  }

  /** The columns whose cells show a cross-field check (re-validated after an edit anywhere in the row). */
  get checkedKeys(): readonly string[] {
    return [...new Set(this.rowChecks.map((c) => c.key))];
  }

  /** The message of the first failing check shown on `key`, over the row's values; a rule that throws fails. */
  private rowCheckMessage(key: string, values: Readonly<Record<string, unknown>>): string | null {
    for (const { check, key: shownOn } of this.rowChecks) {
      if (shownOn !== key) continue;
      let holds: boolean;
      try {
        holds = evaluateLogic(check.rule, { ...values });
      } catch (error) {
        // Past the rule budget the row is not wrong: the rule is too costly, and says so.
        if (error instanceof LogicLimitError) return error.message;
        holds = false;
      }
      if (!holds) return check.message;
    }
    return null;
  }

  /** Counts of each value in every unique column. */
  private counts(rows: readonly GridRow[]): Map<string, Map<string, number>> {
    const out = new Map<string, Map<string, number>>();
    for (const { column } of this.compiled) {
      if (!column.unique) continue;
      const counts = new Map<string, number>();
      for (const row of rows) {
        const k = uniqueKey(row.values[column.key]);
        if (k !== null) counts.set(k, (counts.get(k) ?? 0) + 1);
      }
      out.set(column.key, counts);
    }
    return out;
  }

  private rowErrors(row: GridRow, counts: Map<string, Map<string, number>>): Record<string, string> {
    const errors: Record<string, string> = {};
    for (const entry of this.compiled) {
      const value = row.values[entry.column.key];
      const k = uniqueKey(value);
      const duplicated = k !== null && (counts.get(entry.column.key)?.get(k) ?? 0) > 1;
      const message =
        this.cellMessage(entry, value, duplicated) ?? this.rowCheckMessage(entry.column.key, row.values);
      if (message) errors[entry.column.key] = message;
    }
    return errors;
  }

  /** Every failing cell of every row. */
  validateAll(rows: readonly GridRow[]): GridErrors {
    const counts = this.counts(rows);
    const errors: GridErrors = new Map();
    for (const row of rows) {
      const rowErrors = this.rowErrors(row, counts);
      if (Object.keys(rowErrors).length > 0) errors.set(row.key, rowErrors);
    }
    return errors;
  }

  /**
   * One cell holding `value` (a draft while the user types): the same rules, with the unique rule
   * counting the other rows only. Null when it passes.
   */
  checkCell(key: string, rowKey: string, value: unknown, rows: readonly GridRow[]): string | null {
    const entry = this.compiled.find((c) => c.column.key === key);
    if (!entry) return null;
    const k = entry.column.unique ? uniqueKey(value) : null;
    const duplicated = k !== null && rows.some((r) => r.key !== rowKey && uniqueKey(r.values[key]) === k);
    const own = rows.find((r) => r.key === rowKey)?.values ?? {};
    return this.cellMessage(entry, value, duplicated) ?? this.rowCheckMessage(key, { ...own, [key]: value });
  }

  /**
   * One column of every row (after an edit in it: a unique column's other rows may change too).
   * Answers row key -> message or null for each row.
   */
  validateColumn(key: string, rows: readonly GridRow[]): Map<string, string | null> {
    const entry = this.compiled.find((c) => c.column.key === key);
    const out = new Map<string, string | null>();
    if (!entry) return out;
    const counts = this.counts(rows).get(key);
    for (const row of rows) {
      const value = row.values[key];
      const k = uniqueKey(value);
      const duplicated = k !== null && (counts?.get(k) ?? 0) > 1;
      out.set(row.key, this.cellMessage(entry, value, duplicated) ?? this.rowCheckMessage(key, row.values));
    }
    return out;
  }
}

/** The first failure of a validated grid, for "save blocked at row n, column x". */
export function firstGridError(
  errors: GridErrors,
  rows: readonly GridRow[],
  columns: readonly GridColumn[],
): { rowIndex: number; key: string; message: string } | null {
  for (let i = 0; i < rows.length; i++) {
    const rowErrors = errors.get(rows[i].key);
    if (!rowErrors) continue;
    for (const c of columns)
      if (rowErrors[c.key]) return { rowIndex: i, key: c.key, message: rowErrors[c.key] };
  }
  return null;
}
