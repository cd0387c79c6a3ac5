import { sql, type Kysely, type Migration } from 'kysely';
import { seedId } from '../seed/ids.js';

/**
 * Daily, department and routine work, weekly reports and the work board (docs/modules/daily-work.md).
 * Every database gets the module's dictionaries (a new one before its seed runs). A database seeded
 * earlier also gets: 日常工作, 部门工作, 周工作汇报, 周报历史, 统计工作 and 工作看板 opening their
 * declared screens instead of 功能建设中, the new 团队周报 and 例行工作 menu rows, and the buttons with
 * their grants; a new database has all of that from the seed (menu-data-work.ts). Values are written
 * out, not imported: a shipped migration never changes. A second run changes nothing.
 */
const SCREENS: [url: string, to: string][] = [
  ['/HomePage/dailyWork', 'declared/workItem?type=1'],
  ['/HomePage/departWork', 'declared/workItem?type=2'],
  ['/HomePage/weeklyWork', 'declared/weeklyReport?type=1'],
  ['/HomePage/weeklyHistory', 'declared/weeklyReport'],
  ['/statistics/work', 'declared/workPeople'],
  ['/statistics/board', 'declared/workBoard'],
];

type Role = 'manager' | 'staff' | 'analyst';
const ALL: Role[] = ['manager', 'staff', 'analyst'];
const MGR: Role[] = ['manager'];

const MENUS: { key: string; name: string; url: string; component: string; sortNo: number; roles: Role[] }[] =
  [
    {
      key: 'home.weeklyTeam',
      name: '团队周报',
      url: '/HomePage/weeklyTeam',
      component: 'declared/weeklyTeam',
      sortNo: 9,
      roles: MGR,
    },
    {
      key: 'home.routine',
      name: '例行工作',
      url: '/HomePage/routineWork',
      component: 'declared/routineWork?type=1',
      sortNo: 10,
      roles: MGR,
    },
  ];

const BUTTONS: { url: string; perms: string; name: string; sortNo: number; roles: Role[] }[] = [
  { url: '/HomePage/dailyWork', perms: 'workItem:add', name: '新增工作', sortNo: 1, roles: ALL },
  { url: '/HomePage/dailyWork', perms: 'workItem:deal', name: '处理工作', sortNo: 2, roles: ALL },
  { url: '/HomePage/dailyWork', perms: 'workItem:list', name: '查看全部工作', sortNo: 3, roles: [] },
  { url: '/HomePage/departWork', perms: 'workItem:depart', name: '查看部门工作', sortNo: 1, roles: MGR },
  { url: '/HomePage/departWork', perms: 'workItem:assign', name: '安排工作', sortNo: 2, roles: MGR },
  { url: '/HomePage/weeklyWork', perms: 'weeklyReport:add', name: '填写周报', sortNo: 1, roles: ALL },
  { url: '/HomePage/weeklyWork', perms: 'weeklyReport:list', name: '查看全部周报', sortNo: 2, roles: [] },
  { url: '/HomePage/weeklyHistory', perms: 'weeklyReport:team', name: '查看团队周报', sortNo: 1, roles: MGR },
  { url: '/HomePage/routineWork', perms: 'routineWork:list', name: '查看例行工作', sortNo: 1, roles: MGR },
  { url: '/HomePage/routineWork', perms: 'routineWork:add', name: '新增例行工作', sortNo: 2, roles: MGR },
  { url: '/HomePage/routineWork', perms: 'routineWork:edit', name: '编辑例行工作', sortNo: 3, roles: MGR },
  { url: '/HomePage/routineWork', perms: 'routineWork:delete', name: '删除例行工作', sortNo: 4, roles: MGR },
  { url: '/HomePage/routineWork', perms: 'routineWork:export', name: '导出例行工作', sortNo: 5, roles: MGR },
  { url: '/HomePage/routineWork', perms: 'routineWork:generate', name: '立即生成', sortNo: 6, roles: MGR },
];

const DICTS: { code: string; name: string; items: [string, string][] }[] = [
  {
    code: 'work_item_type',
    name: '工作类型',
    items: [
      ['1', '日常工作'],
      ['2', '部门工作'],
      ['3', '例行工作'],
    ],
  },
  {
    code: 'work_item_status',
    name: '工作状态',
    items: [
      ['0', '待开始'],
      ['1', '进行中'],
      ['2', '已完成'],
      ['3', '已取消'],
    ],
  },
  {
    code: 'routine_period',
    name: '例行周期',
    items: [
      ['1', '每天'],
      ['2', '每周'],
      ['3', '每月'],
    ],
  },
  {
    code: 'routine_status',
    name: '例行工作状态',
    items: [
      ['1', '启用'],
      ['0', '停用'],
    ],
  },
  {
    code: 'weekly_report_status',
    name: '周报状态',
    items: [
      ['0', '草稿'],
      ['1', '已提交'],
      ['9', '未提交'],
    ],
  },
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

async function addMenus(db: Kysely<unknown>): Promise<void> {
  const parentId = seedId('menu:home');
  for (const m of MENUS) {
    const id = seedId(`menu:${m.key}`);
    const made =
      await sql`insert into sys_permission (id, parent_id, name, url, component, menu_type, perms_type,
        sort_no, always_show, is_route, is_leaf, keep_alive, hidden, hide_tab, internal_or_external, status,
        del_flag, create_by)
      select ${id}, ${parentId}, ${m.name}, ${m.url}, ${m.component}, 1, '1', ${m.sortNo}, false, true, true,
        false, false, false, false, '1', 0, 'admin'
      where exists (select 1 from sys_permission where id = ${parentId})
        and not exists (select 1 from sys_permission where url = ${m.url} and menu_type <> 2)`.execute(db);
    if (Number(made.numAffectedRows ?? 0) > 0) await grant(db, id, m.roles);
  }
}

async function addButtons(db: Kysely<unknown>): Promise<void> {
  for (const b of BUTTONS) {
    const parent = await sql<{ id: string }>`select id from sys_permission
      where url = ${b.url} and menu_type <> 2 and del_flag = 0 order by id limit 1`.execute(db);
    const parentId = parent.rows[0]?.id;
    if (!parentId) continue;
    const id = seedId(`button:${b.perms}`);
    const made = await sql`insert into sys_permission (id, parent_id, name, menu_type, perms, perms_type,
        sort_no, is_route, is_leaf, status, del_flag, create_by)
      select ${id}, ${parentId}, ${b.name}, 2, ${b.perms}, '1', ${b.sortNo}, false, true, '1', 0, 'admin'
      where not exists (select 1 from sys_permission where perms = ${b.perms} and menu_type = 2)`.execute(db);
    if (Number(made.numAffectedRows ?? 0) > 0) await grant(db, id, b.roles);
  }
}

export const dailyWork: Migration = {
  async up(db: Kysely<unknown>) {
    await addDicts(db);
    const seeded = await sql<{ n: number }>`select count(*)::int as n from sys_user`.execute(db);
    if (Number(seeded.rows[0]?.n ?? 0) === 0) return;
    for (const [url, to] of SCREENS)
      await sql`update sys_permission set component = ${to} where url = ${url} and menu_type <> 2`.execute(
        db,
      );
    await addMenus(db);
    await addButtons(db);
  },
};
