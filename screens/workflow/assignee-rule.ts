/**
 * A user task's assignee rule (`zh:assignee`) as the designer edits it: the kind and, for a user, a
 * role, a position or a form field, the code (a comma list for 多名人员). The server accepts exactly these spellings (server/workflow/bpmn-model.ts).
 */
export type RuleKind =
  'user' | 'users' | 'starter' | 'deptManager' | 'generalManager' | 'role' | 'position' | 'field';

/** The kinds whose rule carries a code after `kind:`. */
const CODED: ReadonlySet<RuleKind> = new Set(['user', 'users', 'role', 'position', 'field']);

export interface AssigneeRule {
  kind: RuleKind | null;
  code: string;
}

export const RULE_KINDS: readonly { value: RuleKind; label: string }[] = [
  { value: 'user', label: '指定人员' },
  { value: 'users', label: '多名人员（会签/或签）' },
  { value: 'starter', label: '发起人本人' },
  { value: 'deptManager', label: '发起人的部门经理' },
  { value: 'generalManager', label: '总经理' },
  { value: 'role', label: '指定角色（任一成员处理）' },
  { value: 'position', label: '指定岗位（任一人处理）' },
  { value: 'field', label: '表单字段中的人员（如指定审批人）' },
];

/** A form field's name as the server accepts it in `field:<name>`. */
export const FIELD_NAME = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;

export function parseRule(value: string | undefined): AssigneeRule {
  const text = (value ?? '').trim();
  if (text.startsWith('users:')) return { kind: 'users', code: text.slice(6) };
  if (text.startsWith('user:')) return { kind: 'user', code: text.slice(5) };
  if (text.startsWith('role:')) return { kind: 'role', code: text.slice(5) };
  if (text.startsWith('position:')) return { kind: 'position', code: text.slice(9) };
  if (text.startsWith('field:')) return { kind: 'field', code: text.slice(6) };
  if (text === 'starter' || text === 'deptManager' || text === 'generalManager')
    return { kind: text, code: '' };
  return { kind: null, code: '' };
}

/** The attribute value, or '' while the rule is incomplete (a user or role not chosen yet). */
export function formatRule(rule: AssigneeRule): string {
  if (!rule.kind) return '';
  if (rule.kind === 'field' && !FIELD_NAME.test(rule.code)) return '';
  if (CODED.has(rule.kind)) return rule.code ? `${rule.kind}:${rule.code}` : '';
  return rule.kind;
}
