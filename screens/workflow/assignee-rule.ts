/**
 * A user task's assignee rule (`zh:assignee`) as the designer edits it: the kind and, for a user or
 * a role, the code. The server accepts exactly these spellings (server/workflow/bpmn-model.ts).
 */
export type RuleKind = 'user' | 'starter' | 'deptManager' | 'generalManager' | 'role';

export interface AssigneeRule {
  kind: RuleKind | null;
  code: string;
}

export const RULE_KINDS: readonly { value: RuleKind; label: string }[] = [
  { value: 'user', label: '指定人员' },
  { value: 'starter', label: '发起人本人' },
  { value: 'deptManager', label: '发起人的部门经理' },
  { value: 'generalManager', label: '总经理' },
  { value: 'role', label: '指定角色（任一成员处理）' },
];

export function parseRule(value: string | undefined): AssigneeRule {
  const text = (value ?? '').trim();
  if (text.startsWith('user:')) return { kind: 'user', code: text.slice(5) };
  if (text.startsWith('role:')) return { kind: 'role', code: text.slice(5) };
  if (text === 'starter' || text === 'deptManager' || text === 'generalManager')
    return { kind: text, code: '' };
  return { kind: null, code: '' };
}

/** The attribute value, or '' while the rule is incomplete (a user or role not chosen yet). */
export function formatRule(rule: AssigneeRule): string {
  if (!rule.kind) return '';
  if (rule.kind === 'user' || rule.kind === 'role') return rule.code ? `${rule.kind}:${rule.code}` : '';
  return rule.kind;
}
