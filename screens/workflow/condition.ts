/**
 * A sequence flow's condition as the designer edits it: clauses (form field, operator, value)
 * joined by 且, written as json-logic (`{">": [{"var": "days"}, 3]}`, several under `and`). Only
 * these shapes are produced and read back: the server runs nothing else (docs/modules/workflow.md).
 */
export type Operator = '==' | '!=' | '>' | '>=' | '<' | '<=';

export interface Clause {
  field: string;
  op: Operator;
  value: string;
}

export const OPERATORS: readonly { value: Operator; label: string }[] = [
  { value: '==', label: '等于' },
  { value: '!=', label: '不等于' },
  { value: '>', label: '大于' },
  { value: '>=', label: '大于等于' },
  { value: '<', label: '小于' },
  { value: '<=', label: '小于等于' },
];

/** Form fields the shipped processes fill; any other field name may be typed. */
export const KNOWN_FIELDS: readonly { value: string; label: string }[] = [
  { value: 'days', label: '天数（days）' },
  { value: 'leaveType', label: '请假类型（leaveType）' },
  { value: 'amount', label: '金额（amount）' },
];

export const FIELD_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

type Logic = Record<string, unknown>;

const typed = (value: string): string | number => {
  const trimmed = value.trim();
  return trimmed !== '' && Number.isFinite(Number(trimmed)) ? Number(trimmed) : trimmed;
};

/** The clause's problem in Chinese, or null when it can be written. */
export function clauseProblem(clause: Clause): string | null {
  if (!FIELD_NAME.test(clause.field)) return '请选择或输入字段（英文字母开头）';
  if (!OPERATORS.some((o) => o.value === clause.op)) return '请选择比较方式';
  if (clause.value.trim() === '') return '请输入比较值';
  return null;
}

export function toLogic(clauses: readonly Clause[]): Logic | null {
  const parts = clauses.map((c) => ({ [c.op]: [{ var: c.field }, typed(c.value)] }));
  if (parts.length === 0) return null;
  return parts.length === 1 ? parts[0]! : { and: parts };
}

function readClause(part: unknown): Clause | null {
  if (!part || typeof part !== 'object' || Array.isArray(part)) return null;
  const entries = Object.entries(part as Logic);
  if (entries.length !== 1) return null;
  const [op, args] = entries[0]!;
  if (!OPERATORS.some((o) => o.value === op) || !Array.isArray(args) || args.length !== 2) return null;
  const [left, right] = args as [unknown, unknown];
  const field = left && typeof left === 'object' ? (left as { var?: unknown }).var : undefined;
  if (typeof field !== 'string' || (typeof right !== 'string' && typeof right !== 'number')) return null;
  return { field, op: op as Operator, value: String(right) };
}

/** Clauses of a condition body; null when the body is something the editor cannot show. */
export function fromLogic(body: string | undefined): Clause[] | null {
  if (!body || !body.trim()) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return null;
  }
  const list =
    parsed && typeof parsed === 'object' && 'and' in parsed ? (parsed as { and: unknown }).and : [parsed];
  if (!Array.isArray(list)) return null;
  const clauses = list.map(readClause);
  return clauses.every((c): c is Clause => c !== null) ? clauses : null;
}

/** The condition as a line of Chinese (the canvas label and the panel's summary). */
export function describe(clauses: readonly Clause[]): string {
  return clauses
    .map((c) => `${c.field} ${OPERATORS.find((o) => o.value === c.op)?.label ?? c.op} ${c.value}`)
    .join(' 且 ');
}
