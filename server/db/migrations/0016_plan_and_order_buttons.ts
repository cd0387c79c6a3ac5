import { sql, type Kysely, type Migration } from 'kysely';
import { seedId } from '../seed/ids.js';

/**
 * Project plans (docs/modules/one-to-many.md) and the work orders' 全部工单 on a database seeded
 * before them: 全部计划 opens the declared plan screen, the buttons the new screens check exist and
 * are granted to admin and manager (as the seed grants them), and the plan's dictionary and fill
 * rule exist. A new database gets all of it from the seed (this step then finds no users and does
 * nothing). Values are written out here, not imported: a shipped migration never changes.
 */
const BUTTONS: { menuUrl: string; perms: string; name: string; sortNo: number }[] = [
  { menuUrl: '/workOrder/list', perms: 'workOrder:list', name: '查看全部工单', sortNo: 0 },
  { menuUrl: '/plan/list', perms: 'planTask:add', name: '新增任务', sortNo: 5 },
  { menuUrl: '/plan/list', perms: 'planTask:edit', name: '编辑任务', sortNo: 6 },
  { menuUrl: '/plan/list', perms: 'planTask:delete', name: '删除任务', sortNo: 7 },
  { menuUrl: '/plan/list', perms: 'planTask:export', name: '导出任务', sortNo: 8 },
  { menuUrl: '/plan/list', perms: 'planTask:import', name: '导入任务明细', sortNo: 9 },
];
const GRANTED_ROLES = ['admin', 'manager'];
const PLAN_STATUS: [string, string][] = [
  ['0', '未开始'],
  ['1', '进行中'],
  ['2', '已完成'],
  ['3', '已延期'],
];

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

export const planAndOrderButtons: Migration = {
  async up(db: Kysely<unknown>) {
    const seeded = await sql<{ n: number }>`select count(*)::int as n from sys_user`.execute(db);
    if (Number(seeded.rows[0]?.n ?? 0) === 0) return;
    await sql`update sys_permission set component = 'declared/projectPlan'
      where component = 'modules/plan/PlanList'`.execute(db);
    await addButtons(db);
    const dictId = seedId('dict:plan_status');
    const made = await sql`insert into sys_dict (id, dict_code, dict_name, del_flag, create_by)
      select ${dictId}, 'plan_status', '计划状态', 0, 'admin'
      where not exists (select 1 from sys_dict where dict_code = 'plan_status')`.execute(db);
    if (Number(made.numAffectedRows ?? 0) > 0)
      for (const [i, [value, text]] of PLAN_STATUS.entries())
        await sql`insert into sys_dict_item (id, dict_id, item_value, item_text, sort_order, status, create_by)
          values (${seedId(`dictItem:plan_status:${value}`)}, ${dictId}, ${value}, ${text}, ${i + 1}, 1, 'admin')`.execute(
          db,
        );
    await sql`insert into sys_fill_rule (id, rule_name, rule_code, rule_class, rule_params, remark, create_by)
      select ${seedId('fillRule:plan_no')}, '计划编号', 'plan_no', 'dateSequence',
        ${JSON.stringify({ prefix: 'JH', datePattern: 'yyyyMMdd', separator: '-', digits: 3 })},
        '如 JH20261122-001，每天从001重新编号', 'admin'
      where not exists (select 1 from sys_fill_rule where rule_code = 'plan_no')`.execute(db);
  },
};
