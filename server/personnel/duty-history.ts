/**
 * 岗位职责 history: a database trigger keeps the previous version of a duty whenever its summary or
 * content changes, in the very statement that saves it - so a refused or rolled-back save leaves no
 * history, and no path (API, import, SQL) saves without one. Each history row says who saved that
 * version and when; the duty's version number goes up by one. Made at start, once the declared
 * tables exist; an advisory lock keeps two servers starting together from racing on it.
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.js';

export async function installDutyHistory(db: Db): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext('hr_position_duty_history'))`.execute(trx);
    await sql`create or replace function hr_position_duty_keep() returns trigger language plpgsql as $$
      begin
        insert into hr_position_duty_history (id, duty_id, position_id, version, summary, content, saved_by,
            saved_time, create_by, create_time, tenant_id, sys_org_code)
          values (substr(md5(random()::text || clock_timestamp()::text || old.id), 1, 32), old.id,
            old.position_id, coalesce(old.version, 1), old.summary, old.content,
            coalesce(old.update_by, old.create_by), coalesce(old.update_time, old.create_time),
            coalesce(new.update_by, old.create_by), now(), old.tenant_id, old.sys_org_code);
        new.version := coalesce(old.version, 1) + 1;
        return new;
      end $$`.execute(trx);
    await sql`create or replace trigger hr_position_duty_keep before update on hr_position_duty
      for each row when (old.content is distinct from new.content or old.summary is distinct from new.summary)
      execute function hr_position_duty_keep()`.execute(trx);
  });
}
