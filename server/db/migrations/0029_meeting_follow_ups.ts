import { sql, type Kysely, type Migration } from 'kysely';
import { seedId } from '../seed/ids.js';

/**
 * 会后跟进 on a database seeded before it: the follow-up status dictionary (a new database gets it
 * from the seed; the table itself is made from schemas/meeting/meeting-follow-up.json at start).
 * The values are written out here, not imported: a shipped migration never changes.
 */
const ITEMS: [string, string][] = [
  ['0', '待派发'],
  ['1', '已派发'],
];

export const meetingFollowUps: Migration = {
  async up(db: Kysely<unknown>) {
    const seeded = await sql<{ n: number }>`select count(*)::int as n from sys_user`.execute(db);
    if (Number(seeded.rows[0]?.n ?? 0) === 0) return;
    const dictId = seedId('dict:meeting_follow_status');
    const made = await sql`insert into sys_dict (id, dict_code, dict_name, del_flag, create_by)
      select ${dictId}, 'meeting_follow_status', '会后跟进状态', 0, 'admin'
      where not exists (select 1 from sys_dict where dict_code = 'meeting_follow_status')`.execute(db);
    if (Number(made.numAffectedRows ?? 0) === 0) return;
    for (const [i, [value, text]] of ITEMS.entries())
      await sql`insert into sys_dict_item (id, dict_id, item_value, item_text, sort_order, status, create_by)
        values (${seedId(`dictItem:meeting_follow_status:${value}`)}, ${dictId}, ${value}, ${text}, ${i + 1}, 1, 'admin')`.execute(
        db,
      );
  },
};
