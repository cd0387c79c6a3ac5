import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The rest of the administration menu (issue 10): system configuration, fill rules and their
 * counters, data sources, gateway routes and the address list. The generated screens adopt these
 * tables (`adoptTable`), so they carry the engine's columns from the start and their unique indexes
 * are named as the engine names them (`<table>_<column>_uq`): the engine then finds them in place.
 * Data sources are served by hand-written routes (the password is stored encrypted, never answered).
 */
const audit = sql.raw(`
  create_by varchar(64),
  create_time timestamptz not null default now(),
  update_by varchar(64),
  update_time timestamptz,
  sys_org_code varchar(64),
  row_version integer not null default 0`);

export const adminConfig: Migration = {
  async up(db: Kysely<unknown>) {
    // 租户管理 records who added and who last changed a tenant, as every other admin table does.
    await sql`alter table sys_tenant
      add column create_by varchar(64),
      add column update_by varchar(64),
      add column update_time timestamptz`.execute(db);

    // Key / value settings; config_value '' means "not set" (the environment's default applies).
    await sql`create table sys_config (
      id varchar(32) primary key,
      config_key varchar(100) not null,
      config_name varchar(100) not null,
      config_value text not null default '',
      config_type varchar(10) not null default 'string'
        check (config_type in ('string', 'number', 'boolean', 'json')),
      description varchar(500),
      ${audit})`.execute(db);
    await sql`create unique index sys_config_config_key_uq on sys_config (config_key)`.execute(db);

    // 填值规则: a generator (rule_class) and its parameters (rule_params, JSON).
    await sql`create table sys_fill_rule (
      id varchar(32) primary key,
      rule_name varchar(100) not null,
      rule_code varchar(100) not null,
      rule_class varchar(50) not null,
      rule_params text not null default '{}',
      remark varchar(255),
      ${audit})`.execute(db);
    await sql`create unique index sys_fill_rule_rule_code_uq on sys_fill_rule (rule_code)`.execute(db);

    // One counter per rule and period (a day for WO20261122-0001, a parent department for org codes):
    // taken with insert ... on conflict do update ... returning, so two adds never share a number.
    await sql`create table sys_fill_rule_counter (
      rule_code varchar(100) not null,
      period varchar(100) not null,
      value bigint not null,
      update_time timestamptz not null default now(),
      primary key (rule_code, period))`.execute(db);

    await sql`create table sys_data_source (
      id varchar(32) primary key,
      code varchar(100) not null,
      name varchar(100) not null,
      db_type varchar(20) not null default 'postgresql' check (db_type in ('postgresql')),
      host varchar(255) not null,
      port integer not null default 5432,
      database_name varchar(100) not null,
      username varchar(100) not null,
      -- AES-256-GCM ciphertext (server/sys/data-source/secret.ts); null: no password.
      password_cipher text,
      remark varchar(255),
      ${audit})`.execute(db);
    await sql`create unique index sys_data_source_code_uq on sys_data_source (code)`.execute(db);

    // Stored configuration only: the product has no gateway that reads it.
    await sql`create table sys_gateway_route (
      id varchar(32) primary key,
      router_id varchar(100) not null,
      name varchar(100) not null,
      uri varchar(255) not null,
      predicates text not null default '[]',
      filters text not null default '[]',
      order_num integer not null default 0,
      status varchar(1) not null default '1',
      ${audit})`.execute(db);
    await sql`create unique index sys_gateway_route_router_id_uq on sys_gateway_route (router_id)`.execute(
      db,
    );

    // 通讯录: contacts of a tenant, optionally linked to a project (addProjectMail).
    await sql`create table sys_mail_list (
      id varchar(32) primary key,
      name varchar(50) not null,
      phone varchar(20),
      telephone varchar(30),
      email varchar(100),
      company varchar(100),
      depart varchar(100),
      post varchar(100),
      project_id varchar(32),
      remark varchar(500),
      tenant_id integer not null default 0,
      ${audit})`.execute(db);
    await sql`create index sys_mail_list_tenant_id_idx on sys_mail_list (tenant_id)`.execute(db);
    await sql`create index sys_mail_list_project_id_idx on sys_mail_list (project_id)`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    for (const table of [
      'sys_mail_list',
      'sys_gateway_route',
      'sys_data_source',
      'sys_fill_rule_counter',
      'sys_fill_rule',
      'sys_config',
    ])
      await sql`drop table if exists ${sql.table(table)}`.execute(db);
    await sql`alter table sys_tenant drop column create_by, drop column update_by, drop column update_time`.execute(
      db,
    );
  },
};
