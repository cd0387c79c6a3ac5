/**
 * Migration 0040: a database seeded before project stages gets the stage dictionary, 项目流程图 and
 * 节点详情 for every role, and the new buttons with their grants, once.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../server/db/database.js';
import { projectStages } from '../../server/db/migrations/0040_project_stages.js';
import { openTestDatabase } from './template-db.js';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const NEW_BUTTONS = ['project:advance', 'projectNode:upload', 'nodeTemplate:edit'];
const PAGES = ['/project/flowChart', '/project/nodeDetails'];

describe('0040_project_stages', () => {
  it('adds the stage dictionary, opens the stage pages to staff and adds the buttons once', async () => {
    const db = database.db;
    // The database as a session before this one left it.
    await sql`delete from sys_permission where perms in (${sql.join(NEW_BUTTONS)})`.execute(db);
    await sql`delete from sys_role_permission where permission_id in
      (select id from sys_permission where url in (${sql.join(PAGES)}))
      and role_id in (select id from sys_role where role_code in ('staff', 'analyst'))`.execute(db);
    await sql`delete from sys_dict_item where dict_id in (select id from sys_dict where dict_code = 'project_stage')`.execute(
      db,
    );
    await sql`delete from sys_dict where dict_code = 'project_stage'`.execute(db);

    await projectStages.up(db);
    await projectStages.up(db); // a second run changes nothing and does not fail

    const items = await sql<{ v: string; t: string }>`select i.item_value as v, i.item_text as t
      from sys_dict_item i join sys_dict d on d.id = i.dict_id where d.dict_code = 'project_stage'
      order by i.sort_order`.execute(db);
    expect(items.rows.map((r) => r.t)).toEqual(['立项', '需求调研', '方案设计', '实施', '验收', '结项']);
    const grants = await sql<{ perms: string; role: string }>`select p.perms, r.role_code as role
      from sys_permission p join sys_role_permission g on g.permission_id = p.id
      join sys_role r on r.id = g.role_id where p.perms in (${sql.join(NEW_BUTTONS)})
      order by p.perms, r.role_code`.execute(db);
    expect(grants.rows).toEqual([
      { perms: 'nodeTemplate:edit', role: 'admin' },
      { perms: 'nodeTemplate:edit', role: 'manager' },
      { perms: 'project:advance', role: 'admin' },
      { perms: 'project:advance', role: 'analyst' },
      { perms: 'project:advance', role: 'manager' },
      { perms: 'project:advance', role: 'staff' },
      { perms: 'projectNode:upload', role: 'admin' },
      { perms: 'projectNode:upload', role: 'analyst' },
      { perms: 'projectNode:upload', role: 'manager' },
      { perms: 'projectNode:upload', role: 'staff' },
    ]);
    const staff = await sql<{ url: string }>`select distinct p.url from sys_permission p
      join sys_role_permission g on g.permission_id = p.id join sys_role r on r.id = g.role_id
      where r.role_code = 'staff' and p.url in (${sql.join(PAGES)}) order by p.url`.execute(db);
    expect(staff.rows.map((r) => r.url)).toEqual(['/project/flowChart', '/project/nodeDetails']);
  });
});
