/** Housekeeping handlers: expired sessions, captchas and SMS codes; old system and job logs. */
import { sql } from 'kysely';
import type { JobHandler } from './types.js';

const days = (value: unknown, fallback: number) => (typeof value === 'number' ? value : fallback);

export const purgeSessions: JobHandler = {
  name: 'purgeSessions',
  title: '清理过期会话',
  params: {
    type: 'object',
    additionalProperties: false,
    properties: { keepDays: { type: 'integer', minimum: 1, maximum: 365 } },
  },
  async run(ctx, params) {
    // An ended session is kept keepDays: until then its token still answers 登录已过期 / 强制登录
    // to a tab left open, instead of the bare 401 of an unknown token.
    const keep = days(params.keepDays, 7);
    const idleMinutes = ctx.config.sessionIdleMinutes;
    const sessions = await sql`delete from sys_session
      where expires_at < now() - make_interval(days => ${keep}::int)
         or last_seen_at < now() - make_interval(days => ${keep}::int, mins => ${idleMinutes}::int)
         or revoked_at < now() - make_interval(days => ${keep}::int)`.execute(ctx.db);
    const captchas = await sql`delete from sys_captcha where expires_at < now()`.execute(ctx.db);
    const codes = await sql`delete from sys_sms_code where expires_at < now() - interval '1 day'`.execute(
      ctx.db,
    );
    const n = (r: { numAffectedRows?: bigint }) => Number(r.numAffectedRows ?? 0);
    return `删除会话${n(sessions)}个、验证码${n(captchas)}个、短信验证码${n(codes)}个`;
  },
};

export const purgeLogs: JobHandler = {
  name: 'purgeLogs',
  title: '清理历史日志',
  params: {
    type: 'object',
    additionalProperties: false,
    properties: {
      logDays: { type: 'integer', minimum: 1, maximum: 3650 },
      jobLogDays: { type: 'integer', minimum: 1, maximum: 3650 },
    },
  },
  async run(ctx, params) {
    const logDays = days(params.logDays, 180);
    const jobLogDays = days(params.jobLogDays, 30);
    const logs = await sql`delete from sys_log
      where create_time < now() - make_interval(days => ${logDays}::int)`.execute(ctx.db);
    const runs = await sql`delete from sys_quartz_job_log where status <> 'running'
      and start_time < now() - make_interval(days => ${jobLogDays}::int)`.execute(ctx.db);
    const n = (r: { numAffectedRows?: bigint }) => Number(r.numAffectedRows ?? 0);
    return `删除系统日志${n(logs)}条（${logDays}天前）、任务日志${n(runs)}条（${jobLogDays}天前）`;
  },
};
