import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The version log (版本日志) and the one version reminder the shell shows as a banner. The reminder is
 * a single row (id = 1): there is only ever one current announcement of an upcoming release.
 */
export const versions: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create table sys_version (
      id varchar(32) primary key,
      version_number varchar(50) not null,
      version_time timestamptz not null,
      remarks text not null default '',
      create_by varchar(64),
      create_time timestamptz not null default now())`.execute(db);
    await sql`create index sys_version_time on sys_version (version_time desc)`.execute(db);

    await sql`create table sys_version_reminder (
      id integer primary key check (id = 1),
      status varchar(1) not null default '0' check (status in ('0', '1')),
      content varchar(500) not null default '',
      update_by varchar(64),
      update_time timestamptz)`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`drop table sys_version_reminder`.execute(db);
    await sql`drop table sys_version`.execute(db);
  },
};
