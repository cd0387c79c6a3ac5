import { sql, type Kysely, type Migration } from 'kysely';
import { seedId } from '../seed/ids.js';

/**
 * Vehicles (issue 19, docs/modules/vehicles.md): the dictionaries of the vehicle screens, the
 * booking numbering rule, the daily 车辆到期提醒 job (insurance and annual inspection due within 30
 * days, once per row) and the demo mark. A database seeded earlier also gets its three vehicle
 * menu rows (车辆维修, 车辆保险, 车辆年检) opening the declared screens instead of 功能建设中; a new one
 * has that from the seed (menu-data-office.ts). Values are written out here: a shipped migration
 * never changes. A second run changes nothing.
 */
const DICTS: { code: string; name: string; items: [string, string][] }[] = [
  {
    code: 'vehicle_type',
    name: '车辆类型',
    items: [
      ['1', '轿车'],
      ['2', 'SUV'],
      ['3', '商务车'],
      ['4', '中巴车'],
      ['5', '大客车'],
      ['6', '货车'],
      ['7', '新能源车'],
    ],
  },
  {
    code: 'vehicle_status',
    name: '车辆状态',
    items: [
      ['1', '可用'],
      ['2', '使用中'],
      ['3', '维修中'],
      ['0', '停用'],
    ],
  },
  {
    code: 'vehicle_trip_status',
    name: '出车状态',
    items: [
      ['0', '未出车'],
      ['1', '已出车'],
      ['2', '已还车'],
    ],
  },
  {
    code: 'vehicle_maintenance_type',
    name: '保养维修类型',
    items: [
      ['1', '保养'],
      ['2', '维修'],
    ],
  },
  {
    code: 'vehicle_insurance_type',
    name: '车辆保险类型',
    items: [
      ['1', '交强险'],
      ['2', '商业险'],
    ],
  },
  {
    code: 'vehicle_inspection_result',
    name: '年检结果',
    items: [
      ['1', '合格'],
      ['0', '不合格'],
    ],
  },
];

const MENUS: [string, string, string][] = [
  ['/office/vehicle/repair', '车辆维修', 'declared/vehicleMaintenance'],
  ['/office/vehicle/insurance', '车辆保险', 'declared/vehicleInsurance'],
  ['/office/vehicle/annual', '车辆年检', 'declared/vehicleInspection'],
];

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
  await sql`insert into sys_fill_rule (id, rule_name, rule_code, rule_class, rule_params, remark, create_by,
      create_time)
    select ${seedId('fillRule:vehicle_booking_no')}, '用车单号', 'vehicle_booking_no', 'dateSequence',
      ${JSON.stringify({ prefix: 'YC', datePattern: 'yyyyMMdd', separator: '-', digits: 3 })},
      '如 YC20261126-001，每天从001重新编号', 'admin', now()
    where not exists (select 1 from sys_fill_rule where rule_code = 'vehicle_booking_no')`.execute(db);
}

export const vehicles: Migration = {
  async up(db: Kysely<unknown>) {
    await addDicts(db);
    // 08:30 every day, stopped like every seeded job (an admin starts it); a missed morning is
    // skipped, the next run reminds the same rows.
    await sql`insert into sys_quartz_job (id, job_name, handler, cron_expression, parameter, status,
        misfire_policy, description, create_by)
      values (${seedId('quartzJob:vehicleExpiry')}, '车辆到期提醒', 'vehicleExpiryReminder', '0 30 8 * * ? *',
        '{"days":30}', '0', '2', '保险或年检在30天内到期的车辆，每条记录提醒行政办公室一次', 'admin')
      on conflict do nothing`.execute(db);
    await sql`insert into sys_seed_pending (name) values ('vehicle-demo') on conflict do nothing`.execute(db);
    for (const [url, name, component] of MENUS)
      await sql`update sys_permission set component = ${component}, name = ${name}
        where url = ${url} and menu_type <> 2 and component like 'modules/vehicle/%'`.execute(db);
  },
};
