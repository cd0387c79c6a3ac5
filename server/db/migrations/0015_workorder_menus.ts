import { sql, type Kysely, type Migration } from 'kysely';
import { seedId } from '../seed/ids.js';

/**
 * The work-order module (docs/modules/workorder.md) on a database seeded before it existed: its
 * menu entries open the declared screens instead of 功能建设中, and its dictionaries exist. A new
 * database gets both from the seed (this step then finds no users and does nothing). The values
 * are written out here, not imported: a shipped migration never changes.
 */
const COMPONENTS: [string, string][] = [
  ['modules/workOrder/WorkOrderList', 'declared/workOrder'],
  ['modules/workOrder/MyChargeWorkOrder', 'declared/workOrder?type=1'],
  ['modules/workOrder/MyLaunchWorkOrder', 'declared/workOrder?type=2'],
  ['modules/workOrder/MyPartakeWorkOrder', 'declared/workOrder?type=3'],
  ['modules/dailyWork/DailyWorkList', 'declared/dailyOrder?type=1'],
];

const DICTS: [string, string, [string, string][]][] = [
  [
    'work_order_type',
    '工单类型',
    [
      ['1', '接待服务'],
      ['2', '会务保障'],
      ['3', '设备维修'],
      ['4', '后勤保障'],
      ['5', '信息化支持'],
      ['6', '行政事务'],
      ['9', '其他'],
    ],
  ],
  [
    'work_order_sub_status',
    '子工单状态',
    [
      ['0', '待处理'],
      ['1', '已完成'],
    ],
  ],
  [
    'work_order_action',
    '工单动态类型',
    [
      ['create', '创建并派发'],
      ['accept', '接收'],
      ['finish', '完成'],
      ['withdraw', '撤回'],
      ['dispatch', '重新派发'],
      ['close', '关闭'],
      ['reopen', '重新打开'],
      ['subFinish', '子工单完成'],
      ['note', '处理记录'],
    ],
  ],
];

export const workOrderMenus: Migration = {
  async up(db: Kysely<unknown>) {
    const seeded = await sql<{ n: number }>`select count(*)::int as n from sys_user`.execute(db);
    if (Number(seeded.rows[0]?.n ?? 0) === 0) return;
    for (const [from, to] of COMPONENTS)
      await sql`update sys_permission set component = ${to} where component = ${from}`.execute(db);
    for (const [code, name, items] of DICTS) {
      const dictId = seedId(`dict:${code}`);
      const made = await sql`insert into sys_dict (id, dict_code, dict_name, del_flag, create_by)
        select ${dictId}, ${code}, ${name}, 0, 'admin'
        where not exists (select 1 from sys_dict where dict_code = ${code})`.execute(db);
      if (Number(made.numAffectedRows ?? 0) === 0) continue;
      for (const [i, [value, text]] of items.entries())
        await sql`insert into sys_dict_item (id, dict_id, item_value, item_text, sort_order, status, create_by)
          values (${seedId(`dictItem:${code}:${value}`)}, ${dictId}, ${value}, ${text}, ${i + 1}, 1, 'admin')`.execute(
          db,
        );
    }
  },
};
