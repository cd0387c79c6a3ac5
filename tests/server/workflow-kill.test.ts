/**
 * Approvals survive kill -9 and share one PostgreSQL (issue 14, "Done when"): real server processes
 * (the `npm start` bundle, scripts/cluster.ts without nginx) on a scratch database. Leave instances
 * wait at 部门经理审批, the server is killed with SIGKILL, a timer falls due while nothing runs;
 * the restarted server fires it exactly once and every instance is approved from where it waited.
 * Then two servers: one task approved on both at once completes once, and both servers' timer jobs
 * fire one due timer once.
 */
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startCluster, type Cluster, type ClusterServer } from '../../scripts/cluster.js';
import { seedId } from '../../server/db/seed/ids.js';
import {
  call,
  connect,
  countHistory,
  elapse,
  LEAVE_WITH_REMINDER,
  openTasks,
  signIn,
  startLeave,
  timerStatus,
  until,
  type Sql,
} from './workflow-kill-support.js';

const url = process.env.TEST_DATABASE_URL;
if (!url)
  throw new Error('workflow-kill.test.ts needs TEST_DATABASE_URL (vitest.config.ts runs it only then)');

const name = `zj_wf_kill_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
const databaseUrl = withDatabase(url, name);
const dir = path.resolve(`.tmp/workflow-kill-${process.pid}`);
const JOB_ID = seedId('quartzJob:workflowTimers');
let cluster: Cluster;
let first: ClusterServer;
let db: { sql: Sql; end: () => Promise<void> };
const at = (server: ClusterServer) => `http://127.0.0.1:${server.port}`;

beforeAll(async () => {
  await admin(`create database ${name} template zj_test_template`);
  cluster = await startCluster({
    servers: 1,
    databaseUrl,
    dir,
    proxy: false,
    quiet: true,
    env: { CAPTCHA: 'off', LOG_LEVEL: 'warn' },
  });
  first = cluster.servers[0];
  db = await connect(databaseUrl);
}, 90_000);

afterAll(async () => {
  await db?.end();
  await cluster?.stop();
  await admin(`drop database if exists ${name} with (force)`);
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('workflow server processes on one PostgreSQL', () => {
  it('SIGKILL with instances waiting: the restarted server continues each one, the due timer fires once', async () => {
    const base = at(first);
    const adminToken = await signIn(base, 'admin');
    const deployed = await call(base, 'POST', '/workflow/definition/deploy', adminToken, {
      xml: LEAVE_WITH_REMINDER,
    });
    expect(deployed.success).toBe(true);
    const chenjing = await signIn(base, 'chenjing');
    const leaves: { leaveId: string; instanceId: string }[] = [];
    for (let i = 0; i < 4; i++) leaves.push(await startLeave(base, chenjing, db.sql));
    const before: Awaited<ReturnType<typeof openTasks>>[] = [];
    for (const l of leaves) before.push(await openTasks(db.sql, l.instanceId));
    for (const tasks of before)
      expect(tasks).toMatchObject([{ element_id: 'deptManager', assignee: 'zhangwei' }]);

    const died = new Promise((resolve) => first.child.once('exit', (_code, signal) => resolve(signal)));
    first.child.kill('SIGKILL');
    expect(await died).toBe('SIGKILL');

    // While no server runs, the first instance's reminder falls due and the job misses its minutes:
    // an hour down is simulated by moving the job's last firing back and forgetting the runs since.
    await elapse(db.sql, leaves[0].instanceId);
    await db.sql(
      `delete from sys_quartz_job_log where job_id = $1 and fire_time > now() - interval '1 hour'`,
      [JOB_ID],
    );
    await db.sql(
      `update sys_quartz_job set last_fire_time = now() - interval '1 hour',
         update_time = now() - interval '2 hours', create_time = now() - interval '2 hours' where id = $1`,
      [JOB_ID],
    );
    const restarted = await cluster.startServer(first.port);
    const again = at(restarted);
    await until(
      async () => (await timerStatus(db.sql, leaves[0].instanceId))[0] === 'fired',
      20_000,
      'the reminder that fell due while the server was down',
    );
    expect(await countHistory(db.sql, leaves[0].instanceId, 'remind')).toBe(1);
    for (const l of leaves.slice(1)) expect(await timerStatus(db.sql, l.instanceId)).toEqual(['pending']);

    // Every instance waits at the same task row as before the kill, and is approved from there.
    const after: Awaited<ReturnType<typeof openTasks>>[] = [];
    for (const l of leaves) after.push(await openTasks(db.sql, l.instanceId));
    expect(after).toEqual(before);
    const zhangwei = await signIn(again, 'zhangwei');
    const todo = await call<{ records: { id: string; instanceId: string }[] }>(
      again,
      'GET',
      '/workflow/task/list?type=1&pageSize=200',
      zhangwei,
    );
    const listed = new Set(todo.result!.records.map((r) => r.instanceId));
    for (const l of leaves) expect(listed.has(l.instanceId)).toBe(true);
    for (const [i, l] of leaves.entries()) {
      const approved = await call(again, 'PUT', '/workflow/task/approve', zhangwei, {
        id: before[i][0].id,
        comment: '同意',
      });
      expect(approved).toMatchObject({ success: true });
      const [leave] = await db.sql<{ status: string }>('select status from biz_leave where id = $1', [
        l.leaveId,
      ]);
      expect(leave.status).toBe('2'); // 已通过: a 2-day leave ends after the manager
      expect(await countHistory(db.sql, l.instanceId, 'approve')).toBe(1);
      expect(await timerStatus(db.sql, l.instanceId)).toEqual([i === 0 ? 'fired' : 'cancelled']);
    }
    // Another run of the job on the restarted server finds nothing more to fire.
    expect((await call(again, 'GET', `/sys/quartzJob/execute?id=${JOB_ID}`, adminToken)).success).toBe(true);
    expect(await countHistory(db.sql, leaves[0].instanceId, 'remind')).toBe(1);
  }, 60_000);

  it('two servers: one task approved on both at once completes once; one due timer fires once', async () => {
    const [a, b] = [at(cluster.servers.at(-1)!), at(await cluster.startServer(await freePort()))];
    const chenjing = await signIn(a, 'chenjing');
    const zhangwei = await signIn(b, 'zhangwei');
    const adminToken = await signIn(a, 'admin');
    for (let round = 0; round < 3; round++) {
      const leave = await startLeave(a, chenjing, db.sql);
      const [task] = await openTasks(db.sql, leave.instanceId);
      const answers = await Promise.all(
        [a, b].map((base) =>
          call(base, 'PUT', '/workflow/task/approve', zhangwei, { id: task.id, comment: '同意' }),
        ),
      );
      expect(answers.filter((x) => x.success)).toHaveLength(1);
      expect(answers.find((x) => !x.success)?.message).toMatch(
        /^(该任务已被处理|流程状态已变化，请刷新后重试)$/,
      );
      expect(await countHistory(db.sql, leave.instanceId, 'approve')).toBe(1);
      expect(await countHistory(db.sql, leave.instanceId, 'end')).toBe(1);
      const [row] = await db.sql<{ status: string }>('select status from biz_leave where id = $1', [
        leave.leaveId,
      ]);
      expect(row.status).toBe('2');
    }

    const waiting = await startLeave(a, chenjing, db.sql);
    await elapse(db.sql, waiting.instanceId);
    const runs = await Promise.all(
      [a, b].map((base) => call(base, 'GET', `/sys/quartzJob/execute?id=${JOB_ID}`, adminToken)),
    );
    expect(runs.every((r) => r.success)).toBe(true);
    await until(
      async () => (await timerStatus(db.sql, waiting.instanceId))[0] === 'fired',
      15_000,
      'the due reminder',
    );
    expect(await countHistory(db.sql, waiting.instanceId, 'remind')).toBe(1);
    // The reminded task still waits for the manager.
    expect(await openTasks(db.sql, waiting.instanceId)).toMatchObject([{ element_id: 'deptManager' }]);
  }, 60_000);
});

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
