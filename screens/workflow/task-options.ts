/**
 * A user task's 多人审批 and 字段权限 as the designer edits them (docs/modules/workflow.md,
 * "Slice 3"); the server reads the same spellings (server/workflow/bpmn-model.ts).
 */
export type Multi = '' | 'all' | 'any';
export type Right = 'edit' | 'read' | 'hidden';

export const MULTI_OPTIONS: readonly { value: Multi; label: string }[] = [
  { value: '', label: '单人审批（多人时任一人处理）' },
  { value: 'all', label: '会签（全部同意才通过，一人驳回即驳回）' },
  { value: 'any', label: '或签（任一人同意即通过）' },
];

export const RIGHT_OPTIONS: readonly { value: Right; label: string }[] = [
  { value: 'edit', label: '可编辑' },
  { value: 'read', label: '只读' },
  { value: 'hidden', label: '隐藏' },
];

/** The loopCardinality the server requires: the engine asks how many signers the rule names. */
export const SIGNERS_EXPRESSION = '${environment.services.signers(content.id)}';

export interface FieldRight {
  field: string;
  right: Right;
}

export function parseRights(text: string | undefined): FieldRight[] {
  return (text ?? '')
    .split(',')
    .filter(Boolean)
    .map((part) => {
      const [field = '', right = 'read'] = part.split(':');
      return { field, right: (['edit', 'read', 'hidden'].includes(right) ? right : 'read') as Right };
    });
}

/** Only complete rows with a valid field name are written; '' when none. */
export function formatRights(rows: readonly FieldRight[]): string {
  return rows
    .filter((r) => /^[A-Za-z][A-Za-z0-9_]{0,63}$/.test(r.field))
    .map((r) => `${r.field}:${r.right}`)
    .join(',');
}
