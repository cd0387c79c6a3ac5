/**
 * Pure edits behind a field row's opened part (FieldMore.tsx): 查询规则, 多选 of a picker, 引用 and
 * the options the controls offer. Each answers a patch for field-edit.ts's `patchField`, so a value
 * at its default leaves the JSON as short as a hand-written file.
 */
import type { FieldDraft } from './field-edit';

type Block = Record<string, unknown>;
const blockOf = (v: unknown): Block => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Block) : {});
const orNothing = (b: Block) => (Object.keys(b).length > 0 ? b : undefined);

/** The query rules of a single-condition query field (the list's query form). */
export const QUERY_RULES = [
  { value: 'eq', label: '等于（eq）' },
  { value: 'like', label: '模糊匹配（like）' },
  { value: 'right_like', label: '以…开头（right_like）' },
  { value: 'left_like', label: '以…结尾（left_like）' },
  { value: 'ne', label: '不等于（ne）' },
  { value: 'gt', label: '大于（gt）' },
  { value: 'ge', label: '大于等于（ge）' },
  { value: 'lt', label: '小于（lt）' },
  { value: 'le', label: '小于等于（le）' },
  { value: 'in', label: '属于多个值（in）' },
];

/** Allow-listed table dictionaries (server/sys/table-dicts.ts) an admin picks most. */
export const TABLE_DICTS = [
  { value: 'sys_user,realname,username', label: '用户（按账号，sys_user）' },
  { value: 'sys_depart,depart_name,org_code', label: '部门（按机构编码，sys_depart）' },
  { value: 'sys_depart,depart_name,id', label: '部门（按ID，sys_depart）' },
  { value: 'sys_position,name,id', label: '职务（sys_position）' },
];

/** Pickers that hold several values as a comma list with `widgetOptions.multi`. */
export const MULTI_PICKERS: ReadonlySet<string> = new Set([
  'userPicker',
  'departPicker',
  'treeSelect',
  'listPicker',
  'popup',
]);

export const TEXTUAL = new Set(['string', 'text']);
export const NUMERIC = new Set(['int', 'number', 'money']);

/** `query` with its mode and rule; a range takes no rule (it is between two values). */
export function queryPatch(field: FieldDraft, change: { mode?: string; rule?: string | null }) {
  const query = { ...blockOf(field.query) };
  if (change.mode !== undefined) query.mode = change.mode;
  if (change.rule !== undefined) query.rule = change.rule ?? undefined;
  if (query.mode === 'range' || !query.rule) delete query.rule;
  return { query };
}

/** `widgetOptions.multi` on or off; an empty `widgetOptions` is removed. */
export function multiPatch(field: FieldDraft, multi: boolean) {
  const { multi: _old, ...rest } = blockOf(field.widgetOptions);
  return { widgetOptions: orNothing(multi ? { ...rest, multi: true } : rest) };
}

export interface ReferenceDraft {
  entity?: string;
  text?: string;
  multiple?: boolean;
  onDelete?: 'restrict' | 'cascade';
}

export function referenceOf(field: FieldDraft): ReferenceDraft | null {
  return field.reference && typeof field.reference === 'object' ? (field.reference as ReferenceDraft) : null;
}

const SINGLE_WIDGETS = new Set(['select', 'searchSelect', 'radio']);

/**
 * The reference changed (null: none). A reference takes no dictionary, and is picked with a
 * select (several: multiSelect): another widget is dropped, the engine then picks the fitting one.
 */
export function referencePatch(field: FieldDraft, change: Partial<ReferenceDraft> | null) {
  if (change === null) return { reference: undefined };
  const next: Block = { ...referenceOf(field), ...change };
  if (change.entity !== undefined && change.entity !== referenceOf(field)?.entity) delete next.text;
  for (const key of Object.keys(next))
    if (next[key] === undefined || next[key] === '' || next[key] === false) delete next[key];
  if (next.onDelete === 'restrict') delete next.onDelete;
  if (next.multiple) delete next.onDelete;
  const widget = typeof field.widget === 'string' ? field.widget : undefined;
  const fits = next.multiple ? widget === 'multiSelect' : !!widget && SINGLE_WIDGETS.has(widget);
  return {
    reference: next,
    dict: undefined,
    widget: fits ? widget : undefined,
    // A reference holds ids: a single one fits 32 characters, several a text.
    ...(TEXTUAL.has(field.type)
      ? {}
      : next.multiple
        ? { type: 'text', length: undefined }
        : { type: 'string', length: 32 }),
  };
}
