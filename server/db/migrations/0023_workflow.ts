import { sql, type Kysely, type Migration } from 'kysely';
import { seedId } from '../seed/ids.js';

/**
 * The workflow (issue 14, docs/modules/workflow.md): deployed versions, instances with the
 * engine's state, tasks and the history; the dictionaries of the leave request and the flow
 * screens; and, on a database seeded before, 我的待办 / 我的已办 / 我发起的 / 请假 opening the
 * declared screens. Idempotent; the values are written out here: a shipped migration never changes.
 */
const DICTS: [string, string, [string, string][]][] = [
  [
    'leave_type',
    '请假类型',
    [
      ['1', '事假'],
      ['2', '病假'],
      ['3', '年假'],
      ['4', '调休'],
      ['5', '婚假'],
      ['6', '产假'],
      ['7', '丧假'],
    ],
  ],
  [
    'half_day',
    '上下午',
    [
      ['1', '上午'],
      ['2', '下午'],
    ],
  ],
  [
    'leave_status',
    '请假状态',
    [
      ['0', '草稿'],
      ['1', '审批中'],
      ['2', '已通过'],
      ['3', '已驳回'],
      ['4', '已撤回'],
    ],
  ],
  [
    'wf_action',
    '审批操作',
    [
      ['start', '提交'],
      ['approve', '同意'],
      ['reject', '驳回'],
      ['withdraw', '撤回'],
      ['end', '结束'],
    ],
  ],
  [
    'wf_task_status',
    '任务状态',
    [
      ['todo', '待审批'],
      ['done', '已审批'],
      ['cancelled', '已取消'],
    ],
  ],
  [
    'wf_instance_status',
    '流程状态',
    [
      ['running', '审批中'],
      ['approved', '已通过'],
      ['rejected', '已驳回'],
      ['withdrawn', '已撤回'],
    ],
  ],
];

/** Menu components of the seed before this step -> the declared screens. */
const MENUS: [string, string][] = [
  ['modules/work/MyTodoList', 'declared/flowTask?type=1'],
  ['modules/work/MyDoneList', 'declared/flowTask?type=2'],
  ['modules/work/MySendList', 'declared/flowInstance'],
  ['modules/leave/LeaveList', 'declared/leave?type=1'],
];

/** [menu url, code, name, roles below admin]: the flow screens' buttons (a new database gets them from the seed). */
const BUTTONS: [string, string, string, string[]][] = [
  ['/flow/deploy', 'flowDefinition:deploy', '部署流程', []],
  ['/flow/todo', 'flowTask:approve', '同意', ['manager', 'staff', 'analyst']],
  ['/flow/todo', 'flowTask:reject', '驳回', ['manager', 'staff', 'analyst']],
  ['/flow/mySend', 'flowInstance:withdraw', '撤回流程', ['manager', 'staff', 'analyst']],
  ['/flow/leave', 'leave:list', '查看全部请假', []],
];

async function addButtons(db: Kysely<unknown>): Promise<void> {
  for (const [i, [url, code, name, roles]] of BUTTONS.entries()) {
    const parent = await sql<{ id: string }>`select id from sys_permission
      where url = ${url} and menu_type <> 2 and del_flag = 0 order by id limit 1`.execute(db);
    const parentId = parent.rows[0]?.id;
    if (!parentId) continue;
    const id = seedId(`button:${code}`);
    const made = await sql`insert into sys_permission (id, parent_id, name, menu_type, perms, perms_type,
        sort_no, is_route, is_leaf, status, del_flag, create_by)
      select ${id}, ${parentId}, ${name}, 2, ${code}, '1', ${i + 1}, false, true, '1', 0, 'admin'
      where not exists (select 1 from sys_permission where perms = ${code} and menu_type = 2)`.execute(db);
    if (Number(made.numAffectedRows ?? 0) === 0) continue;
    await sql`update sys_permission set is_leaf = false where id = ${parentId}`.execute(db);
    for (const role of ['admin', ...roles])
      await sql`insert into sys_role_permission (role_id, permission_id)
        select r.id, ${id} from sys_role r where r.role_code = ${role} on conflict do nothing`.execute(db);
  }
}

export const workflow: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create table if not exists wf_definition (
      id varchar(32) primary key,
      process_key varchar(64) not null,
      version integer not null,
      name varchar(200) not null,
      xml text not null,
      model text not null,
      status varchar(10) not null default 'active',
      tenant_id integer not null default 0,
      create_by varchar(64),
      create_time timestamptz not null default now(),
      unique (process_key, version))`.execute(db);
    await sql`create table if not exists wf_instance (
      id varchar(32) primary key,
      definition_id varchar(32) not null references wf_definition(id),
      process_key varchar(64) not null,
      business_key varchar(64) not null,
      title varchar(200) not null,
      starter varchar(100) not null,
      starter_org varchar(64),
      form text not null,
      state text not null,
      status varchar(10) not null,
      current_node varchar(500),
      row_version integer not null default 0,
      tenant_id integer not null default 0,
      create_time timestamptz not null default now(),
      end_time timestamptz)`.execute(db);
    await sql`create index if not exists wf_instance_starter on wf_instance (starter, create_time desc)`.execute(
      db,
    );
    await sql`create index if not exists wf_instance_business on wf_instance (business_key)`.execute(db);
    await sql`create table if not exists wf_task (
      id varchar(32) primary key,
      instance_id varchar(32) not null references wf_instance(id),
      element_id varchar(64) not null,
      name varchar(200) not null,
      assignee varchar(100),
      candidates varchar(2000),
      status varchar(10) not null default 'todo',
      outcome varchar(10),
      comment varchar(1000),
      done_by varchar(100),
      done_time timestamptz,
      row_version integer not null default 0,
      tenant_id integer not null default 0,
      create_time timestamptz not null default now())`.execute(db);
    await sql`create index if not exists wf_task_assignee on wf_task (assignee, status)`.execute(db);
    await sql`create index if not exists wf_task_done_by on wf_task (done_by, status)`.execute(db);
    await sql`create index if not exists wf_task_instance on wf_task (instance_id)`.execute(db);
    await sql`create table if not exists wf_history (
      id varchar(32) primary key,
      instance_id varchar(32) not null references wf_instance(id),
      task_id varchar(32),
      element_id varchar(64),
      node_name varchar(200),
      action varchar(10) not null,
      username varchar(100) not null,
      comment varchar(1000),
      form text,
      create_time timestamptz not null default now())`.execute(db);
    await sql`create index if not exists wf_history_instance on wf_history (instance_id, create_time)`.execute(
      db,
    );

    for (const [code, name, items] of DICTS) {
      await sql`insert into sys_dict (id, dict_code, dict_name, del_flag, create_by)
        select ${seedId(`dict:${code}`)}, ${code}, ${name}, 0, 'admin'
        where not exists (select 1 from sys_dict where dict_code = ${code})`.execute(db);
      for (const [i, [value, text]] of items.entries())
        await sql`insert into sys_dict_item (id, dict_id, item_value, item_text, sort_order, status, create_by)
          select ${seedId(`dictItem:${code}:${value}`)}, d.id, ${value}, ${text}, ${i + 1}, 1, 'admin'
          from sys_dict d where d.dict_code = ${code}
          on conflict do nothing`.execute(db);
    }
    for (const [from, to] of MENUS)
      await sql`update sys_permission set component = ${to} where component = ${from}`.execute(db);
    await addButtons(db);
  },
};
