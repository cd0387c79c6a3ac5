import { sql, type Kysely, type Migration } from 'kysely';
import { seedId } from '../seed/ids.js';

/**
 * Workflow slice 5 (issue 14, docs/modules/workflow.md "Slice 5"): the failures of service tasks
 * (a registered handler that threw at run time) kept where the admin's exception list reads them,
 * and the history texts of service tasks.
 * - `wf_failure`: one open row per instance and node that failed (`kind` `service`), with the
 *   handler, the last message, how many attempts, `status` `open` → `resolved` (a retry or a later
 *   run succeeded) / `closed` (the instance ended: terminated, rejected, withdrawn).
 * Idempotent; the values are written out here: a shipped migration never changes.
 */
const ACTIONS: [string, string][] = [
  ['service', '服务处理'],
  ['svcfail', '服务处理失败'],
  ['svcretry', '重试服务处理'],
];

export const workflowServices: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create table if not exists wf_failure (
      id varchar(32) primary key,
      instance_id varchar(32) not null,
      element_id varchar(64) not null,
      node_name varchar(200) not null,
      kind varchar(20) not null,
      handler varchar(100),
      message varchar(500) not null,
      attempts integer not null default 1,
      status varchar(10) not null default 'open',
      tenant_id integer not null default 0,
      create_time timestamptz not null default now(),
      update_time timestamptz not null default now(),
      resolve_time timestamptz,
      resolved_by varchar(100))`.execute(db);
    await sql`create index if not exists wf_failure_status on wf_failure (status, create_time)`.execute(db);
    await sql`create index if not exists wf_failure_instance on wf_failure (instance_id)`.execute(db);
    for (const [i, [value, text]] of ACTIONS.entries())
      await sql`insert into sys_dict_item (id, dict_id, item_value, item_text, sort_order, status, create_by)
        select ${seedId(`dictItem:wf_action:${value}`)}, d.id, ${value}, ${text}, ${i + 40}, 1, 'admin'
        from sys_dict d where d.dict_code = 'wf_action'
          and not exists (select 1 from sys_dict_item x where x.dict_id = d.id and x.item_value = ${value})
        on conflict do nothing`.execute(db);
  },
};
