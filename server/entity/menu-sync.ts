/**
 * Declarations take part in the menu and the permission tree without code. At start, for every
 * declaration: the menu row that opens it (component `declared/<name>`) is found, or made from its
 * `menu` entry; every permission code it uses gets a button row under that menu row, so the role
 * dialog offers it and the server's deny-by-default has a row to grant. Rows are only added, never
 * changed or removed: the admin owns them once they exist. New rows are granted to the admin role.
 * Ids are derived from the declaration name / code, so servers starting together add each row once.
 */
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { EntityModel } from '../../runtime/model/declaration/model.js';
import { readPermissionOf } from './graph.js';

/** Serialises the sync of several instances starting on one database. */
const MENU_LOCK = 7_214_302;
const ADMIN_ROLE_CODE = 'admin';

export interface DeclaredButton {
  code: string;
  name: string;
  /** '1' show / hide, '2' enable / disable. */
  permsType: '1' | '2';
  /** Field rules start switched off ('0'): turning one on is the admin's decision. */
  status: '0' | '1';
}

function stableId(kind: string, key: string): string {
  return createHash('md5').update(`declared:${kind}:${key}`).digest('hex');
}

/** The kebab-case spelling of an entity name (its file name): `dictItem` -> `dict-item`. */
function kebab(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

/** The component keys that open a declaration's screen. */
export function declaredComponents(name: string): string[] {
  return [...new Set([`declared/${name}`, `declared/${kebab(name)}`])];
}

/** Every permission code a declaration uses, with the name its button row gets. */
export function declaredButtons(model: EntityModel): DeclaredButton[] {
  const out = new Map<string, DeclaredButton>();
  const add = (code: string | null, name: string, extra: Partial<DeclaredButton> = {}) => {
    if (code && !out.has(code)) out.set(code, { code, name, permsType: '1', status: '1', ...extra });
  };
  const { permissions: p, title } = model;
  // Only what the screen offers: a disabled built-in has no route, so no code to grant.
  const offered = (action: Parameters<EntityModel['offers']>[0], code: string | null) =>
    model.offers(action) ? code : null;
  // The code the read routes ask for. A child's is its parent's (graph.ts): the parent's sync makes
  // that row (and grants it to whoever holds the parent's menu), never the child's.
  const read = readPermissionOf(model);
  if (read === model.permissions.list) add(read, `查看${title}`);
  add(offered('add', p.add), `新增${title}`);
  add(offered('edit', p.edit), `编辑${title}`);
  add(offered('delete', p.delete), `删除${title}`);
  add(offered('deleteBatch', p.deleteBatch), `批量删除${title}`);
  add(offered('exportXls', p.exportXls), `导出${title}`);
  add(offered('importExcel', p.importExcel), `导入${title}`);
  const scopes = model.declaration.list?.scopes;
  add(scopes?.unscopedPermission ?? null, `查看全部${title}`);
  for (const scope of scopes?.values ?? []) add(scope.permission ?? null, `${title}：${scope.title}`);
  for (const t of model.transitions) add(t.permission, t.title);
  for (const v of model.views) add(v.permission, v.title);
  for (const a of model.actions) add(a.permission, a.title);
  for (const f of model.declared) add(f.permission ?? null, `${title}${f.title}字段`, { status: '0' });
  return [...out.values()];
}

/** A menu row's component opens the declaration: `declared/<name>`, or it with a fixed query. */
function opensDeclaration(model: EntityModel, alias = '') {
  const column = sql.ref(alias ? `${alias}.component` : 'component');
  const exact = declaredComponents(model.name);
  const withQuery = exact.map((c) => sql`left(${column}, ${c.length + 1}) = ${`${c}?`}`);
  return sql`(${column} in (${sql.join(exact)}) or ${sql.join(withQuery, sql` or `)})`;
}

/**
 * The menu row a designed form's codes hang under while it has no menu entry of its own: the
 * designer's (Online表单开发), so its admin can read the rows at once and grant the codes.
 */
export const DESIGNER_MENU_URL = '/online/cgform';

async function menuRowOf(db: Db, model: EntityModel, fallbackUrl?: string): Promise<string | null> {
  const found = await sql<{ id: string }>`select id from sys_permission
    where ${opensDeclaration(model)} and menu_type in (0, 1) and del_flag = 0
    order by (component like '%?%'), sort_no limit 1`.execute(db);
  if (found.rows[0]) return found.rows[0].id;
  const menu = model.declaration.menu;
  if (!menu && fallbackUrl) {
    const parent = await sql<{ id: string }>`select id from sys_permission
      where url = ${fallbackUrl} and menu_type in (0, 1) and del_flag = 0 order by sort_no limit 1`.execute(
      db,
    );
    return parent.rows[0]?.id ?? null;
  }
  if (!menu) return null;
  const parent = await sql<{ id: string }>`select id from sys_permission
    where url = ${menu.parent} and menu_type in (0, 1) and del_flag = 0 order by sort_no limit 1`.execute(db);
  const parentId = parent.rows[0]?.id ?? null;
  const id = stableId('menu', model.name);
  await sql`insert into sys_permission (id, parent_id, name, url, component, menu_type, sort_no, icon,
      is_route, is_leaf, create_by)
    values (${id}, ${parentId}, ${menu.title ?? model.title}, ${menu.path}, ${`declared/${model.name}`},
      ${parentId ? 1 : 0}, ${menu.order ?? 100}, ${menu.icon ?? null}, true, true, 'system')
    on conflict (id) do nothing`.execute(db);
  if (parentId) await sql`update sys_permission set is_leaf = false where id = ${parentId}`.execute(db);
  await grantToAdmin(db, id);
  return id;
}

async function grantToAdmin(db: Db, permissionId: string): Promise<void> {
  await sql`insert into sys_role_permission (role_id, permission_id)
    select id, ${permissionId} from sys_role where role_code = ${ADMIN_ROLE_CODE}
    on conflict do nothing`.execute(db);
}

/**
 * Whoever was given the screen may read it: a new read code is granted to every role holding a
 * menu row that opens the declaration (`declared/<name>`, also with a fixed query such as
 * `declared/workOrder?type=1`). Later the code is the admin's to grant or take away like any other.
 */
async function grantToMenuHolders(db: Db, model: EntityModel, permissionId: string): Promise<void> {
  await sql`insert into sys_role_permission (role_id, permission_id)
    select distinct rp.role_id, ${permissionId} from sys_role_permission rp
    join sys_permission p on p.id = rp.permission_id
    where p.del_flag = 0 and p.menu_type in (0, 1) and ${opensDeclaration(model, 'p')}
    on conflict do nothing`.execute(db);
}

async function addButtons(
  db: Db,
  model: EntityModel,
  menuId: string,
  parentCodes?: ReadonlySet<string>,
): Promise<number> {
  const buttons = declaredButtons(model).filter((b) => !parentCodes?.has(b.code));
  if (buttons.length === 0) return 0;
  const existing = await sql<{ perms: string }>`select perms from sys_permission
    where del_flag = 0 and perms in (${sql.join(buttons.map((b) => b.code))})`.execute(db);
  const have = new Set(existing.rows.map((r) => r.perms));
  let added = 0;
  for (const [i, b] of buttons.entries()) {
    if (have.has(b.code)) continue;
    const id = stableId('button', b.code);
    await sql`insert into sys_permission (id, parent_id, name, menu_type, perms, perms_type, sort_no,
        is_route, is_leaf, status, create_by)
      values (${id}, ${menuId}, ${b.name}, 2, ${b.code}, ${b.permsType}, ${200 + i}, false, true, ${b.status}, 'system')
      on conflict (id) do nothing`.execute(db);
    await grantToAdmin(db, id);
    if (b.code === readPermissionOf(model)) await grantToMenuHolders(db, model, id);
    added += 1;
  }
  return added;
}

/**
 * Makes sure every declaration has its menu row (when it declares one) and its button rows. With
 * `fallbackUrl`, a declaration with no menu row of its own gets its button rows under that menu
 * row (a designed form's under the designer's), so its codes exist to be granted.
 */
export async function syncDeclaredMenus(
  db: Db,
  models: readonly EntityModel[],
  fallbackUrl?: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${MENU_LOCK})`.execute(trx);
    const parents = parentsOf(models);
    const done = await completeModels(trx, models, fallbackUrl !== undefined, parents);
    for (const model of models) {
      if (done.has(model.name)) continue;
      // A child with no menu entry of its own (a booking's items): its codes hang under its parent's.
      const parent = !model.declaration.menu ? parents.get(model.name) : undefined;
      const menuId =
        (await menuRowOf(trx, model, parent ? undefined : fallbackUrl)) ??
        (parent ? await menuRowOf(trx, parent, fallbackUrl) : null);
      // A code the parent declares too (a child sharing its prefix: meeting:list) is the parent's
      // row, made and granted to its menu's holders by the parent's own sync.
      const own = parent ? new Set(declaredButtons(parent).map((b) => b.code)) : undefined;
      if (menuId) await addButtons(trx, model, menuId, own);
    }
  });
}

/**
 * Names of the declarations whose menu row (when they declare one) and every button row exist: two
 * queries for all of them, so a start on a synced database does not ask twice per declaration.
 */
/** The parent (the first declaration listing it in `children`) of each child among `models`. */
function parentsOf(models: readonly EntityModel[]): Map<string, EntityModel> {
  const out = new Map<string, EntityModel>();
  for (const model of models)
    for (const child of model.declaration.children ?? [])
      if (!out.has(child.entity)) out.set(child.entity, model);
  return out;
}

async function completeModels(
  db: Db,
  models: readonly EntityModel[],
  fallback: boolean,
  parents: ReadonlyMap<string, EntityModel>,
): Promise<Set<string>> {
  const codes = models.flatMap((model) => declaredButtons(model).map((b) => b.code));
  const components = models.flatMap((model) => declaredComponents(model.name));
  if (components.length === 0) return new Set();
  const perms = codes.length
    ? await sql<{ perms: string }>`select perms from sys_permission
        where del_flag = 0 and perms in (${sql.join(codes)})`.execute(db)
    : { rows: [] };
  // A menu row with a fixed query (declared/workOrder?type=1) opens the declaration too.
  const menus = await sql<{ component: string }>`select split_part(component, '?', 1) as component
    from sys_permission
    where split_part(component, '?', 1) in (${sql.join(components)}) and menu_type in (0, 1)
      and del_flag = 0`.execute(db);
  const havePerms = new Set(perms.rows.map((r) => r.perms));
  const haveMenus = new Set(menus.rows.map((r) => r.component));
  const done = new Set<string>();
  for (const model of models) {
    const menu = declaredComponents(model.name).some((c) => haveMenus.has(c));
    const buttons = declaredButtons(model).every((b) => havePerms.has(b.code));
    // No menu row and none to make: the sync adds nothing for it (its buttons need a menu row),
    // unless a fallback entry takes the buttons (a designed form's, under the designer's).
    if (!menu && !model.declaration.menu) {
      if (!(fallback || parents.has(model.name)) || buttons) done.add(model.name);
    } else if (menu && buttons) done.add(model.name);
  }
  return done;
}

/**
 * Once a designed form has a menu entry of its own (在线开发's 添加菜单), the button rows it got
 * under the designer's entry move under it, so the permission tree and a bundle show them with
 * the screen. Only rows this sync made (their ids derive from the code) and still under the
 * designer's entry move; an admin's own rows stay where they are.
 */
export async function moveDesignerButtons(db: Db, model: EntityModel): Promise<void> {
  const own = await menuRowOf(db, model);
  const buttons = declaredButtons(model);
  if (!own || buttons.length === 0) return;
  await sql`update sys_permission set parent_id = ${own}
    where id in (${sql.join(buttons.map((b) => stableId('button', b.code)))}) and parent_id in (
      select id from sys_permission where url = ${DESIGNER_MENU_URL} and menu_type in (0, 1))`.execute(db);
}
