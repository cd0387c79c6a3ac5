import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Department permissions and department roles (部门权限, 部门角色; JeecgBoot's sys_depart_permission,
 * sys_depart_role, sys_depart_role_user, sys_depart_role_permission). A department is granted a set
 * of menu entries; its own roles are granted entries out of that set and given to its members, who
 * then hold those codes besides their system roles' ones. Also the contact columns the department
 * form shows.
 */
export const departRoles: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`alter table sys_depart
      add column mobile varchar(32),
      add column fax varchar(32),
      add column address varchar(100),
      add column memo varchar(500)`.execute(db);

    await sql`create table sys_depart_permission (
      depart_id varchar(32) not null references sys_depart(id) on delete cascade,
      permission_id varchar(32) not null references sys_permission(id) on delete cascade,
      data_rule_ids varchar(1000),
      primary key (depart_id, permission_id))`.execute(db);

    await sql`create table sys_depart_role (
      id varchar(32) primary key,
      depart_id varchar(32) not null references sys_depart(id) on delete cascade,
      role_name varchar(100) not null,
      role_code varchar(100) not null,
      description varchar(255),
      create_by varchar(64),
      create_time timestamptz not null default now(),
      update_by varchar(64),
      update_time timestamptz,
      unique (depart_id, role_code))`.execute(db);

    await sql`create table sys_depart_role_user (
      user_id varchar(32) not null references sys_user(id) on delete cascade,
      drole_id varchar(32) not null references sys_depart_role(id) on delete cascade,
      primary key (user_id, drole_id))`.execute(db);
    await sql`create index sys_depart_role_user_role on sys_depart_role_user (drole_id)`.execute(db);

    await sql`create table sys_depart_role_permission (
      depart_id varchar(32) not null references sys_depart(id) on delete cascade,
      role_id varchar(32) not null references sys_depart_role(id) on delete cascade,
      permission_id varchar(32) not null references sys_permission(id) on delete cascade,
      data_rule_ids varchar(1000),
      primary key (role_id, permission_id))`.execute(db);
    await sql`create index sys_depart_role_permission_perm on sys_depart_role_permission (permission_id)`.execute(
      db,
    );
  },
};
