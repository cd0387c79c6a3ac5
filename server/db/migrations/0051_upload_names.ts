import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The name a file had when it was uploaded (issue 33, item 3): each sys_upload row keeps it beside
 * the random stored path (`workOrder/1796156737742_19013110a52a7d2a.txt` was uploaded as
 * 维修记录.txt), so every screen shows the file by that name and a download is saved under it
 * (server/sys/upload-names.ts). The stored path, and so the field values of the JeecgBoot
 * contract, do not change. Uploads made before have no name: they show and download as the stored
 * name, as before. Idempotent.
 */
export const uploadNames: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`alter table sys_upload add column if not exists file_name varchar(255)`.execute(db);
  },
};
