/** Migration 0016: a database seeded before project plans gets the plan screen, buttons, grants, dictionary and rule. */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../server/db/database.js';
import { planAndOrderButtons } from '../../server/db/migrations/0016_plan_and_order_buttons.js';
import { openTestDatabase } from './template-db.js';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const NEW_BUTTONS = ['workOrder:list', 'planTask:add', 'planTask:edit', 'planTask:delete', 'planTask:export'];

describe('0016_plan_and_order_buttons', () => {
  it('opens 全部计划 as the declared screen and adds the buttons, grants, dictionary and fill rule once', async () => {
    const db = database.db;
    // The database as a session before this one left it.
    await sql`update sys_permission set component = 'modules/plan/PlanList' where url = '/plan/list'`.execute(
      db,
    );
    await sql`delete from sys_permission where perms in (${sql.join(NEW_BUTTONS)})`.execute(db);
    await sql`delete from sys_dict_item where dict_id in (select id from sys_dict where dict_code = 'plan_status')`.execute(
      db,
    );
    await sql`delete from sys_dict where dict_code = 'plan_status'`.execute(db);
    await sql`delete from sys_fill_rule where rule_code = 'plan_no'`.execute(db);

    await planAndOrderButtons.up(db);
    await planAndOrderButtons.up(db); // a second run changes nothing and does not fail

    const menu = await sql<{ component: string }>`select component from sys_permission
      where url = '/plan/list'`.execute(db);
    expect(menu.rows[0].component).toBe('declared/projectPlan');
    const grants = await sql<{ perms: string; role: string }>`select p.perms, r.role_code as role
      from sys_permission p join sys_role_permission g on g.permission_id = p.id
      join sys_role r on r.id = g.role_id where p.perms in (${sql.join(NEW_BUTTONS)})
      order by p.perms, r.role_code`.execute(db);
    expect(grants.rows).toEqual(
      [...NEW_BUTTONS].sort().flatMap((perms) => [
        { perms, role: 'admin' },
        { perms, role: 'manager' },
      ]),
    );
    const items = await sql<{ text: string }>`select i.item_text as text from sys_dict_item i
      join sys_dict d on d.id = i.dict_id where d.dict_code = 'plan_status' order by i.sort_order`.execute(
      db,
    );
    expect(items.rows.map((r) => r.text)).toEqual(['未开始', '进行中', '已完成', '已延期']);
    const rule = await sql<{ n: number }>`select count(*)::int as n from sys_fill_rule
      where rule_code = 'plan_no'`.execute(db);
    expect(rule.rows[0].n).toBe(1);
  });
});
