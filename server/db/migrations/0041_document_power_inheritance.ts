import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Document rights become inherited down the classification tree (docs/modules/documents.md
 * "Rights"): a position's grant on a node now also covers the node's descendants that have no grant
 * of their own. Before, a grant covered its node only. So that no one gains a right by this change,
 * every node that had no grant of a position while its parent had one (with some right) gets an own
 * grant of nothing for that position and type, which stops the parent's grant there, exactly as
 * before. A new database (no table yet: the declared tables are made at start, after the
 * migrations) needs nothing; a second run finds every such node granted and changes nothing.
 */
export const documentPowerInheritance: Migration = {
  async up(db: Kysely<unknown>) {
    const table = await sql<{
      t: string | null;
    }>`select to_regclass('biz_document_power')::text as t`.execute(db);
    if (!table.rows[0]?.t) return;
    await sql`insert into biz_document_power (id, post_id, power_type, classify_id, can_view, can_download,
        can_edit, create_by, create_time, row_version)
      select replace(gen_random_uuid()::text, '-', ''), p.post_id, p.power_type, c.id, 'N', 'N', 'N',
        'admin', now(), 0
      from biz_document_power p join biz_document_classify c on c.parent_id = p.classify_id
      where (p.can_view = 'Y' or p.can_download = 'Y' or p.can_edit = 'Y')
        and not exists (select 1 from biz_document_power o where o.post_id = p.post_id
          and o.power_type = p.power_type and o.classify_id = c.id)`.execute(db);
  },
};
