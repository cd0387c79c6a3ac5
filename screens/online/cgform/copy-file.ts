/**
 * 另存为副本 of a file declaration: files are read-only in the designer, so an admin starts a new
 * designed declaration from a copy. The copy gets its own name, table, routes under /online/data/
 * and permission codes; what needs hand-written server code behind a file (its own routes, actions,
 * views, children, menu, approval) is left out, the admin adds back what the engine can serve.
 */
import type { DeclarationDraft } from './field-edit';

const SERVER_ONLY = [
  'routes',
  'adoptTable',
  'permissions',
  'menu',
  'children',
  'actions',
  'views',
  'approval',
  'restrictDelete',
  '$schema',
] as const;

/** snake_case of a camelCase name: visitLog -> visit_log. */
export function snake(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

export function copyOfFile(file: DeclarationDraft, name: string): DeclarationDraft {
  const copy: DeclarationDraft = { ...file };
  for (const key of SERVER_ONLY) delete copy[key];
  const list = copy.list as Record<string, unknown> | undefined;
  if (list) {
    // Row and toolbar actions name the file's own actions, which the copy does not have.
    const { rowActions: _row, toolbar: _toolbar, ...rest } = list;
    copy.list = rest;
  }
  return {
    ...copy,
    name,
    title: `${String(file.title)}（副本）`,
    table: `onl_${snake(name)}`.slice(0, 63),
    basePath: `/online/data/${name}`,
    permissionPrefix: name,
  };
}

/** A free copy name: customer -> customerCopy. */
export function copyName(name: string): string {
  return `${name}Copy`;
}
