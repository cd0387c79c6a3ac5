import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Online reports (docs/modules/reports.md): JeecgBoot's three definition tables, the report data
 * set (which tables and columns reports may read, as views in the schema rpt), and the role
 * zj_report that reports run as: it may use the schema rpt and nothing else. A role belongs to
 * the whole PostgreSQL cluster, so it is made only when missing.
 */
export const reports: Migration = {
  async up(db: Kysely<unknown>) {
    const audit = sql.raw(`create_by varchar(64),
      create_time timestamptz not null default now(),
      update_by varchar(64),
      update_time timestamptz`);
    await sql`create table onl_cgreport_head (
      id varchar(32) primary key,
      code varchar(100) not null unique,
      name varchar(100) not null,
      cgr_sql text not null,
      db_source varchar(100),
      content varchar(1000),
      chart text,
      del_flag integer not null default 0,
      row_version integer not null default 0,
      ${audit})`.execute(db);
    await sql`create table onl_cgreport_item (
      id varchar(32) primary key,
      cgrhead_id varchar(32) not null references onl_cgreport_head(id) on delete cascade,
      field_name varchar(100) not null,
      field_txt varchar(100) not null,
      field_type varchar(20) not null default 'String',
      field_width integer,
      is_show integer not null default 1,
      is_order integer not null default 0,
      is_search integer not null default 0,
      search_mode varchar(10),
      dict_code varchar(200),
      field_href varchar(500),
      is_total varchar(10),
      order_num integer not null default 0,
      ${audit},
      unique (cgrhead_id, field_name))`.execute(db);
    await sql`create table onl_cgreport_param (
      id varchar(32) primary key,
      cgrhead_id varchar(32) not null references onl_cgreport_head(id) on delete cascade,
      param_name varchar(64) not null,
      param_txt varchar(100) not null,
      param_type varchar(20) not null default 'string',
      param_value varchar(200),
      dict_code varchar(200),
      required integer not null default 0,
      depends_on varchar(64),
      order_num integer not null default 0,
      ${audit},
      unique (cgrhead_id, param_name))`.execute(db);
    // The report data set: a table an admin opened to reports and the columns it shows there.
    await sql`create table sys_report_table (
      id varchar(32) primary key,
      table_name varchar(63) not null unique,
      title varchar(100) not null,
      columns text not null,
      ${audit})`.execute(db);
    await sql`create schema if not exists rpt`.execute(db);
    await sql`do $$ begin
      if not exists (select 1 from pg_roles where rolname = 'zj_report') then
        create role zj_report nologin;
      end if;
    end $$`.execute(db);
    await sql`grant usage on schema rpt to zj_report`.execute(db);
    // The session user must be a member to SET ROLE to it (a superuser always may).
    await sql`do $$ begin
      grant zj_report to current_user;
    exception when others then null;
    end $$`.execute(db);
    for (const [table, title, columns] of DEFAULT_DATASET) {
      await sql`insert into sys_report_table (id, table_name, title, columns, create_by)
        values (md5(${`report-table:${table}`}), ${table}, ${title}, ${columns}, 'admin')
        on conflict (table_name) do nothing`.execute(db);
    }
  },
};

/** What reports may read at first: the organisation and the declared business tables. */
const DEFAULT_DATASET: [string, string, string][] = [
  ['sys_user', '用户', 'id,username,realname,sex,birthday,org_code,work_no,post,status,create_time'],
  ['sys_depart', '部门', 'id,parent_id,depart_name,org_code,org_category,depart_order'],
  ['sys_user_depart', '用户部门', 'user_id,dep_id'],
  ['sys_position', '职务', 'code,name,post_rank'],
  ['sys_dict', '字典', 'id,dict_name,dict_code'],
  ['sys_dict_item', '字典项', 'dict_id,item_text,item_value,sort_order,status'],
  ['sys_category', '分类字典', 'id,pid,name,code'],
  [
    'sys_announcement',
    '通知公告',
    'id,titile,msg_category,priority,msg_type,send_status,send_time,sender,create_time',
  ],
  ['sys_urge', '督办', 'id,title,app_type,urger_name,read_flag,read_time,create_time'],
  [
    'biz_customer',
    '客户',
    'id,name,code,level,address,owner,depart,region,create_by,create_time,sys_org_code',
  ],
  ['biz_scene', '场景', 'id,name,code,status,address,capacity,create_time'],
];
