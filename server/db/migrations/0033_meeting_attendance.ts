import { sql, type Kysely, type Migration } from 'kysely';
import { seedId } from '../seed/ids.js';

/**
 * Meeting attendance (签到, docs/modules/meetings.md). Every database gets the attendance table
 * (one row per meeting and person who signed in, was marked on leave or signed in afterwards by the
 * organiser; who never signed has no row) and the two dictionaries. A new database also gets a
 * mark so its first start adds attendance to the held demo meetings (server/meeting/attendance-demo.ts);
 * a database seeded earlier gets 我的会议, the hidden 签到情况 page, the 签到 button and their grants,
 * and staff now see the 会议管理 group. Values are written out, not imported: a shipped migration
 * never changes. A second run changes nothing.
 */
type Role = 'manager' | 'staff' | 'analyst';
const ALL: Role[] = ['manager', 'staff', 'analyst'];

const DICTS: { code: string; name: string; items: [string, string][] }[] = [
  {
    code: 'meeting_attend_status',
    name: '签到状态',
    items: [
      ['0', '未签到'],
      ['1', '已签到'],
      ['2', '迟到'],
      ['3', '请假'],
      ['4', '缺席'],
    ],
  },
  {
    code: 'meeting_sign_type',
    name: '签到方式',
    items: [
      ['1', '本人签到'],
      ['2', '补签'],
    ],
  },
];

const MENUS: {
  key: string;
  name: string;
  url: string;
  component: string;
  sortNo: number;
  hidden: boolean;
}[] = [
  {
    key: 'meeting.mine',
    name: '我的会议',
    url: '/meeting/mine',
    component: 'declared/meeting?type=1',
    sortNo: 0,
    hidden: false,
  },
  {
    key: 'meeting.attendance',
    name: '签到情况',
    url: '/meeting/attendance',
    component: 'declared/meetingAttendance',
    sortNo: 9,
    hidden: true,
  },
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
}

async function addMenus(db: Kysely<unknown>): Promise<void> {
  const groupId = seedId('menu:meeting');
  const group = await sql`select 1 from sys_permission where id = ${groupId}`.execute(db);
  if (group.rows.length === 0) return;
  // Staff and analysts sign in to their meetings: the group shows to everyone from now on.
  await grant(db, groupId, ALL);
  for (const m of MENUS) {
    const id = seedId(`menu:${m.key}`);
    const made =
      await sql`insert into sys_permission (id, parent_id, name, url, component, menu_type, perms_type,
        sort_no, always_show, is_route, is_leaf, keep_alive, hidden, hide_tab, internal_or_external, status,
        del_flag, create_by)
      select ${id}, ${groupId}, ${m.name}, ${m.url}, ${m.component}, 1, '1', ${m.sortNo}, false, true, true,
        false, ${m.hidden}, false, false, '1', 0, 'admin'
      where not exists (select 1 from sys_permission where url = ${m.url} and menu_type <> 2)`.execute(db);
    if (Number(made.numAffectedRows ?? 0) > 0) await grant(db, id, m.hidden ? ['manager'] : ALL);
  }
  const mine = await sql<{ id: string }>`select id from sys_permission
    where url = '/meeting/mine' and menu_type <> 2 and del_flag = 0 order by id limit 1`.execute(db);
  const parentId = mine.rows[0]?.id;
  if (!parentId) return;
  const id = seedId('button:meeting:signIn');
  const made = await sql`insert into sys_permission (id, parent_id, name, menu_type, perms, perms_type,
      sort_no, is_route, is_leaf, status, del_flag, create_by)
    select ${id}, ${parentId}, '会议签到', 2, 'meeting:signIn', '1', 1, false, true, '1', 0, 'admin'
    where not exists (select 1 from sys_permission where perms = 'meeting:signIn' and menu_type = 2)`.execute(
    db,
  );
  if (Number(made.numAffectedRows ?? 0) > 0) await grant(db, id, ALL);
}

export const meetingAttendance: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create table if not exists biz_meeting_attendance (
      id varchar(32) primary key,
      meeting_id varchar(32) not null,
      username varchar(64) not null,
      status varchar(1) not null,
      sign_type varchar(1),
      sign_time timestamptz,
      note varchar(200),
      marked_by varchar(64),
      create_time timestamptz not null default now(),
      update_time timestamptz,
      unique (meeting_id, username)
    )`.execute(db);
    await addDicts(db);
    const seeded = await sql<{ n: number }>`select count(*)::int as n from sys_user`.execute(db);
    if (Number(seeded.rows[0]?.n ?? 0) === 0) {
      // A new database: its seed adds the demo meetings; their attendance follows at the first start.
      await sql`insert into sys_seed_pending (name) values ('meeting-attendance-demo')
        on conflict do nothing`.execute(db);
      return;
    }
    await addMenus(db);
  },
};
