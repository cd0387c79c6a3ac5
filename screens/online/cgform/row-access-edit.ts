/**
 * 状态规则 (docs/modules/online-forms.md): `rowAccess.edit` / `rowAccess.delete` with their messages,
 * built as conditions over the stored row (ConditionBuilder) and written as the row-rule subset
 * both ends mean alike (runtime/model/declaration/row-rule.ts): `row.<field>` compared with a
 * constant, one of a list, or the caller (是当前用户, 包含当前用户, 属于当前用户的部门及下级).
 * fromRowRule reads back what toRowRule writes; another shape answers null (shown read-only).
 */
import type { LogicRule } from '../../../runtime/model/declaration/types';
import { setIn } from './settings-edit';
import type { DeclarationDraft } from './field-edit';
import type { Condition, ConditionGroup, OperatorOption } from './rule-logic';

export type RowOperator = '==' | '!=' | 'in' | 'isMe' | 'hasMe' | 'underMe';

export const ROW_OPERATORS: OperatorOption<RowOperator>[] = [
  { value: '==', label: '等于' },
  { value: '!=', label: '不等于' },
  { value: 'in', label: '属于（逗号分隔）' },
  { value: 'isMe', label: '是当前用户', noValue: true },
  { value: 'hasMe', label: '包含当前用户', noValue: true },
  { value: 'underMe', label: '属于当前用户的部门及下级', noValue: true },
];

/** System fields a state rule may also name (the stored row has them). */
export const ROW_SYSTEM_FIELDS = [
  { value: 'createBy', label: '创建人（createBy）' },
  { value: 'sysOrgCode', label: '所属部门（sysOrgCode）' },
];

export type RowGroup = ConditionGroup<RowOperator>;
type RowCondition = Condition<RowOperator>;

const row = (field: string) => ({ var: `row.${field}` });
const USERNAME = { var: 'user.username' };
const ORG = { var: 'user.orgCode' };

function one(c: RowCondition): LogicRule {
  switch (c.op) {
    case 'isMe':
      return { '==': [row(c.field), USERNAME] };
    case 'hasMe':
      return { in: [USERNAME, row(c.field)] };
    case 'underMe':
      return { under: [row(c.field), ORG] };
    case 'in':
      return {
        in: [
          row(c.field),
          c.value
            .split(',')
            .map((s) => s.trim())
            .filter((s) => s !== ''),
        ],
      };
    default:
      return { [c.op]: [row(c.field), c.value] };
  }
}

/** The group as a row rule; undefined when it has no complete row (the rule is then left out). */
export function toRowRule(group: RowGroup): LogicRule | undefined {
  // An `in` still without values stays (the save names it), so the row does not vanish while typed.
  const rows = group.rows.filter((r) => r.field !== '');
  if (rows.length === 0) return undefined;
  const parts = rows.map(one);
  return parts.length === 1 ? parts[0] : { [group.join]: parts };
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** `row.<field>` of a `{var}` operand, or null. */
function rowField(v: unknown): string | null {
  if (!isObject(v) || typeof v.var !== 'string' || !v.var.startsWith('row.')) return null;
  const name = v.var.slice(4);
  return /^[a-zA-Z_][a-zA-Z0-9_]*$/.test(name) ? name : null;
}
const isVar = (v: unknown, name: string) => isObject(v) && v.var === name;
const literal = (v: unknown) => ['string', 'number', 'boolean'].includes(typeof v);

function conditionOf(rule: unknown): RowCondition | null {
  if (!isObject(rule) || Object.keys(rule).length !== 1) return null;
  const [op, args] = Object.entries(rule)[0];
  if (!Array.isArray(args) || args.length !== 2) return null;
  const [a, b] = args as unknown[];
  if (op === '==' && rowField(a) && isVar(b, 'user.username'))
    return { field: rowField(a)!, op: 'isMe', value: '' };
  if ((op === '==' || op === '!=') && rowField(a) && literal(b))
    return { field: rowField(a)!, op, value: String(b) };
  if (op === 'in' && isVar(a, 'user.username') && rowField(b))
    return { field: rowField(b)!, op: 'hasMe', value: '' };
  if (op === 'in' && rowField(a) && Array.isArray(b) && b.every(literal))
    return { field: rowField(a)!, op: 'in', value: b.map(String).join(',') };
  if (op === 'under' && rowField(a) && isVar(b, 'user.orgCode'))
    return { field: rowField(a)!, op: 'underMe', value: '' };
  return null;
}

/** The editor's rows for a row rule, or null when it has another shape. */
export function fromRowRule(rule: unknown): RowGroup | null {
  if (rule === undefined) return { join: 'and', rows: [] };
  const single = conditionOf(rule);
  if (single) return { join: 'and', rows: [single] };
  if (!isObject(rule) || Object.keys(rule).length !== 1) return null;
  const [join, items] = Object.entries(rule)[0];
  if ((join !== 'and' && join !== 'or') || !Array.isArray(items) || items.length === 0) return null;
  const rows = items.map(conditionOf);
  return rows.every((r): r is RowCondition => r !== null) ? { join, rows } : null;
}

export type RowAccessKey = 'edit' | 'delete' | 'editMessage' | 'deleteMessage';

/** The `rowAccess` block (the JSON view may hold `read` too: kept as it is). */
export function rowAccessOf(draft: DeclarationDraft): Record<string, unknown> {
  return isObject(draft.rowAccess) ? draft.rowAccess : {};
}

/** `rowAccess.<key>` set, or removed when empty; an empty block is removed. */
export function setRowAccess(draft: DeclarationDraft, key: RowAccessKey, value: unknown): DeclarationDraft {
  return setIn(draft, 'rowAccess', key, value);
}

/** Writes a condition group as `rowAccess.<edit|delete>`. */
export function setRowCondition(
  draft: DeclarationDraft,
  key: 'edit' | 'delete',
  group: RowGroup,
): DeclarationDraft {
  return setRowAccess(draft, key, toRowRule(group));
}
