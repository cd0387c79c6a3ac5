import { sql, type Kysely, type Migration } from 'kysely';
import { seedId } from '../seed/ids.js';

/**
 * Workflow slice 3 (issue 14, docs/modules/workflow.md "Slice 3"): what a task row needs for the
 * assignees' own actions and multi-person nodes, and the dictionary texts of the new actions.
 * - `kind`: `approve` (a node's task), `back` (made by a return to an earlier node), `resubmit`
 *   (the starter's, after a return to the starter), `addsign` (a signer added before the assignee);
 * - `back_to`: the element the engine still waits at (a `back` / `resubmit` task leads back to it);
 * - `parent_id`: an added signer's task -> the task that returns to its assignee afterwards;
 * - `multi` (`all` 会签 / `any` 或签) and `loop_index` (the engine's iteration of this signer).
 * Idempotent; the values are written out here: a shipped migration never changes.
 */
const ACTIONS: [string, string][] = [
  ['return', '退回'],
  ['transfer', '转办'],
  ['addsign', '加签'],
  ['resubmit', '重新提交'],
];

const TARGETS: [string, string][] = [
  ['previous', '上一节点'],
  ['starter', '发起人'],
];

export const workflowTaskActions: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`alter table wf_task add column if not exists kind varchar(10) not null default 'approve'`.execute(
      db,
    );
    await sql`alter table wf_task add column if not exists back_to varchar(64)`.execute(db);
    await sql`alter table wf_task add column if not exists parent_id varchar(32)`.execute(db);
    await sql`alter table wf_task add column if not exists multi varchar(4)`.execute(db);
    await sql`alter table wf_task add column if not exists loop_index integer`.execute(db);
    for (const [i, [value, text]] of ACTIONS.entries())
      await sql`insert into sys_dict_item (id, dict_id, item_value, item_text, sort_order, status, create_by)
        select ${seedId(`dictItem:wf_action:${value}`)}, d.id, ${value}, ${text}, ${i + 20}, 1, 'admin'
        from sys_dict d where d.dict_code = 'wf_action'
          and not exists (select 1 from sys_dict_item x where x.dict_id = d.id and x.item_value = ${value})
        on conflict do nothing`.execute(db);
    // Where a return goes (the 退回 dialog's choice).
    await sql`insert into sys_dict (id, dict_code, dict_name, del_flag, create_by)
      select ${seedId('dict:wf_return_target')}, 'wf_return_target', '退回目标', 0, 'admin'
      where not exists (select 1 from sys_dict where dict_code = 'wf_return_target')`.execute(db);
    for (const [i, [value, text]] of TARGETS.entries())
      await sql`insert into sys_dict_item (id, dict_id, item_value, item_text, sort_order, status, create_by)
        select ${seedId(`dictItem:wf_return_target:${value}`)}, d.id, ${value}, ${text}, ${i + 1}, 1, 'admin'
        from sys_dict d where d.dict_code = 'wf_return_target'
          and not exists (select 1 from sys_dict_item x where x.dict_id = d.id and x.item_value = ${value})
        on conflict do nothing`.execute(db);
  },
};
