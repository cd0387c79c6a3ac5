import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Check rules kept as data (JeecgBoot's sys_check_rule): a code, a name and a JSON list of
 * {digits, pattern, message}. The server runs them for /sys/checkRule/checkByCode.
 */
export const entityExtras: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create table if not exists sys_check_rule (
      id varchar(32) primary key,
      rule_code varchar(64) not null unique,
      rule_name varchar(100) not null,
      rule_json text not null,
      rule_description varchar(255),
      create_by varchar(64),
      create_time timestamptz not null default now(),
      update_by varchar(64),
      update_time timestamptz)`.execute(db);
  },
};
