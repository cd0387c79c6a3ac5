import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Which declaration owns which table, at which schema version. The entity DDL refuses to touch a
 * table that exists but no declaration owns (a hand-made table, or another declaration's), and the
 * schema editor will keep its saved declarations here too.
 */
export const declarations: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create table sys_declaration (
      name varchar(64) primary key,
      table_name varchar(63) not null unique,
      schema_version integer not null,
      checksum varchar(64) not null,
      source varchar(255) not null,
      update_time timestamptz not null default now())`.execute(db);
  },
};
