/**
 * The sheets of a parent's children in an exported or imported workbook (docs/modules/
 * one-to-many.md, "Import and export with children"): one sheet per child, named by the child's
 * title, whose first column ties each row to its parent's row in the parent's sheet by that row's
 * number (`项目计划行号`, 2 = the first data row). A one-to-one child's sheet has at most one row per
 * parent (a meeting's 会议纪要).
 */
import type { EntityModel, FieldModel } from '../../runtime/model/declaration/model.js';
import type { ChildDecl } from '../../runtime/model/declaration/types.js';
import { readPermissionOf } from './graph.js';
import type { Db } from '../db/database.js';
import { hasPermission } from '../auth/permission-codes.js';
import type { StoreLookup } from './children.js';
import type { EntityStore } from './store.js';

export const ChildSheetMessages = {
  noPermission: (title: string) => `${title}：没有权限，请联系管理员授权`,
  noLinkColumn: (sheet: string, link: string) => `${sheet}：缺少“${link}”列（可先导出一份作为模板）`,
  badLink: (sheet: string, line: number, link: string, text: string) =>
    `${sheet}第${line}行：${link}不正确：${text === '' ? '（空）' : text}`,
  dangling: (sheet: string, line: number, link: string, target: number) =>
    `${sheet}第${line}行：${link}${target}在主表中没有对应的数据行`,
  imported: (sheet: string, n: number) => `${sheet}：${n}行`,
  oneOnly: (sheet: string, line: number, link: string, target: number) =>
    `${sheet}第${line}行：${link}${target}已有一行${sheet}，每行只能有一条`,
} as const;

/** Excel's limit on a sheet's name, and the characters it refuses in one. */
const MAX_SHEET_NAME = 31;
const BAD_SHEET_CHARS = /[\\/?*[\]:]/g;

export function sheetNameOf(title: string): string {
  return title.replace(BAD_SHEET_CHARS, '_').slice(0, MAX_SHEET_NAME) || 'Sheet';
}

/** The title of a child sheet's first column: the parent's title + 行号. */
export function linkTitleOf(parent: EntityModel): string {
  return `${parent.title}行号`;
}

export interface ChildSheet {
  decl: ChildDecl;
  /** The child's title in the parent (its messages' table name). */
  title: string;
  sheetName: string;
  store: EntityStore;
  foreignKey: FieldModel;
}

/** The parent's children that have a store, in declaration order. */
export function childSheetsOf(model: EntityModel, storeOf: StoreLookup): ChildSheet[] {
  const parentSheet = sheetNameOf(model.title);
  const taken = new Set([parentSheet]);
  return (model.declaration.children ?? []).flatMap((decl) => {
    const store = storeOf(decl.entity);
    const foreignKey = store?.model.field(decl.foreignKey);
    if (!store || !foreignKey) return [];
    const title = decl.title ?? store.model.title;
    const sheetName = sheetNameOf(title);
    // Two sheets of one workbook never share a name: a child titled like another is left out.
    if (taken.has(sheetName)) return [];
    taken.add(sheetName);
    return [{ decl, title, sheetName, store, foreignKey }];
  });
}

/**
 * Whether the user may use the child this way, as the form's child grid would: `list` (export)
 * needs the child's read code (its parent's unless it names one); `add` (import) needs the child to offer add
 * and the user to hold its code.
 */
export async function mayUseChild(
  db: Db,
  userId: string,
  model: EntityModel,
  action: 'list' | 'add',
): Promise<boolean> {
  if (action === 'add' && !model.offers('add')) return false;
  // A child reads with its parent's code unless it names its own (graph.ts).
  const code = action === 'list' ? readPermissionOf(model) : model.permissions.add;
  return !code || (await hasPermission(db, userId, code));
}
