/** Migration 0018: a database seeded before meetings gets their screens, buttons, grants, dictionaries and rule. */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../server/db/database.js';
import { meetings } from '../../server/db/migrations/0018_meetings.js';
import { openTestDatabase } from './template-db.js';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const NEW_BUTTONS = ['meeting:edit', 'meetingRoom:add', 'evalTemplate:delete'];
const DICTS = [
  'meeting_type',
  'meeting_status',
  'meeting_room_status',
  'meeting_equipment',
  'eval_applies_to',
];

describe('0018_meetings', () => {
  it('opens 会议列表, 会议室管理 and 考核模板 as declared screens and adds buttons, dictionaries and the rule once', async () => {
    const db = database.db;
    // The database as a session before this one left it.
    await sql`update sys_permission set component = 'modules/meeting/MeetingList' where url = '/meeting/list'`.execute(
      db,
    );
    await sql`update sys_permission set component = 'modules/meeting/MeetingRoomList' where url = '/meeting/room'`.execute(
      db,
    );
    await sql`update sys_permission set component = 'modules/evaluation/EvaluationTemplateList'
      where url = '/evaluation/template'`.execute(db);
    await sql`delete from sys_permission where perms in (${sql.join(NEW_BUTTONS)})`.execute(db);
    await sql`delete from sys_dict_item where dict_id in (select id from sys_dict where dict_code in (${sql.join(DICTS)}))`.execute(
      db,
    );
    await sql`delete from sys_dict where dict_code in (${sql.join(DICTS)})`.execute(db);
    await sql`delete from sys_fill_rule where rule_code = 'meeting_no'`.execute(db);

    await meetings.up(db);
    await meetings.up(db); // a second run changes nothing and does not fail

    const screens = await sql<{ url: string; component: string }>`select url, component from sys_permission
      where url in ('/meeting/list', '/meeting/room', '/evaluation/template') order by url`.execute(db);
    expect(screens.rows).toEqual([
      { url: '/evaluation/template', component: 'declared/evalTemplate' },
      { url: '/meeting/list', component: 'declared/meeting' },
      { url: '/meeting/room', component: 'declared/meetingRoom' },
    ]);
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
    const items = await sql<{ code: string; n: number }>`select d.dict_code as code, count(i.id)::int as n
      from sys_dict d join sys_dict_item i on i.dict_id = d.id where d.dict_code in (${sql.join(DICTS)})
      group by d.dict_code order by d.dict_code`.execute(db);
    expect(items.rows).toEqual([
      { code: 'eval_applies_to', n: 5 },
      { code: 'meeting_equipment', n: 6 },
      { code: 'meeting_room_status', n: 2 },
      { code: 'meeting_status', n: 4 },
      { code: 'meeting_type', n: 6 },
    ]);
    const rule = await sql<{ n: number }>`select count(*)::int as n from sys_fill_rule
      where rule_code = 'meeting_no'`.execute(db);
    expect(rule.rows[0].n).toBe(1);
  });
});
