import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Per-project rights beyond manager and members (docs/modules/projects.md, "Per-project rights"):
 * one row per project and person (a username) with the rights 查看 / 编辑 / 推进阶段 / 管理成员
 * (view is implied by any row). Granted and revoked by `createOrUpdatePermission`; read by the
 * project module's central checks (server/project/access.ts). Idempotent.
 */
export const projectPermissions: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create table if not exists biz_project_permission (
      id varchar(32) primary key,
      tenant_id integer not null default 0,
      project_id varchar(32) not null,
      username varchar(100) not null,
      can_edit boolean not null default false,
      can_advance boolean not null default false,
      can_members boolean not null default false,
      create_by varchar(100),
      create_time timestamptz not null default now(),
      update_by varchar(100),
      update_time timestamptz)`.execute(db);
    await sql`create unique index if not exists biz_project_permission_person
      on biz_project_permission (project_id, username)`.execute(db);
    await sql`create index if not exists biz_project_permission_user
      on biz_project_permission (username)`.execute(db);
  },
};
