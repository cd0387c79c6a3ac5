/** Migration 0019: the job tables, dictionaries and stopped jobs, and 定时任务 opening the declared screen; twice is once. */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../server/db/database.js';
import { quartzJobs } from '../../server/db/migrations/0019_quartz_jobs.js';
import { openTestDatabase } from './template-db.js';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe('0019_quartz_jobs', () => {
  it('points an old 定时任务 entry at the declared screen and seeds once', async () => {
    const db = database.db;
    await sql`update sys_permission set component = 'system/QuartzJobList' where url = '/system/quartzJob'`.execute(
      db,
    );
    await sql`delete from sys_quartz_job where job_name = '示例任务'`.execute(db);
    await quartzJobs.up(db);
    await quartzJobs.up(db); // a second run changes nothing and does not fail
    const menu = await sql<{
      component: string;
    }>`select component from sys_permission where url = '/system/quartzJob'`.execute(db);
    expect(menu.rows[0].component).toBe('declared/quartzJob');
    const jobs = await sql<{ name: string; status: string; cron: string }>`select job_name as name, status,
      cron_expression as cron from sys_quartz_job order by job_name`.execute(db);
    // Later migrations add their own jobs (0037: 车辆到期提醒, 0038: 流程定时器, running); this one
    // seeds four, all stopped.
    const own = jobs.rows.filter((j) => j.name !== '车辆到期提醒' && j.name !== '流程定时器');
    expect(own).toHaveLength(4);
    expect(own.every((j) => j.status === '0')).toBe(true);
    expect(jobs.rows.find((j) => j.name === '逾期工单提醒')?.cron).toBe('0 0 9 * * ?');
    const status = await sql<{
      value: string;
      text: string;
    }>`select i.item_value as value, i.item_text as text
      from sys_dict_item i join sys_dict d on d.id = i.dict_id where d.dict_code = 'quartz_status'
      order by i.sort_order`.execute(db);
    expect(status.rows).toEqual([
      { value: '0', text: '停止' },
      { value: '1', text: '运行' },
    ]);
  });
});
