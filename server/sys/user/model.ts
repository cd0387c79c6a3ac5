/**
 * The 用户 declaration (schemas/system/user.json) as the engine's model, loaded the way the server
 * loads every declaration (migrate, meta-schema, semantics). The hand-written routes read field
 * titles, patterns, dictionaries and what may be filtered or sorted from it, so the screen, the
 * API and the import say the same thing.
 */
import declaration from '../../../schemas/system/user.json';
import { formatIssue } from '../../../runtime/model/declaration/types.js';
import type { EntityModel, FieldModel } from '../../../runtime/model/declaration/model.js';
import { loadDeclaration } from '../../../runtime/model/declaration/validate.js';
import type { QueryField } from '../../../runtime/model/query/conditions.js';

function load(): EntityModel {
  const loaded = loadDeclaration({ file: 'schemas/system/user.json', json: declaration });
  if (!loaded.value)
    throw new Error(`Invalid user declaration:\n${loaded.issues.map(formatIssue).join('\n')}`);
  return loaded.value.model;
}

export const userModel: EntityModel = load();

/** Table alias of sys_user in every statement of these routes (the data scope names it too). */
export const USER_ALIAS = 'main';

/**
 * Fields that are links, not sys_user columns: a user's departments (sys_user_depart, by id) and
 * roles (sys_user_role, answered as role codes, the role picker's value).
 */
export const LINK_FIELDS = { departs: 'selecteddeparts', roles: 'selectedroles' } as const;
const LINKS: ReadonlySet<string> = new Set(Object.values(LINK_FIELDS));

export function isLinkField(name: string): boolean {
  return LINKS.has(name);
}

/**
 * What a caller without user:list may filter and sort on in the list: what a picker shows of a
 * person (account, name, departments) and the default order. Contact data (phone, e-mail,
 * birthday), work numbers, positions, status and roles cannot even be probed by a filter.
 */
const DIRECTORY_FIELDS: ReadonlySet<string> = new Set([
  'id',
  'username',
  'realname',
  'orgCode',
  'selecteddeparts',
  'createTime',
]);

export function isDirectoryField(name: string): boolean {
  return DIRECTORY_FIELDS.has(name);
}

/** The field lookup of the list query compiler: readable fields only (never the password). */
export function queryFieldOf(directory: boolean): (name: string) => QueryField | undefined {
  return (name) => {
    const field: FieldModel | undefined = userModel.field(name);
    if (!field || !field.readable) return undefined;
    if (directory && !DIRECTORY_FIELDS.has(name)) return undefined;
    return field;
  };
}

export function fieldTitle(name: string): string {
  return userModel.field(name)?.title ?? name;
}
