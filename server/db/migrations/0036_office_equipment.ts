import { sql, type Kysely, type Migration } from 'kysely';
import { seedId } from '../seed/ids.js';

/**
 * Office equipment 设备 (issue 19; docs/modules/office.md, "Equipment"). Every database gets the
 * equipment dictionaries and the asset / borrow numbering rules (a new database before its seed
 * runs). A database seeded earlier also gets 设备申领 (/office/equipment, 功能建设中 before) opening
 * the declared borrow requests, for every role, with its buttons; a new one has that from the seed
 * (menu-data-office.ts). The register and the repair records make their own menu rows at start
 * (their declarations' `menu`); the demo is marked for the next start. Values are written out here: a shipped migration never changes. A
 * second run changes nothing.
 */
const DICTS: { code: string; name: string; items: [string, string][] }[] = [
  {
    code: 'office_equipment_category',
    name: '设备类别',
    items: [
      ['1', '台式电脑'],
      ['2', '笔记本电脑'],
      ['3', '显示器'],
      ['4', '打印复印'],
      ['5', '投影显示'],
      ['6', '摄影摄像'],
      ['7', '网络设备'],
      ['8', '会议设备'],
      ['9', '其他'],
    ],
  },
  {
    code: 'office_equipment_status',
    name: '设备状态',
    items: [
      ['1', '在库'],
      ['2', '借出'],
      ['3', '维修中'],
      ['4', '已报废'],
    ],
  },
  {
    code: 'office_repair_status',
    name: '维修状态',
    items: [
      ['1', '维修中'],
      ['2', '已完成'],
    ],
  },
];

const FILL_RULES = [
  {
    code: 'office_asset_no',
    name: '设备资产编号',
    ruleClass: 'sequence',
    params: { prefix: 'ZC', digits: 6, start: 1 },
    remark: '如 ZC000001，连续编号，不重新开始',
  },
  {
    code: 'office_borrow_no',
    name: '设备借用单号',
    ruleClass: 'dateSequence',
    params: { prefix: 'JY', datePattern: 'yyyyMMdd', separator: '-', digits: 3 },
    remark: '如 JY20261126-001，每天从001重新编号',
  },
];

type Role = 'manager' | 'staff' | 'analyst';
const ALL: Role[] = ['manager', 'staff', 'analyst'];
const BORROW_URL = '/office/equipment';
const BUTTONS: { perms: string; name: string; roles: Role[] }[] = [
  { perms: 'equipmentBorrow:add', name: '申请借用设备', roles: ALL },
  { perms: 'equipmentBorrow:all', name: '查看全部借用', roles: [] },
  { perms: 'equipmentBorrow:export', name: '导出借用单', roles: [] },
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
  for (const rule of FILL_RULES)
    await sql`insert into sys_fill_rule (id, rule_name, rule_code, rule_class, rule_params, remark, create_by,
        create_time)
      select ${seedId(`fillRule:${rule.code}`)}, ${rule.name}, ${rule.code}, ${rule.ruleClass},
        ${JSON.stringify(rule.params)}, ${rule.remark}, 'admin', now()
      where not exists (select 1 from sys_fill_rule where rule_code = ${rule.code})`.execute(db);
}

/** 设备申领 opens the declared borrow requests, for every role, with its buttons. */
async function updateMenu(db: Kysely<unknown>): Promise<void> {
  await sql`update sys_permission set component = 'declared/equipmentBorrow?type=1', name = '设备申领'
    where url = ${BORROW_URL} and menu_type <> 2`.execute(db);
  const menu = await sql<{ id: string; parentId: string | null }>`select id, parent_id as "parentId"
    from sys_permission where url = ${BORROW_URL} and menu_type <> 2 and del_flag = 0 order by id limit 1`.execute(
    db,
  );
  const row = menu.rows[0];
  if (!row) return;
  await grant(db, row.id, ALL);
  if (row.parentId) await grant(db, row.parentId, ALL);
  for (const [i, b] of BUTTONS.entries()) {
    await sql`insert into sys_permission (id, parent_id, name, menu_type, perms, perms_type,
        sort_no, is_route, is_leaf, status, del_flag, create_by)
      select ${seedId(`button:${b.perms}`)}, ${row.id}, ${b.name}, 2, ${b.perms}, '1', ${i + 1}, false, true,
        '1', 0, 'admin'
      where not exists (select 1 from sys_permission where perms = ${b.perms} and menu_type = 2)`.execute(db);
    const button = await sql<{ id: string }>`select id from sys_permission
      where perms = ${b.perms} and menu_type = 2 order by id limit 1`.execute(db);
    if (button.rows[0]) await grant(db, button.rows[0].id, b.roles);
  }
  await sql`update sys_permission set is_leaf = false where id = ${row.id}`.execute(db);
}

export const officeEquipment: Migration = {
  async up(db: Kysely<unknown>) {
    await addDicts(db);
    // The demo equipment at the next start (server/office/equipment-demo.ts); test databases drop it.
    await sql`insert into sys_seed_pending (name) values ('office-equipment-demo') on conflict do nothing`.execute(
      db,
    );
    const seeded = await sql<{ n: number }>`select count(*)::int as n from sys_user`.execute(db);
    if (Number(seeded.rows[0]?.n ?? 0) === 0) return;
    await updateMenu(db);
  },
};
