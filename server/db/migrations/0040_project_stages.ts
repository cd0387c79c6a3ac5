import { sql, type Kysely, type Migration } from 'kysely';
import { seedId } from '../seed/ids.js';

/**
 * Project stages on the workflow engine (issue 16, docs/modules/projects.md "Stages"). Every
 * database gets the dictionary `project_stage` (the nodes of the shipped flow, for node templates
 * and the project's current node). A database seeded earlier also gets 项目流程图 and 节点详情 for every role
 * (the server shows each person only their projects) and the new buttons with their grants; a new
 * database has them from the seed (menu-data-work.ts). Values are written out here: a shipped
 * migration never changes. A second run changes nothing.
 */
type Role = 'manager' | 'staff' | 'analyst';
const ALL: Role[] = ['manager', 'staff', 'analyst'];
const MGR: Role[] = ['manager'];

const STAGES: [string, string][] = [
  ['initiation', '立项'],
  ['research', '需求调研'],
  ['design', '方案设计'],
  ['build', '实施'],
  ['acceptance', '验收'],
  ['closing', '结项'],
];

const BUTTONS: { url: string; perms: string; name: string; roles: Role[] }[] = [
  { url: '/project/list', perms: 'project:advance', name: '推进项目阶段', roles: ALL },
  { url: '/project/list', perms: 'projectNode:upload', name: '上传节点文件', roles: ALL },
  { url: '/project/flowChart', perms: 'nodeTemplate:edit', name: '维护节点模板', roles: MGR },
];

async function grant(db: Kysely<unknown>, permissionId: string, roles: readonly string[]): Promise<void> {
  for (const role of ['admin', ...roles])
    await sql`insert into sys_role_permission (role_id, permission_id)
      select r.id, ${permissionId} from sys_role r where r.role_code = ${role}
      on conflict do nothing`.execute(db);
}

async function addDict(db: Kysely<unknown>): Promise<void> {
  const dictId = seedId('dict:project_stage');
  const made = await sql`insert into sys_dict (id, dict_code, dict_name, del_flag, create_by)
    select ${dictId}, 'project_stage', '项目阶段节点', 0, 'admin'
    where not exists (select 1 from sys_dict where dict_code = 'project_stage')`.execute(db);
  if (Number(made.numAffectedRows ?? 0) === 0) return;
  for (const [i, [value, text]] of STAGES.entries())
    await sql`insert into sys_dict_item (id, dict_id, item_value, item_text, sort_order, status, create_by)
      values (${seedId(`dictItem:project_stage:${value}`)}, ${dictId}, ${value}, ${text}, ${i + 1}, 1, 'admin')`.execute(
      db,
    );
}

async function openFlowChart(db: Kysely<unknown>): Promise<void> {
  const rows = await sql<{ id: string; parentId: string | null }>`select id, parent_id as "parentId"
    from sys_permission where url in ('/project/flowChart', '/project/nodeDetails') and menu_type <> 2`.execute(
    db,
  );
  for (const row of rows.rows) {
    await grant(db, row.id, ALL);
    if (row.parentId) await grant(db, row.parentId, ALL);
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
      select ${seedId(`button:${b.perms}`)}, ${parentId}, ${b.name}, 2, ${b.perms}, '1', ${i + 40}, false, true,
        '1', 0, 'admin'
      where not exists (select 1 from sys_permission where perms = ${b.perms} and menu_type = 2)`.execute(db);
    await sql`update sys_permission set is_leaf = false where id = ${parentId}`.execute(db);
    const button = await sql<{ id: string }>`select id from sys_permission
      where perms = ${b.perms} and menu_type = 2 order by id limit 1`.execute(db);
    if (button.rows[0]) await grant(db, button.rows[0].id, b.roles);
  }
}

export const projectStages: Migration = {
  async up(db: Kysely<unknown>) {
    await addDict(db);
    const seeded = await sql<{ n: number }>`select count(*)::int as n from sys_user`.execute(db);
    if (Number(seeded.rows[0]?.n ?? 0) === 0) return;
    await openFlowChart(db);
    await addButtons(db);
  },
};
