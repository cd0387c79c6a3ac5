/**
 * Pure edits of a declaration's fields for the field-table designer (docs/modules/online-forms.md).
 * The JSON text stays the one truth: the table parses it, changes one field, and writes it back, so
 * switching between the table and the JSON view never loses an edit. A property set to its default
 * is removed rather than written, so the JSON stays as short as a hand-written file.
 */
export type FieldDraft = Record<string, unknown> & { name: string; title: string; type: string };
export type DeclarationDraft = Record<string, unknown> & { fields?: FieldDraft[] };

/** Parses the editor's text; null when it is not a JSON object (the table then asks for the JSON view). */
export function parseDraft(text: string): DeclarationDraft | null {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as DeclarationDraft) : null;
  } catch {
    return null;
  }
}

export function printDraft(draft: DeclarationDraft): string {
  return JSON.stringify(draft, null, 2);
}

/** Values that mean "as the engine does by default": the key is dropped instead. */
const DEFAULTS: Record<string, unknown> = {
  required: false,
  unique: false,
  sortable: false,
  list: true,
  form: true,
  detail: true,
};

/** One field with `patch` applied; undefined, '' and default values remove their key. */
export function patchField(field: FieldDraft, patch: Record<string, unknown>): FieldDraft {
  const next: Record<string, unknown> = { ...field };
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined || value === '' || value === null || DEFAULTS[key] === value) delete next[key];
    else next[key] = value;
  }
  return next as FieldDraft;
}

function withFields(draft: DeclarationDraft, fields: FieldDraft[]): DeclarationDraft {
  return { ...draft, fields };
}

export function updateField(draft: DeclarationDraft, index: number, patch: Record<string, unknown>) {
  const fields = [...(draft.fields ?? [])];
  fields[index] = patchField(fields[index], patch);
  return withFields(draft, fields);
}

/** Shown in the query form or not: a field in the query gets mode single (rule eq) unless it had one. */
export function setQuery(draft: DeclarationDraft, index: number, query: { mode?: string } | null) {
  const field = (draft.fields ?? [])[index];
  const before = (field.query ?? {}) as Record<string, unknown>;
  return updateField(draft, index, {
    query: query ? { ...before, mode: query.mode ?? 'single' } : undefined,
  });
}

/** Moves field `index` by `step` (-1 up, +1 down); the order is the form's and the list's order. */
export function moveField(draft: DeclarationDraft, index: number, step: number): DeclarationDraft {
  const fields = [...(draft.fields ?? [])];
  const to = index + step;
  if (to < 0 || to >= fields.length) return draft;
  [fields[index], fields[to]] = [fields[to], fields[index]];
  return withFields(draft, fields);
}

/** Moves field `from` to position `to` (a drag in the field table); the others keep their order. */
export function moveFieldTo(draft: DeclarationDraft, from: number, to: number): DeclarationDraft {
  const fields = [...(draft.fields ?? [])];
  if (from === to || from < 0 || to < 0 || from >= fields.length || to >= fields.length) return draft;
  const [moved] = fields.splice(from, 1);
  fields.splice(to, 0, moved);
  return withFields(draft, fields);
}

/** A new string field with a free name (field1, field2, ...). */
export function addField(draft: DeclarationDraft): DeclarationDraft {
  const fields = draft.fields ?? [];
  const names = new Set(fields.map((f) => f.name));
  let n = fields.length + 1;
  while (names.has(`field${n}`)) n += 1;
  return withFields(draft, [
    ...fields,
    { name: `field${n}`, title: `字段${n}`, type: 'string', length: 100 },
  ]);
}

export function removeField(draft: DeclarationDraft, index: number): DeclarationDraft {
  return withFields(
    draft,
    (draft.fields ?? []).filter((_, i) => i !== index),
  );
}

/** Widgets that fit a storage type first (the picker lists every widget, the fitting ones on top). */
export const TYPE_LABELS: Record<string, string> = {
  string: '字符串',
  text: '长文本',
  int: '整数',
  number: '小数',
  money: '金额',
  date: '日期',
  datetime: '日期时间',
  time: '时间',
  boolean: '是否',
};

export const WIDGET_LABELS: Record<string, string> = {
  input: '文本框',
  textarea: '多行文本',
  number: '数字',
  password: '密码',
  select: '下拉框',
  multiSelect: '多选下拉',
  searchSelect: '搜索下拉',
  radio: '单选',
  checkbox: '多选框',
  switch: '开关',
  date: '日期',
  datetime: '日期时间',
  time: '时间',
  treeSelect: '树选择',
  categorySelect: '分类字典',
  departPicker: '选择部门',
  userPicker: '选择用户',
  rolePicker: '选择角色',
  positionPicker: '选择职务',
  listPicker: '列表选择',
  popup: '弹出选择',
  region: '省市区',
  file: '文件',
  image: '图片',
  richText: '富文本',
  markdown: 'Markdown',
  code: '代码',
  cron: '定时表达式',
  week: '周',
  icon: '图标',
  progress: '进度',
};
