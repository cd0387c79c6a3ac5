/**
 * The `approval` block (docs/modules/workflow.md, "Approvals for any declared form"): the shared
 * status dictionary, the row actions a declaration with it gets without declaring them, and its
 * semantic checks. Isomorphic: the browser builds the same actions from the same file.
 */
import type { ActionDecl, Declaration } from './types.js';

/** One dictionary for every approval's status. */
export const APPROVAL_STATUS_DICT = 'approval_status';
export const APPROVAL_STATUS = {
  draft: '0',
  running: '1',
  approved: '2',
  rejected: '3',
  withdrawn: '4',
  terminated: '5',
} as const;
/** Statuses a row may be edited, deleted or (re)started in: 草稿 已驳回 已撤回 已终止. */
export const APPROVAL_OPEN: readonly string[] = ['0', '3', '4', '5'];

/** The noun of an approval's messages. */
export const approvalSubject = (decl: Declaration): string => decl.approval?.subject ?? decl.title;

/**
 * 提交审批, 撤回 and 流程图 for a declaration with `approval`, unless it declares an action of
 * that name itself (its own wins, e.g. another confirm text).
 */
export function approvalActions(decl: Declaration): ActionDecl[] {
  const approval = decl.approval;
  if (!approval || decl.routes === 'external') return [];
  const status = { var: approval.statusField };
  const permission = decl.permissions?.add ?? `${decl.permissionPrefix}:add`;
  const subject = approvalSubject(decl);
  const made: ActionDecl[] = [
    {
      name: 'startProcess',
      title: '提交审批',
      permission,
      confirm: '确定提交审批吗？',
      visible: { in: [status, [...APPROVAL_OPEN]] },
      request: { path: 'startProcess' },
    },
    {
      name: 'withdraw',
      title: '撤回',
      permission,
      confirm: `确定撤回该${subject}吗？`,
      visible: { '==': [status, APPROVAL_STATUS.running] },
      request: { path: 'withdraw' },
    },
  ];
  if (approval.instanceField)
    made.push({
      name: 'diagram',
      title: '流程图',
      permission,
      visible: { '!!': [{ var: approval.instanceField }] },
      panel: { component: 'flowDiagram', width: 1100 },
    });
  const declared = new Set((decl.actions ?? []).map((a) => a.name));
  return made.filter((a) => !declared.has(a.name));
}

/** The fields the block names exist and fit; the status field uses the shared dictionary. */
export function checkApproval(decl: Declaration): { path: string; message: string }[] {
  const approval = decl.approval;
  if (!approval) return [];
  const out: { path: string; message: string }[] = [];
  if (decl.routes === 'external')
    out.push({ path: '/approval', message: 'not allowed with "routes": "external"' });
  const fieldNames = new Set(decl.fields.map((f) => f.name));
  for (const key of ['statusField', 'currentNodeField', 'instanceField', 'ownerField'] as const) {
    const name = approval[key];
    if (name === undefined) continue;
    const field = decl.fields.find((f) => f.name === name);
    if (!field) out.push({ path: `/approval/${key}`, message: `"${name}" is not a declared field` });
    else if (key !== 'ownerField' && field.readOnly !== true)
      out.push({ path: `/approval/${key}`, message: `"${name}" is written by the server: make it readOnly` });
  }
  const status = decl.fields.find((f) => f.name === approval.statusField);
  if (status && status.dict !== APPROVAL_STATUS_DICT)
    out.push({
      path: '/approval/statusField',
      message: `the status field needs "dict": "${APPROVAL_STATUS_DICT}"`,
    });
  for (const [, name] of approval.title.matchAll(/\{([^}]*)\}/g))
    if (name !== '@starter' && !fieldNames.has(name))
      out.push({ path: '/approval/title', message: `"${name}" is not a field of the row` });
  return out;
}
