/**
 * Two server instances on one PostgreSQL database, a job every second for ~8 seconds: every firing
 * runs exactly once (one log row per fire time, no gaps), whichever instance claimed it; a pause
 * made on one instance stops the job on both (the bus re-plans the other).
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { loadConfig, type ServerConfig } from '../../server/config.js';
import { openDatabase, type DatabaseHandle } from '../../server/db/database.js';
import { settle } from './notice-support.js';
import { TEST_ADMIN_PASSWORD } from './helpers.js';

const url = process.env.TEST_DATABASE_URL;
if (!url)
  throw new Error('jobs-cluster.test.ts needs TEST_DATABASE_URL (vitest.config.ts runs it only then)');

function withDatabase(base: string, database: string): string {
  const u = new URL(base);
  u.pathname = `/${database}`;
  return u.toString();
}

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: withDatabase(url!, 'postgres') });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

describe('two instances on one PostgreSQL', () => {
  const name = `zj_test_jobs_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  let databases: DatabaseHandle[] = [];
  let apps: FastifyInstance[] = [];
  let token = '';

  beforeAll(async () => {
    await admin(`create database ${name} template zj_test_template`);
    const databaseUrl = withDatabase(url!, name);
    const config: ServerConfig = {
      ...loadConfig({}),
      apiBase: '/api',
      databaseUrl,
      captcha: { kind: 'off' },
      adminPassword: TEST_ADMIN_PASSWORD,
      webDir: '/nonexistent',
    };
    databases = await Promise.all([openDatabase({ databaseUrl }), openDatabase({ databaseUrl })]);
    apps = await Promise.all(databases.map((database) => buildApp({ config, database, logger: false })));
    await Promise.all(apps.map((app) => app.ready()));
    const login = await apps[0].inject({
      method: 'POST',
      url: '/api/sys/login',
      payload: { username: 'admin', password: TEST_ADMIN_PASSWORD, captcha: '', checkKey: '' },
    });
    token = (login.json() as { result: { token: string } }).result.token;
  });

  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const database of databases) await database.close();
    await settle(300);
    await admin(`drop database if exists ${name} with (force)`);
  });

  it('each firing of a job every second runs exactly once', async () => {
    const db = databases[0].db;
    const added = await apps[0].inject({
      method: 'POST',
      url: '/api/sys/quartzJob/add',
      headers: { 'x-access-token': token },
      payload: {
        jobName: '集群测试',
        handler: 'sampleLog',
        cronExpression: '* * * * * ?',
        parameter: '{"message":"集群"}',
        status: '1',
        misfirePolicy: '1',
        catchUpLimit: 1,
        overrunPolicy: '3',
      },
    });
    expect(added.json()).toMatchObject({ success: true });
    const { rows: found } = await sql<{
      id: string;
    }>`select id from sys_quartz_job where job_name = '集群测试'`.execute(db);
    const id = found[0].id;
    await settle(8_000);
    const paused = await apps[1].inject({
      method: 'GET',
      url: `/api/sys/quartzJob/pause?id=${id}`,
      headers: { 'x-access-token': token },
    });
    expect(paused.json()).toMatchObject({ success: true });
    await settle(1_500);
    const { rows } = await sql<{ fireTime: Date; instance: string; status: string; lateMs: number }>`
      select fire_time as "fireTime", instance, status,
        (extract(epoch from (start_time - fire_time)) * 1000)::int as "lateMs"
      from sys_quartz_job_log where job_id = ${id} order by fire_time`.execute(db);
    expect(rows.length).toBeGreaterThanOrEqual(6);
    const times = rows.map((r) => r.fireTime.getTime());
    expect(new Set(times).size).toBe(times.length);
    // No firing was lost between the first and the last: one row per second.
    expect((times[times.length - 1] - times[0]) / 1000 + 1).toBe(times.length);
    expect(rows.every((r) => r.status === 'success')).toBe(true);
    // Each instance wakes for every firing; whichever inserts the row first runs it, within 1 s (p95).
    const lateness = rows.map((r) => r.lateMs).sort((a, b) => a - b);
    expect(lateness[Math.floor(lateness.length * 0.95)]).toBeLessThanOrEqual(1_000);
    // After the pause, nothing more.
    const count = rows.length;
    await settle(1_500);
    const { rows: after } = await sql<{
      n: number;
    }>`select count(*)::int as n from sys_quartz_job_log where job_id = ${id}`.execute(db);
    expect(after[0].n).toBe(count);
  });
});
