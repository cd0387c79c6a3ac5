/**
 * The declared screens a menu entry may open (component `declared/<name>`), for the menu editor:
 * the choices of its 前端组件 select (the `menu_component` dictionary, kept in step at start), the
 * check of a saved component, and the entity model a data rule's field is checked against.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type { EntityModel } from '../../../runtime/model/declaration/model.js';
import type { Db } from '../../db/database.js';
import { seedId } from '../../db/seed/ids.js';
import { declarationDirs, loadDeclarationFiles } from '../../entity/load.js';
import { declaredComponents } from '../../entity/menu-sync.js';

export interface DeclaredScreen {
  name: string;
  title: string;
}

export const COMPONENT_DICT = 'menu_component';
export const ROUTE_VIEW = 'layouts/RouteView';
const DICT_LOCK = 7_214_309;
/** sys_dict_item.item_value's length: a longer component cannot be offered. */
const MAX_VALUE = 100;

function jsonFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'meta' ? [] : jsonFiles(full);
    return entry.name.endsWith('.json') ? [full] : [];
  });
}

/** Names and titles only (the server validates the files themselves when it loads them). */
export function listDeclaredScreens(dirs: readonly string[] = declarationDirs()): DeclaredScreen[] {
  const out: DeclaredScreen[] = [];
  for (const file of dirs.flatMap(jsonFiles)) {
    try {
      const json = JSON.parse(fs.readFileSync(file, 'utf8')) as { name?: unknown; title?: unknown };
      if (typeof json.name === 'string' && typeof json.title === 'string')
        out.push({ name: json.name, title: json.title });
    } catch {
      // An unreadable file stops the server elsewhere; here it simply offers nothing.
    }
  }
  return out.sort((a, b) => a.name.localeCompare(b.name));
}

/** A record's page (`declared/<name>/detail`, 任务详情) shows the screen's records: the screen's component. */
function screenOf(component: string): string {
  return component.endsWith('/detail') ? component.slice(0, -'/detail'.length) : component;
}

/** Per server: the declarations do not change while it runs (the directories are those it started with). */
export class DeclaredScreens {
  private screens: DeclaredScreen[] | null = null;
  private models: Map<string, EntityModel> | null = null;

  constructor(private readonly dirs: readonly string[] = declarationDirs()) {}

  list(): DeclaredScreen[] {
    return (this.screens ??= listDeclaredScreens(this.dirs));
  }

  /** Whether `declared/<x>` (or a record's page, `declared/<x>/detail`) names a declared screen. */
  isDeclaredComponent(component: string): boolean {
    const screen = screenOf(component);
    return this.list().some((s) => declaredComponents(s.name).includes(screen));
  }

  /** The model of the screen a component opens, or undefined for a hand-made screen. */
  modelOfComponent(component: string | null): EntityModel | undefined {
    if (!component?.startsWith('declared/')) return undefined;
    this.models ??= new Map(loadDeclarationFiles(this.dirs).map((item) => [item.model.name, item.model]));
    const screen = screenOf(component);
    return [...this.models.values()].find((m) => declaredComponents(m.name).includes(screen));
  }
}

/**
 * The `menu_component` dictionary: every declared screen by its title, the route container of a
 * group, and every component a menu row already uses (hand-made screens), so the select offers all
 * of them. Items are added and renamed, never removed; runs under a lock so instances starting
 * together do not race.
 */
export async function syncComponentDict(db: Db, screens: readonly DeclaredScreen[]): Promise<void> {
  const items = new Map<string, string>([[ROUTE_VIEW, '目录（路由容器）']]);
  for (const s of screens) items.set(`declared/${s.name}`, `${s.title}（declared/${s.name}）`);
  const used = await sql<{ component: string; name: string }>`
    select distinct on (component) component, name from sys_permission
    where menu_type in (0, 1) and del_flag = 0 and component is not null and component <> ''
    order by component, sort_no`.execute(db);
  for (const row of used.rows)
    if (!items.has(row.component)) items.set(row.component, `${row.name}（${row.component}）`);
  const rows = [...items]
    .filter(([value]) => value.length <= MAX_VALUE)
    .map(([value, text], i) => ({ value, text: text.slice(0, MAX_VALUE), order: i + 1 }));
  const dictId = seedId(`dict:${COMPONENT_DICT}`);
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${DICT_LOCK})`.execute(trx);
    await sql`insert into sys_dict (id, dict_name, dict_code, description, del_flag, create_by)
      values (${dictId}, '菜单组件', ${COMPONENT_DICT}, '系统维护：已声明的页面与菜单已用的组件', 0, 'system')
      on conflict (dict_code) do nothing`.execute(trx);
    const owner = await sql<{
      id: string;
    }>`select id from sys_dict where dict_code = ${COMPONENT_DICT}`.execute(trx);
    const id = owner.rows[0]!.id;
    // One statement for every item.
    const values = rows.map(
      (r) =>
        sql`(${seedId(`dictItem:${COMPONENT_DICT}:${r.value}`)}, ${id}, ${r.text}, ${r.value}, ${r.order}, 1, 'system')`,
    );
    await sql`insert into sys_dict_item (id, dict_id, item_text, item_value, sort_order, status, create_by)
      values ${sql.join(values)}
      on conflict (dict_id, item_value) do update
        set item_text = excluded.item_text, sort_order = excluded.sort_order`.execute(trx);
  });
}
