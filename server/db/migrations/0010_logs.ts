import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Logs, online users and the forwarder (issue 10).
 *
 * - sys_log gains what an operation log row says beyond its content (JeecgBoot's SysLog columns:
 *   operate_type, request_type, request_url, method, request_param, cost_time) and the outcome of
 *   the request (HTTP status; the answer's success as '1' / '0', its code and message), plus the
 *   client's user agent. A row that does not say (the sign-ins and sign-outs the auth routes write,
 *   and every row written before) records a success: result_status defaults to '1'.
 * - sys_session gains `sid`: an opaque random id for 在线用户, so the screen and its force-logout
 *   call never carry a token or a token hash. Existing sessions get one from the default.
 * - sys_transit_target: the only targets /sys/common/transitRESTful forwards to (an admin keeps
 *   them in 转发目标, a generated screen that adopts this table).
 */
export const logs: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`alter table sys_log
      add column operate_type integer,
      add column request_type varchar(10),
      add column request_url varchar(500),
      add column method varchar(500),
      add column request_param text,
      add column cost_time integer,
      add column http_status integer,
      add column result_status varchar(1) default '1',
      add column result_code integer,
      add column result_message varchar(500),
      add column user_agent varchar(500)`.execute(db);
    // Both log screens list one type, newest first; the workbench counts a type per day.
    await sql`create index sys_log_type_time on sys_log (log_type, create_time desc)`.execute(db);

    await sql`alter table sys_session
      add column sid varchar(32) not null default replace(gen_random_uuid()::text, '-', '')`.execute(db);
    await sql`create unique index sys_session_sid on sys_session (sid)`.execute(db);

    await sql`create table sys_transit_target (
      id varchar(32) primary key,
      name varchar(100) not null,
      base_url varchar(500) not null,
      allowed_methods varchar(50) not null default 'GET',
      allow_private varchar(1) not null default 'N',
      timeout_ms integer not null default 10000,
      status varchar(1) not null default '1',
      remark varchar(255),
      create_by varchar(64),
      create_time timestamptz not null default now(),
      update_by varchar(64),
      update_time timestamptz,
      sys_org_code varchar(64),
      row_version integer not null default 0)`.execute(db);
    // Named as the engine names a unique field's index, so the adopting declaration finds it in place.
    await sql`create unique index sys_transit_target_name_uq on sys_transit_target (name)`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`drop table if exists sys_transit_target`.execute(db);
    await sql`drop index if exists sys_session_sid`.execute(db);
    await sql`alter table sys_session drop column if exists sid`.execute(db);
    await sql`drop index if exists sys_log_type_time`.execute(db);
    await sql`alter table sys_log
      drop column if exists operate_type,
      drop column if exists request_type,
      drop column if exists request_url,
      drop column if exists method,
      drop column if exists request_param,
      drop column if exists cost_time,
      drop column if exists http_status,
      drop column if exists result_status,
      drop column if exists result_code,
      drop column if exists result_message,
      drop column if exists user_agent`.execute(db);
  },
};
