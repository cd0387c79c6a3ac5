/**
 * Importing a bundle (docs/modules/online-forms.md): every declaration is validated exactly like a
 * save, then compared with this environment: per declaration, menu and permission row new / changed
 * / unchanged. The declarations are checked as one change (a parent beside the new child it names).
 * A dry run answers only that diff; an import applies it in ONE transaction (table sync, new
 * versions, menu and button rows: set-apply.ts), so a refusal anywhere changes nothing. Unchanged items
 * are not touched, so importing the same bundle twice changes nothing the second time.
 */
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { LoadedDeclaration } from '../../runtime/model/declaration/validate.js';
import { permissionsChanged } from '../auth/permission-codes.js';
import type { Db } from '../db/database.js';
import { buttonsOf, menuOf, type BundleMenu, type BundlePermission } from './bundle.js';
import { bundleJsonOf, parseBundle, type BundleIssue } from './bundle-parse.js';
import { BundleMessages } from './messages.js';
import { announce, SaveRefused, type OnlineContext } from './save.js';
import { writeDeclarations } from './set-apply.js';
import { headByName, versionJson } from './store.js';
import { tableIssues } from './table-check.js';

export type DiffStatus = 'new' | 'changed' | 'unchanged';

export interface DiffItem {
  kind: 'declaration' | 'menu' | 'permission';
  key: string;
  title: string;
  status: DiffStatus;
  /** What differs, readable (字段 remark：新增 ...). */
  changes: string[];
}

export interface BundleDiff {
  items: DiffItem[];
  summary: Record<DiffStatus, number>;
}

interface PlannedDeclaration {
  item: DiffItem;
  next: LoadedDeclaration;
  json: string;
  /** Where its problems point in the bundle. */
  at: string;
}

type Field = Record<string, unknown> & { name?: unknown };

/** The readable difference of two declarations: fields added / removed / changed, then settings. */
function describe(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  const fields = (d: Record<string, unknown>) =>
    new Map((Array.isArray(d.fields) ? (d.fields as Field[]) : []).map((f) => [String(f.name), f]));
  const [old, now] = [fields(before), fields(after)];
  const out: string[] = [];
  for (const [name, f] of now)
    if (!old.has(name)) out.push(`新增字段 ${name}（${String(f.title)}）`);
    else if (JSON.stringify(old.get(name)) !== JSON.stringify(f)) out.push(`修改字段 ${name}`);
  for (const name of old.keys()) if (!now.has(name)) out.push(`删除字段 ${name}`);
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  keys.delete('fields');
  for (const key of keys)
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) out.push(`修改设置 ${key}`);
  return out;
}

function stableId(kind: string, key: string): string {
  // The same ids as server/entity/menu-sync.ts, so a later start's sync finds these rows.
  return createHash('md5').update(`declared:${kind}:${key}`).digest('hex');
}

function refuse(issues: BundleIssue[]): never {
  throw new SaveRefused(BundleMessages.invalid(issues.length), { issues });
}

/**
 * Validates the declarations as one change (a parent next to the new child it names, set-check.ts)
 * and compares them with the stored current versions.
 */
async function planDeclarations(ctx: OnlineContext, decls: { name: string; declaration: unknown }[]) {
  const issues: BundleIssue[] = [];
  const planned: PlannedDeclaration[] = [];
  const members: { i: number; name: string; declaration: unknown; stored: boolean }[] = [];
  for (const [i, { name, declaration }] of decls.entries()) {
    const file = ctx.registry.files.find((f) => f.declaration.name === name);
    if (file)
      issues.push({
        path: `/declarations/${i}/name`,
        message: BundleMessages.fileDeclaration(name, file.file),
      });
    else members.push({ i, name, declaration, stored: !!(await headByName(ctx.db, name)) });
  }
  const checks = ctx.registry.checkSet(
    members.map((m) => ({ json: m.declaration, previousName: m.stored ? m.name : null })),
  );
  for (const [k, { i, name }] of members.entries()) {
    const check = checks[k];
    if (!check.value) {
      for (const issue of check.issues)
        issues.push({ path: `/declarations/${i}/declaration${issue.path}`, message: issue.message });
      continue;
    }
    // The table rule now, so a dry run shows a refused table too (the import asks again, locked).
    for (const issue of await tableIssues(ctx.db, check.value, ctx.adoptable))
      issues.push({ path: `/declarations/${i}/declaration${issue.path}`, message: issue.message });
    const head = await headByName(ctx.db, name);
    const json = JSON.stringify(check.value.declaration);
    const stored = head ? await versionJson(ctx.db, head.id, head.currentVersion) : undefined;
    const status: DiffStatus = !stored ? 'new' : stored === json ? 'unchanged' : 'changed';
    const changes =
      status === 'changed'
        ? describe(
            JSON.parse(stored!) as Record<string, unknown>,
            check.value.declaration as unknown as Record<string, unknown>,
          )
        : [];
    const title = check.value.declaration.title;
    planned.push({
      item: { kind: 'declaration', key: name, title, status, changes },
      next: check.value,
      json,
      at: `/declarations/${i}/declaration`,
    });
  }
  return { issues, planned };
}

async function parentIdOf(db: Db, url: string | null): Promise<string | null | undefined> {
  if (!url) return null;
  const rows = await sql<{ id: string }>`select id from sys_permission where url = ${url}
    and menu_type in (0, 1) and del_flag = 0 order by sort_no limit 1`.execute(db);
  return rows.rows[0]?.id;
}

async function planMenus(db: Db, menus: BundleMenu[], issues: BundleIssue[]): Promise<DiffItem[]> {
  const items: DiffItem[] = [];
  for (const [i, m] of menus.entries()) {
    if ((await parentIdOf(db, m.parent)) === undefined)
      issues.push({ path: `/menus/${i}/parent`, message: BundleMessages.noParent(m.parent ?? '') });
    const have = await menuOf(db, m.declaration);
    const changes: string[] = [];
    if (have) {
      if (have.name !== m.title) changes.push(`名称 ${have.name} → ${m.title}`);
      if ((have.parentUrl ?? null) !== m.parent)
        changes.push(`上级 ${have.parentUrl ?? '无'} → ${m.parent ?? '无'}`);
      if ((have.sortNo ?? 100) !== m.sortNo) changes.push(`排序 ${have.sortNo ?? 100} → ${m.sortNo}`);
      if ((have.icon ?? null) !== m.icon) changes.push(`图标 ${have.icon ?? '无'} → ${m.icon ?? '无'}`);
    }
    const status: DiffStatus = !have ? 'new' : changes.length ? 'changed' : 'unchanged';
    items.push({ kind: 'menu', key: m.declaration, title: m.title, status, changes });
  }
  return items;
}

async function planPermissions(
  db: Db,
  perms: BundlePermission[],
  issues: BundleIssue[],
): Promise<DiffItem[]> {
  const items: DiffItem[] = [];
  for (const [i, p] of perms.entries()) {
    const rows = await sql<{ name: string; permsType: string | null; component: string | null }>`
      select b.name, b.perms_type, m.component from sys_permission b
      left join sys_permission m on m.id = b.parent_id
      where b.perms = ${p.code} and b.del_flag = 0 limit 1`.execute(db);
    const have = rows.rows[0];
    if (have && have.component !== `declared/${p.declaration}`)
      issues.push({ path: `/permissions/${i}/code`, message: BundleMessages.codeElsewhere(p.code) });
    const changes: string[] = [];
    if (have && have.name !== p.name) changes.push(`名称 ${have.name} → ${p.name}`);
    if (have && (have.permsType ?? '1') !== p.permsType)
      changes.push(`类型 ${have.permsType ?? '1'} → ${p.permsType}`);
    const status: DiffStatus = !have ? 'new' : changes.length ? 'changed' : 'unchanged';
    items.push({ kind: 'permission', key: p.code, title: p.name, status, changes });
  }
  return items;
}

function summaryOf(items: DiffItem[]): Record<DiffStatus, number> {
  const summary = { new: 0, changed: 0, unchanged: 0 };
  for (const item of items) summary[item.status] += 1;
  return summary;
}

async function grantToAdmin(db: Db, permissionId: string): Promise<void> {
  await sql`insert into sys_role_permission (role_id, permission_id)
    select id, ${permissionId} from sys_role where role_code = 'admin' on conflict do nothing`.execute(db);
}

async function applyMenu(trx: Db, m: BundleMenu): Promise<void> {
  const parentId = (await parentIdOf(trx, m.parent)) ?? null;
  const have = await menuOf(trx, m.declaration);
  if (have) {
    await sql`update sys_permission set name = ${m.title}, parent_id = ${parentId}, sort_no = ${m.sortNo},
      icon = ${m.icon}, update_time = now() where id = ${have.id}`.execute(trx);
  } else {
    const id = stableId('menu', m.declaration);
    await sql`insert into sys_permission (id, parent_id, name, url, component, menu_type, sort_no, icon,
        is_route, is_leaf, create_by)
      values (${id}, ${parentId}, ${m.title}, ${m.path}, ${`declared/${m.declaration}`},
        ${parentId ? 1 : 0}, ${m.sortNo}, ${m.icon}, true, true, 'system')`.execute(trx);
    await grantToAdmin(trx, id);
  }
  if (parentId) await sql`update sys_permission set is_leaf = false where id = ${parentId}`.execute(trx);
}

async function applyPermission(trx: Db, p: BundlePermission, sortNo: number): Promise<void> {
  const menu = await menuOf(trx, p.declaration);
  const existing = menu ? await buttonsOf(trx, menu.id) : [];
  if (existing.some((b) => b.code === p.code)) {
    await sql`update sys_permission set name = ${p.name}, perms_type = ${p.permsType}, update_time = now()
      where perms = ${p.code} and parent_id = ${menu!.id} and del_flag = 0`.execute(trx);
    return;
  }
  if (!menu) return; // a button row needs its menu row; the bundle had none for this declaration
  const id = stableId('button', p.code);
  await sql`insert into sys_permission (id, parent_id, name, menu_type, perms, perms_type, sort_no,
      is_route, is_leaf, status, create_by)
    values (${id}, ${menu.id}, ${p.name}, 2, ${p.code}, ${p.permsType}, ${sortNo}, false, true, ${p.status}, 'system')`.execute(
    trx,
  );
  await grantToAdmin(trx, id);
}

/** The dry run (apply false) or the import (apply true) of a bundle; answers the diff either way. */
export async function importBundle(
  ctx: OnlineContext,
  raw: unknown,
  options: { apply: boolean; user: string },
): Promise<BundleDiff> {
  const issues: BundleIssue[] = [];
  const bundle = parseBundle(bundleJsonOf(raw), issues);
  if (issues.length > 0) refuse(issues);
  const { issues: declIssues, planned } = await planDeclarations(ctx, bundle.declarations);
  issues.push(...declIssues);
  const menuItems = await planMenus(ctx.db, bundle.menus, issues);
  const permItems = await planPermissions(ctx.db, bundle.permissions, issues);
  if (issues.length > 0) refuse(issues);
  const items = [...planned.map((p) => p.item), ...menuItems, ...permItems];
  const diff = { items, summary: summaryOf(items) };
  if (!options.apply || diff.summary.new + diff.summary.changed === 0) return diff;
  const comment = BundleMessages.comment(bundle.exportedAt);
  const writes = planned
    .filter((p) => p.item.status !== 'unchanged')
    .map((p) => ({ next: p.next, json: p.json, at: p.at, comment, expect: 'any' as const }));
  await writeDeclarations(ctx, writes, options.user, async (trx) => {
    for (const [i, m] of bundle.menus.entries())
      if (menuItems[i].status !== 'unchanged') await applyMenu(trx, m);
    for (const [i, p] of bundle.permissions.entries())
      if (permItems[i].status !== 'unchanged') await applyPermission(trx, p, 200 + i);
  });
  await announce(ctx);
  await permissionsChanged(ctx.db, null);
  return diff;
}
