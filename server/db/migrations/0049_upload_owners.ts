import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Who uploaded each stored file (issue 31, docs/modules/documents.md "Files"): one row per upload
 * (`/sys/common/upload`, `uploadFile`, a product's `file/uploadFile`) with its stored path, the
 * uploader's user id and the time, written by the upload itself. A save that names an upload path
 * (a document's file, a declared file or image field, a work-order note's attachments, an avatar)
 * may name only one its caller made, or one the record already holds (server/sys/upload-owner.ts).
 * Uploads made before this migration have no row: a save naming one of them (an upload left
 * unsaved across the update) is refused, and the user uploads the file again. Idempotent.
 */
export const uploadOwners: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create table if not exists sys_upload (
      path varchar(200) primary key,
      uploaded_by varchar(32) not null,
      create_time timestamptz not null default now()
    )`.execute(db);
  },
};
