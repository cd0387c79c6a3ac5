import { sql, type Kysely, type Migration } from 'kysely';
import { seedId } from '../seed/ids.js';

/**
 * A stage task of a deleted project is `suspended` (docs/modules/projects.md "Deleted projects"):
 * out of every to-do list until the project is restored. The task status dictionary gets its text,
 * so the workflow screens say 已暂停 instead of the raw value. Idempotent.
 */
export const taskStatusSuspended: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`insert into sys_dict_item (id, dict_id, item_value, item_text, sort_order, status, create_by)
      select ${seedId('dictItem:wf_task_status:suspended')}, d.id, 'suspended', '已暂停', 9, 1, 'admin'
      from sys_dict d where d.dict_code = 'wf_task_status'
        and not exists (select 1 from sys_dict_item x where x.dict_id = d.id and x.item_value = 'suspended')`.execute(
      db,
    );
  },
};
