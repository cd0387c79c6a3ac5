import { sql, type Kysely, type Migration } from 'kysely';
import { seedId } from '../seed/ids.js';

/**
 * Evaluation cycles, evaluations and the ranking (docs/modules/evaluations.md) on a database seeded
 * before them: 考核周期, 临时考核, 历史评分, 考核排名, 评分详情 and 考核详情 open their declared
 * screens instead of 功能建设中, 历史评分 is granted to every role (everyone self-scores there), the
 * buttons the seed gives exist with their grants, and the dictionaries exist. A new database gets
 * all of it from the seed (this step then finds no users and does nothing). Values are written out,
 * not imported: a shipped migration never changes. Every statement adds only what is missing.
 */
const SCREENS: [url: string, to: string][] = [
  ['/evaluation/cycle', 'declared/evalCycle'],
  ['/evaluation/temporary', 'declared/evaluation?type=4'],
  ['/evaluation/historyScore', 'declared/evaluation'],
  ['/evaluation/ranking', 'declared/evalRanking'],
  ['/evaluation/scoreDetails', 'declared/evaluation?type=2'],
  ['/evaluation/details', 'declared/evaluation?type=3'],
];

type Role = 'manager' | 'staff' | 'analyst';
const ALL: Role[] = ['manager', 'staff', 'analyst'];
const MGR: Role[] = ['manager'];

const BUTTONS: { url: string; perms: string; name: string; sortNo: number; roles: Role[] }[] = [
  { url: '/evaluation/cycle', perms: 'evalCycle:add', name: '新增考核周期', sortNo: 1, roles: MGR },
  { url: '/evaluation/cycle', perms: 'evalCycle:edit', name: '编辑考核周期', sortNo: 2, roles: MGR },
  { url: '/evaluation/cycle', perms: 'evalCycle:delete', name: '删除考核周期', sortNo: 3, roles: MGR },
  { url: '/evaluation/cycle', perms: 'evalCycle:export', name: '导出考核周期', sortNo: 4, roles: MGR },
  { url: '/evaluation/cycle', perms: 'evalCycle:start', name: '开始考核', sortNo: 5, roles: MGR },
  { url: '/evaluation/cycle', perms: 'evalCycle:review', name: '进入上级评分', sortNo: 6, roles: MGR },
  { url: '/evaluation/cycle', perms: 'evalCycle:finish', name: '结束考核', sortNo: 7, roles: MGR },
  {
    url: '/evaluation/temporary',
    perms: 'evaluation:temporary',
    name: '新建临时考核',
    sortNo: 1,
    roles: MGR,
  },
  { url: '/evaluation/temporary', perms: 'evaluation:list', name: '查看全部考核', sortNo: 2, roles: [] },
  { url: '/evaluation/historyScore', perms: 'evaluation:self', name: '填写自评', sortNo: 1, roles: ALL },
  { url: '/evaluation/historyScore', perms: 'evaluation:score', name: '上级评分', sortNo: 2, roles: MGR },
  {
    url: '/evaluation/historyScore',
    perms: 'evaluation:depart',
    name: '查看部门考核',
    sortNo: 3,
    roles: MGR,
  },
];

const DICTS: { code: string; name: string; items: [string, string][] }[] = [
  {
    code: 'eval_period_type',
    name: '考核类型',
    items: [
      ['1', '月度'],
      ['2', '季度'],
      ['3', '年度'],
    ],
  },
  {
    code: 'eval_cycle_status',
    name: '考核周期状态',
    items: [
      ['0', '未开始'],
      ['1', '自评中'],
      ['2', '上级评分中'],
      ['3', '已结束'],
    ],
  },
  {
    code: 'eval_status',
    name: '考核状态',
    items: [
      ['0', '待自评'],
      ['1', '已自评'],
      ['2', '待上级评分'],
      ['3', '已完成'],
    ],
  },
  {
    code: 'eval_type',
    name: '考核方式',
    items: [
      ['1', '周期考核'],
      ['2', '临时考核'],
    ],
  },
  {
    code: 'eval_grade',
    name: '考核等级',
    items: [
      ['A', '优秀'],
      ['B', '良好'],
      ['C', '合格'],
      ['D', '待改进'],
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
    if (Number(made.numAffectedRows ?? 0) === 0) continue;
    await sql`update sys_permission set is_leaf = false where id = ${parentId}`.execute(db);
    await grant(db, id, b.roles);
  }
}

/** 历史评分 and its group for every role: everyone fills their self scores there. */
async function openHistory(db: Kysely<unknown>): Promise<void> {
  for (const url of ['/evaluation/historyScore', '/evaluation'])
    await sql`insert into sys_role_permission (role_id, permission_id)
      select r.id, p.id from sys_role r, sys_permission p
      where r.role_code in ('manager', 'staff', 'analyst') and p.url = ${url} and p.menu_type <> 2
        and p.del_flag = 0
      on conflict do nothing`.execute(db);
}

export const evaluations: Migration = {
  async up(db: Kysely<unknown>) {
    const seeded = await sql<{ n: number }>`select count(*)::int as n from sys_user`.execute(db);
    if (Number(seeded.rows[0]?.n ?? 0) === 0) return;
    await addDicts(db);
    for (const [url, to] of SCREENS)
      await sql`update sys_permission set component = ${to} where url = ${url} and menu_type <> 2`.execute(
        db,
      );
    await openHistory(db);
    await addButtons(db);
  },
};
