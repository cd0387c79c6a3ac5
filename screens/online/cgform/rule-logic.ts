/**
 * The condition editor's model (docs/modules/online-forms.md): rows of field / operator / value
 * joined by 且 (and) or 或 (or), written as json-logic data, never as code strings. fromLogic reads
 * back exactly what toLogic writes; a rule written by hand in another shape answers null and the
 * editor shows it read-only rather than guessing.
 */
import type { LogicRule } from '../../../runtime/model/declaration/types';

export type Operator = '==' | '!=' | '>' | '>=' | '<' | '<=' | 'in' | 'filled' | 'empty';

export interface Condition<Op extends string = Operator> {
  field: string;
  op: Op;
  /** As typed; `in` takes a comma-separated list; with `ref`, another field's name. */
  value: string;
  /** The value is another field's (a comparison of two fields: 结束日期 >= 开始日期). */
  ref?: boolean;
}

export interface ConditionGroup<Op extends string = Operator> {
  join: 'and' | 'or';
  rows: Condition<Op>[];
}

/** An operator as the condition editor offers it; `noValue` ones take no value (有值, 为空). */
export interface OperatorOption<Op extends string = Operator> {
  value: Op;
  label: string;
  noValue?: boolean;
  /** Compares with a value that may also be another field's (值 / 字段). */
  comparable?: boolean;
}

export const OPERATORS: OperatorOption[] = [
  { value: '==', label: '等于', comparable: true },
  { value: '!=', label: '不等于', comparable: true },
  { value: '>', label: '大于', comparable: true },
  { value: '>=', label: '大于等于', comparable: true },
  { value: '<', label: '小于', comparable: true },
  { value: '<=', label: '小于等于', comparable: true },
  { value: 'in', label: '属于（逗号分隔）' },
  { value: 'filled', label: '有值', noValue: true },
  { value: 'empty', label: '为空', noValue: true },
];

const COMPARE: ReadonlySet<string> = new Set(['==', '!=', '>', '>=', '<', '<=']);

/** A typed value: numbers for numeric fields, so `>` compares numbers. */
function typed(value: string, numeric: boolean): string | number {
  const n = Number(value);
  return numeric && value.trim() !== '' && Number.isFinite(n) ? n : value;
}

function one(c: Condition, numeric: (field: string) => boolean): LogicRule {
  const v = { var: c.field };
  if (c.op === 'filled') return { '!!': [v] };
  if (c.op === 'empty') return { '!': [v] };
  if (c.op === 'in')
    return {
      in: [
        v,
        c.value
          .split(',')
          .map((s) => typed(s.trim(), numeric(c.field)))
          .filter((s) => s !== ''),
      ],
    };
  if (c.ref && COMPARE.has(c.op)) return { [c.op]: [v, { var: c.value }] };
  return { [c.op]: [v, typed(c.value, numeric(c.field))] };
}

/** The group as json-logic; undefined when it has no complete row (the rule is then left out). */
export function toLogic(
  group: ConditionGroup,
  numeric: (field: string) => boolean = () => false,
): LogicRule | undefined {
  const rows = group.rows.filter((r) => r.field !== '' && !(r.ref && r.value === ''));
  if (rows.length === 0) return undefined;
  const parts = rows.map((r) => one(r, numeric));
  return parts.length === 1 ? parts[0] : { [group.join]: parts };
}

function varName(arg: unknown): string | null {
  const v = Array.isArray(arg) ? arg[0] : arg;
  return v && typeof v === 'object' && typeof (v as { var?: unknown }).var === 'string'
    ? (v as { var: string }).var
    : null;
}

function conditionOf(rule: unknown): Condition | null {
  if (!rule || typeof rule !== 'object' || Array.isArray(rule)) return null;
  const entries = Object.entries(rule);
  if (entries.length !== 1) return null;
  const [op, args] = entries[0];
  if (op === '!!' || op === '!') {
    const field = varName(args);
    return field ? { field, op: op === '!!' ? 'filled' : 'empty', value: '' } : null;
  }
  if (!Array.isArray(args) || args.length !== 2) return null;
  const field = varName([args[0]]);
  if (!field) return null;
  if (op === 'in' && Array.isArray(args[1])) return { field, op: 'in', value: args[1].join(',') };
  const other = COMPARE.has(op) ? varName([args[1]]) : null;
  if (other) return { field, op: op as Operator, value: other, ref: true };
  if (COMPARE.has(op) && ['string', 'number', 'boolean'].includes(typeof args[1]))
    return { field, op: op as Operator, value: String(args[1]) };
  return null;
}

/** The editor's rows for a rule, or null when the rule has another shape. */
export function fromLogic(rule: unknown): ConditionGroup | null {
  if (rule === undefined) return { join: 'and', rows: [] };
  const single = conditionOf(rule);
  if (single) return { join: 'and', rows: [single] };
  if (!rule || typeof rule !== 'object') return null;
  const entries = Object.entries(rule);
  if (entries.length !== 1 || !['and', 'or'].includes(entries[0][0]) || !Array.isArray(entries[0][1]))
    return null;
  const rows = (entries[0][1] as unknown[]).map(conditionOf);
  return rows.every((r): r is Condition => r !== null) ? { join: entries[0][0] as 'and' | 'or', rows } : null;
}

const NUMERIC_TYPES: ReadonlySet<string> = new Set(['int', 'number', 'money']);

/** A condition's field choices over the draft's fields, and whether a field compares as a number. */
export function fieldChoices(fields: readonly { name: string; title: string; type?: string }[]): {
  options: { value: string; label: string }[];
  numeric(name: string): boolean;
} {
  return {
    options: fields.map((f) => ({ value: f.name, label: `${f.title}（${f.name}）` })),
    numeric: (name) => NUMERIC_TYPES.has(fields.find((f) => f.name === name)?.type ?? ''),
  };
}
