/**
 * 新建子表 (ChildrenEditor): a new one-to-many child form made inline, saved with its parent in one
 * save (companions.ts). It starts with the foreign key (hidden in the grid and the form: the engine
 * fills it with the parent's id) and one name field; the admin designs the rest in its own designer.
 */
import { snake } from './copy-file';
import type { DeclarationDraft } from './field-edit';
import { childrenOf, setKey } from './settings-edit';

export interface NewChild {
  name: string;
  title: string;
  table: string;
  foreignKey: string;
}

const NAME = /^[a-z][a-zA-Z0-9]{0,49}$/;

/** What the form proposes from the parent: `<parent>Item`, `onl_<parent>_item`, `<parent>Id`. */
export function proposedChild(parent: DeclarationDraft): NewChild {
  const base = typeof parent.name === 'string' && NAME.test(parent.name) ? parent.name : 'myForm';
  const title = typeof parent.title === 'string' ? parent.title : '';
  const name = `${base}Item`;
  return { name, title: `${title}明细`, table: `onl_${snake(name)}`.slice(0, 63), foreignKey: `${base}Id` };
}

/** What is wrong with the input, in the words of the form; null when it can be made. */
export function newChildProblem(input: NewChild, taken: readonly string[]): string | null {
  if (!NAME.test(input.name)) return '名称须以小写字母开头，只含字母和数字';
  if (taken.includes(input.name)) return `名称“${input.name}”已被使用`;
  if (!input.title.trim()) return '请填写标题';
  if (!/^[a-z][a-z0-9_]{0,62}$/.test(input.table)) return '表名须以小写字母开头，只含小写字母、数字和下划线';
  if (!NAME.test(input.foreignKey)) return '外键字段须以小写字母开头，只含字母和数字';
  return null;
}

export function newChildDraft(parent: DeclarationDraft, input: NewChild): DeclarationDraft {
  const parentTitle = typeof parent.title === 'string' && parent.title ? parent.title : '主表';
  return {
    schemaVersion: 3,
    name: input.name,
    title: input.title.trim(),
    table: input.table,
    basePath: `/online/data/${input.name}`,
    kind: 'list',
    permissionPrefix: input.name,
    fields: [
      { name: input.foreignKey, title: parentTitle, type: 'string', length: 32, list: false, form: false },
      { name: 'name', title: '名称', type: 'string', length: 100, required: true },
    ],
  };
}

/** The parent with a one-to-many child row for the new form. */
export function withNewChild(parent: DeclarationDraft, input: NewChild): DeclarationDraft {
  const child = {
    entity: input.name,
    relation: 'oneToMany',
    foreignKey: input.foreignKey,
    title: input.title.trim(),
  };
  return setKey(parent, 'children', [...childrenOf(parent), child]);
}

/** `children[].entity` renamed (a companion renamed in its own designer). */
export function renameChild(parent: DeclarationDraft, from: string, to: string): DeclarationDraft {
  if (!from || from === to || !childrenOf(parent).some((c) => c.entity === from)) return parent;
  return setKey(
    parent,
    'children',
    childrenOf(parent).map((c) => (c.entity === from ? { ...c, entity: to } : c)),
  );
}
