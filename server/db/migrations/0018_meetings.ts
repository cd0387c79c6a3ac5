import { sql, type Kysely, type Migration } from 'kysely';
import { seedId } from '../seed/ids.js';

/**
 * Meetings and evaluation templates (docs/modules/meetings.md) on a database seeded before them:
 * 会议列表, 会议室管理 and 考核模板 open their declared screens instead of 功能建设中, the buttons the
 * seed gives managers exist and are granted to admin and manager, and the dictionaries and the
 * meeting number's fill rule exist. A new database gets all of it from the seed (this step then
 * finds no users and does nothing). Values are written out, not imported: a shipped migration never
 * changes. Every statement adds only what is missing, so a second run changes nothing.
 */
const SCREENS: [from: string, to: string][] = [
  ['modules/meeting/MeetingList', 'declared/meeting'],
  ['modules/meeting/MeetingRoomList', 'declared/meetingRoom'],
  ['modules/evaluation/EvaluationTemplateList', 'declared/evalTemplate'],
];

const BUTTONS: { menuUrl: string; perms: string; name: string; sortNo: number }[] = [
  { menuUrl: '/meeting/list', perms: 'meeting:add', name: '新建会议', sortNo: 1 },
  { menuUrl: '/meeting/list', perms: 'meeting:edit', name: '编辑会议', sortNo: 2 },
  { menuUrl: '/meeting/list', perms: 'meeting:delete', name: '删除会议', sortNo: 3 },
  { menuUrl: '/meeting/list', perms: 'meeting:export', name: '导出会议', sortNo: 4 },
  { menuUrl: '/meeting/room', perms: 'meetingRoom:add', name: '新增会议室', sortNo: 1 },
  { menuUrl: '/meeting/room', perms: 'meetingRoom:edit', name: '编辑会议室', sortNo: 2 },
  { menuUrl: '/meeting/room', perms: 'meetingRoom:delete', name: '删除会议室', sortNo: 3 },
  { menuUrl: '/evaluation/template', perms: 'evalTemplate:add', name: '新增考核模板', sortNo: 1 },
  { menuUrl: '/evaluation/template', perms: 'evalTemplate:edit', name: '编辑考核模板', sortNo: 2 },
  { menuUrl: '/evaluation/template', perms: 'evalTemplate:delete', name: '删除考核模板', sortNo: 3 },
];
const GRANTED_ROLES = ['admin', 'manager'];

const DICTS: { code: string; name: string; items: [string, string][] }[] = [
  {
    code: 'meeting_type',
    name: '会议类型',
    items: [
      ['1', '例会'],
      ['2', '专题会'],
      ['3', '评审会'],
      ['4', '客户接待会'],
      ['5', '培训会'],
      ['9', '其他'],
    ],
  },
  {
    code: 'meeting_status',
    name: '会议状态',
    items: [
      ['0', '未开始'],
      ['1', '进行中'],
      ['2', '已结束'],
      ['3', '已取消'],
    ],
  },
  {
    code: 'meeting_room_status',
    name: '会议室状态',
    items: [
      ['1', '可用'],
      ['0', '停用'],
    ],
  },
  {
    code: 'meeting_equipment',
    name: '会议室设备',
    items: [
      ['projector', '投影仪'],
      ['screen', 'LED大屏'],
      ['video', '视频会议终端'],
      ['audio', '扩声系统'],
      ['whiteboard', '电子白板'],
      ['phone', '会议电话'],
    ],
  },
  {
    code: 'eval_applies_to',
    name: '考核适用对象',
    items: [
      ['1', '全体员工'],
      ['2', '管理岗'],
      ['3', '技术岗'],
      ['4', '业务岗'],
      ['5', '职能岗'],
    ],
  },
  {
    code: 'eval_template_status',
    name: '考核模板状态',
    items: [
      ['1', '启用'],
      ['0', '停用'],
    ],
  },
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

export const meetings: Migration = {
  async up(db: Kysely<unknown>) {
    const seeded = await sql<{ n: number }>`select count(*)::int as n from sys_user`.execute(db);
    if (Number(seeded.rows[0]?.n ?? 0) === 0) return;
    for (const [from, to] of SCREENS)
      await sql`update sys_permission set component = ${to} where component = ${from}`.execute(db);
    await addButtons(db);
    await addDicts(db);
    await sql`insert into sys_fill_rule (id, rule_name, rule_code, rule_class, rule_params, remark, create_by)
      select ${seedId('fillRule:meeting_no')}, '会议编号', 'meeting_no', 'dateSequence',
        ${JSON.stringify({ prefix: 'HY', datePattern: 'yyyyMMdd', separator: '-', digits: 3 })},
        '如 HY20261126-001，每天从001重新编号', 'admin'
      where not exists (select 1 from sys_fill_rule where rule_code = 'meeting_no')`.execute(db);
  },
};
