/** Migrations 0015 and 0017: a database seeded before the work-order module gets its screens and dictionaries. */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../server/db/database.js';
import { workOrderMenus } from '../../server/db/migrations/0015_workorder_menus.js';
import { todoCenter } from '../../server/db/migrations/0017_todo_center.js';
import { openTestDatabase } from './template-db.js';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const component = async (url: string) =>
  (
    await sql<{ component: string }>`select component from sys_permission where url = ${url}`.execute(
      database.db,
    )
  ).rows[0].component;

describe('0015_workorder_menus', () => {
  it('points the old 功能建设中 entries at the declared screens and adds the dictionaries once', async () => {
    const db = database.db;
    await sql`update sys_permission set component = 'modules/workOrder/MyChargeWorkOrder' where url = '/workOrder/myCharge'`.execute(
      db,
    );
    await sql`delete from sys_dict_item where dict_id in (select id from sys_dict where dict_code = 'work_order_type')`.execute(
      db,
    );
    await sql`delete from sys_dict where dict_code = 'work_order_type'`.execute(db);
    await workOrderMenus.up(db);
    await workOrderMenus.up(db); // a second run changes nothing and does not fail
    expect(await component('/workOrder/myCharge')).toBe('declared/workOrder?type=1');
    expect(await component('/workOrder/list')).toBe('declared/workOrder');
    const items = await sql<{ text: string }>`select i.item_text as text from sys_dict_item i
      join sys_dict d on d.id = i.dict_id where d.dict_code = 'work_order_type' order by i.sort_order`.execute(
      db,
    );
    expect(items.rows.map((r) => r.text)).toEqual([
      '接待服务',
      '会务保障',
      '设备维修',
      '后勤保障',
      '信息化支持',
      '行政事务',
      '其他',
    ]);
  });
});

describe('0017_todo_center', () => {
  it('points 待办中心 at the declared to-do list and adds its dictionary once', async () => {
    const db = database.db;
    await sql`update sys_permission set component = 'modules/work/TodoCenter' where url = '/HomePage/todoCenter'`.execute(
      db,
    );
    await sql`delete from sys_dict_item where dict_id in (select id from sys_dict where dict_code = 'todo_kind')`.execute(
      db,
    );
    await sql`delete from sys_dict where dict_code = 'todo_kind'`.execute(db);
    await todoCenter.up(db);
    await todoCenter.up(db); // a second run changes nothing and does not fail
    expect(await component('/HomePage/todoCenter')).toBe('declared/todoItem');
    const items = await sql<{ value: string; text: string }>`select i.item_value as value, i.item_text as text
      from sys_dict_item i join sys_dict d on d.id = i.dict_id where d.dict_code = 'todo_kind'
      order by i.sort_order`.execute(db);
    expect(items.rows).toEqual([
      { value: 'workOrder', text: '工单' },
      { value: 'workOrderSub', text: '子工单' },
    ]);
  });
});
