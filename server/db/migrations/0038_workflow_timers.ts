import { sql, type Kysely, type Migration } from 'kysely';
import { seedId } from '../seed/ids.js';

/**
 * Workflow slice 4 (issue 14, docs/modules/workflow.md "Slice 4"): timers on user tasks, the
 * texts of the new actions (and 加签's before / after choice) and the job that fires the timers.
 * - `wf_timer`: one row per timer of an open task (`remind` 超时提醒, `approve` 超时自动通过,
 *   `escalate` 超时升级), `due_time`, `status` (`pending`, `fired`, `cancelled`, `failed`);
 * - a trigger cancels a task's pending timers in the very statement that ends the task (done or
 *   cancelled): no path can finish a task and leave its timer armed;
 * - the job 流程定时器 (handler `workflowTimers`, every minute, running: timers are part of the
 *   processes, not an optional report; a missed minute fires once at start).
 * Idempotent; the values are written out here: a shipped migration never changes.
 */
const ACTIONS: [string, string][] = [
  ['remind', '超时提醒'],
  ['autopass', '超时自动通过'],
  ['escalate', '超时升级'],
  ['delegate', '委派'],
  ['resolve', '委派处理'],
  ['addafter', '后加签'],
];

/** 加签's choice in 我的待办: before (the signer first, then back) or after (the assignee approves now). */
const POSITIONS: [string, string][] = [
  ['before', '前加签（请他人先审批，再回到我）'],
  ['after', '后加签（我同意后，再请他人审批）'],
];

async function addPositionDict(db: Kysely<unknown>) {
  await sql`insert into sys_dict (id, dict_code, dict_name, del_flag, create_by)
    select ${seedId('dict:wf_addsign_position')}, 'wf_addsign_position', '加签方式', 0, 'admin'
    where not exists (select 1 from sys_dict where dict_code = 'wf_addsign_position')`.execute(db);
  for (const [i, [value, text]] of POSITIONS.entries())
    await sql`insert into sys_dict_item (id, dict_id, item_value, item_text, sort_order, status, create_by)
      select ${seedId(`dictItem:wf_addsign_position:${value}`)}, d.id, ${value}, ${text}, ${i + 1}, 1, 'admin'
      from sys_dict d where d.dict_code = 'wf_addsign_position'
        and not exists (select 1 from sys_dict_item x where x.dict_id = d.id and x.item_value = ${value})
      on conflict do nothing`.execute(db);
}

async function addTimerTable(db: Kysely<unknown>) {
  await sql`create table if not exists wf_timer (
    id varchar(32) primary key,
    task_id varchar(32) not null,
    instance_id varchar(32) not null,
    element_id varchar(64) not null,
    action varchar(10) not null,
    target varchar(120),
    due_time timestamptz not null,
    status varchar(10) not null default 'pending',
    fired_time timestamptz,
    result varchar(500),
    tenant_id integer not null default 0,
    create_time timestamptz not null default now())`.execute(db);
  await sql`create index if not exists wf_timer_due on wf_timer (status, due_time)`.execute(db);
  await sql`create index if not exists wf_timer_task on wf_timer (task_id)`.execute(db);
  await sql`create or replace function wf_task_cancel_timers() returns trigger language plpgsql as $$
    begin
      update wf_timer set status = 'cancelled', fired_time = now()
        where task_id = new.id and status = 'pending';
      return new;
    end $$`.execute(db);
  await sql`create or replace trigger wf_task_cancel_timers after update of status on wf_task
    for each row when (old.status = 'todo' and new.status <> 'todo')
    execute function wf_task_cancel_timers()`.execute(db);
}

export const workflowTimers: Migration = {
  async up(db: Kysely<unknown>) {
    await addTimerTable(db);
    await addPositionDict(db);
    for (const [i, [value, text]] of ACTIONS.entries())
      await sql`insert into sys_dict_item (id, dict_id, item_value, item_text, sort_order, status, create_by)
        select ${seedId(`dictItem:wf_action:${value}`)}, d.id, ${value}, ${text}, ${i + 30}, 1, 'admin'
        from sys_dict d where d.dict_code = 'wf_action'
          and not exists (select 1 from sys_dict_item x where x.dict_id = d.id and x.item_value = ${value})
        on conflict do nothing`.execute(db);
    await sql`insert into sys_quartz_job (id, job_name, handler, cron_expression, parameter, status,
        misfire_policy, overrun_policy, description, create_by)
      values (${seedId('quartzJob:workflowTimers')}, '流程定时器', 'workflowTimers', '0 * * * * ?', '{}', '1',
        '1', '1', '每分钟触发到期的流程超时提醒、超时自动通过和超时升级，每个定时器只触发一次', 'admin')
      on conflict do nothing`.execute(db);
  },
};
