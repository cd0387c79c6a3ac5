import { sql, type Kysely, type Migration } from 'kysely';

const audit = sql.raw(`
  create_by varchar(64),
  create_time timestamptz not null default now(),
  update_by varchar(64),
  update_time timestamptz`);

/** Accounts, organisation, permissions, dictionaries and the sign-in bookkeeping. */
export const foundation: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create table sys_tenant (
      id integer primary key,
      name varchar(100) not null,
      status integer not null default 1,
      begin_date timestamptz,
      end_date timestamptz,
      create_time timestamptz not null default now())`.execute(db);

    await sql`create table sys_depart (
      id varchar(32) primary key,
      parent_id varchar(32),
      depart_name varchar(100) not null,
      org_code varchar(64) not null unique,
      org_category varchar(10) not null default '1',
      depart_order integer not null default 0,
      tenant_id integer not null default 0,
      del_flag integer not null default 0,
      ${audit})`.execute(db);
    await sql`create index sys_depart_parent on sys_depart (parent_id)`.execute(db);

    await sql`create table sys_position (
      id varchar(32) primary key,
      code varchar(100) not null unique,
      name varchar(100) not null,
      post_rank varchar(10),
      tenant_id integer not null default 0,
      ${audit})`.execute(db);

    await sql`create table sys_user (
      id varchar(32) primary key,
      username varchar(100) not null unique,
      realname varchar(100) not null,
      password_hash varchar(255) not null,
      avatar varchar(255),
      sex integer,
      birthday varchar(10),
      email varchar(100),
      phone varchar(45),
      org_code varchar(64),
      work_no varchar(100),
      post varchar(100),
      status integer not null default 1,
      del_flag integer not null default 0,
      open_id varchar(100),
      rel_tenant_ids varchar(100) not null default '',
      modify_time timestamptz,
      ${audit})`.execute(db);
    await sql`create unique index sys_user_phone on sys_user (phone) where phone is not null and del_flag = 0`.execute(
      db,
    );

    await sql`create table sys_user_depart (
      user_id varchar(32) not null references sys_user(id) on delete cascade,
      dep_id varchar(32) not null references sys_depart(id) on delete cascade,
      primary key (user_id, dep_id))`.execute(db);

    await sql`create table sys_role (
      id varchar(32) primary key,
      role_name varchar(200) not null,
      role_code varchar(100) not null unique,
      description varchar(255),
      tenant_id integer not null default 0,
      ${audit})`.execute(db);

    await sql`create table sys_user_role (
      user_id varchar(32) not null references sys_user(id) on delete cascade,
      role_id varchar(32) not null references sys_role(id) on delete cascade,
      primary key (user_id, role_id))`.execute(db);

    await sql`create table sys_permission (
      id varchar(32) primary key,
      parent_id varchar(32),
      name varchar(100) not null,
      url varchar(255),
      component varchar(255),
      component_name varchar(100),
      redirect varchar(255),
      menu_type integer not null,
      perms varchar(1000),
      perms_type varchar(10) not null default '1',
      sort_no double precision not null default 0,
      always_show boolean not null default false,
      icon varchar(100),
      is_route boolean not null default true,
      is_leaf boolean not null default true,
      keep_alive boolean not null default false,
      hidden boolean not null default false,
      hide_tab boolean not null default false,
      internal_or_external boolean not null default false,
      status varchar(2) not null default '1',
      del_flag integer not null default 0,
      ${audit})`.execute(db);
    await sql`create index sys_permission_parent on sys_permission (parent_id)`.execute(db);

    await sql`create table sys_role_permission (
      role_id varchar(32) not null references sys_role(id) on delete cascade,
      permission_id varchar(32) not null references sys_permission(id) on delete cascade,
      primary key (role_id, permission_id))`.execute(db);

    await sql`create table sys_dict (
      id varchar(32) primary key,
      dict_name varchar(100) not null,
      dict_code varchar(100) not null unique,
      description varchar(255),
      del_flag integer not null default 0,
      ${audit})`.execute(db);

    await sql`create table sys_dict_item (
      id varchar(32) primary key,
      dict_id varchar(32) not null references sys_dict(id) on delete cascade,
      item_text varchar(100) not null,
      item_value varchar(100) not null,
      description varchar(255),
      sort_order integer not null default 0,
      status integer not null default 1,
      ${audit},
      unique (dict_id, item_value))`.execute(db);

    await sql`create table sys_session (
      token_hash char(64) primary key,
      user_id varchar(32) not null references sys_user(id) on delete cascade,
      tenant_id integer not null default 0,
      created_at timestamptz not null default now(),
      last_seen_at timestamptz not null,
      expires_at timestamptz not null,
      revoked_at timestamptz,
      revoked_reason varchar(20),
      ip varchar(64))`.execute(db);
    await sql`create index sys_session_user on sys_session (user_id)`.execute(db);

    await sql`create table sys_captcha (
      check_key varchar(64) primary key,
      code_hash char(64) not null,
      expires_at timestamptz not null)`.execute(db);

    await sql`create table sys_sms_code (
      id serial primary key,
      mobile varchar(20) not null,
      mode varchar(2) not null,
      code_hash char(64) not null,
      attempts integer not null default 0,
      expires_at timestamptz not null,
      created_at timestamptz not null default now())`.execute(db);
    await sql`create index sys_sms_code_mobile on sys_sms_code (mobile, mode)`.execute(db);

    await sql`create table sys_login_failure (
      scope varchar(200) primary key,
      failures integer not null,
      window_start timestamptz not null,
      locked_until timestamptz)`.execute(db);

    await sql`create table sys_log (
      id serial primary key,
      log_type integer not null,
      log_content varchar(1000) not null,
      userid varchar(32),
      username varchar(100),
      ip varchar(64),
      create_time timestamptz not null default now())`.execute(db);
  },
};
