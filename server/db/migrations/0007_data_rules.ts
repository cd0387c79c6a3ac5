import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Data rules (数据权限): row conditions kept per menu entry and granted to roles with the menu
 * (docs/modules/system-admin.md). A rule names a declared field and an operator from a fixed list;
 * its value is a literal or a system variable, always bound when the rule is applied.
 */
export const dataRules: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create table sys_permission_data_rule (
      id varchar(32) primary key,
      permission_id varchar(32) not null references sys_permission(id) on delete cascade,
      rule_name varchar(50) not null,
      rule_column varchar(50) not null,
      rule_conditions varchar(20) not null,
      rule_value varchar(300) not null default '',
      status varchar(1) not null default '1' check (status in ('0', '1')),
      create_by varchar(64),
      create_time timestamptz not null default now(),
      update_by varchar(64),
      update_time timestamptz)`.execute(db);
    await sql`create index sys_permission_data_rule_perm on sys_permission_data_rule (permission_id)`.execute(
      db,
    );
    // The contract's column: the rule ids a role holds on this menu entry, comma-joined.
    await sql`alter table sys_role_permission add column data_rule_ids varchar(1000)`.execute(db);
  },
};
