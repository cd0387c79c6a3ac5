import { sql, type Kysely, type Migration } from 'kysely';
import { seedId } from '../seed/ids.js';

/**
 * The one to-do source (server/todo/) on a database seeded before it: 待办中心 opens the declared
 * to-do list (schemas/workorder/todo-item.json) instead of 功能建设中, and its kind dictionary
 * exists. A new database gets both from the seed (this step then finds no users and does nothing).
 * The values are written out here, not imported: a shipped migration never changes.
 */
const TODO_KIND: [string, string][] = [
  ['workOrder', '工单'],
  ['workOrderSub', '子工单'],
];

export const todoCenter: Migration = {
  async up(db: Kysely<unknown>) {
    const seeded = await sql<{ n: number }>`select count(*)::int as n from sys_user`.execute(db);
    if (Number(seeded.rows[0]?.n ?? 0) === 0) return;
    await sql`update sys_permission set component = 'declared/todoItem'
      where component = 'modules/work/TodoCenter'`.execute(db);
    const dictId = seedId('dict:todo_kind');
    const made = await sql`insert into sys_dict (id, dict_code, dict_name, del_flag, create_by)
      select ${dictId}, 'todo_kind', '待办类型', 0, 'admin'
      where not exists (select 1 from sys_dict where dict_code = 'todo_kind')`.execute(db);
    if (Number(made.numAffectedRows ?? 0) === 0) return;
    for (const [i, [value, text]] of TODO_KIND.entries())
      await sql`insert into sys_dict_item (id, dict_id, item_value, item_text, sort_order, status, create_by)
        values (${seedId(`dictItem:todo_kind:${value}`)}, ${dictId}, ${value}, ${text}, ${i + 1}, 1, 'admin')`.execute(
        db,
      );
  },
};
