import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Demo data of declared entities waits here until their tables exist: the seed of a new database
 * marks it pending, and the first server start inserts it after making the declared tables.
 */
export const demoState: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create table sys_seed_pending (name varchar(64) primary key)`.execute(db);
  },
};
