/**
 * Scheduled jobs (server/jobs/): CRUD over the declared routes with the input rules, a job every
 * second that fires and logs, pause, run now, the handler dictionary, and misfires at start-up.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { seedId } from '../../server/db/seed/ids.js';
import { createEntityContext, type EntityTestContext } from './entity-helpers.js';

let ctx: EntityTestContext;
beforeAll(async () => {
  ctx = await createEntityContext();
});
afterAll(() => ctx.close());

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface LogRow {
  status: string;
  trigger: string;
  result: string | null;
  error: string | null;
  fireTime: Date;
}

async function logs(jobId: string): Promise<LogRow[]> {
  const { rows } =
    await sql<LogRow>`select status, trigger_type as trigger, result, error, fire_time as "fireTime"
    from sys_quartz_job_log where job_id = ${jobId} order by fire_time`.execute(ctx.database.db);
  return rows;
}

const job = (extra: Record<string, unknown> = {}) => ({
  jobName: `测试任务${Math.random().toString(36).slice(2, 8)}`,
  handler: 'sampleLog',
  cronExpression: '* * * * * ?',
  parameter: '{"message":"测试"}',
  status: '0',
  misfirePolicy: '1',
  catchUpLimit: 1,
  overrunPolicy: '1',
  ...extra,
});

async function add(values: Record<string, unknown>): Promise<string> {
  const answer = await ctx.send('POST', '/sys/quartzJob/add', values);
  expect(answer.message).toBe('添加成功！');
  const { rows } = await sql<{
    id: string;
  }>`select id from sys_quartz_job where job_name = ${values.jobName as string}`.execute(ctx.database.db);
  return rows[0].id;
}

describe('the job screen', () => {
  it("lists the seeded jobs, all stopped but the flows' timers, and the handler dictionary the server fills", async () => {
    const list = await ctx.get<{ records: { jobName: string; status: string }[] }>(
      '/sys/quartzJob/list?pageSize=50',
    );
    const names = list.result!.records.map((r) => r.jobName);
    expect(names).toEqual(
      expect.arrayContaining(['示例任务', '清理过期会话', '清理历史日志', '逾期工单提醒']),
    );
    // 流程定时器 fires the approvals' timers (migration 0038): part of the processes, so running.
    const timers = list.result!.records.find((r) => r.jobName === '流程定时器');
    expect(timers?.status).toBe('1');
    expect(list.result!.records.filter((r) => r !== timers).every((r) => r.status === '0')).toBe(true);
    const dict = await ctx.get<{ value: string; text: string }[]>(
      '/sys/dict/getDictItems/quartz_job_handler',
    );
    expect(dict.result!.map((d) => d.value)).toEqual([
      'sampleLog',
      'purgeSessions',
      'purgeLogs',
      'overdueReminder',
      'routineWorkGeneration',
      'vehicleExpiryReminder',
      'workflowTimers',
    ]);
  });

  it('refuses a bad expression, an unknown handler and a parameter that does not fit, in Chinese', async () => {
    const refusals: [Record<string, unknown>, string][] = [
      [
        { cronExpression: '0 0 12 * *' },
        'Cron表达式有误：Cron表达式须为6或7段（秒 分 时 日 月 周 [年]），以空格分隔，当前为5段',
      ],
      [{ cronExpression: '0 0 0 * * *' }, 'Cron表达式有误：日和周不能同时指定，其中一个须为“?”'],
      [{ cronExpression: '0 0 0 30 2 ?' }, 'Cron表达式有误：该表达式没有将来的执行时间'],
      [{ handler: 'java.lang.Runtime' }, '未知的任务处理器：java.lang.Runtime'],
      [{ parameter: 'not json' }, '任务参数须为JSON对象，如 {"message":"你好"}'],
      [{ parameter: '{"message":5}' }, '任务参数不符合“示例：写一行日志”的要求：message须为字符串'],
      [{ parameter: '{"command":"rm"}' }, '任务参数不符合“示例：写一行日志”的要求：不支持的参数“command”'],
      [
        { handler: 'purgeLogs', parameter: '{"logDays":0}' },
        '任务参数不符合“清理历史日志”的要求：logDays不能小于1',
      ],
    ];
    for (const [extra, message] of refusals) {
      const answer = await ctx.send('POST', '/sys/quartzJob/add', job(extra));
      expect(answer.success, message).toBe(false);
      expect(answer.message).toBe(message);
    }
  });

  it('a job every second fires and logs; pause stops it; run now runs a stopped job once', async () => {
    const id = await add(job({ status: '1' }));
    await settle(3_500);
    const fired = await logs(id);
    expect(fired.length).toBeGreaterThanOrEqual(2);
    expect(fired.every((r) => r.trigger === 'cron')).toBe(true);
    expect(fired.filter((r) => r.status === 'success').map((r) => r.result)).toContain('已写入日志：测试');
    expect(new Set(fired.map((r) => r.fireTime.getTime())).size).toBe(fired.length);

    expect((await ctx.get(`/sys/quartzJob/pause?id=${id}`)).success).toBe(true);
    await settle(300);
    const before = (await logs(id)).length;
    await settle(2_000);
    expect((await logs(id)).length).toBe(before);

    const executed = await ctx.get(`/sys/quartzJob/execute?id=${id}`);
    expect(executed.message).toBe('执行成功');
    const after = await logs(id);
    expect(after.length).toBe(before + 1);
    expect(after.filter((r) => r.trigger === 'manual')).toHaveLength(1);

    expect((await ctx.send('DELETE', `/sys/quartzJob/delete?id=${id}`)).success).toBe(true);
    expect(await logs(id)).toEqual([]);
  });

  it('run now needs quartzJob:execute', async () => {
    const id = seedId('quartzJob:sample');
    const answer = await ctx.get(`/sys/quartzJob/execute?id=${id}`, ctx.staffToken);
    expect(answer.code).toBe(510);
  });

  it('a failing handler logs its error', async () => {
    const id = await add(job({ handler: 'purgeLogs', parameter: '{}' }));
    await sql`update sys_quartz_job set parameter = '[1]' where id = ${id}`.execute(ctx.database.db);
    await ctx.get(`/sys/quartzJob/execute?id=${id}`);
    const [row] = await logs(id);
    expect(row).toMatchObject({ status: 'failure', error: '任务参数须为JSON对象' });
  });
});

describe('misfires at start-up', () => {
  it('fire now runs the latest missed firing once; skip logs it; catch up 3 runs the last three', async () => {
    const db = ctx.database.db;
    const policies: [string, number][] = [
      ['1', 1],
      ['2', 1],
      ['3', 3],
    ];
    const ids: string[] = [];
    for (const [policy, limit] of policies) {
      const id = await add(
        job({ cronExpression: '0 * * * * ?', misfirePolicy: policy, catchUpLimit: limit }),
      );
      // Running since an hour ago, never fired while every server was down.
      await sql`update sys_quartz_job set status = '1', update_time = now() - interval '1 hour',
        create_time = now() - interval '1 hour' where id = ${id}`.execute(db);
      ids.push(id);
    }
    const second = await buildApp({ config: ctx.config, database: ctx.database, logger: false });
    await second.ready();
    await settle(500);
    await second.close();
    const [fireNow, skip, catchUp] = await Promise.all(ids.map(logs));
    expect(fireNow.map((r) => [r.trigger, r.status])).toEqual([['misfire', 'success']]);
    expect(skip.map((r) => [r.trigger, r.status, r.result])).toEqual([
      ['misfire', 'skipped', '错过触发时间，按策略跳过'],
    ]);
    expect(catchUp.map((r) => r.trigger)).toEqual(['misfire', 'misfire', 'misfire']);
    const minute = 60_000;
    expect(catchUp[2].fireTime.getTime() - catchUp[0].fireTime.getTime()).toBe(2 * minute);
    for (const id of ids) await sql`update sys_quartz_job set status = '0' where id = ${id}`.execute(db);
  });
});
