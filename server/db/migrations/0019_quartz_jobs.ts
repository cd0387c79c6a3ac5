import { sql, type Kysely, type Migration } from 'kysely';
import { seedId } from '../seed/ids.js';

/**
 * Scheduled jobs (issue 20, docs/modules/jobs.md): the job table, the run log (also the claim
 * table: one row per job and fire time, so several servers run a firing once), their
 * dictionaries, a few stopped jobs, and 定时任务 opening the declared screen. Idempotent: every
 * statement leaves existing rows alone. The values are written out here, not imported: a shipped
 * migration never changes. The handler dictionary is filled by the server at start (server/jobs/).
 */
const DICTS: [string, string, [string, string][]][] = [
  [
    'quartz_status',
    '任务状态',
    [
      ['0', '停止'],
      ['1', '运行'],
    ],
  ],
  [
    'quartz_misfire',
    '错过触发策略',
    [
      ['1', '立即执行一次'],
      ['2', '跳过'],
      ['3', '补跑N次'],
    ],
  ],
  [
    'quartz_overrun',
    '上次未结束策略',
    [
      ['1', '跳过本次'],
      ['2', '排队等待'],
      ['3', '允许并行'],
    ],
  ],
  [
    'quartz_trigger',
    '触发方式',
    [
      ['cron', '定时'],
      ['misfire', '补跑'],
      ['manual', '手动'],
    ],
  ],
  [
    'quartz_log_status',
    '执行结果',
    [
      ['running', '执行中'],
      ['success', '成功'],
      ['failure', '失败'],
      ['skipped', '已跳过'],
    ],
  ],
  ['quartz_job_handler', '任务处理器', []],
];

/** [key, name, handler, expression, parameter, description]; all stopped. */
const JOBS: [string, string, string, string, string, string][] = [
  [
    'sample',
    '示例任务',
    'sampleLog',
    '0/30 * * * * ?',
    '{"message":"示例任务执行"}',
    '每30秒写一行服务器日志',
  ],
  [
    'purgeSessions',
    '清理过期会话',
    'purgeSessions',
    '0 30 3 * * ?',
    '{"keepDays":7}',
    '每天03:30删除结束7天以上的会话与过期验证码',
  ],
  [
    'purgeLogs',
    '清理历史日志',
    'purgeLogs',
    '0 0 4 * * ?',
    '{"logDays":180,"jobLogDays":30}',
    '每天04:00删除过期的系统日志与任务日志',
  ],
  [
    'overdueReminder',
    '逾期工单提醒',
    'overdueReminder',
    '0 0 9 * * ?',
    '{}',
    '每天09:00向逾期工单的负责人发送催办',
  ],
];

const AUDIT = sql`create_by varchar(64),
  create_time timestamptz not null default now(),
  update_by varchar(64),
  update_time timestamptz,
  sys_org_code varchar(64),
  row_version integer not null default 0`;

export const quartzJobs: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create table if not exists sys_quartz_job (
      id varchar(32) primary key,
      job_name varchar(100) not null,
      handler varchar(100) not null,
      cron_expression varchar(100) not null,
      parameter text,
      status varchar(1) not null default '0',
      misfire_policy varchar(1) not null default '1',
      catch_up_limit integer not null default 1,
      overrun_policy varchar(1) not null default '1',
      description varchar(500),
      last_fire_time timestamptz,
      ${AUDIT})`.execute(db);
    await sql`create unique index if not exists sys_quartz_job_job_name_uq on sys_quartz_job (job_name)`.execute(
      db,
    );
    await sql`create table if not exists sys_quartz_job_log (
      id varchar(32) primary key,
      job_id varchar(32) not null references sys_quartz_job(id) on delete cascade,
      job_name varchar(100),
      fire_time timestamptz not null,
      trigger_type varchar(10) not null,
      status varchar(10) not null,
      start_time timestamptz not null default now(),
      end_time timestamptz,
      duration_ms integer,
      result varchar(1000),
      error varchar(2000),
      instance varchar(64),
      ${AUDIT},
      unique (job_id, fire_time))`.execute(db);
    await sql`create index if not exists sys_quartz_job_log_start on sys_quartz_job_log (start_time desc)`.execute(
      db,
    );

    for (const [code, name, items] of DICTS) {
      const dictId = seedId(`dict:${code}`);
      await sql`insert into sys_dict (id, dict_code, dict_name, del_flag, create_by)
        select ${dictId}, ${code}, ${name}, 0, 'admin'
        where not exists (select 1 from sys_dict where dict_code = ${code})`.execute(db);
      for (const [i, [value, text]] of items.entries())
        await sql`insert into sys_dict_item (id, dict_id, item_value, item_text, sort_order, status, create_by)
          select ${seedId(`dictItem:${code}:${value}`)}, d.id, ${value}, ${text}, ${i + 1}, 1, 'admin'
          from sys_dict d where d.dict_code = ${code}
          on conflict do nothing`.execute(db);
    }
    for (const [key, name, handler, expression, parameter, description] of JOBS)
      await sql`insert into sys_quartz_job (id, job_name, handler, cron_expression, parameter, status,
          description, create_by)
        values (${seedId(`quartzJob:${key}`)}, ${name}, ${handler}, ${expression}, ${parameter}, '0',
          ${description}, 'admin')
        on conflict do nothing`.execute(db);
    // A database seeded before the module: 定时任务 opens the declared screen instead of 功能建设中.
    await sql`update sys_permission set component = 'declared/quartzJob'
      where component = 'system/QuartzJobList'`.execute(db);
  },
};
