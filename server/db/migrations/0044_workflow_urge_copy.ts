import { sql, type Kysely, type Migration } from 'kysely';
import { seedId } from '../seed/ids.js';

/**
 * Workflow slice 5b (issue 14, docs/modules/workflow.md "Slice 5b"): 催办, 抄送, the exception list
 * and the user's statistics.
 * - `wf_urge`: one row per 催办 of an instance (who, whom, when, the message); the reminder itself is
 *   a `sys_urge` row of app type `flow` (its check widened here), read in the reminder modal;
 * - `wf_copy`: one row per person a task or instance was copied to (抄送), with its read state;
 * - `wf_exception_handle`: what an admin did about a failed timer (重试, 指派, 忽略), the audit;
 * - the dictionaries' new values, and on a database seeded earlier the menus 我的抄送 / 催办记录 /
 *   流程异常 / 我的流程统计 and the buttons (a new database has them from the seed).
 * Idempotent; the values are written out here: a shipped migration never changes.
 */
type Role = 'manager' | 'staff' | 'analyst';
const ALL: Role[] = ['manager', 'staff', 'analyst'];

const MENUS: { key: string; name: string; url: string; component: string; sortNo: number; roles: Role[] }[] =
  [
    {
      key: 'flow.copy',
      name: '我的抄送',
      url: '/flow/copy',
      component: 'declared/flowCopy',
      sortNo: 8,
      roles: ALL,
    },
    {
      key: 'flow.urge',
      name: '催办记录',
      url: '/flow/urge',
      component: 'declared/flowUrge',
      sortNo: 9,
      roles: ALL,
    },
    {
      key: 'flow.stats',
      name: '我的流程统计',
      url: '/flow/stats',
      component: 'declared/flowStats',
      sortNo: 10,
      roles: ALL,
    },
    {
      key: 'flow.exception',
      name: '流程异常',
      url: '/flow/exception',
      component: 'declared/flowException',
      sortNo: 11,
      roles: [],
    },
  ];

const BUTTONS: { url: string; perms: string; name: string; roles: Role[] }[] = [
  { url: '/flow/todo', perms: 'flowTask:copy', name: '抄送', roles: ALL },
  { url: '/flow/mySend', perms: 'flowInstance:urge', name: '催办流程', roles: ALL },
  { url: '/flow/instance', perms: 'flowMonitor:urge', name: '催办（管理员）', roles: [] },
  { url: '/flow/urge', perms: 'flowUrge:all', name: '查看全部催办', roles: [] },
  { url: '/flow/exception', perms: 'flowException:list', name: '查看流程异常', roles: [] },
  { url: '/flow/exception', perms: 'flowException:retry', name: '重试', roles: [] },
  { url: '/flow/exception', perms: 'flowException:assign', name: '指派', roles: [] },
  { url: '/flow/exception', perms: 'flowException:ignore', name: '忽略', roles: [] },
];

/** Workflow dictionaries (only migrations make them; the seed does not know them). */
const DICT_ITEMS: [string, string, [string, string][]][] = [
  [
    'wf_action',
    '审批操作',
    [
      ['copy', '抄送'],
      ['urge', '催办'],
    ],
  ],
  [
    'wf_exception_status',
    '流程异常状态',
    [
      ['open', '待处理'],
      ['retried', '已重试'],
      ['assigned', '已指派'],
      ['ignored', '已忽略'],
      ['closed', '流程已结束'],
    ],
  ],
  [
    'wf_exception_kind',
    '流程异常类型',
    [
      ['timer', '定时器失败'],
      ['nobody', '找不到处理人'],
      ['service', '服务处理失败'],
    ],
  ],
];

async function grant(db: Kysely<unknown>, permissionId: string, roles: readonly string[]): Promise<void> {
  for (const role of ['admin', ...roles])
    await sql`insert into sys_role_permission (role_id, permission_id)
      select r.id, ${permissionId} from sys_role r where r.role_code = ${role}
      on conflict do nothing`.execute(db);
}

async function addDictItems(db: Kysely<unknown>): Promise<void> {
  for (const [code, name, items] of DICT_ITEMS) {
    await sql`insert into sys_dict (id, dict_code, dict_name, del_flag, create_by)
      select ${seedId(`dict:${code}`)}, ${code}, ${name}, 0, 'admin'
      where not exists (select 1 from sys_dict where dict_code = ${code})`.execute(db);
    for (const [i, [value, text]] of items.entries())
      await sql`insert into sys_dict_item (id, dict_id, item_value, item_text, sort_order, status, create_by)
        select ${seedId(`dictItem:${code}:${value}`)}, d.id, ${value}, ${text}, ${i + 10}, 1, 'admin'
        from sys_dict d where d.dict_code = ${code}
          and not exists (select 1 from sys_dict_item x where x.dict_id = d.id and x.item_value = ${value})
        on conflict do nothing`.execute(db);
  }
}

/** urge_app_type is seeded (entity-dicts.ts, with 流程 for a new database): only its new item here. */
async function addUrgeAppType(db: Kysely<unknown>): Promise<void> {
  await sql`insert into sys_dict_item (id, dict_id, item_value, item_text, sort_order, status, create_by)
    select ${seedId('dictItem:urge_app_type:flow')}, d.id, 'flow', '流程', 3, 1, 'admin'
    from sys_dict d where d.dict_code = 'urge_app_type'
      and not exists (select 1 from sys_dict_item x where x.dict_id = d.id and x.item_value = 'flow')
    on conflict do nothing`.execute(db);
}

async function addTables(db: Kysely<unknown>): Promise<void> {
  await sql`create table if not exists wf_urge (
    id varchar(32) primary key,
    instance_id varchar(32) not null,
    urger varchar(64) not null,
    targets varchar(2000) not null,
    target_names varchar(2000) not null,
    content varchar(1000) not null default '',
    tenant_id integer not null default 0,
    create_time timestamptz not null default now())`.execute(db);
  await sql`create index if not exists wf_urge_instance on wf_urge (instance_id, create_time desc)`.execute(
    db,
  );
  await sql`create table if not exists wf_copy (
    id varchar(32) primary key,
    instance_id varchar(32) not null,
    task_id varchar(32),
    from_user varchar(64) not null,
    username varchar(64) not null,
    note varchar(1000) not null default '',
    read_flag varchar(1) not null default '0' check (read_flag in ('0', '1')),
    read_time timestamptz,
    tenant_id integer not null default 0,
    create_time timestamptz not null default now(),
    unique (instance_id, username))`.execute(db);
  await sql`create index if not exists wf_copy_user on wf_copy (username, read_flag)`.execute(db);
  await sql`create table if not exists wf_exception_handle (
    id varchar(32) primary key,
    source varchar(10) not null,
    source_id varchar(32) not null,
    action varchar(10) not null,
    username varchar(64) not null,
    note varchar(1000) not null default '',
    result varchar(500),
    tenant_id integer not null default 0,
    create_time timestamptz not null default now())`.execute(db);
  await sql`create index if not exists wf_exception_handle_source on wf_exception_handle (source, source_id)`.execute(
    db,
  );
  await sql`alter table sys_urge drop constraint if exists sys_urge_app_type_check`.execute(db);
  await sql`alter table sys_urge add constraint sys_urge_app_type_check
    check (app_type in ('workOrder', 'project', 'flow'))`.execute(db);
}

async function addMenus(db: Kysely<unknown>): Promise<void> {
  const group = await sql<{ id: string }>`select id from sys_permission
    where url = '/flow' and menu_type <> 2 and del_flag = 0 order by id limit 1`.execute(db);
  const parentId = group.rows[0]?.id;
  if (!parentId) return;
  for (const m of MENUS) {
    const id = seedId(`menu:${m.key}`);
    const made =
      await sql`insert into sys_permission (id, parent_id, name, url, component, menu_type, perms_type,
        sort_no, always_show, is_route, is_leaf, keep_alive, hidden, hide_tab, internal_or_external, status,
        del_flag, create_by)
      select ${id}, ${parentId}, ${m.name}, ${m.url}, ${m.component}, 1, '1', ${m.sortNo}, false, true, true,
        false, false, false, false, '1', 0, 'admin'
      where not exists (select 1 from sys_permission where url = ${m.url} and menu_type <> 2)`.execute(db);
    if (Number(made.numAffectedRows ?? 0) > 0) await grant(db, id, m.roles);
  }
}

async function addButtons(db: Kysely<unknown>): Promise<void> {
  for (const [i, b] of BUTTONS.entries()) {
    const parent = await sql<{ id: string }>`select id from sys_permission
      where url = ${b.url} and menu_type <> 2 and del_flag = 0 order by id limit 1`.execute(db);
    const parentId = parent.rows[0]?.id;
    if (!parentId) continue;
    const made = await sql`insert into sys_permission (id, parent_id, name, menu_type, perms, perms_type,
        sort_no, is_route, is_leaf, status, del_flag, create_by)
      select ${seedId(`button:${b.perms}`)}, ${parentId}, ${b.name}, 2, ${b.perms}, '1', ${i + 20}, false, true,
        '1', 0, 'admin'
      where not exists (select 1 from sys_permission where perms = ${b.perms} and menu_type = 2)`.execute(db);
    if (Number(made.numAffectedRows ?? 0) === 0) continue;
    await sql`update sys_permission set is_leaf = false where id = ${parentId}`.execute(db);
    await grant(db, seedId(`button:${b.perms}`), b.roles);
  }
}

export const workflowUrgeCopy: Migration = {
  async up(db: Kysely<unknown>) {
    await addTables(db);
    await addDictItems(db);
    await addUrgeAppType(db);
    const seeded = await sql<{ n: number }>`select count(*)::int as n from sys_user`.execute(db);
    if (Number(seeded.rows[0]?.n ?? 0) === 0) return;
    await addMenus(db);
    await addButtons(db);
  },
};
