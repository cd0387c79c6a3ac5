import { sql, type Kysely, type Migration } from 'kysely';
import { seedId } from '../seed/ids.js';

/**
 * Approvals for any declared form and office supplies (issues 14 and 19; docs/modules/workflow.md,
 * docs/modules/office.md). Every database gets the one status dictionary of all approvals
 * (approval_status), the office supplies' dictionaries and the request / stock-in numbering rules
 * (a new database before its seed runs). A database seeded earlier also gets 办公用品申领 opening the
 * declared requests instead of 功能建设中, for every role, with its buttons; a new one has that from
 * the seed (menu-data-office.ts). The catalogue, stock-in, returns and ledger screens make their own
 * menu rows at start (their declarations' `menu`). Values are written out here: a shipped migration
 * never changes. A second run changes nothing.
 */
const DICTS: { code: string; name: string; items: [string, string][] }[] = [
  {
    code: 'approval_status',
    name: '审批状态',
    items: [
      ['0', '草稿'],
      ['1', '审批中'],
      ['2', '已通过'],
      ['3', '已驳回'],
      ['4', '已撤回'],
      ['5', '已终止'],
    ],
  },
  {
    code: 'office_supply_category',
    name: '办公用品类别',
    items: [
      ['1', '纸张本册'],
      ['2', '书写工具'],
      ['3', '文件管理'],
      ['4', '桌面用品'],
      ['5', '打印耗材'],
      ['6', '电脑配件'],
      ['7', '清洁用品'],
      ['8', '接待用品'],
    ],
  },
  {
    code: 'office_item_status',
    name: '物品状态',
    items: [
      ['1', '在用'],
      ['0', '停用'],
    ],
  },
  {
    code: 'office_move_type',
    name: '库存变动类型',
    items: [
      ['1', '采购入库'],
      ['2', '领用出库'],
      ['3', '归还入库'],
    ],
  },
  {
    code: 'office_doc_status',
    name: '出入库单状态',
    items: [
      ['0', '待确认'],
      ['1', '已确认'],
    ],
  },
  {
    code: 'office_low_stock',
    name: '库存预警',
    items: [
      ['0', '正常'],
      ['1', '低于安全库存'],
    ],
  },
];

const FILL_RULES = [
  {
    code: 'office_request_no',
    name: '领用单号',
    params: { prefix: 'LY', datePattern: 'yyyyMMdd', separator: '-', digits: 3 },
    remark: '如 LY20261126-001，每天从001重新编号',
  },
  {
    code: 'office_stock_in_no',
    name: '入库单号',
    params: { prefix: 'RK', datePattern: 'yyyyMMdd', separator: '-', digits: 3 },
    remark: '如 RK20261126-001，每天从001重新编号',
  },
];

type Role = 'manager' | 'staff' | 'analyst';
const ALL: Role[] = ['manager', 'staff', 'analyst'];
const REQUESTS_URL = '/office/supplies';
const BUTTONS: { perms: string; name: string; roles: Role[] }[] = [
  { perms: 'officeRequest:add', name: '申领办公用品', roles: ALL },
  { perms: 'officeRequest:all', name: '查看全部申领', roles: [] },
  { perms: 'officeRequest:export', name: '导出申领单', roles: [] },
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
      select ${seedId(`fillRule:${rule.code}`)}, ${rule.name}, ${rule.code}, 'dateSequence',
        ${JSON.stringify(rule.params)}, ${rule.remark}, 'admin', now()
      where not exists (select 1 from sys_fill_rule where rule_code = ${rule.code})`.execute(db);
}

/** 办公用品申领 opens the declared requests, for every role, with its buttons. */
async function updateMenu(db: Kysely<unknown>): Promise<void> {
  await sql`update sys_permission set component = 'declared/officeRequest?type=1', name = '办公用品申领'
    where url = ${REQUESTS_URL} and menu_type <> 2`.execute(db);
  const menu = await sql<{ id: string; parentId: string | null }>`select id, parent_id as "parentId"
    from sys_permission where url = ${REQUESTS_URL} and menu_type <> 2 and del_flag = 0 order by id limit 1`.execute(
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

export const approvalsOfficeSupplies: Migration = {
  async up(db: Kysely<unknown>) {
    await addDicts(db);
    const seeded = await sql<{ n: number }>`select count(*)::int as n from sys_user`.execute(db);
    if (Number(seeded.rows[0]?.n ?? 0) === 0) return;
    await updateMenu(db);
  },
};
