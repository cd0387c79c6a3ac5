import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Announcements (系统通告) with their per-user send records, and reminders (催办) on work orders and
 * projects. A send record exists for each recipient once an announcement is released; it carries the
 * read flag and time. A reminder is addressed to one user and carries its own read flag.
 */
export const notices: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create table sys_announcement (
      id varchar(32) primary key,
      tenant_id integer not null default 0,
      titile varchar(200) not null,
      msg_content text not null default '',
      msg_abstract varchar(500),
      start_time timestamptz,
      end_time timestamptz,
      sender varchar(100),
      priority varchar(1) not null default 'M' check (priority in ('L', 'M', 'H')),
      msg_category varchar(2) not null check (msg_category in ('4', '5', '6', '7', '8')),
      msg_type varchar(10) not null check (msg_type in ('ALL', 'USER', 'DEPART', 'ROLE')),
      user_ids text,
      depart_ids text,
      role_ids text,
      send_status varchar(1) not null default '0' check (send_status in ('0', '1', '2')),
      send_time timestamptz,
      cancel_time timestamptz,
      del_flag integer not null default 0,
      bus_type varchar(32),
      bus_id varchar(64),
      open_type varchar(10) check (open_type in ('component', 'url')),
      open_page varchar(255),
      create_by varchar(64),
      create_time timestamptz not null default now(),
      update_by varchar(64),
      update_time timestamptz)`.execute(db);
    await sql`create index sys_announcement_tenant on sys_announcement (tenant_id, del_flag, create_time desc)`.execute(
      db,
    );

    await sql`create table sys_announcement_send (
      id varchar(32) primary key,
      annt_id varchar(32) not null references sys_announcement(id) on delete cascade,
      user_id varchar(32) not null references sys_user(id) on delete cascade,
      read_flag varchar(1) not null default '0' check (read_flag in ('0', '1')),
      read_time timestamptz,
      create_time timestamptz not null default now(),
      unique (annt_id, user_id))`.execute(db);
    await sql`create index sys_announcement_send_user on sys_announcement_send (user_id, read_flag)`.execute(
      db,
    );

    await sql`create table sys_urge (
      id varchar(32) primary key,
      tenant_id integer not null default 0,
      user_id varchar(32) not null references sys_user(id) on delete cascade,
      title varchar(200) not null,
      content text not null default '',
      app_type varchar(16) not null check (app_type in ('workOrder', 'project')),
      app_id varchar(64) not null,
      urger_id varchar(32),
      urger_name varchar(100),
      create_by varchar(64),
      create_time timestamptz not null default now(),
      read_flag varchar(1) not null default '0' check (read_flag in ('0', '1')),
      read_time timestamptz)`.execute(db);
    await sql`create index sys_urge_user on sys_urge (user_id, tenant_id, read_flag)`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`drop table sys_urge`.execute(db);
    await sql`drop table sys_announcement_send`.execute(db);
    await sql`drop table sys_announcement`.execute(db);
  },
};
