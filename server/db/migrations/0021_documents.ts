import { sql, type Kysely, type Migration } from 'kysely';
import { seedId } from '../seed/ids.js';

/**
 * Documents (docs/modules/documents.md) on a database seeded before them: 文档, 模板, 文档分类 and
 * 文件列表 open their declared screens instead of 功能建设中, 文档授权 exists (admin only), the
 * buttons the seed gives managers exist and are granted, and the power-type dictionary exists. A new
 * database gets all of it from the seed (this step then finds no users and does nothing); its demo
 * rows come only with a new database. Values are written out, not imported: a shipped migration
 * never changes. Every statement adds only what is missing, so a second run changes nothing.
 */
const SCREENS: [from: string, to: string][] = [
  ['modules/document/DocumentList', 'declared/document'],
  ['modules/document/TemplateList', 'declared/template'],
  ['modules/document/DocumentClassifyList', 'declared/documentClassify'],
  ['modules/document/FileList', 'declared/documentRecord'],
];

const BUTTONS: { menuUrl: string; perms: string; name: string; sortNo: number }[] = [
  { menuUrl: '/document/template', perms: 'template:edit', name: '编辑模板', sortNo: 2 },
  { menuUrl: '/document/template', perms: 'template:delete', name: '删除模板', sortNo: 3 },
  { menuUrl: '/document/classify', perms: 'documentClassify:add', name: '新增分类', sortNo: 1 },
  { menuUrl: '/document/classify', perms: 'documentClassify:edit', name: '编辑分类', sortNo: 2 },
  { menuUrl: '/document/classify', perms: 'documentClassify:delete', name: '删除分类', sortNo: 3 },
];
const GRANTED_ROLES = ['admin', 'manager'];

async function addPowerMenu(db: Kysely<unknown>): Promise<void> {
  const group = await sql<{ id: string }>`select id from sys_permission
    where url = '/document' and menu_type = 0 and del_flag = 0 order by id limit 1`.execute(db);
  const parentId = group.rows[0]?.id;
  if (!parentId) return;
  const id = seedId('menu:document.power');
  const made = await sql`insert into sys_permission (id, parent_id, name, url, component, menu_type, sort_no,
      is_route, is_leaf, perms_type, always_show, keep_alive, hidden, hide_tab, internal_or_external,
      status, del_flag, create_by)
    select ${id}, ${parentId}, '文档授权', '/document/power', 'declared/documentPower', 1, 5,
      true, true, '1', false, false, false, false, false, '1', 0, 'admin'
    where not exists (select 1 from sys_permission
      where id = ${id} or (url = '/document/power' and del_flag = 0))`.execute(db);
  if (Number(made.numAffectedRows ?? 0) === 0) return;
  await sql`insert into sys_role_permission (role_id, permission_id)
    select r.id, ${id} from sys_role r where r.role_code = 'admin' on conflict do nothing`.execute(db);
}

async function addButtons(db: Kysely<unknown>): Promise<void> {
  for (const b of BUTTONS) {
    const parent = await sql<{ id: string }>`select id from sys_permission
      where url = ${b.menuUrl} and menu_type <> 2 and del_flag = 0 order by id limit 1`.execute(db);
    const parentId = parent.rows[0]?.id;
    if (!parentId) continue;
    const id = seedId(`button:${b.perms}`);
    const made = await sql`insert into sys_permission (id, parent_id, name, menu_type, perms, perms_type,
        sort_no, is_route, is_leaf, status, del_flag, create_by)
      select ${id}, ${parentId}, ${b.name}, 2, ${b.perms}, '1', ${b.sortNo}, false, true, '1', 0, 'admin'
      where not exists (select 1 from sys_permission where perms = ${b.perms} and menu_type = 2)`.execute(db);
    if (Number(made.numAffectedRows ?? 0) === 0) continue;
    for (const role of GRANTED_ROLES)
      await sql`insert into sys_role_permission (role_id, permission_id)
        select r.id, ${id} from sys_role r where r.role_code = ${role}
        on conflict do nothing`.execute(db);
  }
}

async function addDict(db: Kysely<unknown>): Promise<void> {
  const dictId = seedId('dict:document_power_type');
  const made = await sql`insert into sys_dict (id, dict_code, dict_name, del_flag, create_by)
    select ${dictId}, 'document_power_type', '文档授权对象', 0, 'admin'
    where not exists (select 1 from sys_dict where dict_code = 'document_power_type')`.execute(db);
  if (Number(made.numAffectedRows ?? 0) === 0) return;
  for (const [i, [value, text]] of [
    ['1', '文档'],
    ['2', '模板'],
  ].entries())
    await sql`insert into sys_dict_item (id, dict_id, item_value, item_text, sort_order, status, create_by)
      values (${seedId(`dictItem:document_power_type:${value}`)}, ${dictId}, ${value}, ${text}, ${i + 1}, 1, 'admin')`.execute(
      db,
    );
}

export const documents: Migration = {
  async up(db: Kysely<unknown>) {
    const seeded = await sql<{ n: number }>`select count(*)::int as n from sys_user`.execute(db);
    if (Number(seeded.rows[0]?.n ?? 0) === 0) return;
    for (const [from, to] of SCREENS)
      await sql`update sys_permission set component = ${to} where component = ${from}`.execute(db);
    await addPowerMenu(db);
    await addButtons(db);
    await addDict(db);
  },
};
