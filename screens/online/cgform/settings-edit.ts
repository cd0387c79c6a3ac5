/**
 * Pure edits of a declaration's screen settings for the designer's 页面设置 view
 * (docs/modules/online-forms.md, "How the settings map to keys"): list type (`kind`, `tree`),
 * columns per form row (`form.columns`), default sort (`list.defaultSort`), the built-in buttons
 * shown (`list.disable`), the transitions among the row links (`list.rowActions`), `transitions`
 * and `children`. Each writes the keys the JSON view would; an empty block is removed rather than
 * left as `{}`, so the JSON stays as short as a hand-written file. The server validates the result.
 */
import type { DeclarationDraft, FieldDraft } from './field-edit';

type Block = Record<string, unknown>;

export const KIND_OPTIONS = [
  { value: 'list', label: '普通列表' },
  { value: 'tree', label: '树形列表' },
  { value: 'erp', label: 'ERP（选中行的子表在下方）' },
  { value: 'tab', label: 'Tab（子表各占一个标签页）' },
  { value: 'innerTable', label: '内嵌子表' },
  { value: 'copy', label: '可复制（复制行及其子表）' },
] as const;

/** The built-in buttons a list offers unless `list.disable` names them. */
export const TOOLBAR_BUILTINS = [
  { value: 'add', label: '新增' },
  { value: 'exportXls', label: '导出' },
  { value: 'importExcel', label: '导入' },
  { value: 'superQuery', label: '高级查询' },
  { value: 'deleteBatch', label: '批量删除' },
] as const;
export const ROW_BUILTINS = [
  { value: 'edit', label: '编辑' },
  { value: 'detail', label: '详情' },
  { value: 'delete', label: '删除' },
] as const;
const BUILTINS: readonly string[] = [...TOOLBAR_BUILTINS, ...ROW_BUILTINS].map((b) => b.value);

/** System fields a list may also sort by (the engine's columns). */
export const SYSTEM_SORTS = [
  { value: 'createTime', label: '创建时间（createTime）' },
  { value: 'updateTime', label: '修改时间（updateTime）' },
];

export interface TransitionDraft {
  name: string;
  title: string;
  field: string;
  from: string[];
  to: string;
  permission?: string;
  confirm?: string;
}

export interface ChildDraft {
  entity: string;
  relation: 'oneToMany' | 'oneToOne';
  foreignKey: string;
  title?: string;
}

function block(draft: DeclarationDraft, key: string): Block {
  const value = draft[key];
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Block) : {};
}

function isEmpty(value: unknown): boolean {
  return (
    value === undefined ||
    value === '' ||
    (Array.isArray(value) && value.length === 0) ||
    (typeof value === 'object' && value !== null && Object.keys(value).length === 0)
  );
}

/** `draft` with `key` set to `value`, or without it when the value is empty. */
export function setKey(draft: DeclarationDraft, key: string, value: unknown): DeclarationDraft {
  const { [key]: _old, ...rest } = draft;
  return (isEmpty(value) ? rest : { ...rest, [key]: value }) as DeclarationDraft;
}

/** `draft` with `block.key` set (or removed), dropping the block when it ends up empty. */
export function setIn(draft: DeclarationDraft, blockKey: string, key: string, value: unknown) {
  return setKey(draft, blockKey, setKey(block(draft, blockKey) as DeclarationDraft, key, value));
}

const fieldsOf = (draft: DeclarationDraft): FieldDraft[] => draft.fields ?? [];

/** The list type; a tree gets its tree block (parent and text fields guessed), other kinds lose it. */
export function setKind(draft: DeclarationDraft, kind: string): DeclarationDraft {
  const next: DeclarationDraft = { ...draft, kind };
  if (kind !== 'tree') return setKey(next, 'tree', undefined);
  if (next.tree) return next;
  const strings = fieldsOf(draft).filter((f) => f.type === 'string');
  const parent = strings.find((f) => /^(pid|parentId)$/.test(f.name)) ?? strings[0];
  const text = strings.find((f) => f !== parent) ?? parent;
  return { ...next, tree: { parentField: parent?.name ?? 'pid', textField: text?.name ?? 'name' } };
}

export function setFormColumns(draft: DeclarationDraft, columns: number | null): DeclarationDraft {
  return setIn(draft, 'form', 'columns', columns ?? undefined);
}

/** The default sort; a declared field is made sortable too (a default sort needs a sortable column). */
export function setDefaultSort(
  draft: DeclarationDraft,
  column: string | null,
  order: 'asc' | 'desc',
): DeclarationDraft {
  if (!column) return setIn(draft, 'list', 'defaultSort', undefined);
  const fields = fieldsOf(draft).map((f) => (f.name === column ? { ...f, sortable: true } : f));
  return setIn({ ...draft, fields }, 'list', 'defaultSort', { column, order });
}

/** The built-ins shown: `list.disable` is written as the ones not shown, in the language's order. */
export function shownBuiltins(draft: DeclarationDraft): string[] {
  const disabled = block(draft, 'list').disable;
  const off = new Set(Array.isArray(disabled) ? (disabled as string[]) : []);
  return BUILTINS.filter((b) => !off.has(b));
}

export function setShownBuiltins(draft: DeclarationDraft, shown: readonly string[]): DeclarationDraft {
  const on = new Set(shown);
  return setIn(
    draft,
    'list',
    'disable',
    BUILTINS.filter((b) => !on.has(b)),
  );
}

export function transitionsOf(draft: DeclarationDraft): TransitionDraft[] {
  return Array.isArray(draft.transitions) ? (draft.transitions as TransitionDraft[]) : [];
}

/** The transitions shown as row links: `list.rowActions` when given, else every transition. */
export function shownTransitions(draft: DeclarationDraft): string[] {
  const names = transitionsOf(draft).map((t) => t.name);
  const rowActions = block(draft, 'list').rowActions;
  return Array.isArray(rowActions) ? names.filter((n) => (rowActions as string[]).includes(n)) : names;
}

/** Writes `list.rowActions`: omitted when every transition is shown and nothing else is listed. */
export function setShownTransitions(draft: DeclarationDraft, shown: readonly string[]): DeclarationDraft {
  const names = new Set(transitionsOf(draft).map((t) => t.name));
  const rowActions = block(draft, 'list').rowActions;
  const others = (Array.isArray(rowActions) ? (rowActions as string[]) : []).filter((n) => !names.has(n));
  const all = [...names].every((n) => shown.includes(n));
  const next = [...others, ...[...names].filter((n) => shown.includes(n))];
  return setIn(draft, 'list', 'rowActions', all && others.length === 0 ? undefined : next);
}

/** One transition changed; empty optional properties are removed. A renamed one keeps its row link. */
export function updateTransition(draft: DeclarationDraft, index: number, patch: Partial<TransitionDraft>) {
  const list = transitionsOf(draft);
  const before = list[index];
  const merged: Record<string, unknown> = { ...before, ...patch };
  for (const key of ['permission', 'confirm'])
    if (merged[key] === '' || merged[key] === undefined) delete merged[key];
  const next = setKey(
    draft,
    'transitions',
    list.map((t, i) => (i === index ? (merged as unknown as TransitionDraft) : t)),
  );
  const rowActions = block(draft, 'list').rowActions;
  if (!patch.name || patch.name === before.name || !Array.isArray(rowActions)) return next;
  const renamed = (rowActions as string[]).map((n) => (n === before.name ? patch.name : n));
  return setIn(next, 'list', 'rowActions', renamed);
}

/** A new transition on the first string, int or boolean field, with a free name. */
export function addTransition(draft: DeclarationDraft): DeclarationDraft {
  const list = transitionsOf(draft);
  const names = new Set(list.map((t) => t.name));
  let n = list.length + 1;
  while (names.has(`transition${n}`)) n += 1;
  const field = fieldsOf(draft).find((f) => ['string', 'int', 'boolean'].includes(f.type));
  const added = { name: `transition${n}`, title: `流转${n}`, field: field?.name ?? '', from: ['0'], to: '1' };
  return setKey(draft, 'transitions', [...list, added]);
}

export function removeTransition(draft: DeclarationDraft, index: number): DeclarationDraft {
  const list = transitionsOf(draft);
  const name = list[index]?.name;
  const next = setKey(
    draft,
    'transitions',
    list.filter((_, i) => i !== index),
  );
  const rowActions = block(draft, 'list').rowActions;
  if (!Array.isArray(rowActions)) return next;
  return setIn(
    next,
    'list',
    'rowActions',
    (rowActions as string[]).filter((n) => n !== name),
  );
}

export function childrenOf(draft: DeclarationDraft): ChildDraft[] {
  return Array.isArray(draft.children) ? (draft.children as ChildDraft[]) : [];
}

export function updateChild(draft: DeclarationDraft, index: number, patch: Partial<ChildDraft>) {
  const list = childrenOf(draft);
  const merged: Record<string, unknown> = { ...list[index], ...patch };
  if (!merged.title) delete merged.title;
  // A new child entity has other fields: its foreign key is picked again.
  if (patch.entity !== undefined && patch.entity !== list[index].entity && patch.foreignKey === undefined)
    merged.foreignKey = '';
  return setKey(
    draft,
    'children',
    list.map((c, i) => (i === index ? (merged as unknown as ChildDraft) : c)),
  );
}

export function addChild(draft: DeclarationDraft): DeclarationDraft {
  return setKey(draft, 'children', [
    ...childrenOf(draft),
    { entity: '', relation: 'oneToMany', foreignKey: '' },
  ]);
}

export function removeChild(draft: DeclarationDraft, index: number): DeclarationDraft {
  return setKey(
    draft,
    'children',
    childrenOf(draft).filter((_, i) => i !== index),
  );
}
