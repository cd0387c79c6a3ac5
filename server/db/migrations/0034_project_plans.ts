import { sql, type Kysely, type Migration } from 'kysely';
import { seedId } from '../seed/ids.js';

/**
 * Plans of projects (issue 16, docs/modules/projects.md 计划与任务). Every database gets the task
 * status dictionary. A database seeded earlier also gets: 我创建的, 回收站 and 项目工单 opening their
 * declared screens instead of 功能建设中, the plan screens for every role (the server shows each
 * person only the plans of their projects and lets only a project's managers change them), and the
 * new buttons (甘特图, the recycle bin's) with their grants; a new database has that from the seed
 * (menu-data-work.ts). Values are written out here: a shipped migration never changes. A second run
 * changes nothing.
 */
type Role = 'manager' | 'staff' | 'analyst';
const ALL: Role[] = ['manager', 'staff', 'analyst'];
const MGR: Role[] = ['manager'];

const TASK_STATUS: [string, string][] = [
  ['0', '未开始'],
  ['1', '进行中'],
  ['2', '已完成'],
  ['3', '已暂停'],
];

/** Menu url -> the declared screen it opens now, and the roles below admin that see it. */
const SCREENS: [url: string, component: string, roles: Role[]][] = [
  ['/plan/list', 'declared/projectPlan', ALL],
  ['/plan/myCreated', 'declared/projectPlan?type=1', ALL],
  ['/plan/recycleBin', 'declared/planRecycle', ALL],
  ['/project/workOrder', 'declared/projectWorkOrder', ALL],
];

const BUTTONS: { url: string; perms: string; name: string; roles: Role[] }[] = [
  { url: '/plan/list', perms: 'plan:add', name: '新建计划', roles: ALL },
  { url: '/plan/list', perms: 'plan:edit', name: '编辑计划', roles: ALL },
  { url: '/plan/list', perms: 'plan:delete', name: '删除计划', roles: ALL },
  { url: '/plan/list', perms: 'plan:gantt', name: '甘特图', roles: ALL },
  { url: '/plan/list', perms: 'planTask:add', name: '新增任务', roles: ALL },
  { url: '/plan/list', perms: 'planTask:edit', name: '编辑任务', roles: ALL },
  { url: '/plan/list', perms: 'planTask:delete', name: '删除任务', roles: ALL },
  { url: '/plan/recycleBin', perms: 'plan:recycle', name: '查看计划回收站', roles: ALL },
  { url: '/plan/recycleBin', perms: 'plan:restore', name: '恢复计划', roles: ALL },
  { url: '/plan/recycleBin', perms: 'plan:purge', name: '彻底删除计划', roles: MGR },
];

async function grant(db: Kysely<unknown>, permissionId: string, roles: readonly string[]): Promise<void> {
  for (const role of ['admin', ...roles])
    await sql`insert into sys_role_permission (role_id, permission_id)
      select r.id, ${permissionId} from sys_role r where r.role_code = ${role}
      on conflict do nothing`.execute(db);
}

async function addDict(db: Kysely<unknown>): Promise<void> {
  const dictId = seedId('dict:plan_task_status');
  const made = await sql`insert into sys_dict (id, dict_code, dict_name, del_flag, create_by)
    select ${dictId}, 'plan_task_status', '任务状态', 0, 'admin'
    where not exists (select 1 from sys_dict where dict_code = 'plan_task_status')`.execute(db);
  if (Number(made.numAffectedRows ?? 0) === 0) return;
  for (const [i, [value, text]] of TASK_STATUS.entries())
    await sql`insert into sys_dict_item (id, dict_id, item_value, item_text, sort_order, status, create_by)
      values (${seedId(`dictItem:plan_task_status:${value}`)}, ${dictId}, ${value}, ${text}, ${i + 1}, 1, 'admin')`.execute(
      db,
    );
}

async function updateMenus(db: Kysely<unknown>): Promise<void> {
  for (const [url, component, roles] of SCREENS) {
    await sql`update sys_permission set component = ${component} where url = ${url} and menu_type <> 2`.execute(
      db,
    );
    const rows = await sql<{ id: string; parentId: string | null }>`select id, parent_id as "parentId"
      from sys_permission where url = ${url} and menu_type <> 2`.execute(db);
    for (const row of rows.rows) {
      await grant(db, row.id, roles);
      if (row.parentId) await grant(db, row.parentId, roles);
    }
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
      select ${seedId(`button:${b.perms}`)}, ${parentId}, ${b.name}, 2, ${b.perms}, '1', ${i + 20}, false, true,
        '1', 0, 'admin'
      where not exists (select 1 from sys_permission where perms = ${b.perms} and menu_type = 2)`.execute(db);
    await sql`update sys_permission set is_leaf = false where id = ${parentId}`.execute(db);
    const button = await sql<{ id: string }>`select id from sys_permission
      where perms = ${b.perms} and menu_type = 2 order by id limit 1`.execute(db);
    if (button.rows[0]) await grant(db, button.rows[0].id, b.roles);
  }
}

export const projectPlans: Migration = {
  async up(db: Kysely<unknown>) {
    await addDict(db);
    const seeded = await sql<{ n: number }>`select count(*)::int as n from sys_user`.execute(db);
    if (Number(seeded.rows[0]?.n ?? 0) === 0) return;
    await updateMenus(db);
    await addButtons(db);
  },
};
