import { sql, type Kysely, type Migration } from 'kysely';
import { seedId } from '../seed/ids.js';

/**
 * Workflow slice 2 (issue 14, docs/modules/workflow.md): the models the modeler edits, who suspended
 * a definition, the dictionary values of suspend / terminate / reassign, and, on a database seeded
 * before, 流程模型 / 流程部署 / 流程实例 / 流程历史 opening the declared screens with their buttons.
 * Idempotent; the values are written out here: a shipped migration never changes.
 */
const DICT_ITEMS: [string, string, [string, string][]][] = [
  [
    'wf_definition_status',
    '流程定义状态',
    [
      ['active', '激活'],
      ['suspended', '挂起'],
    ],
  ],
  ['wf_instance_status', '流程状态', [['terminated', '已终止']]],
  [
    'wf_action',
    '审批操作',
    [
      ['terminate', '终止'],
      ['reassign', '转派'],
    ],
  ],
  ['leave_status', '请假状态', [['5', '已终止']]],
];

const MENUS: [string, string][] = [
  ['modules/flow/FlowModelList', 'declared/flowModel'],
  ['modules/flow/FlowDeployList', 'declared/flowDefinition'],
  ['modules/flow/FlowInstanceList', 'declared/flowMonitor?type=1'],
  ['modules/flow/FlowHistoryList', 'declared/flowMonitor?type=2'],
];

/** [menu url, code, name, roles below admin]. */
const BUTTONS: [string, string, string, string[]][] = [
  ['/flow/model', 'flowModel:list', '查看流程模型', []],
  ['/flow/model', 'flowModel:add', '新建模型', []],
  ['/flow/model', 'flowModel:edit', '设计模型', []],
  ['/flow/model', 'flowModel:delete', '删除模型', []],
  ['/flow/deploy', 'flowDefinition:suspend', '挂起流程', []],
  ['/flow/deploy', 'flowDefinition:activate', '激活流程', []],
  ['/flow/instance', 'flowMonitor:list', '查看流程实例', ['manager']],
  ['/flow/instance', 'flowMonitor:terminate', '终止流程', []],
  ['/flow/instance', 'flowMonitor:reassign', '转派任务', []],
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

export const workflowAdmin: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create table if not exists wf_model (
      id varchar(32) primary key,
      model_key varchar(64) not null,
      name varchar(200) not null,
      description varchar(500),
      xml text not null,
      deployed_version integer,
      deployed_time timestamptz,
      row_version integer not null default 0,
      tenant_id integer not null default 0,
      create_by varchar(64),
      create_time timestamptz not null default now(),
      update_by varchar(64),
      update_time timestamptz,
      unique (model_key))`.execute(db);
    await sql`alter table wf_definition add column if not exists update_by varchar(64)`.execute(db);
    await sql`alter table wf_definition add column if not exists update_time timestamptz`.execute(db);
    await sql`create index if not exists wf_instance_status_time on wf_instance (status, create_time desc)`.execute(
      db,
    );
    await addDictItems(db);
    for (const [from, to] of MENUS)
      await sql`update sys_permission set component = ${to} where component = ${from}`.execute(db);
    await addButtons(db);
  },
};
