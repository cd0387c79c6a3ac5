import { sql, type Kysely, type Migration } from 'kysely';
import { seedId } from '../seed/ids.js';

/**
 * OA mail, personnel files and position duties (issue 19, docs/modules/mail.md, personnel.md).
 * Every database gets the per-person mail copies table (hand-made: the mail itself is declared)
 * and the modules' dictionaries. A database seeded earlier also gets: 收件箱, 写邮件, 人员档案 and
 * 岗位职责 opening their declared screens instead of 功能建设中 (and shown to every role), the
 * hidden 岗位职责历史 page, the buttons and field rule with their grants, and the demo mark
 * (server/mail/demo.ts adds the demo rows at the next start); a new database has the menus from the
 * seed (menu-data-office.ts). Values are written out here: a shipped migration never changes.
 */
type Role = 'manager' | 'staff' | 'analyst';
const ALL: Role[] = ['manager', 'staff', 'analyst'];
const MGR: Role[] = ['manager'];

const DICTS: { code: string; name: string; items: [string, string][] }[] = [
  {
    code: 'mail_status',
    name: '邮件状态',
    items: [
      ['0', '草稿'],
      ['1', '已发送'],
    ],
  },
  {
    code: 'mail_read',
    name: '邮件阅读状态',
    items: [
      ['0', '未读'],
      ['1', '已读'],
    ],
  },
  {
    code: 'hr_contract_type',
    name: '合同类型',
    items: [
      ['1', '固定期限'],
      ['2', '无固定期限'],
      ['3', '以完成一定工作任务为期限'],
      ['4', '劳务合同'],
      ['5', '实习协议'],
    ],
  },
  {
    code: 'hr_education',
    name: '学历',
    items: [
      ['1', '博士研究生'],
      ['2', '硕士研究生'],
      ['3', '大学本科'],
      ['4', '大学专科'],
      ['5', '高中及以下'],
    ],
  },
  {
    code: 'hr_change_type',
    name: '调动类型',
    items: [
      ['1', '调岗'],
      ['2', '晋升'],
      ['3', '借调'],
      ['4', '部门调整'],
    ],
  },
];

const SCREENS: [url: string, component: string][] = [
  ['/office/mail/inbox', 'declared/mailBox'],
  ['/office/mail/write', 'declared/mail'],
  ['/personnel/list', 'declared/personnelFile'],
  ['/personnel/positionDuty', 'declared/positionDuty'],
];

/** Buttons and field rules: made when missing, granted to admin and these roles. */
const BUTTONS: { url: string; perms: string; name: string; roles: Role[] }[] = [
  { url: '/office/mail/inbox', perms: 'mail:box', name: '查看信箱', roles: ALL },
  { url: '/office/mail/write', perms: 'mail:write', name: '写邮件', roles: ALL },
  { url: '/personnel/list', perms: 'personnel:all', name: '查看全部档案', roles: MGR },
  { url: '/personnel/list', perms: 'personnel:add', name: '新增档案', roles: [] },
  { url: '/personnel/list', perms: 'personnel:edit', name: '编辑档案', roles: [] },
  { url: '/personnel/list', perms: 'personnel:delete', name: '删除档案', roles: [] },
  { url: '/personnel/list', perms: 'personnel:export', name: '导出档案', roles: MGR },
  { url: '/personnel/list', perms: 'personnel:import', name: '导入档案', roles: [] },
  { url: '/personnel/list', perms: 'personnel:private', name: '查看隐私字段', roles: [] },
  { url: '/personnel/positionDuty', perms: 'positionDuty:add', name: '新增岗位职责', roles: [] },
  { url: '/personnel/positionDuty', perms: 'positionDuty:edit', name: '编辑岗位职责', roles: [] },
  { url: '/personnel/positionDuty', perms: 'positionDuty:delete', name: '删除岗位职责', roles: [] },
];

async function grant(db: Kysely<unknown>, permissionId: string, roles: readonly string[]): Promise<void> {
  for (const role of ['admin', ...roles])
    await sql`insert into sys_role_permission (role_id, permission_id)
      select r.id, ${permissionId} from sys_role r where r.role_code = ${role}
      on conflict do nothing`.execute(db);
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

async function updateMenus(db: Kysely<unknown>): Promise<void> {
  for (const [url, component] of SCREENS) {
    await sql`update sys_permission set component = ${component} where url = ${url} and menu_type <> 2`.execute(
      db,
    );
    const rows = await sql<{ id: string; parentId: string | null }>`select id, parent_id as "parentId"
      from sys_permission where url = ${url} and menu_type <> 2`.execute(db);
    for (const row of rows.rows) {
      await grant(db, row.id, ALL);
      // The groups above it (OA邮件 → 办公管理, 人事管理), so the page is reachable.
      let parentId = row.parentId;
      while (parentId) {
        await grant(db, parentId, ALL);
        const up = await sql<{ parentId: string | null }>`select parent_id as "parentId" from sys_permission
          where id = ${parentId}`.execute(db);
        parentId = up.rows[0]?.parentId ?? null;
      }
    }
  }
  const id = seedId('menu:personnel.dutyHistory');
  const parentId = seedId('menu:personnel');
  const made =
    await sql`insert into sys_permission (id, parent_id, name, url, component, menu_type, perms_type,
      sort_no, always_show, is_route, is_leaf, keep_alive, hidden, hide_tab, internal_or_external, status,
      del_flag, create_by)
    select ${id}, ${parentId}, '岗位职责历史', '/personnel/positionDutyHistory', 'declared/positionDutyHistory', 1,
      '1', 3, false, true, true, false, true, false, false, '1', 0, 'admin'
    where exists (select 1 from sys_permission where id = ${parentId})
      and not exists (select 1 from sys_permission where url = '/personnel/positionDutyHistory'
        and menu_type <> 2)`.execute(db);
  if (Number(made.numAffectedRows ?? 0) > 0) await grant(db, id, ALL);
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

export const mailPersonnel: Migration = {
  async up(db: Kysely<unknown>) {
    await addDicts(db);
    // One row per person and mail: the sender's copy (box 'sent') and each recipient's ('in').
    await sql`create table if not exists oa_mail_box (
      id varchar(32) primary key,
      mail_id varchar(32) not null,
      owner varchar(100) not null,
      box varchar(8) not null,
      read_flag char(1) not null default '0',
      binned char(1) not null default '0',
      read_time timestamptz,
      binned_time timestamptz,
      tenant_id integer not null default 0,
      create_time timestamptz not null default now())`.execute(db);
    await sql`create index if not exists oa_mail_box_owner on oa_mail_box (owner, box, binned)`.execute(db);
    await sql`create index if not exists oa_mail_box_mail on oa_mail_box (mail_id)`.execute(db);
    const seeded = await sql<{ n: number }>`select count(*)::int as n from sys_user`.execute(db);
    if (Number(seeded.rows[0]?.n ?? 0) === 0) return;
    await updateMenus(db);
    await addButtons(db);
    await sql`insert into sys_seed_pending (name) values ('mail-demo'), ('personnel-demo')
      on conflict do nothing`.execute(db);
  },
};
