/**
 * Grid columns from a child entity's declared fields: each writable field becomes a column whose type
 * follows its widget (or storage type), with the spec's width and default. Grid-only settings ride in
 * the field's free-form `widgetOptions`:
 *   gridType       one of GRID_COLUMN_TYPES (e.g. "hidden", "tags", "progress")
 *   gridWidth      a width in pixels
 *   statistics     ["sum"] / ["average"] / both: footer rows 合计 / 平均
 *   checkedValue / uncheckedValue / defaultChecked   checkbox cells (default Y / N, unchecked)
 *   options        [{value, text}] inline choices (a dictionary code goes in `dict`)
 */
import { isDefaultVariable, resolveDefault, type DefaultContext } from '../declaration/defaults.js';
import { isRequiredField } from '../declaration/record-schema.js';
import type { EntityModel, FieldModel } from '../declaration/model.js';
import type { FieldDecl } from '../declaration/types.js';
import { UNIQUE_PATTERN_CODE } from '../validation/formats.js';
import {
  GRID_CHECKED_VALUE,
  GRID_DEFAULT_WIDTH,
  GRID_TYPE_WIDTHS,
  GRID_UNCHECKED_VALUE,
  isGridColumnType,
  type GridColumnType,
} from './constants.js';

export type GridStatistic = 'sum' | 'average';

export interface GridOption {
  value: string;
  text: string;
}

export interface GridColumn {
  key: string;
  title: string;
  type: GridColumnType;
  width: number;
  minWidth?: number;
  defaultValue: unknown;
  dict?: string;
  options: GridOption[];
  statistics: GridStatistic[];
  checkedValue: string;
  uncheckedValue: string;
  required: boolean;
  /** Unique across the grid's rows (`unique`, `uniqueInParent` or the pattern code 'only'). */
  unique: boolean;
  field: FieldModel;
}

/** A problem with a field's grid settings: the JSON pointer inside the declaration and the rule. */
export interface GridColumnProblem {
  path: string;
  message: string;
}

function typeOf(field: FieldDecl): GridColumnType {
  const given = field.widgetOptions?.gridType;
  if (isGridColumnType(given)) return given;
  switch (field.widget) {
    case 'textarea':
      return 'inputPop';
    case 'select':
      return 'select';
    case 'multiSelect':
      return 'selectMultiple';
    case 'searchSelect':
      return 'selectSearch';
    case 'radio':
      return 'radio';
    case 'checkbox':
      // A form's checkbox group picks several values; a one-box cell is `gridType: "checkbox"`.
      return 'selectMultiple';
    case 'switch':
      return 'switch';
    case 'departPicker':
      return 'departSelect';
    case 'userPicker':
      return 'userSelect';
    case 'popup':
      return 'popup';
    case 'file':
      return 'file';
    case 'image':
      return 'image';
    case 'number':
      return 'inputNumber';
    case 'date':
      return 'date';
    case 'datetime':
      return 'datetime';
    default:
      break;
  }
  if (field.dict && !field.widget) return 'select';
  switch (field.type) {
    case 'int':
    case 'number':
    case 'money':
      return 'inputNumber';
    case 'boolean':
      return 'switch';
    case 'date':
      return 'date';
    case 'datetime':
      return 'datetime';
    default:
      return 'input';
  }
}

function statisticsOf(field: FieldDecl): GridStatistic[] {
  const given = field.widgetOptions?.statistics;
  const list = Array.isArray(given) ? given : [];
  return (['sum', 'average'] as const).filter((s) => list.includes(s));
}

function optionsOf(field: FieldDecl): GridOption[] {
  const given = field.widgetOptions?.options;
  if (!Array.isArray(given)) return [];
  return given
    .filter(
      (o): o is { value: unknown; text?: unknown; title?: unknown } => typeof o === 'object' && o !== null,
    )
    .map((o) => ({ value: String(o.value), text: String(o.text ?? o.title ?? o.value) }));
}

/** Checks the grid settings of an entity's fields; unknown types are refused with their JSON path. */
export function gridColumnProblems(fields: readonly FieldDecl[]): GridColumnProblem[] {
  const problems: GridColumnProblem[] = [];
  fields.forEach((field, i) => {
    const opts = field.widgetOptions ?? {};
    if (opts.gridType !== undefined && !isGridColumnType(opts.gridType)) {
      problems.push({
        path: `/fields/${i}/widgetOptions/gridType`,
        message: `unknown grid column type ${JSON.stringify(opts.gridType)}`,
      });
    }
    const stats = opts.statistics;
    if (stats !== undefined && (!Array.isArray(stats) || stats.some((s) => s !== 'sum' && s !== 'average'))) {
      problems.push({
        path: `/fields/${i}/widgetOptions/statistics`,
        message: 'must list "sum" and / or "average"',
      });
    }
  });
  return problems;
}

function defaultOf(field: FieldDecl, type: GridColumnType, checked: string, unchecked: string): unknown {
  if (type === 'checkbox') return field.widgetOptions?.defaultChecked === true ? checked : unchecked;
  // A system variable (#{sysUserCode}) is resolved when a row is added (newRowValues).
  if (field.default !== undefined && !isDefaultVariable(field.default)) return field.default;
  if (type === 'switch') return GRID_UNCHECKED_VALUE;
  // A numeric field starts empty as null ('' is not a number for the shared validator).
  const numeric = field.type === 'int' || field.type === 'number' || field.type === 'money';
  return type === 'inputNumber' || numeric ? null : '';
}

export function gridColumn(field: FieldModel): GridColumn {
  const type = typeOf(field);
  const opts = field.widgetOptions ?? {};
  const checkedValue = typeof opts.checkedValue === 'string' ? opts.checkedValue : GRID_CHECKED_VALUE;
  const uncheckedValue = typeof opts.uncheckedValue === 'string' ? opts.uncheckedValue : GRID_UNCHECKED_VALUE;
  const spec = GRID_TYPE_WIDTHS[type] ?? {};
  const width = typeof opts.gridWidth === 'number' ? opts.gridWidth : (spec.width ?? GRID_DEFAULT_WIDTH);
  return {
    key: field.name,
    title: field.title,
    type,
    width: spec.minWidth !== undefined ? Math.max(width, spec.minWidth) : width,
    minWidth: spec.minWidth,
    defaultValue: defaultOf(field, type, checkedValue, uncheckedValue),
    dict: field.dict,
    options: optionsOf(field),
    statistics: statisticsOf(field),
    checkedValue,
    uncheckedValue,
    required: isRequiredField(field),
    // A grid holds one parent's rows, so once-per-parent is once in the grid: the cell says so as
    // soon as a value repeats, before the form's save check would.
    unique: field.unique === true || field.uniqueInParent === true || field.pattern === UNIQUE_PATTERN_CODE,
    field,
  };
}

/**
 * The grid columns of a child entity: its writable declared fields in order, less `exclude` (the
 * foreign key the parent fills in); with `readOnlyShown` (a child with `fixedRows`) also its
 * read-only fields listed in lists, which the grid shows but never edits (`readOnlyColumns`).
 * Throws on unknown grid settings, naming the JSON path.
 */
export function gridColumns(
  model: EntityModel,
  exclude: readonly string[] = [],
  readOnlyShown = false,
): GridColumn[] {
  const problems = gridColumnProblems(model.declaration.fields);
  if (problems.length > 0) {
    throw new Error(problems.map((p) => `${model.name}: ${p.path}: ${p.message}`).join('\n'));
  }
  const skip = new Set(exclude);
  const shown = (f: FieldModel) => f.writable || (readOnlyShown && f.list !== false);
  return model.declared.filter((f) => shown(f) && !skip.has(f.name)).map(gridColumn);
}

/** The keys of the columns a grid shows but never edits (read-only fields of a `fixedRows` child). */
export function readOnlyColumns(columns: readonly GridColumn[]): string[] {
  return columns.filter((c) => !c.field.writable).map((c) => c.key);
}

/**
 * The row a new line starts with: every column's default, a system-variable default resolved for
 * the user adding it (`ctx`, runtime/model/declaration/defaults.ts; without one it starts empty and
 * the server fills it on save).
 */
export function newRowValues(
  columns: readonly GridColumn[],
  ctx: DefaultContext | null = null,
): Record<string, unknown> {
  return Object.fromEntries(
    columns.map((c) => {
      const resolved = ctx && isDefaultVariable(c.field.default) ? resolveDefault(c.field, ctx) : undefined;
      return [c.key, resolved ?? c.defaultValue];
    }),
  );
}
