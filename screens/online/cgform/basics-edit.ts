/**
 * Pure edits of a declaration's identity for the 基本信息 card (BasicsEditor.tsx): name, title, table,
 * API path, permission prefix and the per-action permission codes (`permissions`). A new name takes
 * along the keys still derived from the old one (`/online/data/<name>`, the prefix, `onl_<name>`),
 * so renaming a new form does not leave a stale path behind; keys set by hand are kept.
 */
import { snake } from './copy-file';
import type { DeclarationDraft } from './field-edit';
import { setIn, setKey } from './settings-edit';

export function setName(draft: DeclarationDraft, name: string): DeclarationDraft {
  const old = typeof draft.name === 'string' ? draft.name : '';
  let next = setKey(draft, 'name', name);
  if (draft.basePath === `/online/data/${old}`) next = { ...next, basePath: `/online/data/${name}` };
  if (draft.permissionPrefix === old) next = { ...next, permissionPrefix: name };
  if (old && draft.table === `onl_${snake(old)}`.slice(0, 63))
    next = { ...next, table: `onl_${snake(name)}`.slice(0, 63) };
  return next;
}

/** The actions a permission code may be set for, with the code they use by default. */
export const PERMISSION_ACTIONS = [
  { action: 'list', label: '查看（列表）', suffix: 'list' },
  { action: 'queryById', label: '查看（详情）', suffix: 'list' },
  { action: 'add', label: '新增', suffix: 'add' },
  { action: 'edit', label: '编辑', suffix: 'edit' },
  { action: 'delete', label: '删除', suffix: 'delete' },
  { action: 'deleteBatch', label: '批量删除', suffix: 'delete' },
  { action: 'exportXls', label: '导出', suffix: 'export' },
  { action: 'importExcel', label: '导入', suffix: 'import' },
] as const;

/** `permissions.<action>`: a code overriding `<prefix>:<suffix>`; empty removes it. */
export function setPermission(draft: DeclarationDraft, action: string, code: string): DeclarationDraft {
  return setIn(draft, 'permissions', action, code.trim() || undefined);
}
