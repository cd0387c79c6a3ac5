/**
 * The record rules beyond one field, shared by the form and the server so both say the same words:
 * the declaration's cross-field `checks` (json-logic over the record and, for a parent, its child
 * rows) and the unique-within-parent rule of a child's fields. Pure functions of the data.
 */
import { GridTexts } from '../grid/constants.js';
import { isEmptyValue } from '../validation/formats.js';
import { computeLogic, evaluateLogic, LogicLimitError } from './logic.js';
import type { EntityModel, FieldModel } from './model.js';
import type { RecordFailure } from './record-validator.js';
import type { ChildDecl } from './types.js';

/**
 * Failures of the declaration's cross-field checks, in declaration order. A rule that throws (an
 * operation outside the allow-list) fails with its message: a broken rule must not let data pass.
 * One that ran past the rule budget says so (规则计算超出限制), not that the data is wrong.
 */
export function checkFailures(
  model: EntityModel,
  record: Readonly<Record<string, unknown>>,
  perms: readonly string[] = [],
): RecordFailure[] {
  const out: RecordFailure[] = [];
  for (const check of model.declaration.checks ?? []) {
    let holds: boolean;
    let message = check.message;
    try {
      holds = evaluateLogic(check.rule, { ...record }, perms);
    } catch (error) {
      holds = false;
      if (error instanceof LogicLimitError) message = error.message;
    }
    if (!holds) out.push({ field: check.field ?? '', message });
  }
  return out;
}

/**
 * The computed fields' values (`fields[].compute`) over the record and its child rows (a child's
 * rows as an array under its entity name; child numbers sent as text count as numbers), stored by
 * the server on add and edit and shown live by the form (runtime/render/form/form-compute.ts).
 */
export function computedValues(
  model: EntityModel,
  record: Readonly<Record<string, unknown>>,
): Record<string, number | string | null> {
  const out: Record<string, number | string | null> = {};
  const data: Record<string, unknown> = { ...record };
  for (const child of manyChildren(model)) {
    const rows = data[child.entity];
    if (Array.isArray(rows))
      data[child.entity] = rows.map((row: Record<string, unknown>) =>
        Object.fromEntries(
          Object.entries(row)
            // An empty cell is no value at all, so a rule's `var` default applies to it.
            .filter(([, v]) => v !== '' && v !== null && v !== undefined)
            .map(([k, v]) => [k, typeof v === 'string' && !isNaN(Number(v)) ? Number(v) : v]),
        ),
      );
  }
  for (const field of model.declared)
    if (field.compute !== undefined) out[field.name] = computeLogic(field.compute, data);
  return out;
}

/** The one-to-many children of a declaration (what a form edits as grids). */
export function manyChildren(model: EntityModel): ChildDecl[] {
  return (model.declaration.children ?? []).filter((c) => c.relation === 'oneToMany');
}

/** The fields of a child that must not repeat among one parent's rows. */
export function uniqueInParentFields(model: EntityModel): FieldModel[] {
  return model.declared.filter((f) => f.uniqueInParent === true);
}

/** A value's identity for the rule: numbers and their text compare equal, empty values never clash. */
function identity(value: unknown): string | null {
  if (isEmptyValue(value)) return null;
  return typeof value === 'object' ? JSON.stringify(value) : String(value).trim();
}

export interface RowFailure {
  /** Index of the failing row in the rows given. */
  index: number;
  field: string;
  message: string;
}

/**
 * Rows (all of one parent's rows after the save) repeating an earlier row's value in a
 * unique-within-parent field: each repeat fails once, the first holder of the value does not.
 * `failing(i)` limits the answer to the rows that may be blamed (those the save sends).
 */
export function uniqueInParentFailures(
  model: EntityModel,
  rows: readonly Readonly<Record<string, unknown>>[],
  failing: (index: number) => boolean = () => true,
): RowFailure[] {
  const out: RowFailure[] = [];
  for (const field of uniqueInParentFields(model)) {
    const seen = new Map<string, number>();
    rows.forEach((row, index) => {
      const key = identity(row[field.name]);
      if (key === null) return;
      const first = seen.get(key);
      if (first === undefined) {
        seen.set(key, index);
        return;
      }
      // Blame a row the save sends: the repeat, or the first holder when only it was sent.
      const blamed = failing(index) ? index : failing(first) ? first : null;
      if (blamed !== null)
        out.push({
          index: blamed,
          field: field.name,
          message: GridTexts.unique.replace('${title}', field.title),
        });
    });
  }
  return out.sort((a, b) => a.index - b.index);
}

/** `计划任务第3行：请输入任务名称!` - which table, which row, what is wrong. */
export function childRowMessage(table: string, row: number, message: string): string {
  return `${table}第${row}行：${message}`;
}
