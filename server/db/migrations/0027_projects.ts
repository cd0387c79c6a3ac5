import { sql, type Kysely, type Migration } from 'kysely';
import { seedId } from '../seed/ids.js';

/**
 * Projects, contacts, customer contacts and demands (issue 16, docs/modules/projects.md). Every
 * database gets the module's dictionaries (project_status and demand_status are the foundation's), its two fill rules and the demand history table (a new
 * one before its seed runs). A database seeded earlier also gets: 项目列表, 我负责的, 已删除项目,
 * 项目统计 and 需求列表 opening their declared screens instead of 功能建设中, the new 人员负荷 and
 * 客户联系人 menu rows, project and demand lists for every role (the server shows each person only
 * the projects they are in), and the buttons with their grants; a new database has all of that from
 * the seed (menu-data-work.ts, menu-data-office.ts). Values are written out here: a shipped
 * migration never changes. A second run changes nothing.
 */
type Role = 'manager' | 'staff' | 'analyst';
const ALL: Role[] = ['manager', 'staff', 'analyst'];
const MGR: Role[] = ['manager'];

const DICTS: { code: string; name: string; items: [string, string][] }[] = [
  {
    code: 'project_category',
    name: '项目类别',
    items: [
      ['1', '智慧展厅'],
      ['2', '会议会展'],
      ['3', '信息化建设'],
      ['4', '接待服务'],
      ['5', '运维保障'],
      ['9', '其他'],
    ],
  },
  {
    code: 'demand_type',
    name: '需求类型',
    items: [
      ['1', '功能需求'],
      ['2', '内容需求'],
      ['3', '变更需求'],
      ['4', '问题反馈'],
      ['9', '其他'],
    ],
  },
];

const FILL_RULES = [
  {
    code: 'project_no',
    name: '项目编号',
    params: { prefix: 'XM', datePattern: 'yyyyMMdd', separator: '-', digits: 3 },
    remark: '如 XM20261126-001，每天从001重新编号',
  },
  {
    code: 'demand_no',
    name: '需求编号',
    params: { prefix: 'XQ', datePattern: 'yyyyMMdd', separator: '-', digits: 3 },
    remark: '如 XQ20261126-001，每天从001重新编号',
  },
];

/** Menu url -> the declared screen it opens now, and the roles below admin that see it. */
const SCREENS: [url: string, component: string, roles: Role[]][] = [
  ['/project/list', 'declared/project', ALL],
  ['/project/myCharge', 'declared/project?type=1', ALL],
  ['/project/deletedList', 'declared/projectRecycle', MGR],
  ['/project/statistics', 'declared/projectStatistics', MGR],
  ['/demand/list', 'declared/demand', ALL],
];

const MENUS: { key: string; parent: string; name: string; url: string; component: string; sortNo: number }[] =
  [
    {
      key: 'project.load',
      parent: 'project',
      name: '人员负荷',
      url: '/project/load',
      component: 'declared/projectLoad',
      sortNo: 6,
    },
    {
      key: 'customer.resource',
      parent: 'customer',
      name: '客户联系人',
      url: '/customer/resource',
      component: 'declared/customerResource',
      sortNo: 2,
    },
  ];

/** Buttons: made when missing, and granted to these roles (existing ones are granted too). */
const BUTTONS: { url: string; perms: string; name: string; roles: Role[] }[] = [
  { url: '/project/list', perms: 'project:edit', name: '编辑项目', roles: ALL },
  { url: '/project/list', perms: 'project:start', name: '启动项目', roles: ALL },
  { url: '/project/list', perms: 'project:suspend', name: '暂停项目', roles: ALL },
  { url: '/project/list', perms: 'project:close', name: '关闭项目', roles: ALL },
  { url: '/project/list', perms: 'project:delete', name: '删除项目', roles: MGR },
  { url: '/project/list', perms: 'project:all', name: '查看全部项目', roles: MGR },
  { url: '/project/list', perms: 'project:contact', name: '维护项目联系人', roles: ALL },
  { url: '/project/deletedList', perms: 'project:recycle', name: '查看已删除项目', roles: MGR },
  { url: '/project/deletedList', perms: 'project:restore', name: '恢复项目', roles: MGR },
  { url: '/project/deletedList', perms: 'project:purge', name: '彻底删除项目', roles: [] },
  { url: '/project/statistics', perms: 'project:statistics', name: '查看项目统计', roles: MGR },
  { url: '/demand/list', perms: 'demand:add', name: '新建需求', roles: ALL },
  { url: '/demand/list', perms: 'demand:circulation', name: '需求流转', roles: ALL },
  { url: '/demand/list', perms: 'demand:close', name: '关闭需求', roles: ALL },
  { url: '/demand/list', perms: 'demand:edit', name: '编辑需求', roles: ALL },
  { url: '/demand/list', perms: 'demand:delete', name: '删除需求', roles: MGR },
  { url: '/demand/list', perms: 'demand:export', name: '导出需求', roles: MGR },
  { url: '/customer/resource', perms: 'resource:add', name: '新增客户联系人', roles: MGR },
  { url: '/customer/resource', perms: 'resource:edit', name: '编辑客户联系人', roles: MGR },
  { url: '/customer/resource', perms: 'resource:delete', name: '删除客户联系人', roles: MGR },
  { url: '/customer/resource', perms: 'resource:export', name: '导出客户联系人', roles: MGR },
];

async function grant(db: Kysely<unknown>, permissionId: string, roles: readonly string[]): Promise<void> {
  for (const role of ['admin', ...roles])
    await sql`insert into sys_role_permission (role_id, permission_id)
      select r.id, ${permissionId} from sys_role r where r.role_code = ${role}
      on conflict do nothing`.execute(db);
}

/** A menu row and its group, granted to the roles (a role that sees a page must see its group). */
async function grantMenu(db: Kysely<unknown>, id: string, roles: readonly string[]): Promise<void> {
  await grant(db, id, roles);
  const parent = await sql<{ parentId: string | null }>`select parent_id as "parentId" from sys_permission
    where id = ${id}`.execute(db);
  const parentId = parent.rows[0]?.parentId;
  if (parentId) await grant(db, parentId, roles);
}

async function addDicts(db: Kysely<unknown>): Promise<void> {
  for (const dict of DICTS) {
    const dictId = seedId(`dict:${dict.code}`);
    const made = await sql`insert into sys_dict (id, dict_code, dict_name, del_flag, create_by)
      select ${dictId}, ${dict.code}, ${dict.name}, 0, 'admin'
      where not exists (select 1 from sys_dict where dict_code = ${dict.code})`.execute(db);
    if (Number(made.numAffectedRows ?? 0) === 0) continue;
    for (const [i, [value, text]] of dict.items.entries())
      await sql`insert into sys_dict_item (id, dict_id, item_value, item_text, sort_order, status, create_by)
        values (${seedId(`dictItem:${dict.code}:${value}`)}, ${dictId}, ${value}, ${text}, ${i + 1}, 1, 'admin')`.execute(
        db,
      );
  }
}

async function addFillRules(db: Kysely<unknown>): Promise<void> {
  for (const rule of FILL_RULES)
    await sql`insert into sys_fill_rule (id, rule_name, rule_code, rule_class, rule_params, remark, create_by,
        create_time)
      select ${seedId(`fillRule:${rule.code}`)}, ${rule.name}, ${rule.code}, 'dateSequence',
        ${JSON.stringify(rule.params)}, ${rule.remark}, 'admin', now()
      where not exists (select 1 from sys_fill_rule where rule_code = ${rule.code})`.execute(db);
}

async function updateMenus(db: Kysely<unknown>): Promise<void> {
  for (const [url, component, roles] of SCREENS) {
    await sql`update sys_permission set component = ${component} where url = ${url} and menu_type <> 2`.execute(
      db,
    );
    const rows = await sql<{
      id: string;
    }>`select id from sys_permission where url = ${url} and menu_type <> 2`.execute(db);
    for (const { id } of rows.rows) await grantMenu(db, id, roles);
  }
  for (const m of MENUS) {
    const id = seedId(`menu:${m.key}`);
    const parentId = seedId(`menu:${m.parent}`);
    const made =
      await sql`insert into sys_permission (id, parent_id, name, url, component, menu_type, perms_type,
        sort_no, always_show, is_route, is_leaf, keep_alive, hidden, hide_tab, internal_or_external, status,
        del_flag, create_by)
      select ${id}, ${parentId}, ${m.name}, ${m.url}, ${m.component}, 1, '1', ${m.sortNo}, false, true, true,
        false, false, false, false, '1', 0, 'admin'
      where exists (select 1 from sys_permission where id = ${parentId})
        and not exists (select 1 from sys_permission where url = ${m.url} and menu_type <> 2)`.execute(db);
    if (Number(made.numAffectedRows ?? 0) > 0) await grant(db, id, MGR);
  }
}

async function addButtons(db: Kysely<unknown>): Promise<void> {
  for (const [i, b] of BUTTONS.entries()) {
    const parent = await sql<{ id: string }>`select id from sys_permission
      where url = ${b.url} and menu_type <> 2 and del_flag = 0 order by id limit 1`.execute(db);
    const parentId = parent.rows[0]?.id;
    if (!parentId) continue;
    await sql`insert into sys_permission (id, parent_id, name, menu_type, perms, perms_type,
        sort_no, is_route, is_leaf, status, del_flag, create_by)
      select ${seedId(`button:${b.perms}`)}, ${parentId}, ${b.name}, 2, ${b.perms}, '1', ${i + 1}, false, true,
        '1', 0, 'admin'
      where not exists (select 1 from sys_permission where perms = ${b.perms} and menu_type = 2)`.execute(db);
    await sql`update sys_permission set is_leaf = false where id = ${parentId}`.execute(db);
    const button = await sql<{ id: string }>`select id from sys_permission
      where perms = ${b.perms} and menu_type = 2 order by id limit 1`.execute(db);
    if (button.rows[0]) await grant(db, button.rows[0].id, b.roles);
  }
}

export const projects: Migration = {
  async up(db: Kysely<unknown>) {
    await addDicts(db);
    await addFillRules(db);
    await sql`create table if not exists biz_demand_circulation (
      id varchar(32) primary key,
      demand_id varchar(32) not null,
      action varchar(16) not null,
      from_user varchar(100) not null,
      prev_handler varchar(100),
      to_user varchar(100),
      to_depart varchar(32),
      note varchar(500),
      tenant_id integer not null default 0,
      create_time timestamptz not null default now())`.execute(db);
    await sql`create index if not exists biz_demand_circulation_demand
      on biz_demand_circulation (demand_id, create_time)`.execute(db);
    const seeded = await sql<{ n: number }>`select count(*)::int as n from sys_user`.execute(db);
    if (Number(seeded.rows[0]?.n ?? 0) === 0) return;
    await updateMenus(db);
    await addButtons(db);
  },
};
